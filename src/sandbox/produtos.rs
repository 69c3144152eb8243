//! `GET /v1/produtos?CodigoSetor&Page&PageSize`: the category search — fixed-income
//! products of one investment category (`domain::reference::CategoriaInvestimento`,
//! codes 1..=10), from the seeded catalogue, by maturity.

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::routing::get;
use serde::Serialize;

use crate::domain::extrato::MSG_FILTER;
use crate::domain::reference::CategoriaInvestimento;
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::consulta::Parametros;
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};

mod store;

use store::Produto;

pub(crate) const CATEGORIA_INVALIDA: &str = "Categoria de investimento inválida.";

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/produtos", get(listar))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaginaJson {
    dados: Vec<Produto>,
    total_registros: i64,
}

/// → `{"dados":[Product…],"totalRegistros":n}`; the category is required.
async fn listar(
    State(sandbox): State<Sandbox>,
    _investidor: Investidor,
    RawQuery(query): RawQuery,
) -> Result<JsonExato, ApiError> {
    let p = Parametros::parse(query.as_deref(), MSG_FILTER)?;
    let setor: i64 = p
        .texto("CodigoSetor")
        .and_then(CategoriaInvestimento::from_code)
        .and_then(|c| c.code().parse().ok())
        .ok_or_else(|| ApiError::requisicao(CATEGORIA_INVALIDA))?;
    let (limite, deslocamento) = p.pagina()?.limite_e_deslocamento();
    sandbox
        .db()
        .read(move |c| {
            let total = store::contar(c, setor)?;
            let dados = store::pagina(c, setor, limite, deslocamento)?;
            resposta::json(&PaginaJson {
                dados,
                total_registros: total,
            })
        })
        .await
}

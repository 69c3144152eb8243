//! `GET /v1/produtos?CodigoSetor&Page&PageSize`: the category search — fixed-income
//! products of one investment category (`domain::reference::CategoriaInvestimento`,
//! codes 1..=10), from the seeded catalogue, by maturity.

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::routing::get;
use rusqlite::{Row, params};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::extrato::MSG_FILTER;
use crate::domain::money;
use crate::domain::reference::CategoriaInvestimento;
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::consulta::Parametros;
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};

pub(crate) const CATEGORIA_INVALIDA: &str = "Categoria de investimento inválida.";

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/produtos", get(listar))
}

/// One product (CONTRACTS.md), its minimum an exact JSON number.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProdutoJson {
    id: i64,
    codigo_setor: i64,
    nome: String,
    emissor: String,
    rentabilidade: String,
    vencimento: String,
    #[serde(with = "money::json")]
    aplicacao_minima: Decimal,
    liquidez: String,
    garantido_fgc: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaginaJson {
    dados: Vec<ProdutoJson>,
    total_registros: i64,
}

fn produto_json(r: &Row<'_>) -> rusqlite::Result<ProdutoJson> {
    Ok(ProdutoJson {
        id: r.get(0)?,
        codigo_setor: r.get(1)?,
        nome: r.get(2)?,
        emissor: r.get(3)?,
        rentabilidade: r.get(4)?,
        vencimento: r.get(5)?,
        aplicacao_minima: Decimal::new(r.get(6)?, 2),
        liquidez: r.get(7)?,
        garantido_fgc: r.get(8)?,
    })
}

/// → `{"dados":[Product…],"totalRegistros":n}`; the category is required.
async fn listar(
    State(sandbox): State<Sandbox>,
    _investidor: Investidor,
    RawQuery(query): RawQuery,
) -> Result<JsonExato, ApiError> {
    let p = Parametros::ler(query.as_deref(), MSG_FILTER)?;
    let setor: i64 = p
        .texto("CodigoSetor")
        .and_then(CategoriaInvestimento::from_code)
        .and_then(|c| c.code().parse().ok())
        .ok_or_else(|| ApiError::requisicao(CATEGORIA_INVALIDA))?;
    let (limite, deslocamento) = p.pagina()?.limite_e_deslocamento();
    sandbox
        .db()
        .ler(move |c| {
            let total: i64 = c.query_row(
                "SELECT COUNT(*) FROM produtos WHERE codigo_setor = ?1",
                params![setor],
                |r| r.get(0),
            )?;
            let mut q = c.prepare_cached(
                "SELECT id, codigo_setor, nome, emissor, rentabilidade, vencimento,
                    aplicacao_minima_centavos, liquidez, garantido_fgc
                 FROM produtos WHERE codigo_setor = ?1
                 ORDER BY vencimento, id LIMIT ?2 OFFSET ?3",
            )?;
            let dados = q
                .query_map(params![setor, limite, deslocamento], produto_json)?
                .collect::<Result<Vec<_>, _>>()?;
            resposta::json(&PaginaJson {
                dados,
                total_registros: total,
            })
        })
        .await
}

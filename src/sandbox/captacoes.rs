//! `GET /v1/captacoes` (search), `GET /v1/captacoes/{id}` and
//! `GET /v1/captacoes/urlamigavel/{url}` (CONTRACTS.md).

pub(crate) mod documentos;
mod filtro;
pub(crate) mod informacoes;
pub(crate) mod midia;
mod modelo;
pub(crate) mod store;

// Where the start-up finds the folding of older databases' offerings.

use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use axum::routing::get;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores::Id;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

use filtro::Consulta;
use store::{Onde, carregar};

/// The document type of an offering's essential information (CVM 88), listed for every
/// offering and written on request by [`informacoes`].
pub(crate) const TIPO_INFORMACOES_ESSENCIAIS: &str = "InformacoesEssenciais";

/// `/v1/captacoes` (search, one offering, its documents) and `/midia` (its images).
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/captacoes", get(listar))
        .route("/v1/captacoes/{id}", get(por_id))
        .route("/v1/captacoes/urlamigavel/{url}", get(por_url_amigavel))
        .route(
            "/v1/captacoes/{id}/documento/{doc}",
            get(documentos::documento),
        )
        .route("/midia/{*arquivo}", get(midia::servir))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Pagina {
    dados: Vec<Box<RawValue>>,
    total_registros: usize,
}

pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let consulta = Consulta::parse(query.as_deref().unwrap_or(""))?;
    let public_url = sandbox.cfg().public_url.clone();
    let corpo = sandbox
        .db()
        .read(move |c| pagina(c, &consulta, tempo::agora(), &public_url))
        .await?;
    Ok(resposta::publico((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        corpo,
    )))
}

/// One page of the list, serialised: SQL filters, sorts and pages, then only the page's
/// offerings are read (with their gallery, documents and FAQ: a list item is the whole
/// Offering JSON).
fn pagina(
    c: &rusqlite::Connection,
    consulta: &Consulta,
    agora: jiff::Timestamp,
    public_url: &str,
) -> Result<Vec<u8>, ApiError> {
    let (ids, total) = consulta.buscar(c, agora)?;
    // Each item is written as text (never through `Value`, where money would become an
    // f64), then the page around them.
    let dados = carregar(c, agora, Onde::Ids(&ids))?
        .iter()
        .map(|o| resposta::texto(&o.json(public_url, agora)))
        .collect::<Result<Vec<_>, _>>()?;
    serde_json::to_vec(&Pagina {
        dados,
        total_registros: total,
    })
    .map_err(ApiError::interno)
}

/// Each query's page by the former rules (every offering loaded, filtered, sorted and
/// paged in Rust) next to the SQL one, both serialised, for the tests to compare byte for
/// byte. The offerings are loaded once for all the queries.
#[cfg(test)]
pub(crate) fn paginas_e_referencias(
    c: &rusqlite::Connection,
    consultas: &[String],
    agora: jiff::Timestamp,
    public_url: &str,
) -> Result<Vec<(String, String)>, ApiError> {
    let todas = carregar(c, agora, Onde::Publicas)?;
    let mut respostas = Vec::with_capacity(consultas.len());
    for query in consultas {
        let consulta = Consulta::parse(query)?;
        let sql = pagina(c, &consulta, agora, public_url)?;
        let mut lista: Vec<_> = todas.iter().filter(|o| consulta.aceita(o, agora)).collect();
        consulta.ordenar(&mut lista, agora);
        let (inicio, fim) = consulta.janela(lista.len());
        let dados = lista[inicio..fim]
            .iter()
            .map(|o| resposta::texto(&o.json(public_url, agora)))
            .collect::<Result<Vec<_>, _>>()?;
        let referencia = resposta::texto(&Pagina {
            dados,
            total_registros: lista.len(),
        })?;
        let sql = String::from_utf8(sql).map_err(ApiError::interno)?;
        respostas.push((sql, referencia.get().to_owned()));
    }
    Ok(respostas)
}

pub(crate) async fn por_id(
    State(sandbox): State<Sandbox>,
    Id(id): Id,
) -> Result<Response, ApiError> {
    uma(&sandbox, move |c, agora| carregar(c, agora, Onde::Id(id)))
        .await
        .map(resposta::publico)
}

pub(crate) async fn por_url_amigavel(
    State(sandbox): State<Sandbox>,
    Path(url): Path<String>,
) -> Result<Response, ApiError> {
    uma(&sandbox, move |c, agora| {
        carregar(c, agora, Onde::Url(&url))
    })
    .await
    .map(resposta::publico)
}

/// One offering (drafts included: the preview shows them) or 404.
async fn uma<F>(sandbox: &Sandbox, buscar: F) -> Result<JsonExato, ApiError>
where
    F: FnOnce(&rusqlite::Connection, jiff::Timestamp) -> Result<Vec<modelo::Captacao>, ApiError>
        + Send
        + 'static,
{
    let public_url = sandbox.cfg().public_url.clone();
    sandbox
        .db()
        .read(move |c| {
            let agora = tempo::agora();
            let oferta = buscar(c, agora)?
                .into_iter()
                .next()
                .ok_or_else(ApiError::nao_encontrado)?;
            resposta::json(&oferta.json(&public_url, agora))
        })
        .await
}

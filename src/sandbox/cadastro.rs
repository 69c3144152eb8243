//! `/v1/cadastro`: the investor's registration as the platform returns it (personal,
//! address and bank data) plus `id`, `codigo` and `cadastro`, and its editing; the
//! verification request; the registration documents; the investor profile
//! (suitability); the partner-debit permission; and the password change
//! (`/v2/seguranca/senha`).

pub(crate) mod atualizar;
pub(crate) mod declaracao;
pub(crate) mod documentos;
mod json;
pub(crate) mod senha;
pub(crate) mod store;
pub(crate) mod suitability;
pub(crate) mod verificar;

use axum::extract::{DefaultBodyLimit, State};
use axum::handler::Handler;
use axum::routing::{get, put};
use axum::{Json, Router};
use rusqlite::Connection;

use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::resposta::{self, JsonExato};

pub(crate) use json::{BasicosJson, RegistroJson, TelefoneJson};

/// The investor's registration: reading and editing it (the sign-up, `POST /v1/cadastro`,
/// is `quero_investir`'s), the verification request, the documents, the investor profile, the partner-debit permission and the
/// password change.
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/cadastro/meucadastro", get(meu_cadastro))
        .route("/v1/cadastro", get(meu_cadastro).put(atualizar::atualizar))
        .route("/v1/cadastro/validate", put(verificar::solicitar))
        .route(
            "/v1/cadastro/declaracao-investidor",
            get(declaracao::ler).put(declaracao::declarar),
        )
        .route(
            "/v1/cadastro/registros",
            get(crate::sandbox::registro::listar),
        )
        .route(
            "/v1/cadastro/suitability",
            get(suitability::ler).put(suitability::responder),
        )
        .route(
            "/v1/cadastro/documentos",
            get(documentos::listar)
                .post(documentos::enviar.layer(DefaultBodyLimit::max(documentos::LIMITE_CORPO))),
        )
        .route("/v1/cadastro/documentos/{id}", get(documentos::baixar))
        .route(
            "/v1/cadastro/permiteLiquidacaoViaAtiva",
            get(permite_liquidacao),
        )
        .route("/v2/seguranca/senha", put(senha::alterar))
}

/// `GET /v1/cadastro/meucadastro` and `GET /v1/cadastro`: the whole registration.
pub(crate) async fn meu_cadastro(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let registro = investidor.read(&sandbox, registro).await?;
    resposta::json(&registro)
}

/// User `id`'s registration, as GET answers it.
pub(crate) fn registro(c: &Connection, id: i64) -> Result<RegistroJson, ApiError> {
    store::registro(c, id)?
        .map(RegistroJson::from)
        // The session outlived its user (a reset database): same as an invalid token.
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// `GET /v1/cadastro/permiteLiquidacaoViaAtiva`: whether the investor may pay by debit at
/// the partner brokerage.
async fn permite_liquidacao(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<bool>, ApiError> {
    investidor
        .read(&sandbox, store::permite_liquidacao)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

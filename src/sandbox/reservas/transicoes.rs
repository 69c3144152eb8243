//! Sandbox-only transitions, for tests and demos: they stand in for the platform's back
//! office paying, approving or rejecting a reservation, which the real platform does out of
//! the API's sight. No Bearer; never called by the web app. As state-changing routes
//! without a token they refuse cross-site requests, by the web app's rule
//! (`web::headers::cross_origin_protection`): a browser's `Sec-Fetch-Site` must be
//! `same-origin` or `none`; without it, an `Origin` must be the sandbox's own; a request
//! with neither (curl, tests) passes.

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;

use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::extrator::IdReserva;
use crate::sandbox::reservas::movimentos;
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::reservas::store::{self, transicoes::Transicao};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(super) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/sandbox/reservas/{id}/pagar", post(pagar))
        .route("/sandbox/reservas/{id}/aprovar", post(aprovar))
        .route("/sandbox/reservas/{id}/rejeitar", post(rejeitar))
        .route("/sandbox/reservas/{id}/estornar", post(estornar))
}

/// 403 in the error envelope for a request another site made the browser send.
pub(crate) fn recusar_outros_sites(s: &Sandbox, headers: &HeaderMap) -> Result<(), ApiError> {
    if mesma_origem(headers, &s.cfg().public_url) {
        return Ok(());
    }
    tracing::warn!("sandbox: requisição de outro site recusada");
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "Requisição recusada: origem não permitida.",
    ))
}

fn mesma_origem(headers: &HeaderMap, public_url: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return matches!(site.to_str(), Ok("same-origin" | "none"));
    }
    let Some(origem) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origem) = origem.to_str() else {
        return false;
    };
    // Scheme, host and port, exactly: the public URL's origin, or the address the request
    // was sent to (its `Host`) under the public URL's scheme, never the other scheme.
    let Ok(propria) = url::Url::parse(public_url) else {
        return false;
    };
    propria.origin().ascii_serialization() == origem
        || headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(|host| origem == format!("{}://{host}", propria.scheme()))
}

async fn pagar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, id, Transicao::Pagar).await
}

async fn aprovar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, id, Transicao::Aprovar).await
}

async fn rejeitar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, id, Transicao::Rejeitar).await
}

async fn estornar(
    State(s): State<Sandbox>,
    headers: HeaderMap,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    recusar_outros_sites(&s, &headers)?;
    transicao(s, id, Transicao::Estornar).await
}

async fn transicao(
    sandbox: Sandbox,
    IdReserva(id): IdReserva,
    acao: Transicao,
) -> Result<JsonExato, ApiError> {
    let prazo_pix = sandbox.cfg().pix_deadline;
    let agora = tempo::agora();
    sandbox
        .db()
        .transicao(move |tx| {
            let (antes, r) = store::transicoes::transitar(tx, id, acao, prazo_pix, agora)?;
            movimentos::apos_evento(tx, id, agora)?;
            let (valor, nome) = (r.investimento(), r.oferta.nome.as_str());
            let notificacao = match acao {
                Transicao::Pagar if antes == ReservaStatus::AportePendente => {
                    Notificacao::pix_recebido(valor, nome)
                }
                Transicao::Pagar => Notificacao::debito_liquidado(valor, nome),
                Transicao::Aprovar => Notificacao::debito_aprovado(valor, nome),
                Transicao::Rejeitar => Notificacao::debito_recusado(valor, nome),
                Transicao::Estornar => Notificacao::estorno(valor, nome),
            };
            notificacoes::enviar(tx, r.usuario_id, &notificacao, agora)?;
            Ok(resposta::json(&r.json(agora))?)
        })
        .await
}

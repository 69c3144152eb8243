//! The wallet's files: the allocation PDF, a reservation's documents and its contract,
//! streamed with the user's token; failures as the spec's messages (§8).

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;
use maud::html;

use super::TITLE;
use super::view::NO_FILE;
use crate::api::{ApiError, Blob};
use crate::web::ui::{Page, alert::Alert, download};
use crate::web::{Ctx, routes};

pub const DOWNLOAD_FAILED: &str = "Ocorreu um erro ao fazer o download";

fn back() -> maud::Markup {
    html! { p { a.botao.botao-secundario href=(routes::CARTEIRA) { "Voltar para a carteira" } } }
}

fn alert_page(ctx: &Ctx, status: StatusCode, message: &str) -> Response {
    ctx.render(
        Page::new(TITLE, back())
            .with_status(status)
            .with_alert(Alert::atencao(message)),
    )
}

/// Maps a file answer: the file; 'Nenhum arquivo encontrado.' when there is none;
/// `failure` (the spec's text, or the server's message) otherwise.
fn answer(
    ctx: &Ctx,
    result: Result<Blob, ApiError>,
    name: &str,
    inline: bool,
    failure: Option<&str>,
) -> Response {
    match result {
        Ok(blob) if blob.bytes.is_empty() => alert_page(ctx, StatusCode::NOT_FOUND, NO_FILE),
        Ok(blob) => download::file(blob, name, inline),
        Err(ApiError::NotFound { .. }) => alert_page(ctx, StatusCode::NOT_FOUND, NO_FILE),
        Err(e @ ApiError::Unauthorized) => ctx.failure(TITLE, &e),
        Err(e) => {
            tracing::warn!(error = %e, "download failed");
            let msg = failure
                .map(str::to_owned)
                .unwrap_or_else(|| e.user_message());
            alert_page(ctx, StatusCode::BAD_GATEWAY, &msg)
        }
    }
}

fn ids(raw: &[&str]) -> Option<Vec<i64>> {
    raw.iter().map(|s| s.parse().ok()).collect()
}

pub async fn view_alocacao_pdf_get(ctx: Ctx) -> Response {
    let Some(token) = ctx.token() else {
        return ctx.failure(TITLE, &ApiError::Unauthorized);
    };
    let r = ctx.app.api.allocation_pdf(token).await;
    answer(
        &ctx,
        r,
        "alocacao-carteira.pdf",
        true,
        Some(DOWNLOAD_FAILED),
    )
}

pub async fn view_documento_get(ctx: Ctx, Path((id, doc)): Path<(String, String)>) -> Response {
    let (Some(token), Some(v)) = (ctx.token(), ids(&[&id, &doc])) else {
        return alert_page(&ctx, StatusCode::NOT_FOUND, NO_FILE);
    };
    let r = ctx.app.api.reservation_document(token, v[0], v[1]).await;
    answer(
        &ctx,
        r,
        &format!("reserva-{}-documento-{}.pdf", v[0], v[1]),
        false,
        Some(DOWNLOAD_FAILED),
    )
}

/// 'Visualizar Contrato': a failure shows 'Atenção!' with the platform's message.
pub async fn view_contrato_get(ctx: Ctx, Path(id): Path<String>) -> Response {
    let (Some(token), Some(v)) = (ctx.token(), ids(&[&id])) else {
        return alert_page(&ctx, StatusCode::NOT_FOUND, NO_FILE);
    };
    let r = ctx.app.api.reservation_contract(token, v[0]).await;
    answer(
        &ctx,
        r,
        &format!("contrato-reserva-{}.pdf", v[0]),
        true,
        None,
    )
}

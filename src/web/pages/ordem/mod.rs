//! The investment order (spec §2 "Investment order side modal", §4 "Order flow"): step 1
//! amount, step 2 terms, step 3 summary and confirmation, then the status screen (Pix or
//! partner debit). Every step is a server page and form, so the flow works without JS; the
//! order island drives the same routes with `Accept: application/json`.

mod etapas;
mod status;

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Json, Redirect, Response};
use serde_json::json;

use crate::api::ApiError;
use crate::web::Ctx;
use crate::web::ui::{Page, alert::Alert};

pub use etapas::{
    view_confirmar_get, view_confirmar_post, view_ordem_get, view_ordem_post, view_termos_get,
    view_termos_post,
};
pub use status::{reservation_panel, view_reserva_get};

pub const TITLE: &str = "Investir";
pub const MSG_SUCCESS_TITLE: &str = "Sucesso!";
pub const MSG_SUCCESS: &str = "Investimento reservado com sucesso.";

pub fn reserva_href(id: i64) -> String {
    format!("/reservas/{id}")
}

fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

/// A step succeeded: the next page (303), or `{"proximo": …}` for the island.
fn next(headers: &HeaderMap, to: &str) -> Response {
    if wants_json(headers) {
        Json(json!({ "proximo": to })).into_response()
    } else {
        Redirect::to(to).into_response()
    }
}

/// A step failed validation or the platform refused: the same form again (422) with the
/// 'Atenção!' alert, or `{"mensagem": …}` for the island.
fn refuse(ctx: &Ctx, headers: &HeaderMap, page: Page, message: &str) -> Response {
    if wants_json(headers) {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({ "mensagem": message })),
        )
            .into_response();
    }
    ctx.render(
        page.with_status(StatusCode::UNPROCESSABLE_ENTITY)
            .with_alert(Alert::atencao(message)),
    )
}

/// A platform failure during a step: 401 → login; a refusal with a message → that
/// message; anything else → 'Ocorreu um erro. Tente novamente.'.
fn platform_refusal(ctx: &Ctx, headers: &HeaderMap, page: Page, err: &ApiError) -> Response {
    if matches!(err, ApiError::Unauthorized) {
        return ctx.failure(TITLE, err);
    }
    tracing::warn!(error = %err, "order step refused by the platform");
    refuse(ctx, headers, page, &err.user_message())
}

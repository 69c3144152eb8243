//! A reserva from the investor's side: the order (step 1 amount, which creates the
//! reserva; step 2 terms; step 3 summary and confirmation) and then its status screen (Pix
//! or partner debit). Every step is a server page and form, so the flow works without JS;
//! the `reserva` island drives the same routes with `Accept: application/json` and gets
//! `{"proximo"}` on success or `{"mensagem"}` on a refusal (see `web::error`).

mod etapas;
mod limite;
mod status;
mod termos;

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Json, Redirect, Response};
use serde_json::json;

use crate::web::error::wants_json;

pub use etapas::{view_confirmar_get, view_confirmar_post, view_valor_get, view_valor_post};
pub use status::{reserva_panel, view_reserva_get};
pub use termos::{view_termos_get, view_termos_post};

pub const TITLE: &str = "Investir";
pub const MSG_SUCCESS_TITLE: &str = "Sucesso!";
pub const MSG_SUCCESS: &str = "Investimento reservado com sucesso.";

/// A step succeeded: the next page (303), or `{"proximo": …}` for the island.
fn next(headers: &HeaderMap, to: &str) -> Response {
    if wants_json(headers) {
        Json(json!({ "proximo": to })).into_response()
    } else {
        Redirect::to(to).into_response()
    }
}

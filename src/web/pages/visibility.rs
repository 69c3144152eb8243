//! The money-visibility toggle: flips a cookie; answers JSON to the island, or redirects
//! back to the page the form was on.

use axum::Form;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Json, Redirect, Response};
use serde::Deserialize;

use crate::web::{Ctx, routes};

#[derive(Deserialize)]
pub struct ToggleForm {
    #[serde(default)]
    voltar: String,
}

pub async fn view_visibilidade_post(
    ctx: Ctx,
    headers: HeaderMap,
    Form(form): Form<ToggleForm>,
) -> Response {
    let hidden = !ctx.values_hidden;
    ctx.jar.set_values_hidden(hidden);
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"));
    if wants_json {
        return Json(serde_json::json!({ "visivel": !hidden })).into_response();
    }
    let back = routes::safe_return_path(&form.voltar).unwrap_or_else(|| routes::HOME.into());
    Redirect::to(&back).into_response()
}

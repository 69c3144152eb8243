//! The money-visibility toggle: flips a cookie; answers JSON to the island, or redirects
//! back to the page the form was on.

use crate::web::extract::Form;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Json, Redirect};
use serde::Deserialize;

use crate::web::error::wants_json;
use crate::web::{Ctx, PageResult, routes};

#[derive(Deserialize)]
pub struct ToggleForm {
    #[serde(default)]
    voltar: String,
}

pub async fn view_visibilidade_post(
    ctx: Ctx,
    headers: HeaderMap,
    Form(form): Form<ToggleForm>,
) -> PageResult {
    let hidden = !ctx.values_hidden;
    ctx.jar.set_values_hidden(hidden);
    if wants_json(&headers) {
        return Ok(Json(serde_json::json!({ "visivel": !hidden })).into_response());
    }
    let back = routes::safe_return_path(&form.voltar).unwrap_or_else(|| routes::HOME.into());
    Ok(Redirect::to(&back).into_response())
}

//! `/v1/dominios`: the platform's reference lists. Public (no token): the forms need
//! them before anything else.

use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::domain::reference::banks;
use crate::sandbox::{Sandbox, resposta};

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/dominios/bancos", get(bancos))
}

/// `GET /v1/dominios/bancos` → `[{"codigo":"001","nome":"Banco do Brasil S.A."}]`, by code.
async fn bancos() -> Response {
    resposta::publico(Json(Value::Array(
        banks()
            .iter()
            .map(|b| json!({ "codigo": b.code, "nome": b.name }))
            .collect(),
    )))
}

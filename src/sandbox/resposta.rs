//! The sandbox's answers: JSON and generated PDFs. JSON is serialised straight to text, so
//! an amount goes out as the exact number `domain::money::json` writes. A
//! `serde_json::Value` (`json!`, `to_value`) cannot hold such a number: it would become an
//! `f64`.

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::sandbox::erro::ApiError;

/// A JSON answer already written as text.
pub(crate) type JsonExato = Json<Box<RawValue>>;

/// `v` as a [`JsonExato`] answer.
pub(crate) fn json<T: Serialize + ?Sized>(v: &T) -> Result<JsonExato, ApiError> {
    texto(v).map(Json)
}

/// `v` written as JSON text, to be embedded in a larger answer.
pub(crate) fn texto<T: Serialize + ?Sized>(v: &T) -> Result<Box<RawValue>, ApiError> {
    serde_json::value::to_raw_value(v).map_err(ApiError::interno)
}

/// A generated PDF: `disposicao` is `inline` or `attachment`; never cached.
pub(crate) fn pdf_resposta(bytes: Vec<u8>, disposicao: &str, arquivo: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("{disposicao}; filename=\"{arquivo}\""),
            ),
            // Personal data: never kept by a shared cache.
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        bytes,
    )
        .into_response()
}

//! The sandbox's answers: JSON and generated PDFs. JSON is serialised straight to text, so
//! an amount goes out as the exact number `domain::money::json` writes. A
//! `serde_json::Value` (`json!`, `to_value`) cannot hold such a number: it would become an
//! `f64`.

use axum::Json;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::sandbox::erro::ApiError;

/// What every visitor sees alike (the offering list and detail, the reference lists): shared
/// caches may keep it briefly, also when it was asked with a token.
pub(crate) const PUBLICO: &str = "public, max-age=5";
/// Everything else is someone's own: never kept by a shared cache.
pub(crate) const PESSOAL: &str = "private, no-store";

/// `r` marked [`PUBLICO`].
pub(crate) fn publico(r: impl IntoResponse) -> Response {
    let mut r = r.into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(PUBLICO));
    r
}

/// Router middleware: an answer that does not say how it may be kept is personal.
pub(crate) async fn pessoal_por_padrao(mut r: Response) -> Response {
    r.headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(PESSOAL));
    r
}

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

/// Builds a document (a PDF: milliseconds of work) on the blocking pool, so the runtime's
/// threads stay free for the short reads that run on them (see `Db::read`).
pub(crate) async fn documento<T, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    tokio::task::spawn_blocking(f)
        .await
        .map_err(ApiError::interno)
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
            (header::CACHE_CONTROL, PESSOAL.to_owned()),
        ],
        bytes,
    )
        .into_response()
}

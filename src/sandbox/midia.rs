//! `GET /midia/{*arquivo}`: offering images, served from the web app's embedded
//! `static/img/` so the sandbox and the app share one copy of each file.

use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::erro::ApiError;

pub(crate) async fn servir(Path(arquivo): Path<String>) -> Response {
    // Only plain relative paths: no parent segments, no absolute or Windows-style paths.
    let seguro = !arquivo.is_empty()
        && !arquivo.starts_with('/')
        && !arquivo.contains('\\')
        && arquivo
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..");
    let bytes = if seguro {
        crate::web::assets::asset_bytes(&format!("img/{arquivo}"))
    } else {
        None
    };
    let Some(bytes) = bytes else {
        return ApiError::nao_encontrado().into_response();
    };
    let tipo = if arquivo.ends_with(".svg") {
        HeaderValue::from_static("image/svg+xml")
    } else {
        let mime = mime_guess::from_path(&arquivo).first_or_octet_stream();
        HeaderValue::from_str(mime.essence_str())
            .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"))
    };
    (
        [
            (header::CONTENT_TYPE, tipo),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            // An SVG opened directly must not run script.
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
            ),
        ],
        bytes,
    )
        .into_response()
}

//! Files streamed from the platform to the user with the user's token (PDFs).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::Page;
use crate::api::{ApiError, Blob};
use crate::web::{PageError, PageResult};

/// The file as the browser should see it: its type, a file name, never cached (it is
/// personal), shown inline (PDF viewer) or downloaded.
pub fn file(blob: Blob, filename: &str, inline: bool) -> Response {
    let disposition = if inline { "inline" } else { "attachment" };
    let safe: String = filename
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    (
        [
            (header::CONTENT_TYPE, blob.content_type),
            (
                header::CONTENT_DISPOSITION,
                format!("{disposition}; filename=\"{safe}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        blob.bytes,
    )
        .into_response()
}

/// 'Nenhum arquivo encontrado.': the platform has no such file, or an empty one.
pub const NO_FILE: &str = "Nenhum arquivo encontrado.";
/// The download failed on the platform's side.
pub const FAILED: &str = "Ocorreu um erro ao fazer o download";

/// `page` again with 'Nenhum arquivo encontrado.' (404).
pub fn no_file(page: Page) -> PageError {
    PageError::alert(page, NO_FILE, StatusCode::NOT_FOUND)
}

/// A file answer from the platform: the file; 'Nenhum arquivo encontrado.' when there is
/// none (a 404 or an empty body); login on a 401; otherwise `page` again with the
/// platform's `detalheErro` when it sent one, else `failure` (or, when `None`, the
/// platform's own message), 502.
pub fn answer(
    result: Result<Blob, ApiError>,
    page: Page,
    filename: &str,
    inline: bool,
    failure: Option<&str>,
) -> PageResult {
    match result {
        Ok(blob) if blob.bytes.is_empty() => Err(no_file(page)),
        Ok(blob) => Ok(file(blob, filename, inline)),
        Err(ApiError::NotFound { .. }) => Err(no_file(page)),
        Err(ApiError::Unauthorized) => Err(PageError::LoginRequired),
        Err(e) => {
            tracing::warn!(error = %e, "download failed");
            let message = match (e.detail(), failure) {
                (Some(detail), _) => detail.to_owned(),
                (None, Some(f)) => f.to_owned(),
                (None, None) => e.user_message(),
            };
            Err(PageError::alert(page, message, StatusCode::BAD_GATEWAY))
        }
    }
}

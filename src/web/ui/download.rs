//! Files streamed from the platform to the user with the user's token (PDFs).

use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::api::Blob;

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

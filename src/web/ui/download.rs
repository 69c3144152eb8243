//! Files streamed from the platform to the user with the user's token (PDFs).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::Page;
use crate::api::{ApiError, Blob};
use crate::web::{PageError, PageResult};

/// Types a browser may show inline: they cannot run script in our origin. Anything else the
/// platform sends (HTML, SVG, XML, unknown) could, so it is only ever downloaded.
const INLINE_TYPES: &[&str] = &[
    "application/pdf",
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
];

/// The media type without parameters, lowercased (`Application/PDF; x=y` → `application/pdf`).
fn essence(content_type: &str) -> String {
    content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// The file as the browser should see it: a file name, never cached (it is personal),
/// never sniffed; shown inline (PDF viewer, image) only when asked for and its type is one
/// of [`INLINE_TYPES`], otherwise downloaded as `application/octet-stream`.
pub fn file(blob: Blob, filename: &str, inline: bool) -> Response {
    let kind = essence(&blob.content_type);
    let showable = INLINE_TYPES.contains(&kind.as_str());
    let (disposition, content_type) = if inline && showable {
        ("inline", blob.content_type)
    } else if showable {
        ("attachment", blob.content_type)
    } else {
        ("attachment", "application/octet-stream".to_owned())
    };
    let safe: String = filename
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    (
        [
            (header::CONTENT_TYPE, content_type),
            (
                header::CONTENT_DISPOSITION,
                format!("{disposition}; filename=\"{safe}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        blob.bytes,
    )
        .into_response()
}

/// A file this app wrote itself (a calendar, a CSV, an OFX): always downloaded, with its
/// own type and name, never cached, never sniffed.
pub fn generated(
    body: impl Into<bytes::Bytes>,
    content_type: &'static str,
    filename: &str,
) -> Response {
    let safe: String = filename
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{safe}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        body.into(),
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
        Err(e) => match PageError::from(e) {
            PageError::NotFound => Err(no_file(page)),
            PageError::Platform { error: e, .. } => {
                tracing::warn!(error = %e, "download failed");
                let message = match (e.detail(), failure) {
                    (Some(detail), _) => detail.to_owned(),
                    (None, Some(f)) => f.to_owned(),
                    (None, None) => e.user_message(),
                };
                Err(PageError::alert(page, message, StatusCode::BAD_GATEWAY))
            }
            other => Err(other),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(content_type: &str, inline: bool) -> (String, String, String) {
        let blob = Blob {
            content_type: content_type.to_owned(),
            bytes: bytes::Bytes::from_static(b"x"),
        };
        let r = file(blob, "a.pdf", inline);
        let h = |n: header::HeaderName| r.headers()[n].to_str().unwrap().to_owned();
        (
            h(header::CONTENT_TYPE),
            h(header::CONTENT_DISPOSITION),
            h(header::X_CONTENT_TYPE_OPTIONS),
        )
    }

    #[test]
    fn a_generated_file_is_an_attachment_with_its_own_type() {
        let r = generated("x", "text/calendar; charset=utf-8", "agenda ç.ics");
        let h = |n: header::HeaderName| r.headers()[n].to_str().unwrap().to_owned();
        assert_eq!(h(header::CONTENT_TYPE), "text/calendar; charset=utf-8");
        assert_eq!(
            h(header::CONTENT_DISPOSITION),
            "attachment; filename=\"agenda.ics\""
        );
        assert_eq!(h(header::CACHE_CONTROL), "no-store");
    }

    #[test]
    fn pdf_and_images_are_shown_inline() {
        for ct in [
            "application/pdf",
            "Application/PDF; charset=binary",
            "image/png",
            "image/jpeg",
            "image/gif",
            "image/webp",
        ] {
            let (t, d, n) = served(ct, true);
            assert_eq!(t, ct);
            assert!(d.starts_with("inline;"), "{ct}: {d}");
            assert_eq!(n, "nosniff");
        }
    }

    #[test]
    fn any_other_type_is_downloaded_as_octet_stream() {
        for ct in [
            "text/html",
            "image/svg+xml",
            "application/xhtml+xml",
            "text/xml",
            "application/javascript",
            "",
            "application/pdfx",
        ] {
            let (t, d, n) = served(ct, true);
            assert_eq!(t, "application/octet-stream", "{ct}");
            assert!(d.starts_with("attachment;"), "{ct}: {d}");
            assert_eq!(n, "nosniff");
        }
        let (t, d, _) = served("application/pdf", false);
        assert_eq!(t, "application/pdf");
        assert!(d.starts_with("attachment;"));
    }
}

//! Conditional requests on a visitor's public pages: each carries a weak `ETag` (a hash
//! of the page), and a revisit sending it back in `If-None-Match` gets `304 Not
//! Modified` with no body, so a phone on a slow network downloads nothing when nothing
//! changed. Weak, because the same page is also sent gzip- or brotli-compressed.

use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::error::{PageError, for_visitor};
use super::headers::{PUBLIC_HTML_CACHE, publicly_cacheable};
use super::session::noted_carries_session;

/// The largest page hashed; anything bigger is sent without an `ETag`.
const MAX_PAGE: usize = 2 * 1024 * 1024;

pub async fn conditional_get(State(app): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    let session = noted_carries_session(&req);
    let get = matches!(*req.method(), Method::GET | Method::HEAD);
    let if_none_match = req.headers().get(header::IF_NONE_MATCH).cloned();
    let resp = next.run(req).await;
    if !publicly_cacheable(&resp, &path, session, get) {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    if body.size_hint().lower() > MAX_PAGE as u64 {
        return Response::from_parts(parts, body);
    }
    let bytes = match read_page(body).await {
        Ok(b) => b,
        Err(e) => return for_visitor(&app, &path, e),
    };
    let tag = etag(&bytes);
    if if_none_match
        .as_ref()
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| matches(v, &tag))
    {
        return not_modified(&parts.headers, &tag);
    }
    if let Ok(v) = HeaderValue::from_str(&tag) {
        parts.headers.insert(header::ETAG, v);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// The page's bytes, whole; a body that breaks off is a bug (pages are rendered in
/// memory), answered with the error card.
pub(super) async fn read_page(body: Body) -> Result<bytes::Bytes, PageError> {
    axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(|e| PageError::Unexpected(format!("a page's body could not be read: {e}")))
}

/// The 304 of a page whose headers are `page` and tag `tag`.
pub(super) fn not_modified(page: &HeaderMap, tag: &str) -> Response {
    let mut resp = StatusCode::NOT_MODIFIED.into_response();
    keep_validators(page, resp.headers_mut());
    if let Ok(v) = HeaderValue::from_str(tag) {
        resp.headers_mut().insert(header::ETAG, v);
    }
    resp
}

/// A weak tag of `body`: the first 64 bits of its SHA-256 (the hash the app already uses
/// elsewhere), as 16 hex digits; ample to tell one version of a page from the next.
fn etag(body: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body);
    format!("W/\"{}\"", hex::encode(&digest[..8]))
}

/// `If-None-Match` compares weakly: a list of tags (weak or not) or `*`.
pub(super) fn matches(if_none_match: &str, tag: &str) -> bool {
    let opaque = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    let ours = opaque(tag);
    if_none_match
        .split(',')
        .any(|t| t.trim() == "*" || opaque(t) == ours)
}

/// A 304 repeats what a 200 would have said about caching (the policy of a visitor's
/// page, decided again by `security_headers` for the 200 itself).
fn keep_validators(from: &HeaderMap, to: &mut HeaderMap) {
    for name in [header::VARY, header::EXPIRES] {
        for v in from.get_all(&name) {
            to.append(name.clone(), v.clone());
        }
    }
    to.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(PUBLIC_HTML_CACHE),
    );
    to.append(header::VARY, HeaderValue::from_static("Cookie"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_page_that_breaks_off_answers_the_error_card_in_the_shell() {
        let state = crate::web::testing::state(std::time::Duration::ZERO);
        let app = crate::web::testing::broken_public_page(|r| {
            r.layer(axum::middleware::from_fn_with_state(state, conditional_get))
        });
        let (status, body) = crate::web::testing::visit(app).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body.contains(crate::web::ui::cards::ERROR_TITLE), "{body}");
        assert!(body.contains("rodape"), "not inside the shell: {body}");
    }

    #[test]
    fn the_tag_follows_the_bytes() {
        assert_eq!(etag(b"abc"), etag(b"abc"));
        assert_ne!(etag(b"abc"), etag(b"abd"));
        assert!(etag(b"").starts_with("W/\""));
        // W/"…" around 16 hex digits.
        let tag = etag(b"page");
        let inner = tag.trim_start_matches("W/\"").trim_end_matches('"');
        assert_eq!(inner.len(), 16);
        assert!(inner.bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let tag = etag(b"page");
        let strong = tag.trim_start_matches("W/").to_owned();
        assert!(matches(&tag, &tag));
        assert!(matches(&strong, &tag));
        assert!(matches(&format!("\"x\", {tag}"), &tag));
        assert!(matches("*", &tag));
        assert!(!matches("\"x\"", &tag));
        assert!(!matches("", &tag));
    }
}

//! A visitor's public pages, kept whole for the micro-cache time (`--micro-cache`): when
//! an offering goes on air, every newcomer asks for the same `/investir` and the same
//! detail page within seconds; rendering each once per couple of seconds instead of once
//! per visitor is what lets one small machine serve the rush.
//!
//! Only a request that carries no cookie and no credentials at all is served from here
//! (nothing about the person can have shaped its page), and only a page that is itself a
//! visitor's public page is kept: a `200` HTML answer, on a public path, setting no
//! cookie (`headers::publicly_cacheable`). One copy per URL and encoding (brotli, gzip or
//! none), kept compressed, so a hit costs neither a render nor a compression. The encoding
//! is chosen here from `Accept-Encoding` and the request goes down saying only that one,
//! so the compression layer makes the very copy the key names, and no spelling of the
//! header can add copies.
//!
//! This is the outermost middleware: a page is kept as it left every other layer, security
//! headers and all (but the request's id), so a hit answers without going through them. It
//! is still noted as `observe` notes every request (`observability::Seen`: its own id, the
//! access line, the latency metric). Under load that took a kept page from some 12 to
//! some 11 µs of CPU (29k to 24k instructions).

use std::time::Duration;

use axum::body::Body;
use axum::body::HttpBody;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header, response};
use axum::middleware::Next;
use axum::response::Response;
use bytes::Bytes;
use moka::sync::Cache;

use super::AppState;
use super::encoding::coding_weight;
use super::error::for_visitor;
use super::headers::{SecurityHeaders, publicly_cacheable};
use super::observability::Seen;
use crate::api::request_id;

/// The most bytes of pages kept (a page is ~10–60 KiB; 8 MiB is hundreds of them).
const MAX_BYTES: u64 = 8 * 1024 * 1024;
/// A page bigger than this is never kept.
const MAX_PAGE: usize = 512 * 1024;

#[derive(Clone)]
struct Kept {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

pub struct VisitorPages {
    cache: Option<Cache<String, Kept>>,
}

impl VisitorPages {
    /// `ttl` zero keeps nothing.
    pub fn new(ttl: Duration) -> Self {
        let cache = (!ttl.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(MAX_BYTES)
                .weigher(|k: &String, v: &Kept| {
                    u32::try_from(k.len() + v.body.len() + 512).unwrap_or(u32::MAX)
                })
                .time_to_live(ttl)
                .build()
        });
        Self { cache }
    }
}

/// The cache key of an anonymous GET with the encoding its copy is kept in, or `None`
/// when the request may be personal.
fn key(req: &Request) -> Option<(String, &'static str)> {
    let h = req.headers();
    let anonymous = req.method() == Method::GET
        && !h.contains_key(header::COOKIE)
        && !h.contains_key(header::AUTHORIZATION)
        && !super::routes::is_private(req.uri().path())
        // Assets answer from their own precompressed copies, chosen by the header as sent.
        && !super::routes::skips_session(req.uri().path());
    anonymous.then(|| {
        let encoding = chosen_encoding(h);
        (format!("{encoding}\n{}", req.uri()), encoding)
    })
}

/// The encoding the client weighs highest of brotli and gzip (brotli on a tie), when it
/// accepts either (by name or `*`, with a `q` above zero); else `identity`.
fn chosen_encoding(headers: &HeaderMap) -> &'static str {
    let (br, gzip) = (coding_weight(headers, "br"), coding_weight(headers, "gzip"));
    if br > 0.0 && br >= gzip {
        "br"
    } else if gzip > 0.0 {
        "gzip"
    } else {
        "identity"
    }
}

pub async fn serve_kept(State(app): State<AppState>, mut req: Request, next: Next) -> Response {
    let Some(cache) = &app.visitor_pages.cache else {
        return next.run(req).await;
    };
    let Some((key, encoding)) = key(&req) else {
        return next.run(req).await;
    };
    // Below, the compression layer sees only the chosen encoding.
    req.headers_mut()
        .insert(header::ACCEPT_ENCODING, HeaderValue::from_static(encoding));
    if let Some(kept) = cache.get(&key) {
        let seen = Seen::of(&req);
        let mut resp = answer(kept, req.headers());
        // The 304 is drawn here, not kept: it gets the security headers the page has.
        if resp.status() == StatusCode::NOT_MODIFIED {
            SecurityHeaders::of(&req).apply(&app, &mut resp);
        }
        return seen.answered(resp);
    }
    let path = req.uri().path().to_owned();
    let resp = next.run(req).await;
    if !publicly_cacheable(&resp, &path, false, true) {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    // A page too big to keep is only served.
    if body.size_hint().lower() > MAX_PAGE as u64 {
        return Response::from_parts(parts, body);
    }
    let body = match super::etag::read_page(body).await {
        Ok(b) => b,
        Err(e) => return for_visitor(&app, &path, e),
    };
    if body.len() <= MAX_PAGE {
        cache.insert(key, keep(&parts, body.clone()));
    }
    Response::from_parts(parts, Body::from(body))
}

/// The page as it is kept: without this request's id (each answer gets its own).
fn keep(parts: &response::Parts, body: Bytes) -> Kept {
    let mut headers = parts.headers.clone();
    headers.remove(request_id::HEADER_NAME);
    Kept {
        status: parts.status,
        headers,
        body,
    }
}

/// A kept page, or a 304 when the visitor already holds this very page.
fn answer(kept: Kept, request: &HeaderMap) -> Response {
    let etag = kept.headers.get(header::ETAG).and_then(|v| v.to_str().ok());
    let revisit = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    if let (Some(etag), Some(revisit)) = (etag, revisit)
        && super::etag::matches(revisit, etag)
    {
        return super::etag::not_modified(&kept.headers, etag);
    }
    into_response(kept)
}

const KEPT_COPY: axum::http::HeaderName = axum::http::HeaderName::from_static("x-colheita-cache");

/// A page served from the cache, which `X-Colheita-Cache: visitante` tells (for the
/// operator and the tests).
fn into_response(kept: Kept) -> Response {
    let mut resp = Response::new(Body::from(kept.body));
    *resp.status_mut() = kept.status;
    *resp.headers_mut() = kept.headers;
    resp.headers_mut()
        .insert(KEPT_COPY, HeaderValue::from_static("visitante"));
    resp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::testing;

    fn chosen(values: &[&'static str]) -> &'static str {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
        }
        chosen_encoding(&h)
    }

    #[test]
    fn every_spelling_of_the_header_comes_down_to_one_of_three_encodings() {
        let cases: &[(&[&'static str], &str)] = &[
            (&["gzip, deflate, br, zstd"], "br"),
            (&["br;q=1.0, gzip;q=0.8, *;q=0.1"], "br"),
            (&["BR"], "br"),
            (&["gzip", "br"], "br"),
            (&["gzip;q=1, br;q=0.5"], "gzip"),
            (&["br;q=0, gzip"], "gzip"),
            (&["gzip, deflate"], "gzip"),
            (&["x-gzip, GZIP ; Q=0.9, zstd"], "gzip"),
            (&["*"], "br"),
            (&["*;q=0.5, br;q=0"], "gzip"),
            (&["br;q=0, gzip;q=0"], "identity"),
            (&["br;q=x"], "identity"),
            (&["deflate, zstd, identity"], "identity"),
            (&[""], "identity"),
            (&[], "identity"),
        ];
        for (values, expected) in cases {
            assert_eq!(chosen(values), *expected, "{values:?}");
        }
    }

    #[tokio::test]
    async fn a_page_that_breaks_off_answers_the_error_card_in_the_shell() {
        let state = testing::state(std::time::Duration::from_secs(2));
        let app = testing::broken_public_page(|r| {
            r.layer(axum::middleware::from_fn_with_state(state, serve_kept))
        });
        let (status, body) = testing::visit(app).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body.contains(crate::web::ui::cards::ERROR_TITLE), "{body}");
        assert!(body.contains("rodape"), "not inside the shell: {body}");
    }
}

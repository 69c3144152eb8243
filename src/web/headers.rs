//! Security headers (CSP, nosniff, no framing), refusal of cross-site state-changing requests,
//! and HTML compression.

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::compression::{CompressionLayer, predicate::Predicate};

use super::{AppState, WebConfig};

pub fn content_security_policy(cfg: &WebConfig) -> String {
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: {api} https://tile.openstreetmap.org; \
         font-src 'self'; connect-src 'self'; frame-src https://www.youtube-nocookie.com; \
         object-src 'none'; base-uri 'self'; form-action 'self' {login}; frame-ancestors 'none'",
        api = cfg.api_origin,
        login = cfg.login_origin,
    )
}

pub async fn security_headers(State(app): State<AppState>, req: Request, next: Next) -> Response {
    let mut resp = next.run(req).await;
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&app.csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    if app.cfg.secure_cookies() {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    resp
}

/// Refuses cross-site state-changing requests with 403. Browsers tell us where a request
/// comes from: `Sec-Fetch-Site` (all current browsers) or else `Origin`. A request with
/// neither is not from a browser, so it cannot carry a victim's cookies. (The approach of
/// Go's `http.CrossOriginProtection`.)
pub async fn cross_origin_protection(
    State(app): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || same_origin(req.headers(), &app.cfg.public_origin()) {
        return next.run(req).await;
    }
    tracing::warn!(path = %req.uri().path(), "cross-site request refused");
    (
        StatusCode::FORBIDDEN,
        "Requisição recusada: origem não permitida.",
    )
        .into_response()
}

fn same_origin(headers: &axum::http::HeaderMap, public_origin: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return matches!(site, "same-origin" | "none");
    }
    match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(origin) => {
            origin == public_origin
                || headers
                    .get(header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .is_some_and(|host| {
                        origin
                            .strip_prefix("http://")
                            .or_else(|| origin.strip_prefix("https://"))
                            == Some(host)
                    })
        }
    }
}

/// Compresses HTML only: static assets are precompressed at build time.
pub fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new().compress_when(
        |_status: StatusCode,
         _version: axum::http::Version,
         headers: &axum::http::HeaderMap,
         _ext: &axum::http::Extensions| {
            headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|ct| ct.starts_with("text/html"))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn h(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.insert(*k, HeaderValue::from_static(v));
        }
        m
    }

    #[test]
    fn cross_site_fetch_metadata_is_refused() {
        assert!(!same_origin(
            &h(&[("sec-fetch-site", "cross-site")]),
            "http://a"
        ));
        assert!(!same_origin(
            &h(&[("sec-fetch-site", "same-site")]),
            "http://a"
        ));
        assert!(same_origin(
            &h(&[("sec-fetch-site", "same-origin")]),
            "http://a"
        ));
    }

    #[test]
    fn origin_must_match_when_there_is_no_fetch_metadata() {
        assert!(!same_origin(&h(&[("origin", "http://evil")]), "http://a"));
        assert!(same_origin(&h(&[("origin", "http://a")]), "http://a"));
        assert!(same_origin(
            &h(&[("origin", "http://a:1"), ("host", "a:1")]),
            "http://x"
        ));
        assert!(same_origin(&h(&[]), "http://a"));
    }
}

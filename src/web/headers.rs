//! Security headers (CSP, nosniff, no framing), refusal of cross-site state-changing requests,
//! and HTML compression.

use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower_http::compression::{CompressionLayer, predicate::Predicate};

use super::ui::{Page, cards};
use super::{AppState, PageError, WebConfig, routes};

pub fn content_security_policy(cfg: &WebConfig) -> String {
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: {api} {tiles}; \
         font-src 'self'; connect-src 'self'; frame-src https://www.youtube-nocookie.com; \
         object-src 'none'; base-uri 'none'; form-action 'self' {login}; frame-ancestors 'none'",
        api = cfg.api_origin,
        tiles = cfg.map_tiles.csp_source,
        login = cfg.login_origin,
    )
}

/// The CSP source of a tile URL template: its scheme and host, a `{s}` subdomain as `*`
/// (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`).
pub fn tile_source(template: &str) -> Result<String, String> {
    let refused = || format!("--map-tiles-url {template:?} is not an http(s) URL template");
    let url = url::Url::parse(&template.replace("{s}", "s")).map_err(|_| refused())?;
    let host = match (url.scheme(), url.host_str()) {
        ("https" | "http", Some(host)) => host,
        _ => return Err(refused()),
    };
    let host = if template.contains("{s}.") {
        host.strip_prefix("s.")
            .map_or(host.to_owned(), |rest| format!("*.{rest}"))
    } else {
        host.to_owned()
    };
    let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
    Ok(format!("{}://{host}{port}", url.scheme()))
}

/// What a visitor's public HTML page may be cached for (shared caches keep one copy per
/// `Cookie`, so a logged-in request never receives it).
pub const PUBLIC_HTML_CACHE: &str = "public, max-age=60";

const PERMISSIONS_POLICY: axum::http::HeaderName =
    axum::http::HeaderName::from_static("permissions-policy");

/// What the security headers need to know of a request, taken before it is handed on.
pub struct SecurityHeaders {
    path: String,
    session: bool,
    safe_method: bool,
}

impl SecurityHeaders {
    pub fn of(req: &Request) -> Self {
        SecurityHeaders {
            path: req.uri().path().to_owned(),
            session: super::session::carries_session(req.headers()),
            safe_method: matches!(*req.method(), Method::GET | Method::HEAD),
        }
    }

    /// Leaves in `req` whether it carries the session's cookies, for the layers inside
    /// (`session::noted_carries_session`).
    pub fn note(&self, req: &mut Request) {
        req.extensions_mut()
            .insert(super::session::CarriesSession(self.session));
    }

    /// The cache policy, the CSP, nosniff, the referrer and permissions policies, no
    /// framing, and HSTS under https, on any answer.
    pub fn apply(self, app: &AppState, resp: &mut Response) {
        cache_policy(resp, &self.path, self.session, self.safe_method);
        let h = resp.headers_mut();
        if let Some(v) = &app.csp {
            h.insert(header::CONTENT_SECURITY_POLICY, v.clone());
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
            PERMISSIONS_POLICY,
            HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
        );
        if app.cfg.secure_cookies() {
            h.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=31536000; includeSubDomains"),
            );
        }
    }
}

/// Private answers are never stored by a browser or a proxy (ASVS 14.3.2): anything asked
/// with a session, on a private path, setting a cookie or answering a POST gets
/// `no-store` (pages, `?parcial=1` fragments, JSON, redirects, downloads alike). A
/// visitor's successful HTML page may be cached briefly; hashed assets keep their own
/// immutable policy; anything else is `no-store`.
fn cache_policy(resp: &mut Response, path: &str, session: bool, safe_method: bool) {
    let h = resp.headers_mut();
    if path.starts_with(routes::ASSETS_PREFIX) && h.contains_key(header::CACHE_CONTROL) {
        return;
    }
    // A 304 exists only for a visitor's public page, and carries that page's policy.
    if resp.status() == StatusCode::NOT_MODIFIED
        && resp.headers().contains_key(header::CACHE_CONTROL)
    {
        return;
    }
    let public = publicly_cacheable(resp, path, session, safe_method);
    let h = resp.headers_mut();
    if public {
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(PUBLIC_HTML_CACHE),
        );
        h.append(header::VARY, HeaderValue::from_static("Cookie"));
    } else {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// A visitor's successful HTML page: asked without a session, on a public path, with a
/// safe method, and setting no cookie. Only these are cached and get an `ETag`.
pub fn publicly_cacheable(resp: &Response, path: &str, session: bool, safe_method: bool) -> bool {
    let personal = session
        || routes::is_private(path)
        || resp.headers().contains_key(header::SET_COOKIE)
        || !safe_method;
    !personal
        && resp.status() == StatusCode::OK
        && resp
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.starts_with("text/html"))
}

/// The 'too large' message of a refused body (a form over its limit, a file over the
/// upload's).
pub const TOO_LARGE: &str = "O envio é grande demais. Reduza o conteúdo e tente novamente.";

/// axum answers an oversized body with a bare `413` in plain text; this turns it into the
/// shell's page with the message (a `PageError`, drawn by `render_errors`, which calls this
/// on every answer).
pub fn payload_too_large(here: &str, resp: Response) -> Response {
    let bare = resp.status() == StatusCode::PAYLOAD_TOO_LARGE
        && resp
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.starts_with("text/plain"));
    if !bare {
        return resp;
    }
    let page = Page::new(
        "Envio grande demais",
        cards::error_card(here, Some(TOO_LARGE)),
    );
    PageError::alert(page, TOO_LARGE, StatusCode::PAYLOAD_TOO_LARGE).into_response()
}

/// Refuses cross-site state-changing requests with 403. Browsers tell us where a request
/// comes from: `Sec-Fetch-Site` (all current browsers) or else `Origin`. A request with
/// neither is not from a browser, so it cannot carry a victim's cookies. (The approach of
/// Go's `http.CrossOriginProtection`.)
/// `None` for a request that may go on; the 403 for one that may not. The session guard
/// asks this first, before it reads the session.
pub fn cross_origin_protection(app: &AppState, req: &Request) -> Option<Response> {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || same_origin(req.headers(), &app.cfg.public_origin()) {
        return None;
    }
    tracing::warn!(path = %req.uri().path(), "cross-site request refused");
    Some(
        (
            StatusCode::FORBIDDEN,
            "Requisição recusada: origem não permitida.",
        )
            .into_response(),
    )
}

/// Without fetch metadata, the `Origin` must be exactly the configured public origin, scheme
/// and port included: the `Host` header names no scheme, so comparing with it would let an
/// https page post to the http site (or the reverse).
fn same_origin(headers: &axum::http::HeaderMap, public_origin: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return matches!(site, "same-origin" | "none");
    }
    match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(origin) => origin == public_origin,
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

    #[test]
    fn a_tile_template_gives_its_host_to_the_csp() {
        let source = |t: &str| tile_source(t);
        assert_eq!(
            source("https://tile.openstreetmap.org/{z}/{x}/{y}.png").as_deref(),
            Ok("https://tile.openstreetmap.org")
        );
        assert_eq!(
            source("https://{s}.tile.example.org/{z}/{x}/{y}.png").as_deref(),
            Ok("https://*.tile.example.org")
        );
        assert_eq!(
            source("http://127.0.0.1:9000/t/{z}/{x}/{y}.png").as_deref(),
            Ok("http://127.0.0.1:9000")
        );
        for bad in [
            "",
            "tiles/{z}/{x}/{y}.png",
            "ftp://x.org/{z}",
            "javascript:alert(1)",
        ] {
            assert!(source(bad).is_err(), "{bad}");
        }
    }

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
        assert!(!same_origin(
            &h(&[("origin", "http://a:1"), ("host", "a:1")]),
            "http://x"
        ));
        assert!(!same_origin(
            &h(&[("origin", "https://a"), ("host", "a")]),
            "http://a"
        ));
        assert!(!same_origin(&h(&[("origin", "http://a:8080")]), "http://a"));
        assert!(same_origin(&h(&[]), "http://a"));
    }
}

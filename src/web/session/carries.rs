//! Whether a request carries the session's cookies, for the layers outside the cookie jar
//! (the security headers, the `ETag`): a page asked for with them is personal.

use tower_cookies::Cookie;

use super::cookies::{ACCESS, HOST_PREFIX, REFRESH};

/// Does the request carry the session's token cookies (with or without the `__Host-`
/// prefix)? Whether they are still valid does not matter: its answers are personal.
/// The header is read as tower_cookies reads it (UTF-8, split by the cookie crate), for
/// the layers outside its jar.
pub fn carries_session(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| std::str::from_utf8(v.as_bytes()).ok())
        .flat_map(Cookie::split_parse_encoded)
        .flatten()
        .any(|c| {
            let name = c.name();
            let name = name.strip_prefix(HOST_PREFIX).unwrap_or(name);
            name == ACCESS || name == REFRESH
        })
}

/// [`carries_session`] as `observe` (the security headers' layer) found it, kept in the
/// request's extensions: the header is some 5 KB, and the `ETag` layer inside asks too.
#[derive(Clone, Copy, Debug)]
pub struct CarriesSession(pub bool);

/// Whether `req` carries the session's cookies: the note an outer layer left, or the header
/// read now when there is none.
pub fn noted_carries_session(req: &axum::extract::Request) -> bool {
    req.extensions()
        .get::<CarriesSession>()
        .map_or_else(|| carries_session(req.headers()), |noted| noted.0)
}

//! The Axum app: state, router, middleware stack.

pub mod assets;
mod catch_panic;
mod client_addr;
mod ctx;
mod encoding;
pub mod error;
mod etag;
pub mod extract;
#[cfg(test)]
mod future_sizes;
mod headers;
mod observability;
mod pages;
pub mod partial;
mod pieces;
pub mod routes;
#[cfg(test)]
mod routes_proptests;
pub mod session;
mod shared;
#[cfg(test)]
mod testing;
pub mod ui;
mod unread;
mod visitors;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::middleware;
use tower::ServiceBuilder;
use tower_cookies::{CookieManagerLayer, Cookies, Key};
use tower_http::timeout::TimeoutLayer;

use crate::api::PlatformClient;
pub use ctx::Ctx;
pub use error::{PageError, PageResult};
/// Render hooks for `benches/render.rs` only.
#[doc(hidden)]
pub use pages::bench;
use session::{Jar, RefreshCache};
use shared::SharedLayer;

/// What the web app needs to know beyond the platform client.
#[derive(Debug, Clone)]
pub struct WebConfig {
    pub public_url: url::Url,
    pub login_url: url::Url,
    pub client_id: String,
    pub product_name: String,
    pub chat_url: String,
    /// The receiver's city in the Pix BR Code.
    pub pix_merchant_city: String,
    /// Where the map's tiles come from.
    pub map_tiles: MapTiles,
    /// Origins of the platform API (images) and login page, for the CSP.
    pub api_origin: String,
    pub login_origin: String,
    /// The longest one inbound request may take, body included (408 after it).
    pub inbound_timeout: std::time::Duration,
    /// Absolute and idle lifetime of a login session.
    pub session: crate::domain::sessao::SessionLimits,
    /// Behind a proxy that appends the client to `X-Forwarded-For`: its last entry is the
    /// client's address (otherwise the connection's peer is).
    pub trust_forwarded_for: bool,
    /// How long a visitor's public page is kept whole (0: never).
    pub micro_cache: std::time::Duration,
    /// Above this share (percent) one issuer or state is called out as a concentration.
    pub concentration_limit: rust_decimal::Decimal,
}

/// The map's tile server: the URL template the map island asks, its attribution, and the
/// source the Content-Security-Policy allows images from.
#[derive(Clone, Debug)]
pub struct MapTiles {
    pub url: String,
    pub attribution: String,
    pub csp_source: String,
}

impl MapTiles {
    /// The tiles of `url` (a template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`);
    /// an error names what is wrong with it.
    pub fn new(url: &str, attribution: &str) -> Result<Self, String> {
        Ok(MapTiles {
            url: url.to_owned(),
            attribution: attribution.to_owned(),
            csp_source: headers::tile_source(url)?,
        })
    }
}

impl WebConfig {
    pub fn redirect_uri(&self) -> String {
        format!(
            "{}{}",
            self.public_url.as_str().trim_end_matches('/'),
            routes::AUTENTICACAO
        )
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    pub fn public_origin(&self) -> String {
        self.public_url.origin().ascii_serialization()
    }
}

pub struct Inner {
    pub api: PlatformClient,
    pub cfg: WebConfig,
    /// The private cookies' key.
    pub cookie_key: Key,
    pub refresh: RefreshCache,
    /// Access tokens the platform answered 401 to, ended on their next request.
    pub refused: session::RefusedTokens,
    /// Unread counts that arrived after their page was drawn (`web::unread`).
    pub late_counts: unread::LateCounts,
    /// The Content-Security-Policy header, built once (`None` if the configured origins
    /// cannot be a header value).
    pub csp: Option<axum::http::HeaderValue>,
    /// Sign-ups per address and current-password guesses at the password change.
    pub limits: crate::rate_limit::Limits,
    pub visitor_pages: visitors::VisitorPages,
}

#[derive(Clone)]
pub struct AppState(Arc<Inner>);

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn new(
        api: PlatformClient,
        cfg: WebConfig,
        key: Key,
        limits: crate::rate_limit::Limits,
    ) -> Self {
        let csp = axum::http::HeaderValue::from_str(&headers::content_security_policy(&cfg)).ok();
        let visitor_pages = visitors::VisitorPages::new(cfg.micro_cache);
        AppState(Arc::new(Inner {
            limits,
            visitor_pages,
            api,
            cfg,
            cookie_key: key,
            refresh: RefreshCache::default(),
            refused: session::RefusedTokens::default(),
            late_counts: unread::LateCounts::default(),
            csp,
        }))
    }

    /// The jar of a request, over its `cookies`.
    pub fn jar(&self, cookies: Cookies) -> Jar {
        Jar::new(cookies, self.cookie_key.clone(), self.cfg.secure_cookies())
    }
}

/// The most a request body may carry unless its route says otherwise: forms are a few
/// KiB; only the document upload route raises it (`pages::conta::UPLOAD_BODY_LIMIT`).
pub const FORM_BODY_LIMIT: usize = 64 * 1024;

/// Refuses cross-site state changes (`headers::cross_origin_protection`), then reads the
/// session (`session::guard`). One middleware for both: each layer costs every request an
/// allocation or two, and the refusal must come before the session anyway.
async fn gate(
    State(app): State<AppState>,
    cookies: Cookies,
    req: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    if let Some(refused) = headers::cross_origin_protection(&app, &req) {
        return refused;
    }
    session::guard(State(app), cookies, req, next).await
}

/// The whole web app; tests call this with their own state.
///
/// The middleware is one stack, outermost first, given to the router in one `layer` call:
/// the router boxes a route's service at every `layer` call and clones each box on every
/// request, so a dozen calls cost every request two dozen allocations and as many nested
/// futures; one call costs one of each.
pub fn router(state: AppState) -> Router {
    let timeout = state.cfg.inbound_timeout;
    // `SharedLayer` under every `from_fn` middleware: each clones the service it wraps on
    // every call, and behind the layer that clone is one `Arc` (`web/shared.rs`).
    let stack = ServiceBuilder::new()
        // Outermost: a visitor's kept page is answered as it left the layers below, which
        // it skips; it is noted (id, access line, latency) as `observe` notes the others.
        // Outside compression: a kept page is served as compressed, without a render.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            visitors::serve_kept,
        ))
        .layer(SharedLayer)
        // The request id, the latency and the security headers cover everything below,
        // 408s included.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            observability::observe,
        ))
        .layer(SharedLayer)
        // A request (its body too) that takes longer than this is answered 408 and dropped.
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeout,
        ))
        // Outside the route layers, so the upload route's own limit replaces this one.
        .layer(DefaultBodyLimit::max(FORM_BODY_LIMIT))
        // Inside the security headers, so the panic's page gets them too.
        .layer(catch_panic::layer())
        .layer(headers::compression())
        // Inside compression: a 304 skips compressing, and one tag serves every encoding.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            etag::conditional_get,
        ))
        .layer(SharedLayer)
        .layer(CookieManagerLayer::new())
        .layer(middleware::from_fn_with_state(state.clone(), gate))
        .layer(SharedLayer)
        // Inside the guard: errors are drawn with the validated session, and a
        // `LoginRequired` comes back out to the guard, which redirects to login.
        // `render_errors` also turns an oversized body's bare 413 into the shell's page.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            error::render_errors,
        ))
        .layer(SharedLayer);
    pages::routes()
        .merge(assets::routes())
        .layer(stack)
        .with_state(state)
}

//! What the unit tests of the middleware share: a web state whose platform is never
//! called, and a page whose body breaks off while it is sent.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::time::Duration;

use super::{AppState, WebConfig, routes};
use crate::api::{ClientConfig, PlatformClient};

/// A web state keeping visitors' pages for `micro_cache`; nothing listens at its platform.
pub(crate) fn state(micro_cache: Duration) -> AppState {
    let nowhere = url::Url::parse("http://127.0.0.1:9").expect("url");
    let origin = nowhere.origin().ascii_serialization();
    let api = PlatformClient::new(ClientConfig {
        api_url: nowhere.clone(),
        auth_url: nowhere.clone(),
        client_id: "colheita-web".to_owned(),
        origin: origin.clone(),
        connect_timeout: Duration::from_secs(1),
        request_timeout: Duration::from_secs(1),
        micro_cache,
        pool: 4,
        extra_roots: Vec::new(),
    })
    .expect("client");
    let cfg = WebConfig {
        public_url: nowhere.clone(),
        login_url: nowhere,
        client_id: "colheita-web".to_owned(),
        product_name: "Colheita".to_owned(),
        chat_url: "https://example.com/chat".to_owned(),
        pix_merchant_city: "SAO PAULO".to_owned(),
        map_tiles: super::MapTiles {
            url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png".to_owned(),
            attribution: "OpenStreetMap".to_owned(),
            csp_source: "https://tile.openstreetmap.org".to_owned(),
        },
        api_origin: origin.clone(),
        login_origin: origin,
        inbound_timeout: Duration::from_secs(5),
        session: crate::domain::sessao::SessionLimits::default(),
        trust_forwarded_for: false,
        micro_cache,
        concentration_limit: rust_decimal::Decimal::from(25),
    };
    let limits = crate::rate_limit::Limits::in_memory(crate::rate_limit::Allowances {
        signups: std::num::NonZeroU32::MIN,
        password_guesses: crate::rate_limit::PASSWORD_GUESSES_REFUSED_AFTER,
    });
    AppState::new(api, cfg, tower_cookies::Key::generate(), limits)
}

/// A public HTML page whose body fails after its first bytes.
async fn broken_page() -> Response {
    let chunks: Vec<Result<&'static str, std::io::Error>> = vec![
        Ok("<!DOCTYPE html><p>começo"),
        Err(std::io::Error::other("the body broke off")),
    ];
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        Body::from_stream(futures::stream::iter(chunks)),
    )
        .into_response()
}

/// The offering list, broken, behind `layer`.
pub(crate) fn broken_public_page(layer: impl FnOnce(Router) -> Router) -> Router {
    layer(Router::new().route(routes::INVESTIR, get(broken_page)))
}

/// What a visitor gets for `GET /investir` from `app`: status and body.
pub(crate) async fn visit(app: Router) -> (StatusCode, String) {
    use tower::ServiceExt;
    let resp = app
        .oneshot(
            Request::get(routes::INVESTIR)
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("an answer");
    let status = resp.status();
    let body = axum::body::to_bytes(resp.into_body(), 1 << 20)
        .await
        .expect("body");
    (status, String::from_utf8_lossy(&body).into_owned())
}

//! What the unit tests of the middleware share: a web state whose platform is never
//! called, and a page whose body breaks off while it is sent.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use clap::Parser;

use super::{AppState, routes};

/// The web state for the command-line flags `extra`; nothing listens at its platform.
pub(crate) fn state(extra: &[&str]) -> AppState {
    let mut args = vec!["colheita"];
    args.extend_from_slice(extra);
    let cli = crate::config::Cli::try_parse_from(args).expect("flags");
    let nowhere = url::Url::parse("http://127.0.0.1:9").expect("url");
    crate::startup::web_state(
        &cli.config,
        nowhere.clone(),
        nowhere,
        tower_cookies::Key::generate(),
    )
    .expect("state")
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

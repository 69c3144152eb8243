//! The session's absolute and idle lifetime (ASVS 7.3.1, 7.3.2), against a wiremock
//! platform whose provider would keep refreshing forever: only the web app's own clock
//! ends the session.

use colheita::web::routes;
use std::time::Duration;

use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

/// A logged-in investor whose access token is refreshed on every request (expires_in
/// below the refresh margin) and whose provider always agrees to refresh.
async fn logged_in(extra: &[&str]) -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), extra).await;
    mock_token(&server, token_body("a1", "r1", 30, 1800, "sucesso")).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(token_body("a2", "r2", 30, 1800, "sucesso")),
        )
        .mount(&server)
        .await;
    mock_user(&server).await;
    mock_home(&server).await;
    let callback = login_via_callback(&app, routes::HOME).await;
    assert_eq!(callback.status(), 303);
    assert_eq!(app.get(routes::HOME).await.status(), 200);
    (server, app)
}

/// The provider is told the session ended (its refresh token revoked there too).
async fn expect_end_at_provider(server: &MockServer) {
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/encerrar-sessao"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(server)
        .await;
}

fn sends_to_login(resp: &reqwest::Response, server: &MockServer) -> bool {
    resp.status() == 303 && location(resp).starts_with(&format!("{}/login?", server.uri()))
}

#[tokio::test]
async fn an_unused_session_ends_after_the_idle_time_and_at_the_provider() {
    let (server, app) = logged_in(&["--session-idle", "2"]).await;
    expect_end_at_provider(&server).await;
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let resp = app.get(routes::CARTEIRA).await;
    assert!(sends_to_login(&resp, &server), "{:?}", resp.headers());
    // The session's cookies are gone: a public page is now a visitor's.
    let resp = app.get(routes::HOME).await;
    assert!(sends_to_login(&resp, &server));
}

#[tokio::test]
async fn use_keeps_a_session_alive_past_the_idle_time() {
    let (server, app) = logged_in(&["--session-idle", "3"]).await;
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(1_000)).await;
        let resp = app.get(routes::HOME).await;
        assert_eq!(resp.status(), 200, "{:?}", resp.headers());
    }
    drop(server);
}

#[tokio::test]
async fn a_session_ends_at_its_absolute_limit_even_while_refreshed() {
    let (server, app) = logged_in(&["--session-max", "3"]).await;
    expect_end_at_provider(&server).await;
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    assert_eq!(app.get(routes::HOME).await.status(), 200);
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let resp = app.get(routes::HOME).await;
    assert!(sends_to_login(&resp, &server), "{:?}", resp.headers());
}

#[tokio::test]
async fn the_lifetimes_must_be_positive() {
    use clap::Parser;
    for flag in ["--session-max", "--session-idle"] {
        assert!(colheita::config::Cli::try_parse_from(["colheita", flag, "0"]).is_err());
    }
    let cli = colheita::config::Cli::try_parse_from(["colheita"]).unwrap();
    let limits = cli.config.session_limits();
    assert_eq!((limits.max, limits.idle), (12 * 3600, 30 * 60));
}

//! The web app shields the platform: a visitor's offering list is fetched once for all
//! concurrent visitors and kept for `--micro-cache` seconds; an investor's own calls are
//! never shared; a revisit with the page's `ETag` gets 304 and no body.

use colheita::web::routes;
use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

fn empty_list() -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_json(json!({"dados": [], "totalRegistros": 0}))
        .set_delay(Duration::from_millis(300))
}

async fn visitors_fetch(app: &TestApp, n: usize) {
    let all = futures::future::join_all((0..n).map(|_| {
        let visitor = app.another_browser();
        async move { visitor.get(routes::INVESTIR).await.status() }
    }))
    .await;
    assert!(all.iter().all(|s| *s == 200), "{all:?}");
}

#[tokio::test]
async fn concurrent_visitors_share_one_platform_call_kept_for_the_configured_time() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(empty_list())
        .expect(2)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "2"]).await;
    visitors_fetch(&app, 20).await;
    // Within the time: kept.
    visitors_fetch(&app, 5).await;
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    visitors_fetch(&app, 5).await;
}

#[tokio::test]
async fn zero_turns_sharing_off() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(empty_list())
        .expect(3)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "0"]).await;
    visitors_fetch(&app, 3).await;
}

#[tokio::test]
async fn an_investors_own_calls_are_never_shared() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .and(header_exists("authorization"))
        .respond_with(empty_list())
        .expect(2)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/resumo"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    login_via_callback(&app, routes::HOME).await;
    for _ in 0..2 {
        let resp = app.get(routes::INVESTIR).await;
        assert_eq!(resp.status(), 200);
        assert!(resp.headers().get("etag").is_none());
    }
}

#[tokio::test]
async fn a_revisit_with_the_pages_etag_downloads_nothing() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(empty_list())
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let first = app.get(routes::INVESTIR).await;
    assert_eq!(first.status(), 200);
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(tag.starts_with("W/\""), "{tag}");
    let again = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert!(
        again.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("public")
    );
    assert!(again.bytes().await.unwrap().is_empty());
    // Another tag (the page changed since): the whole page.
    let changed = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("if-none-match", "W/\"0000000000000000\"")
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    assert!(!changed.bytes().await.unwrap().is_empty());
}

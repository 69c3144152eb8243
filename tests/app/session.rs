//! The session against a wiremock platform: guard, return address, state, tipoResposta,
//! refresh, logout, token sizes, platform failures.

mod login;
mod renovacao;
mod saida;

use colheita::web::routes;
use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

async fn platform() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    (server, app)
}

#[tokio::test]
async fn a_platform_401_on_a_page_sends_the_user_to_login_keeping_the_address() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(ResponseTemplate::new(401))
        .mount(&server)
        .await;
    mock_home_rest(&server).await;
    login_via_callback(&app, routes::HOME).await;
    let resp = app.get("/?aba=1").await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"));
    // Logging in again comes back to the same address.
    let resp = login_via_callback(&app, routes::CARTEIRA).await;
    assert_eq!(location(&resp), routes::CARTEIRA);
}

#[tokio::test]
async fn keycloak_sized_tokens_fit_in_the_cookies() {
    let (server, app) = platform().await;
    let access = "a".repeat(1536);
    let refresh = "r".repeat(1024);
    mock_token(&server, token_body(&access, &refresh, 300, 1800, "sucesso")).await;
    mock_user(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .and(header("authorization", format!("Bearer {access}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .expect(1)
        .mount(&server)
        .await;
    mock_home_rest(&server).await;
    let resp = login_via_callback(&app, routes::HOME).await;
    for c in resp.headers().get_all("set-cookie") {
        assert!(c.len() < 4000, "cookie of {} bytes", c.len());
    }
    assert_eq!(app.get(routes::HOME).await.status(), 200);
}

async fn logged_in_home_with(answer: ResponseTemplate) -> reqwest::Response {
    let (server, app) = platform().await;
    mock_login(&server).await;
    for p in [
        "/v1/reservas/alocacao/resumida",
        "/v1/reservas/pendentes",
        "/v1/captacoes",
    ] {
        Mock::given(method("GET"))
            .and(path(p))
            .respond_with(answer.clone())
            .mount(&server)
            .await;
    }
    login_via_callback(&app, routes::HOME).await;
    let resp = app.get(routes::HOME).await;
    std::mem::forget(server); // keep the mock alive until the test ends
    resp
}

#[tokio::test]
async fn a_failing_platform_shows_the_error_card_never_a_500() {
    let cases = [
        ResponseTemplate::new(503),
        ResponseTemplate::new(500).set_body_string("<html>boom</html>"),
        ResponseTemplate::new(200).set_body_string("isto não é json"),
        ResponseTemplate::new(200),
        ResponseTemplate::new(200)
            .set_body_json(json!({}))
            .set_delay(Duration::from_secs(4)),
    ];
    for case in cases {
        let resp = logged_in_home_with(case).await;
        assert_eq!(resp.status(), 502);
        let doc = html(resp).await;
        // Each block of the home fails on its own, with the error card.
        assert_eq!(
            texts(&doc, ".cartao-erro h2"),
            vec!["Ops! Houve uma falha."; 3]
        );
        assert_eq!(
            texts(&doc, ".cartao-erro a[href='/']"),
            vec!["Tentar novamente"; 3]
        );
    }
}

#[tokio::test]
async fn the_visibility_toggle_masks_every_amount() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    mock_home(&server).await;
    login_via_callback(&app, routes::HOME).await;
    let doc = html(app.get(routes::HOME).await).await;
    assert!(texts(&doc, "html.valores-ocultos").is_empty());
    let resp = app
        .post_form(routes::VISIBILIDADE, &[("voltar", routes::HOME)])
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::HOME);
    let doc = html(app.get(routes::HOME).await).await;
    assert_eq!(texts(&doc, "html.valores-ocultos").len(), 1);
    assert_eq!(
        texts(&doc, ".valor").len(),
        texts(&doc, ".valor .valor-mascarado").len()
    );
    // The island's JSON answer flips it back.
    let resp = app
        .client
        .post(app.url(routes::VISIBILIDADE))
        .header("Origin", &app.web_url)
        .header("Accept", "application/json")
        .form(&[("voltar", routes::HOME)])
        .send()
        .await
        .unwrap();
    assert_eq!(
        resp.json::<serde_json::Value>().await.unwrap(),
        json!({"visivel": true})
    );
}

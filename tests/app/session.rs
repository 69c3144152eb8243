//! The session against a wiremock platform: guard, return address, state, tipoResposta,
//! refresh, logout, token sizes, platform failures.

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
async fn a_visitor_on_a_private_page_is_sent_to_login_with_client_redirect_and_state() {
    let (server, app) = platform().await;
    let resp = app.get(&routes::carteira_expandida()).await;
    assert_eq!(resp.status(), 303);
    let login = url::Url::parse(&location(&resp)).unwrap();
    assert_eq!(
        format!("{}{}", login.origin().ascii_serialization(), login.path()),
        format!("{}/login", server.uri())
    );
    let q: std::collections::HashMap<_, _> = login.query_pairs().into_owned().collect();
    assert_eq!(q["client_id"], "colheita-web");
    assert_eq!(q["redirect_uri"], app.url(routes::AUTENTICACAO));
    assert!(q["state"].len() >= 32);
}

#[tokio::test]
async fn after_login_the_user_returns_to_the_saved_address() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    let resp = login_via_callback(&app, &routes::carteira_expandida()).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::carteira_expandida());
}

#[tokio::test]
async fn without_a_saved_address_login_lands_on_home_with_the_greeting() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    mock_home(&server).await;
    let resp = app.get(routes::ENTRAR).await;
    let state = url::Url::parse(&location(&resp))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let resp = app
        .get(&format!("/autenticacao?code=c&state={state}"))
        .await;
    assert_eq!(location(&resp), routes::HOME);
    let doc = html(app.get(routes::HOME).await).await;
    assert_eq!(text(&doc, ".menu-perfil summary"), "Olá, Ana");
    assert_eq!(title(&doc), "Início | Colheita");
    assert!(text(&doc, ".resumo-lista").contains("R$ 12.345,67"));
}

#[tokio::test]
async fn a_state_we_did_not_issue_is_refused_without_calling_the_provider() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/api/autenticacao/token"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&server)
        .await;
    let _ = app.get(routes::ENTRAR).await;
    let resp = app.get("/autenticacao?code=c&state=forjado").await;
    assert_eq!(resp.status(), 400);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert!(text(&doc, "dialog.alerta p").contains("Não foi possível confirmar o seu login"));
}

#[tokio::test]
async fn a_failed_exchange_shows_the_server_message_then_login() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(400)
                .set_body_json(json!({"mensagem": "Código de autenticação inválido ou expirado."})),
        )
        .mount(&server)
        .await;
    let resp = login_via_callback(&app, routes::HOME).await;
    assert_eq!(resp.status(), 400);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Código de autenticação inválido ou expirado."
    );
    assert_eq!(
        texts(&doc, "dialog.alerta form[action='/entrar'] button"),
        vec!["Fechar"]
    );
}

#[tokio::test]
async fn trocarsenha_goes_to_the_password_change_page() {
    let (server, app) = platform().await;
    mock_token(&server, token_body("a1", "r1", 300, 1800, "trocarsenha")).await;
    mock_user(&server).await;
    let resp = login_via_callback(&app, routes::CARTEIRA).await;
    assert_eq!(location(&resp), routes::ALTERAR_SENHA);
}

#[tokio::test]
async fn atualizarcadastro_and_atualizarsuitability_lead_to_their_pages() {
    for (tipo, to, heading) in [
        (
            "atualizarcadastro",
            routes::DADOS_PESSOAIS,
            "Atualize o seu cadastro",
        ),
        (
            "atualizarsuitability",
            routes::DADOS_PERFIL,
            "Atualize o seu perfil de investidor",
        ),
    ] {
        let (server, app) = platform().await;
        mock_token(&server, token_body("a1", "r1", 300, 1800, tipo)).await;
        mock_user(&server).await;
        let resp = login_via_callback(&app, routes::HOME).await;
        assert_eq!(resp.status(), 303, "{tipo}");
        assert_eq!(location(&resp), to, "{tipo}");
        // The page asks for it, with no step in between.
        Mock::given(method("GET"))
            .and(path("/v1/cadastro"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(user_body("Ana Beatriz Carvalho", "Completo")),
            )
            .mount(&server)
            .await;
        let doc = html(app.get(to).await).await;
        assert_eq!(text(&doc, "dialog.alerta h2"), heading, "{tipo}");
    }
}

#[tokio::test]
async fn the_callback_without_a_code_sends_a_visitor_to_login() {
    let (_server, app) = platform().await;
    let resp = app.get(routes::AUTENTICACAO).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"));
}

#[tokio::test]
async fn a_token_near_expiry_is_refreshed_on_the_server_before_the_page() {
    let (server, app) = platform().await;
    // expires_in below the 60 s margin: the very next request must refresh.
    mock_token(&server, token_body("a1", "r1", 30, 1800, "sucesso")).await;
    mock_user(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(token_body("a2", "r2", 300, 1800, "sucesso")),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .and(header("authorization", "Bearer a2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .expect(2)
        .mount(&server)
        .await;
    mock_home_rest(&server).await;
    login_via_callback(&app, routes::HOME).await;
    assert_eq!(app.get(routes::HOME).await.status(), 200);
    // The refreshed token is stored: no second refresh.
    assert_eq!(app.get(routes::HOME).await.status(), 200);
}

#[tokio::test]
async fn a_failed_refresh_sends_the_user_to_login() {
    let (server, app) = platform().await;
    mock_token(&server, token_body("a1", "r1", 30, 1800, "sucesso")).await;
    mock_user(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(401).set_body_json(json!({"mensagem": "Sessão expirada."})),
        )
        .mount(&server)
        .await;
    login_via_callback(&app, routes::HOME).await;
    let resp = app.get(routes::CARTEIRA).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).starts_with(&format!("{}/login?", server.uri())));
}

#[tokio::test]
async fn a_dead_refresh_token_is_not_even_tried() {
    let (server, app) = platform().await;
    mock_token(&server, token_body("a1", "r1", 30, 0, "sucesso")).await;
    mock_user(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/token"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&server)
        .await;
    login_via_callback(&app, routes::HOME).await;
    assert_eq!(app.get(routes::HOME).await.status(), 303);
}

#[tokio::test]
async fn public_pages_stay_open_when_the_session_cannot_be_refreshed() {
    let (server, app) = platform().await;
    mock_token(&server, token_body("a1", "r1", 30, 0, "sucesso")).await;
    mock_user(&server).await;
    login_via_callback(&app, routes::HOME).await;
    assert_eq!(app.get("/pagina-que-nao-existe").await.status(), 404);
}

#[tokio::test]
async fn logout_ends_the_session_clears_cookies_but_keeps_the_return_address() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/encerrar-sessao"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&server)
        .await;
    login_via_callback(&app, routes::HOME).await;
    // The money-visibility choice is part of what logout clears.
    let hide = app
        .post_form(routes::VISIBILIDADE, &[("voltar", routes::HOME)])
        .await;
    assert_eq!(hide.status(), 303);
    let resp = app.logout().await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).starts_with(&format!("{}/login?", server.uri())));
    assert_eq!(resp.headers()["clear-site-data"], "\"cache\", \"storage\"");
    let cleared: Vec<_> = resp
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    for name in [
        "colheita_at=",
        "colheita_rt=",
        "colheita_usuario=",
        "colheita_ocultar=",
    ] {
        assert!(
            cleared
                .iter()
                .any(|c| c.starts_with(name) && c.contains("Max-Age=0")),
            "{name} not cleared: {cleared:?}"
        );
    }
    assert!(
        !cleared
            .iter()
            .any(|c| c.starts_with("colheita_retorno=") && c.contains("Max-Age=0"))
    );
    assert_eq!(app.get(routes::HOME).await.status(), 303);
}

#[tokio::test]
async fn logout_works_even_when_the_provider_fails() {
    let (server, app) = platform().await;
    mock_login(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/encerrar-sessao"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&server)
        .await;
    login_via_callback(&app, routes::HOME).await;
    assert_eq!(app.logout().await.status(), 303);
    assert_eq!(app.get(routes::HOME).await.status(), 303);
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

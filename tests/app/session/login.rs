//! The login round trip: the guard, the return address, the state, the failed exchange
//! and the provider's tipoResposta.

use super::*;

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

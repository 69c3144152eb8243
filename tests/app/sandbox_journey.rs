//! The real thing: the web app against the embedded sandbox, logging in as a person does.

use crate::support::*;
use colheita::web::routes;

#[tokio::test]
async fn an_investor_logs_in_through_the_sandbox_and_is_greeted_by_first_name() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.login("investidor@colheita.dev", "colheita123").await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".menu-perfil summary"), "Olá, Ana");
    assert_eq!(text(&doc, ".menu-perfil .badge"), "Perfil completo");
}

#[tokio::test]
async fn a_wrong_password_is_refused_with_a_clear_message() {
    let app = TestApp::with_sandbox(&[]).await;
    // The login page belongs to the sandbox (the login provider), not to the web app.
    let to_login = app.get(routes::HOME).await;
    assert!(location(&to_login).starts_with(app.sandbox_url.as_deref().unwrap()));
    let resp = app
        .login_from(to_login, "investidor@colheita.dev", "errada")
        .await;
    assert_eq!(resp.status(), 401);
    let doc = html(resp).await;
    assert!(text(&doc, "[role=alert]").contains("E-mail ou senha inválidos."));
}

#[tokio::test]
async fn each_profile_state_shows_its_badge() {
    for (email, badge, message) in [
        (
            "basico@colheita.dev",
            "Perfil básico",
            "Complete seu cadastro",
        ),
        (
            "analise@colheita.dev",
            "Em análise",
            "Estamos verificando o seu perfil.",
        ),
        (
            "ativa@colheita.dev",
            "Perfil completo",
            "Seu perfil está verificado.",
        ),
    ] {
        let app = TestApp::with_sandbox(&[]).await;
        let doc = html(app.login(email, "colheita123").await).await;
        assert_eq!(text(&doc, ".menu-perfil .badge"), badge, "{email}");
        assert!(
            text(&doc, ".menu-perfil-conteudo").contains(message),
            "{email}"
        );
    }
}

#[tokio::test]
async fn short_lived_tokens_are_refreshed_with_rotation_on_every_page() {
    // Access tokens of 30 s are always inside the 60 s margin: every page refreshes, and
    // each refresh must use the newest (rotated) refresh token.
    let app = TestApp::with_sandbox(&["--sandbox-access-ttl", "30"]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    for _ in 0..3 {
        assert_eq!(app.get(routes::HOME).await.status(), 200);
    }
}

#[tokio::test]
async fn after_logout_the_old_session_is_dead_at_the_sandbox_too() {
    let app = TestApp::with_sandbox(&[]).await;
    app.login("investidor@colheita.dev", "colheita123").await;
    let resp = app.logout().await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"));
    assert_eq!(app.get(routes::HOME).await.status(), 303);
}

#[tokio::test]
async fn the_return_address_survives_the_login() {
    let app = TestApp::with_sandbox(&[]).await;
    let first = app.get("/?origem=teste").await;
    let resp = app
        .login_from(first, "investidor@colheita.dev", "colheita123")
        .await;
    assert_eq!(resp.status(), 200);
    let resp = app.get("/?origem=teste").await;
    assert_eq!(resp.status(), 200);
}

//! Logout: the session ends and its cookies go, even when the provider fails.

use super::*;

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

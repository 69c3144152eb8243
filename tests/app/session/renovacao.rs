//! Refreshing the session: before a page when the token nears expiry, a failed or dead
//! refresh, and public pages that stay open.

use super::*;

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

//! PKCE and the redirect URI: the S256 challenge, its verifier, and only the registered
//! client and redirect URI open the login.

use super::*;

#[tokio::test]
async fn login_sem_desafio_pkce_s256_e_recusado_sem_redirecionar() {
    let amb = ambiente();
    for (desafio, metodo) in [
        ("", ""),
        (DESAFIO, "plain"),
        (DESAFIO, ""),
        ("curto", "S256"),
    ] {
        let uri = format!("/login?{}", query(&parametros(RETORNO, desafio, metodo)));
        let r = get(&amb.router, &uri, None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{desafio} {metodo}");
        assert!(r.texto().contains("PKCE"), "{}", r.texto());
        assert!(!r.headers.contains_key(header::LOCATION));
    }
    let ok = format!("/login?{}", query(&parametros(RETORNO, DESAFIO, "S256")));
    assert_eq!(get(&amb.router, &ok, None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn troca_exige_o_verificador_pkce_e_o_mesmo_redirect_uri() {
    let amb = ambiente();
    let code = codigo(&amb.router, INVESTIDOR).await;
    let base = json!({"clientId": CLIENT_ID, "scope": "openid", "code": code});
    let mut sem_verificador = base.clone();
    sem_verificador["redirect_uri"] = json!(RETORNO);
    let mut verificador_errado = sem_verificador.clone();
    verificador_errado["code_verifier"] = json!("x".repeat(43));
    let mut outro_retorno = base.clone();
    outro_retorno["code_verifier"] = json!(VERIFICADOR);
    outro_retorno["redirect_uri"] = json!("http://127.0.0.1:3000/autenticacao/");
    let mut sem_retorno = base.clone();
    sem_retorno["code_verifier"] = json!(VERIFICADOR);
    for corpo in [
        sem_verificador,
        verificador_errado,
        outro_retorno,
        sem_retorno,
    ] {
        let r = troca(&amb.router, corpo.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{corpo}");
        assert_eq!(r.json()["mensagem"], CODIGO_INVALIDO);
    }
    // The refusals did not spend the code: its rightful holder still exchanges it.
    assert_eq!(trocar(&amb.router, &code).await.status, StatusCode::OK);
}

#[tokio::test]
async fn so_o_redirect_uri_registrado_e_o_cliente_conhecido_abrem_o_login() {
    let amb = ambiente();
    for retorno in [
        "http://127.0.0.1:3000/autenticacao/",
        "http://127.0.0.1:3000/autenticacao?x=1",
        "http://127.0.0.1:3001/autenticacao",
        "https://127.0.0.1:3000/autenticacao",
        "http://atacante.test/autenticacao",
    ] {
        let pares = parametros(retorno, DESAFIO, "S256");
        let r = get(&amb.router, &format!("/login?{}", query(&pares)), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{retorno}");
        assert!(r.texto().contains("não registrado"), "{retorno}");
        // Posting the form straight away is refused the same way, with no redirect.
        let mut form = pares.clone();
        form.extend([
            ("email", INVESTIDOR),
            ("senha", crate::sandbox::DEMO_PASSWORD),
        ]);
        let r = pedir(
            &amb.router,
            Method::POST,
            "/login",
            None,
            Some(("application/x-www-form-urlencoded", query(&form))),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{retorno}");
        assert!(!r.headers.contains_key(header::LOCATION));
    }
    let mut outro_cliente = parametros(RETORNO, DESAFIO, "S256");
    outro_cliente[0] = ("client_id", "outro-cliente");
    let r = get(
        &amb.router,
        &format!("/login?{}", query(&outro_cliente)),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn o_redirect_uri_registrado_vem_da_configuracao() {
    let amb = ambiente_com(|c| c.redirect_uri = "https://investir.example/autenticacao".into());
    let padrao = format!("/login?{}", query(&parametros(RETORNO, DESAFIO, "S256")));
    assert_eq!(
        get(&amb.router, &padrao, None).await.status,
        StatusCode::BAD_REQUEST
    );
    let pares = parametros("https://investir.example/autenticacao", DESAFIO, "S256");
    let r = get(&amb.router, &format!("/login?{}", query(&pares)), None).await;
    assert_eq!(r.status, StatusCode::OK);
}

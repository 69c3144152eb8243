//! Login provider: page, code → token, rotation, logout, expiry, Bearer.

use axum::http::{Method, StatusCode, header};
use rusqlite::params;
use scraper::{Html, Selector};
use serde_json::json;

use super::*;

fn um(doc: &Html, css: &str) -> Option<String> {
    let sel = Selector::parse(css).unwrap();
    doc.select(&sel)
        .next()
        .map(|e| e.text().collect::<String>())
}

#[tokio::test]
async fn pagina_de_login_e_acessivel() {
    let amb = ambiente();
    let uri = format!(
        "/login?client_id={CLIENT_ID}&redirect_uri={}&state=abc&code_challenge={DESAFIO}&code_challenge_method=S256",
        url::form_urlencoded::byte_serialize(RETORNO.as_bytes()).collect::<String>()
    );
    let r = get(&amb.router, &uri, None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .contains("default-src 'none'")
    );
    let doc = Html::parse_document(&r.texto());
    assert_eq!(um(&doc, "title").unwrap(), "Entrar | Colheita Sandbox");
    let html = doc
        .select(&Selector::parse("html").unwrap())
        .next()
        .unwrap();
    assert_eq!(html.value().attr("lang"), Some("pt-BR"));
    assert_eq!(um(&doc, "label[for=email]").unwrap(), "E-mail");
    assert_eq!(um(&doc, "label[for=senha]").unwrap(), "Senha");
    assert!(
        doc.select(&Selector::parse("input#email[autocomplete=username]").unwrap())
            .next()
            .is_some()
    );
    assert!(
        doc.select(
            &Selector::parse("input#senha[type=password][autocomplete=current-password]").unwrap()
        )
        .next()
        .is_some()
    );
    assert_eq!(um(&doc, "button[type=submit]").unwrap(), "Entrar");
    assert!(um(&doc, "[role=alert]").is_none());
    assert!(!r.texto().contains("style=") && !r.texto().contains("<script"));
    let css = get(&amb.router, "/login.css", None).await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(
        css.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/css")
    );
}

#[tokio::test]
async fn redirect_uri_relativa_ou_nao_http_e_recusada() {
    let amb = ambiente();
    for uri in [
        "/login?client_id=colheita-web&redirect_uri=/autenticacao",
        "/login?client_id=colheita-web&redirect_uri=javascript:alert(1)",
        "/login?client_id=colheita-web",
        "/login?redirect_uri=http://127.0.0.1:3000/autenticacao",
    ] {
        let r = get(&amb.router, uri, None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{uri}");
        assert!(
            Html::parse_document(&r.texto())
                .select(&Selector::parse("[role=alert]").unwrap())
                .next()
                .is_some()
        );
    }
}

#[tokio::test]
async fn senha_errada_mostra_alerta_e_mantem_email() {
    let amb = ambiente();
    for (email, senha) in [
        ("investidor@colheita.dev", "errada"),
        ("ninguem@colheita.dev", "colheita123"),
    ] {
        let r = postar_login(&amb.router, email, senha).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        let doc = Html::parse_document(&r.texto());
        assert_eq!(
            um(&doc, "[role=alert]").unwrap(),
            "E-mail ou senha inválidos."
        );
        let campo = doc
            .select(&Selector::parse("input#email").unwrap())
            .next()
            .unwrap();
        assert_eq!(campo.value().attr("value"), Some(email));
        assert!(!r.texto().contains(senha) || senha == "colheita123");
    }
    // The e-mail is matched case-insensitively and trimmed.
    let r = postar_login(&amb.router, "  Investidor@Colheita.dev ", "colheita123").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn codigo_token_renovacao_e_encerramento() {
    let amb = ambiente();
    let r = postar_login(&amb.router, "investidor@colheita.dev", "colheita123").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let destino = r.headers[header::LOCATION].to_str().unwrap();
    assert!(
        destino.starts_with(&format!("{RETORNO}?code=")),
        "{destino}"
    );
    assert!(destino.ends_with("&state=estado-123"), "{destino}");

    let tokens = entrar(&amb.router, "investidor@colheita.dev").await;
    assert_eq!(tokens["tipoResposta"], "sucesso");
    assert_eq!(tokens["token"]["expires_in"], 300);
    assert_eq!(tokens["token"]["refresh_expires_in"], 1800);
    let (a1, r1) = (acesso(&tokens), renovacao(&tokens));
    assert!((1400..=1600).contains(&a1.len()), "access {}", a1.len());
    assert!((900..=1100).contains(&r1.len()), "refresh {}", r1.len());
    assert_eq!(a1.split('.').count(), 3, "JWT-shaped");
    // Only digests are stored.
    let guardado = amb
        .sandbox
        .db()
        .read({
            let a1 = a1.clone();
            move |c| {
                Ok(c.query_row(
                    "SELECT COUNT(*) FROM tokens WHERE hash = ?1",
                    params![a1],
                    |r| r.get::<_, i64>(0),
                )?)
            }
        })
        .await
        .unwrap();
    assert_eq!(guardado, 0);

    let eu = get(&amb.router, "/v1/cadastro/meucadastro", Some(&a1)).await;
    assert_eq!(eu.status, StatusCode::OK);
    assert_eq!(eu.json()["dadosBasicos"]["nome"], "Ana Beatriz Carvalho");

    let renovar = |refresh: String| {
        json(
            &amb.router,
            Method::PUT,
            "/api/autenticacao/token",
            json!({"clientId": CLIENT_ID, "scope": "openid", "refresh_token": refresh}),
        )
    };
    let novo = renovar(r1.clone()).await;
    assert_eq!(novo.status, StatusCode::OK, "{}", novo.texto());
    let novo = novo.json();
    let (a2, r2) = (acesso(&novo), renovacao(&novo));
    assert_ne!(r2, r1);
    // Within the reuse interval the used refresh token gets the same pair again (two
    // requests racing); see `seguranca` for its reuse after the interval.
    let velho = renovar(r1.clone()).await;
    assert_eq!(velho.status, StatusCode::OK);
    assert_eq!(renovacao(&velho.json()), r2);
    assert_eq!(
        get(&amb.router, "/v1/reservas/resumo", Some(&a2))
            .await
            .status,
        StatusCode::OK
    );

    let fim = json(
        &amb.router,
        Method::PUT,
        "/api/autenticacao/encerrar-sessao",
        json!({"clientId": CLIENT_ID, "scope": "openid", "refresh_token": r2}),
    )
    .await;
    assert_eq!(fim.status, StatusCode::NO_CONTENT);
    for a in [&a1, &a2] {
        let r = get(&amb.router, "/v1/cadastro/meucadastro", Some(a)).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.json()["mensagem"], "Sessão expirada ou inválida.");
    }
    assert_eq!(renovar(r2).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn codigo_e_de_uso_unico_e_do_cliente_certo() {
    let amb = ambiente();
    let code = codigo(&amb.router, "ativa@colheita.dev").await;
    let trocar = |client: &'static str, code: String| {
        json(
            &amb.router,
            Method::POST,
            "/api/autenticacao/token",
            json!({"clientId": client, "scope": "openid", "code": code,
                "code_verifier": VERIFICADOR, "redirect_uri": RETORNO}),
        )
    };
    let outro = trocar("outro-cliente", code.clone()).await;
    assert_eq!(outro.status, StatusCode::BAD_REQUEST);
    assert_eq!(trocar(CLIENT_ID, code.clone()).await.status, StatusCode::OK);
    let de_novo = trocar(CLIENT_ID, code).await;
    assert_eq!(de_novo.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        de_novo.json()["mensagem"],
        "Código de autenticação inválido ou expirado."
    );
    assert_eq!(
        trocar(CLIENT_ID, "inventado".into()).await.status,
        StatusCode::BAD_REQUEST
    );
    let lixo = pedir(
        &amb.router,
        Method::POST,
        "/api/autenticacao/token",
        None,
        Some(("application/json", "{".into())),
    )
    .await;
    assert_eq!(lixo.status, StatusCode::BAD_REQUEST);
    assert!(lixo.json()["mensagem"].is_string());
}

#[tokio::test]
async fn codigo_expirado_e_recusado() {
    let amb = ambiente_com(|c| c.code_ttl = std::time::Duration::ZERO);
    let code = codigo(&amb.router, "investidor@colheita.dev").await;
    let r = trocar(&amb.router, &code).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["mensagem"],
        "Código de autenticação inválido ou expirado."
    );
}

#[tokio::test]
async fn token_de_acesso_expirado_e_refresh_expirado_sao_recusados() {
    let amb = ambiente_com(|c| {
        c.access_ttl = std::time::Duration::ZERO;
        c.refresh_ttl = std::time::Duration::ZERO;
    });
    let tokens = entrar(&amb.router, "investidor@colheita.dev").await;
    let r = get(
        &amb.router,
        "/v1/cadastro/meucadastro",
        Some(&acesso(&tokens)),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = json(
        &amb.router,
        Method::PUT,
        "/api/autenticacao/token",
        json!({"clientId": CLIENT_ID, "scope": "openid", "refresh_token": renovacao(&tokens)}),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn senha_temporaria_responde_trocarsenha() {
    let amb = ambiente();
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "UPDATE usuarios SET senha_temporaria = 1 WHERE email = 'basico@colheita.dev'",
                [],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    assert_eq!(
        entrar(&amb.router, "basico@colheita.dev").await["tipoResposta"],
        "trocarsenha"
    );
    assert_eq!(
        entrar(&amb.router, "analise@colheita.dev").await["tipoResposta"],
        "sucesso"
    );
}

#[tokio::test]
async fn rotas_protegidas_exigem_bearer() {
    let amb = ambiente();
    for uri in ["/v1/cadastro/meucadastro", "/v1/reservas/resumo"] {
        for bearer in [None, Some("inventado"), Some("")] {
            let r = get(&amb.router, uri, bearer).await;
            assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{uri}");
            assert_eq!(
                r.json(),
                json!({"mensagem": "Sessão expirada ou inválida."})
            );
        }
    }
}

#[tokio::test]
async fn sessao_sobrevive_a_reinicio_e_morre_no_reset() {
    let pasta = pasta_temporaria();
    let abrir = |reset: bool| {
        let mut cfg = SandboxConfig::new(pasta.clone(), PUBLIC_URL.into());
        cfg.reset = reset;
        Sandbox::open(cfg).unwrap()
    };
    let primeiro = abrir(false).router();
    let tokens = entrar(&primeiro, "investidor@colheita.dev").await;
    let a = acesso(&tokens);
    drop(primeiro);
    let segundo = abrir(false).router();
    assert_eq!(
        get(&segundo, "/v1/reservas/resumo", Some(&a)).await.status,
        StatusCode::OK
    );
    drop(segundo);
    let terceiro = abrir(true).router();
    assert_eq!(
        get(&terceiro, "/v1/reservas/resumo", Some(&a)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let total = get(&terceiro, "/v1/captacoes", None).await.json()["totalRegistros"].clone();
    assert!(total.as_u64().unwrap() > 0, "re-seeded");
    drop(terceiro);
    let _ = std::fs::remove_dir_all(&pasta);
}

//! Login provider hardening (ASVS 5.0 L2): PKCE, the registered redirect URI, session
//! revocation on a replayed code, a reused refresh token or a password change, password
//! length and hashing, and the cross-site check of the sandbox-only transitions.

use std::time::Duration;

use axum::http::{Method, StatusCode, header};
use rusqlite::params;
use serde_json::json;

use super::*;
use crate::sandbox::autenticacao::{CODIGO_INVALIDO, SESSAO_EXPIRADA};

const INVESTIDOR: &str = "investidor@colheita.dev";

fn query(pares: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pares).unwrap()
}

fn parametros<'a>(retorno: &'a str, desafio: &'a str, metodo: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("client_id", CLIENT_ID),
        ("redirect_uri", retorno),
        ("state", "abc"),
        ("code_challenge", desafio),
        ("code_challenge_method", metodo),
    ]
}

async fn troca(router: &Router, corpo: serde_json::Value) -> Resposta {
    json(router, Method::POST, "/api/autenticacao/token", corpo).await
}

pub(super) async fn renovar(router: &Router, refresh: &str) -> Resposta {
    json(
        router,
        Method::PUT,
        "/api/autenticacao/token",
        json!({"clientId": CLIENT_ID, "scope": "openid", "refresh_token": refresh}),
    )
    .await
}

async fn status_do_acesso(router: &Router, acesso: &str) -> StatusCode {
    get(router, "/v1/cadastro/meucadastro", Some(acesso))
        .await
        .status
}

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

#[tokio::test]
async fn codigo_reapresentado_revoga_a_sessao_que_ele_abriu() {
    let amb = ambiente();
    let code = codigo(&amb.router, INVESTIDOR).await;
    let r = trocar(&amb.router, &code).await;
    assert_eq!(r.status, StatusCode::OK);
    let tokens = r.json();
    let (a, rt) = (acesso(&tokens), renovacao(&tokens));
    assert_eq!(status_do_acesso(&amb.router, &a).await, StatusCode::OK);
    let replay = trocar(&amb.router, &code).await;
    assert_eq!(replay.status, StatusCode::BAD_REQUEST);
    assert_eq!(replay.json()["mensagem"], CODIGO_INVALIDO);
    assert_eq!(
        status_do_acesso(&amb.router, &a).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        renovar(&amb.router, &rt).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn refresh_reutilizado_depois_do_intervalo_revoga_a_sessao() {
    let amb = ambiente_com(|c| c.refresh_reuse = Duration::ZERO);
    let tokens = entrar(&amb.router, INVESTIDOR).await;
    let (a1, r1) = (acesso(&tokens), renovacao(&tokens));
    let novo = renovar(&amb.router, &r1).await;
    assert_eq!(novo.status, StatusCode::OK);
    let novo = novo.json();
    let (a2, r2) = (acesso(&novo), renovacao(&novo));
    tokio::time::sleep(Duration::from_millis(5)).await;
    let reuso = renovar(&amb.router, &r1).await;
    assert_eq!(reuso.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reuso.json()["mensagem"], SESSAO_EXPIRADA);
    // Every token of the session is dead, the rotated-into pair too.
    for a in [&a1, &a2] {
        assert_eq!(
            status_do_acesso(&amb.router, a).await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        renovar(&amb.router, &r2).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Another session of the same investor is not touched.
    let outra = entrar(&amb.router, INVESTIDOR).await;
    assert_eq!(
        status_do_acesso(&amb.router, &acesso(&outra)).await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn dentro_do_intervalo_o_refresh_usado_recebe_o_mesmo_par() {
    let amb = ambiente_com(|c| c.refresh_reuse = Duration::from_secs(60));
    let tokens = entrar(&amb.router, INVESTIDOR).await;
    let r1 = renovacao(&tokens);
    let primeira = renovar(&amb.router, &r1).await.json();
    let segunda = renovar(&amb.router, &r1).await;
    assert_eq!(segunda.status, StatusCode::OK);
    assert_eq!(segunda.json()["token"], primeira["token"]);
    assert_eq!(
        status_do_acesso(&amb.router, &acesso(&primeira)).await,
        StatusCode::OK
    );
    // Only digests and the sealed pair are stored: the new refresh token is nowhere.
    let r2 = renovacao(&primeira);
    let achado: i64 = amb
        .sandbox
        .db()
        .ler(move |c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM tokens WHERE hash = ?1 OR instr(sucessor, ?1) > 0",
                params![r2],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    assert_eq!(achado, 0);
}

#[tokio::test]
async fn troca_de_senha_encerra_as_outras_sessoes_e_mantem_a_atual() {
    let amb = ambiente();
    let atual = entrar(&amb.router, INVESTIDOR).await;
    let outra = entrar(&amb.router, INVESTIDOR).await;
    let de_outro_investidor = entrar(&amb.router, "ativa@colheita.dev").await;
    let r = pedir(
        &amb.router,
        Method::PUT,
        "/v2/seguranca/senha",
        Some(&acesso(&atual)),
        Some((
            "application/json",
            json!({"senhaAtual": crate::sandbox::DEMO_PASSWORD, "novaSenha": "Safra2027",
                "confirmacaoSenha": "Safra2027"})
            .to_string(),
        )),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.texto());
    assert_eq!(
        status_do_acesso(&amb.router, &acesso(&atual)).await,
        StatusCode::OK
    );
    assert_eq!(
        renovar(&amb.router, &renovacao(&atual)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        status_do_acesso(&amb.router, &acesso(&outra)).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        renovar(&amb.router, &renovacao(&outra)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        status_do_acesso(&amb.router, &acesso(&de_outro_investidor)).await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn senha_acima_do_limite_e_recusada_antes_do_hash() {
    let amb = ambiente();
    // Even the right password, when over 128 characters, never logs in.
    let longa = "a1".repeat(65);
    let hash = crate::sandbox::autenticacao::senha::gerar_hash(&longa);
    amb.sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = ?2",
                params![hash, INVESTIDOR],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    for email in [INVESTIDOR, "ninguem@colheita.dev"] {
        let r = postar_login(&amb.router, email, &longa).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{email}");
        assert!(r.texto().contains("E-mail ou senha inválidos."));
    }
}

#[tokio::test]
async fn hash_legado_da_senha_demo_vira_argon2id_ao_abrir() {
    let pasta = pasta_temporaria();
    let abrir = || Sandbox::open(SandboxConfig::new(pasta.clone(), PUBLIC_URL.into())).unwrap();
    let sandbox = abrir();
    // The retired scheme's hash of the demo password (iterated SHA-256), as an old
    // database holds it, and one of an unknown password.
    let desconhecido =
        "sha256i$20000$AAAAAAAAAAAAAAAAAAAAAA$9Wd0Nq1jMWQbN9q9f0S3n3i0i9V0q2k4P8m3A2d1Bc0";
    let demo = hash_legado(crate::sandbox::DEMO_PASSWORD);
    sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = 'ativa@colheita.dev'",
                params![desconhecido],
            )?;
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = ?2",
                params![demo, INVESTIDOR],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    drop(sandbox);
    let sandbox = abrir();
    let hashes: Vec<String> = sandbox
        .db()
        .ler(|c| {
            let mut q = c.prepare("SELECT senha_hash FROM usuarios")?;
            let v = q
                .query_map([], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    assert!(
        hashes.iter().all(|h| !h.starts_with("sha256i$")),
        "{hashes:?}"
    );
    let router = sandbox.router();
    let r = postar_login(&router, "ativa@colheita.dev", crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(
        r.status,
        StatusCode::UNAUTHORIZED,
        "an unknown legacy hash is unusable"
    );
    let r = postar_login(&router, INVESTIDOR, crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(
        r.status,
        StatusCode::SEE_OTHER,
        "the demo password still logs in"
    );
    drop(router);
    drop(sandbox);
    let _ = std::fs::remove_dir_all(&pasta);
}

#[tokio::test]
async fn transicoes_do_sandbox_recusam_pedidos_de_outro_site() {
    let amb = ambiente();
    let pagar = "/sandbox/reservas/999999/pagar";
    let com = |cabecalhos: &'static [(&'static str, &'static str)]| {
        let router = amb.router.clone();
        async move {
            let mut req = axum::http::Request::builder()
                .method(Method::POST)
                .uri(pagar);
            for (k, v) in cabecalhos {
                req = req.header(*k, *v);
            }
            let r = router
                .oneshot(req.body(axum::body::Body::empty()).unwrap())
                .await
                .unwrap();
            r.status()
        }
    };
    for cabecalhos in [
        &[("sec-fetch-site", "cross-site")][..],
        &[("sec-fetch-site", "same-site")][..],
        &[("origin", "http://atacante.test")][..],
        &[("origin", "null")][..],
    ] {
        assert_eq!(
            com(cabecalhos).await,
            StatusCode::FORBIDDEN,
            "{cabecalhos:?}"
        );
    }
    // Its own pages, curl and tests pass (and reach the handler: unknown reservation).
    for cabecalhos in [
        &[][..],
        &[("sec-fetch-site", "same-origin")][..],
        &[("sec-fetch-site", "none")][..],
        &[("origin", PUBLIC_URL)][..],
        &[("origin", "http://sandbox.test"), ("host", "sandbox.test")][..],
    ] {
        assert_eq!(
            com(cabecalhos).await,
            StatusCode::NOT_FOUND,
            "{cabecalhos:?}"
        );
    }
}

/// The retired scheme: `sha256i$<iterations>$<salt>$<digest>`, iterated SHA-256.
fn hash_legado(senha: &str) -> String {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
    use sha2::{Digest, Sha256};
    let sal = [9u8; 16];
    let mut h: [u8; 32] = Sha256::new()
        .chain_update(sal)
        .chain_update(senha)
        .finalize()
        .into();
    for _ in 1..20_000 {
        h = Sha256::new()
            .chain_update(h)
            .chain_update(sal)
            .chain_update(senha)
            .finalize()
            .into();
    }
    format!("sha256i$20000${}${}", B64.encode(sal), B64.encode(h))
}

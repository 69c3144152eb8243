//! Session revocation: a replayed code, a refresh token reused past its grace interval, and
//! a password change that ends the other sessions.

use super::*;

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
        .read(move |c| {
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

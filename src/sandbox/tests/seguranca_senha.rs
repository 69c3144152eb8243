//! The password change checks the current password, so it is bounded like the login: per
//! account and per client address, every attempt counted, 429 in the platform's envelope.

use std::num::NonZeroU32;

use axum::http::{Method, StatusCode};
use serde_json::json;

use super::*;
use crate::rate_limit::MUITAS_TENTATIVAS;
use crate::sandbox::DEMO_PASSWORD;

async fn trocar(amb: &Ambiente, token: &str, atual: &str) -> Resposta {
    pedir(
        &amb.router,
        Method::PUT,
        "/v2/seguranca/senha",
        Some(token),
        Some((
            "application/json",
            json!({"senhaAtual": atual, "novaSenha": "Safra2027", "confirmacaoSenha": "Safra2027"})
                .to_string(),
        )),
    )
    .await
}

fn n(v: u32) -> NonZeroU32 {
    NonZeroU32::new(v).unwrap()
}

#[tokio::test]
async fn a_senha_atual_nao_se_adivinha_sem_limite_por_conta() {
    let amb = ambiente_com(|c| c.password_change_limit = n(3));
    let t = acesso(&entrar(&amb.router, "investidor@colheita.dev").await);
    for _ in 0..3 {
        let r = trocar(&amb, &t, "errada123").await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.texto());
        assert_eq!(r.json()["mensagem"], "A senha atual não confere.");
    }
    // Over the allowance even the right password is refused, before it is looked at.
    let r = trocar(&amb, &t, DEMO_PASSWORD).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.json()["mensagem"], MUITAS_TENTATIVAS);
    // The password did not change: it still opens a session; another account is not
    // affected by this one's allowance.
    let outra = acesso(&entrar(&amb.router, "ativa@colheita.dev").await);
    assert_eq!(
        trocar(&amb, &outra, DEMO_PASSWORD).await.status,
        StatusCode::NO_CONTENT
    );
}

#[tokio::test]
async fn um_endereco_que_tenta_varias_contas_tambem_e_limitado() {
    let amb = ambiente_com(|c| {
        c.password_change_limit = n(10);
        c.login_limit = n(4);
    });
    let a = acesso(&entrar(&amb.router, "investidor@colheita.dev").await);
    let b = acesso(&entrar(&amb.router, "ativa@colheita.dev").await);
    for t in [&a, &a, &b, &b] {
        assert_eq!(
            trocar(&amb, t, "errada123").await.status,
            StatusCode::BAD_REQUEST
        );
    }
    let r = trocar(&amb, &b, "errada123").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.json()["mensagem"], MUITAS_TENTATIVAS);
}

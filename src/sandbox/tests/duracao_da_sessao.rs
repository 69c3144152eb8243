//! The provider caps every token of a session at the session's maximum lifetime: a
//! session refreshed again and again still ends (ASVS 7.3.2).

use std::time::Duration;

use axum::http::StatusCode;

use super::seguranca::renovar;
use super::*;

const INVESTIDOR: &str = "investidor@colheita.dev";

#[tokio::test]
async fn tokens_nunca_passam_do_limite_da_sessao() {
    let amb = ambiente_com(|c| {
        c.session_max = Duration::from_secs(3);
        c.refresh_reuse = Duration::ZERO;
    });
    let tokens = entrar(&amb.router, INVESTIDOR).await;
    assert_eq!(tokens["token"]["refresh_expires_in"], 3);
    assert_eq!(tokens["token"]["expires_in"], 3);
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let renovado = renovar(&amb.router, &renovacao(&tokens)).await;
    assert_eq!(renovado.status, StatusCode::OK);
    let renovado = renovado.json();
    let restante = renovado["token"]["refresh_expires_in"].as_u64().unwrap();
    assert!((1..=2).contains(&restante), "{restante}");
    tokio::time::sleep(Duration::from_millis(2_000)).await;
    let tarde = renovar(&amb.router, &renovacao(&renovado)).await;
    assert_eq!(tarde.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sem_limite_curto_valem_os_tempos_configurados() {
    let amb = ambiente();
    let tokens = entrar(&amb.router, INVESTIDOR).await;
    assert_eq!(tokens["token"]["refresh_expires_in"], 1800);
    assert_eq!(tokens["token"]["expires_in"], 300);
}

//! A speculative offering's term: two options, and the investor's choice (never one that
//! contradicts the declaration in force).

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::sandbox::tests::reservas::*;
use crate::sandbox::tests::*;

#[tokio::test]
async fn duas_opcoes_de_termo_e_escolha() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, true).await;
    let r = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let termos = r.json()["termos"].as_array().unwrap().clone();
    assert_eq!(termos.len(), 2);
    assert_ne!(termos[0]["opcao"], termos[1]["opcao"]);
    assert!(
        termos
            .iter()
            .all(|o| o["descricao"].as_str().unwrap().len() > 20)
    );
    let reserva = r.json()["id"].as_i64().unwrap();
    let url = format!("/v1/reservas/{reserva}/assinarcontrato");
    let sem = chamar(
        &amb.router,
        Method::PATCH,
        &url,
        &t,
        Some(json!({"aceite": true, "versaoCienciaRisco": "2026.1"})),
    )
    .await;
    assert_eq!(sem.status, StatusCode::BAD_REQUEST);
    // The demo investor declared themself qualified: the option saying otherwise restates
    // the declaration wrongly and is refused, whatever the web app let through.
    let contradiz = chamar(
        &amb.router,
        Method::PATCH,
        &url,
        &t,
        Some(json!({"opcao": 2, "aceite": true, "versaoCienciaRisco": "2026.1"})),
    )
    .await;
    assert_eq!(contradiz.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        contradiz.json()["mensagem"],
        crate::domain::limite_anual::opcoes::MSG_OPTION_CONTRADICTS
    );
    let ok = chamar(
        &amb.router,
        Method::PATCH,
        &url,
        &t,
        Some(json!({"opcao": 1, "aceite": true, "versaoCienciaRisco": "2026.1"})),
    )
    .await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    let termo = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/termo"),
        Some(&t),
    )
    .await
    .json();
    assert_eq!(termo["opcaoAceita"], "1");
}

//! `GET /v1/reservas/simular/{id}`: the scenarios of a seeded offering, and the refusals.

use std::str::FromStr;

use axum::http::StatusCode;
use jiff::Span;
use serde_json::Value;

use crate::domain::dates;
use crate::sandbox::reservas::simulacao::{BASE, MSG_VALOR};
use crate::sandbox::tempo;
use crate::sandbox::tests::{ambiente, get};

async fn id_de(router: &axum::Router, url: &str) -> i64 {
    let r = get(router, &format!("/v1/captacoes/urlamigavel/{url}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_endpoint_answers_the_scenarios_of_a_seeded_offering() {
    let amb = ambiente();
    let id = id_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    let oferta = get(&amb.router, &format!("/v1/captacoes/{id}"), None)
        .await
        .json();
    // Below the minimum (R$ 1.000,00) still simulates.
    let r = get(
        &amb.router,
        &format!("/v1/reservas/simular/{id}?valorBase=100.00"),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let v = r.json();
    let lista = v.as_array().unwrap();
    assert_eq!(lista.len(), 3);
    assert_eq!(lista[0]["nome"], BASE);
    let parcelas = lista[0]["parcelas"].as_array().unwrap();
    assert_eq!(parcelas.len(), 12, "monthly over 12 months");
    // 100 × 1.352972…% = 1.35 a month; total interest 16.2357… → 16.24; last 100 + 16.24 − 14.85.
    assert_eq!(parcelas[0]["valor"], serde_json::json!(1.35));
    assert_eq!(parcelas[11]["valor"], serde_json::json!(101.39));
    assert_eq!(lista[0]["totalReceber"], serde_json::json!(116.24));
    assert_eq!(lista[1]["totalReceber"], serde_json::json!(117.5));
    // The first payment is a month after the day after fundraising ends.
    let fim = jiff::Timestamp::from_str(oferta["fimCaptacao"].as_str().unwrap()).unwrap();
    let d0 = tempo::somar_dias(dates::today_in_sao_paulo(fim), 1).unwrap();
    let primeira = d0.checked_add(Span::new().months(1)).unwrap();
    assert_eq!(
        parcelas[0]["dataPagamento"].as_str().unwrap(),
        tempo::rfc3339(tempo::no_dia(primeira, 0, 0, 0).unwrap())
    );
    assert_eq!(parcelas[0]["numero"], 1);
}

#[tokio::test]
async fn bad_amounts_unknown_offerings_and_drafts_are_refused() {
    let amb = ambiente();
    let id = id_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    for q in [
        "",
        "?valorBase=",
        "?valorBase=abc",
        "?valorBase=0",
        "?valorBase=-1",
    ] {
        let r = get(
            &amb.router,
            &format!("/v1/reservas/simular/{id}{q}"),
            Some("qualquer"),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{q}");
        assert_eq!(r.json()["mensagem"], MSG_VALOR, "{q}");
    }
    let r = get(
        &amb.router,
        "/v1/reservas/simular/999999?valorBase=1000",
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.json()["mensagem"].is_string());
    assert_eq!(
        get(&amb.router, "/v1/reservas/simular/abc?valorBase=1000", None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let rascunho = id_de(&amb.router, "milho-fazenda-sete-lagoas-chapadao-do-sul").await;
    let r = get(
        &amb.router,
        &format!("/v1/reservas/simular/{rascunho}?valorBase=1000"),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let _: Value = r.json();
}

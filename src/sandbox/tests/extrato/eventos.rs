//! Lines and notifications written by the reservation life cycle: confirm, pay, refund.

use axum::http::{Method, StatusCode};
use rust_decimal::Decimal;
use serde_json::Value;

use super::{dia_da_linha, extrato, hoje};
use crate::sandbox::tests::cvm::titulos;
use crate::sandbox::tests::reservas::{
    INVESTIDOR, dec, oferta_aberta, oferta_json, reservar, token,
};
use crate::sandbox::tests::*;

#[tokio::test]
async fn reservar_pagar_e_estornar_escrevem_linhas_e_notificacoes() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let (id, _) = reservar(&amb.router, &t, oferta, minimo * Decimal::from(3), 1).await;
    let nome = oferta_json(&amb.router, oferta).await["nomeCaptacao"]
        .as_str()
        .unwrap()
        .to_owned();
    let aporte = |linhas: &[Value]| {
        linhas
            .iter()
            .find(|l| {
                l["tipo"] == "Aporte"
                    && l["nomeAtivo"] == nome.as_str()
                    && dia_da_linha(l) == hoje()
            })
            .cloned()
    };
    let (linhas, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000").await;
    let pendente = aporte(&linhas).expect("the confirmed reservation's line");
    assert_eq!(pendente["status"], "Pendente");
    assert_eq!(dec(&pendente["valor"]), -minimo * Decimal::from(3));
    assert_eq!(titulos(&amb, &t).await[0], "Reserva confirmada");

    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{id}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let (linhas, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000&Status=Liquidado").await;
    let paga = aporte(&linhas).expect("the paid line");
    assert_eq!(paga["id"], pendente["id"], "the same line, now settled");
    let avisos = titulos(&amb, &t).await;
    assert_eq!(avisos[0], "Pix recebido");
    let r = get(&amb.router, "/v1/notificacoes?PageSize=1", Some(&t)).await;
    assert!(
        r.json()["dados"][0]["resumo"]
            .as_str()
            .unwrap()
            .contains(&nome)
    );

    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{id}/estornar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json()["status"]["name"], "Cancelado");
    let (linhas, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000&Tipo=Estorno").await;
    let estorno = linhas
        .iter()
        .find(|l| l["nomeAtivo"] == nome.as_str())
        .expect("estorno");
    assert_eq!(dec(&estorno["valor"]), minimo * Decimal::from(3));
    assert_eq!(estorno["status"], "Liquidado");
    assert_eq!(titulos(&amb, &t).await[0], "Aporte estornado");
    // A second refund is not a valid transition.
    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{id}/estornar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
}

//! Success is re-checked after the withdrawals: money goes to the issuer only when, once
//! every withdrawal period of the offering has ended, what stands is still at least the
//! minimum target; otherwise the offering fails then and every standing reservation is
//! cancelled and refunded. Time moves by moving the stored periods, never by sleeping.

use axum::http::StatusCode;
use serde_json::Value;

use super::cvm::{
    bastidor, desistir, investir, no_banco, paga_sem_minimo, prazos_da_oferta_encerrados,
    qualificado, reserva, titulos,
};
use super::extrato::extrato;
use super::reservas::{dec, oferta_aberta};
use super::*;

#[tokio::test]
async fn desistencias_que_levam_abaixo_do_minimo_cancelam_e_devolvem_em_vez_de_repassar() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let fica = investir(&amb, &t, oferta, minimo).await;
    let sai = investir(&amb, &t, oferta, minimo).await;
    for id in [fica, sai] {
        bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    }
    // The minimum is exactly what stands with both reservations.
    no_banco(
        &amb,
        "UPDATE captacoes SET valor_alvo_minimo_centavos = arrecadado_base_centavos + (
            SELECT SUM(investimento_centavos) FROM reservas
            WHERE captacao_id = ?1 AND status IN ('Pago', 'Aprovado')) WHERE id = ?1",
        oferta,
        None,
    )
    .await;
    let r = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(r.json()["resultado"], "Sucesso", "{}", r.texto());

    // A withdrawal inside its period takes it below the minimum; other periods still run:
    // nothing goes to the issuer, nothing is decided yet.
    assert_eq!(desistir(&amb, &t, sai).await.status, StatusCode::OK);
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = reserva(&amb, &t, fica).await;
    assert_eq!(r["status"]["name"], "Pago");
    assert_eq!(r["dataRepasse"], Value::Null);

    // Every period ends (the clock moved): the offering failed after all.
    prazos_da_oferta_encerrados(&amb, oferta).await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = reserva(&amb, &t, fica).await;
    assert_eq!(r["status"]["name"], "Cancelado", "{r}");
    assert_eq!(
        r["motivoCancelamento"],
        "Captação encerrada sem atingir o valor alvo mínimo"
    );
    assert_eq!(r["dataRepasse"], Value::Null, "never transferred");
    let (estornos, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000&Tipo=Estorno").await;
    assert_eq!(estornos.len(), 2, "the withdrawal's and the failure's");
    assert!(estornos.iter().all(|e| dec(&e["valor"]) == minimo));
    assert!(
        titulos(&amb, &t)
            .await
            .iter()
            .any(|a| a == "Captação cancelada")
    );
    let o = get(&amb.router, &format!("/v1/captacoes/{oferta}"), None)
        .await
        .json();
    assert_eq!(o["resultadoCaptacao"], "Malsucedida", "{o}");
}

#[tokio::test]
async fn com_o_minimo_de_pe_depois_das_desistencias_o_dinheiro_vai_ao_emissor() {
    let (amb, t, oferta, id) = paga_sem_minimo().await;
    bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    prazos_da_oferta_encerrados(&amb, oferta).await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = reserva(&amb, &t, id).await;
    assert!(r["dataRepasse"].is_string(), "{r}");
}

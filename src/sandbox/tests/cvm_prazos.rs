//! The deadlines are said before the investor commits: the withdrawal period and the
//! refund deadline are configuration, answered with the declaration's rules, and written
//! into the risk term and the adhesion term.

use axum::http::StatusCode;
use serde_json::json;

use super::cvm::{criar, declaracao, novo_investidor, reais};
use super::reservas::oferta_aberta;
use super::*;

#[tokio::test]
async fn os_prazos_de_desistencia_e_devolucao_sao_configuracao_e_estao_nos_termos() {
    let (amb, t) = novo_investidor(|c| {
        c.withdrawal_days = 7;
        c.refund_business_days = 3;
    })
    .await;
    let d = declaracao(&amb, &t).await;
    assert_eq!(d["regras"]["diasDesistencia"], json!(7));
    assert_eq!(d["regras"]["diasUteisDevolucao"], json!(3));

    super::cvm::declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": 0}),
    )
    .await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let r = criar(&amb, &t, oferta, minimo.max(reais(1))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let risco = r.json()["cienciaRisco"]["conteudo"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        risco.contains(
            "prazo de desistência informado na oferta, de 7 dias contados da confirmação"
        ),
        "{risco}"
    );
    assert!(risco.contains("em até 3 dias úteis"), "{risco}");
    assert!(!risco.contains('{'), "no placeholder left: {risco}");
    let adesao = r.json()["conteudo"].as_str().unwrap().to_owned();
    assert!(
        adesao.contains("em até 7 dias contados da confirmação"),
        "{adesao}"
    );
    assert!(adesao.contains("devolução em até 3 dias úteis"), "{adesao}");

    // The standing documents carry the same periods.
    let pdf = get(
        &amb.router,
        "/v1/termos/termo-de-ciencia-de-risco",
        Some(&t),
    )
    .await;
    assert_eq!(pdf.status, StatusCode::OK);
}

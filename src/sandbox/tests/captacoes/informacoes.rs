//! The essential information of Resolução CVM nº 88/2022 in the Offering JSON and as a
//! document of every offering.

use std::str::FromStr;

use axum::http::{StatusCode, header};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::Value;

use super::documentos::documentos_de;
use crate::sandbox::erro::NENHUM_ARQUIVO;
use crate::sandbox::pdf::tests::texto_do_pdf;
use crate::sandbox::tests::{ambiente, ambiente_com, get};

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("not a number: {v}"))
}

async fn oferta(router: &axum::Router, url: &str) -> Value {
    let r = get(router, &format!("/v1/captacoes/urlamigavel/{url}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{url}");
    r.json()
}

#[tokio::test]
async fn the_offering_json_has_the_minimum_and_maximum_targets_and_the_result() {
    let amb = ambiente();
    let o = oferta(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    assert_eq!(dec(&o["valorAlvoMinimo"]), dec!(1000000));
    assert_eq!(dec(&o["valorAlvoMaximo"]), dec(&o["limiteArrecadacao"]));
    assert_eq!(o["distribuicaoParcial"], true);
    assert!(
        o["resultadoCaptacao"].is_null(),
        "{}",
        o["resultadoCaptacao"]
    );
    // Written as the decimal's own text, like every amount.
    let texto = get(
        &amb.router,
        "/v1/captacoes/urlamigavel/fazenda-santa-luzia-soja-2027",
        None,
    )
    .await
    .texto();
    assert!(texto.contains("\"valorAlvoMinimo\":1000000.00"), "{texto}");

    let sem_parcial = oferta(&amb.router, "cacau-cabruca-fazenda-provisao").await;
    assert_eq!(sem_parcial["distribuicaoParcial"], false);
    assert_eq!(
        dec(&sem_parcial["valorAlvoMinimo"]),
        dec(&sem_parcial["valorAlvoMaximo"])
    );

    // A stored close result is shown as is.
    let id = o["id"].as_i64().unwrap();
    amb.sandbox
        .db()
        .write(move |tx| {
            tx.execute(
                "UPDATE captacoes SET resultado = 'Malsucedida' WHERE id = ?1",
                [id],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let o = oferta(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    assert_eq!(o["resultadoCaptacao"], "Malsucedida");
}

#[tokio::test]
async fn the_list_carries_the_same_fields_and_no_ended_offering_is_below_its_minimum() {
    let amb = ambiente();
    let r = get(&amb.router, "/v1/captacoes?PageSize=1000", None).await;
    let dados = r.json()["dados"].as_array().unwrap().clone();
    assert!(!dados.is_empty());
    for o in &dados {
        let url = o["urlAmigavel"].as_str().unwrap();
        let minimo = dec(&o["valorAlvoMinimo"]);
        assert!(minimo > Decimal::ZERO, "{url}");
        assert!(minimo <= dec(&o["valorAlvoMaximo"]), "{url}");
        assert!(o["distribuicaoParcial"].is_boolean(), "{url}");
        assert!(o.get("resultadoCaptacao").is_some(), "{url}");
        // Closing an ended offering must never fail it (the close sweep cancels those),
        // but the one seeded as failed, its result already recorded.
        let fim = jiff::Timestamp::from_str(o["fimCaptacao"].as_str().unwrap()).unwrap();
        if fim < jiff::Timestamp::now() && o["resultadoCaptacao"] != "Malsucedida" {
            assert!(
                minimo <= dec(&o["arrecadado"]),
                "{url} ended below its minimum"
            );
        }
        if o["distribuicaoParcial"] == false {
            assert_eq!(minimo, dec(&o["valorAlvoMaximo"]), "{url}");
        }
    }
    assert!(dados.iter().any(|o| o["distribuicaoParcial"] == false));
}

#[tokio::test]
async fn every_offering_lists_its_essential_information_served_as_a_pdf() {
    let amb = ambiente_com(|c| c.withdrawal_days = 9);
    let (id, docs) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    let essenciais: Vec<_> = docs
        .iter()
        .filter(|(_, t, _)| t == "InformacoesEssenciais")
        .collect();
    assert_eq!(essenciais.len(), 1, "{docs:?}");
    let (doc, _, nome) = essenciais[0];
    assert_eq!(nome, "Informações essenciais da oferta");
    let r = get(
        &amb.router,
        &format!("/v1/captacoes/{id}/documento/{doc}"),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(r.corpo.starts_with(b"%PDF-"));
    let texto = texto_do_pdf(&r.corpo);
    for esperado in [
        "Informações essenciais da oferta",
        "Fazenda Santa Luzia",
        "Valor alvo mínimo: R$ 1.000.000,00",
        "Valor alvo máximo: R$ 1.500.000,00",
        "Investimento mínimo: R$ 1.000,00",
        "em até 9 dias",
        "R$ 20.000,00",
        "Alertas de risco",
        "Aviso da CVM",
    ] {
        assert!(texto.contains(esperado), "missing {esperado:?} in {texto}");
    }

    // Every offering, drafts included (they can be previewed), lists it once.
    let r = get(&amb.router, "/v1/captacoes?PageSize=1000", None).await;
    for o in r.json()["dados"].as_array().unwrap() {
        let n = o["documentos"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["tipo"] == "InformacoesEssenciais")
            .count();
        assert_eq!(n, 1, "{}", o["urlAmigavel"]);
    }
    let (rascunho, docs) =
        documentos_de(&amb.router, "milho-fazenda-sete-lagoas-chapadao-do-sul").await;
    let (doc_rascunho, _, _) = docs
        .iter()
        .find(|(_, t, _)| t == "InformacoesEssenciais")
        .cloned()
        .expect("a draft lists it too");
    // Another offering's document, or an unknown one, is not found, as for every document.
    for uri in [
        format!("/v1/captacoes/{id}/documento/{doc_rascunho}"),
        format!("/v1/captacoes/{rascunho}/documento/{doc}"),
        format!("/v1/captacoes/999999/documento/{doc}"),
    ] {
        let r = get(&amb.router, &uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(r.json(), serde_json::json!({"mensagem": NENHUM_ARQUIVO}));
    }
}

#[tokio::test]
async fn a_database_without_the_document_gets_it_on_the_next_start() {
    let amb = ambiente();
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "DELETE FROM captacao_documentos WHERE tipo = 'InformacoesEssenciais'",
                [],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let (_, docs) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    assert!(docs.iter().all(|(_, t, _)| t != "InformacoesEssenciais"));
    let pasta = amb.pasta.clone();
    let mut cfg = crate::sandbox::SandboxConfig::new(
        pasta,
        format!("{}/", crate::sandbox::tests::PUBLIC_URL),
    );
    cfg.reset = false;
    let de_novo = crate::sandbox::Sandbox::open(cfg).unwrap().router();
    let (_, docs) = documentos_de(&de_novo, "fazenda-santa-luzia-soja-2027").await;
    assert_eq!(
        docs.iter()
            .filter(|(_, t, _)| t == "InformacoesEssenciais")
            .count(),
        1
    );
}

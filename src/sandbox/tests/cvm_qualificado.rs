//! The qualified investor's declaration is a signed term: its text states the criteria
//! (Resolução CVM nº 30) with the amount in force, the platform refuses a qualification
//! without it or in another version, and the signature is recorded.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::cvm::{declaracao, declarar, declarar_qualificado, novo_investidor, reais};
use super::reservas::dec;
use super::*;
use crate::domain::limite_anual::{MSG_QUALIFIED_TERM, MSG_QUALIFIED_TERM_CHANGED};

#[tokio::test]
async fn ser_qualificado_exige_a_declaracao_assinada_na_versao_vigente_e_fica_registrado() {
    let (amb, t) = novo_investidor(|c| c.qualified_investments = reais(1_500_000)).await;
    let d = declaracao(&amb, &t).await;
    assert_eq!(
        dec(&d["regras"]["investimentosQualificado"]),
        reais(1_500_000)
    );
    let termo = &d["termoQualificado"];
    assert_eq!(termo["titulo"], "Declaração de investidor qualificado");
    assert_eq!(termo["versao"], "2026.1");
    let texto = termo["conteudo"].as_str().unwrap();
    for trecho in [
        "Resolução CVM nº 30",
        "superior a R$ 1.500.000,00",
        "certificação profissional",
    ] {
        assert!(texto.contains(trecho), "{trecho}: {texto}");
    }

    // A bare "qualified" is refused, and so is a version other than the one in force.
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": false}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["mensagem"], MSG_QUALIFIED_TERM);
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": false, "versaoTermoQualificado": "2025.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["mensagem"], MSG_QUALIFIED_TERM_CHANGED);
    assert_eq!(declaracao(&amb, &t).await["declaracao"], Value::Null);

    let r = declarar_qualificado(&amb, &t).await;
    assert_eq!(r.json()["declaracao"]["versaoTermoQualificado"], "2026.1");
    assert_eq!(r.json()["limite"]["limiteAnual"], Value::Null);
    let registros = get(&amb.router, "/v1/cadastro/registros", Some(&t))
        .await
        .json();
    let docs: Vec<(&str, &str)> = registros
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["documento"].as_str().unwrap(),
                r["versao"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        docs.contains(&("DeclaracaoInvestidorQualificado", "2026.1")),
        "{docs:?}"
    );

    // Not qualified: no signature asked for, none recorded.
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": 0}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(
        r.json()["declaracao"]["versaoTermoQualificado"],
        Value::Null
    );
}

#[tokio::test]
async fn uma_qualificacao_sem_a_declaracao_assinada_nao_tira_o_limite() {
    let (amb, t) = novo_investidor(|_| {}).await;
    // A qualification stored before the signed term existed.
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "INSERT INTO declaracoes_investidor (usuario_id, qualificado, acima_do_patamar,
                    investido_outras_centavos, ano, versao, declarada_em)
                 SELECT id, 1, 0, 0, 2026, '2026.1', 0 FROM usuarios WHERE email = ?1",
                rusqlite::params![super::cvm::CARGA],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let d = declaracao(&amb, &t).await;
    assert_eq!(d["declaracao"]["qualificado"], true);
    assert_eq!(dec(&d["limite"]["limiteAnual"]), reais(20_000));
    assert!(dec(&d["limite"]["disponivel"]) <= reais(20_000));
}

#[tokio::test]
async fn qualificado_com_renda_e_investimentos_ate_o_patamar_e_recusado_e_nada_fica_gravado() {
    let (amb, t) = novo_investidor(|c| c.qualified_investments = reais(1_500_000)).await;
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": false, "versaoTermoQualificado": "2026.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let mensagem = r.json()["mensagem"].as_str().unwrap_or_default().to_owned();
    assert_eq!(
        mensagem,
        crate::domain::limite_anual::msg_qualified_band(
            &crate::domain::limite_anual::AnnualLimitRules::CVM_88,
            reais(1_500_000)
        )
    );
    assert!(mensagem.contains("de até R$ 200.000,00"), "{mensagem}");
    assert!(mensagem.contains("R$ 1.500.000,00"), "{mensagem}");
    assert_eq!(declaracao(&amb, &t).await["declaracao"], Value::Null);

    // Qualified with the band above it, or without a band (a certification): accepted.
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": true, "versaoTermoQualificado": "2026.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let r = declarar_qualificado(&amb, &t).await;
    assert_eq!(r.json()["declaracao"]["qualificado"], true);
    // Not qualified still answers the band.
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "investidoOutrasPlataformas": 0}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

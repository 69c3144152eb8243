//! An offering's phase follows its dates and its close, with no job run: before its start
//! no money moves (the order is recorded, its Pix and withdrawal period start at the
//! opening, with a notification), after its end no order is taken, and no offering is
//! created past the cap or the longest period. Time moves by moving the stored dates.

use axum::http::StatusCode;
use rust_decimal::Decimal;
use serde_json::Value;

use super::cvm::{bastidor, criar, investir, no_banco, qualificado, reserva, titulos};
use super::reservas::oferta_aberta;
use super::*;
use crate::domain::captacao::RegrasOferta;
use crate::sandbox::tempo;

const DIA_MS: i64 = 86_400_000;

async fn por_url(amb: &Ambiente, url: &str) -> Value {
    let r = get(
        &amb.router,
        &format!("/v1/captacoes/urlamigavel/{url}"),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{url}: {}", r.texto());
    r.json()
}

#[tokio::test]
async fn o_seed_tem_uma_oferta_em_cada_fase_e_a_api_diz_qual() {
    let amb = ambiente();
    for (url, status) in [
        ("cacau-sistema-agroflorestal-medicilandia", "Pré-lançamento"),
        ("fazenda-santa-luzia-soja-2027", "Captação no ar"),
        ("soja-fazenda-rio-das-mortes-primavera", "Encerrado"),
        ("trigo-cevada-guarapuava-2026", "Finalizado"),
        ("soja-fazenda-santa-clara-bom-jesus", "Cancelado"),
        ("cafe-conilon-sitio-boa-vista", "Cancelado"),
    ] {
        let o = por_url(&amb, url).await;
        assert_eq!(o["statusCaptacao"], status, "{url}");
        assert_eq!(o["status"]["name"], status, "{url}");
    }
    let falhou = por_url(&amb, "soja-fazenda-santa-clara-bom-jesus").await;
    assert_eq!(falhou["resultadoCaptacao"], "Malsucedida");
}

/// `oferta` opens `dias` days from now (and ends 30 days after).
async fn abre_em(amb: &Ambiente, oferta: i64, dias: i64) {
    let agora = tempo::ms(tempo::agora());
    no_banco(
        amb,
        "UPDATE captacoes SET inicio_captacao = ?1, fim_captacao = ?1 + 30 * 86400000 WHERE id = ?2",
        agora + dias * DIA_MS,
        Some(oferta),
    )
    .await;
}

#[tokio::test]
async fn antes_da_abertura_a_reserva_fica_registrada_sem_pix_e_sem_pagamento() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    abre_em(&amb, oferta, 3).await;
    let o = get(&amb.router, &format!("/v1/captacoes/{oferta}"), None)
        .await
        .json();
    assert_eq!(o["statusCaptacao"], "Pré-lançamento");

    let id = investir(&amb, &t, oferta, minimo).await;
    let r = reserva(&amb, &t, id).await;
    assert_eq!(r["pix"], Value::Null, "no Pix before the opening: {r}");
    let abertura = r["pagamentoAPartirDe"]
        .as_str()
        .expect("the opening")
        .to_owned();
    assert_eq!(abertura, o["inicioCaptacao"].as_str().unwrap());
    // The withdrawal period counts from the opening, not from the confirmation.
    assert!(
        r["desistenciaAte"].as_str().unwrap() > abertura.as_str(),
        "{r}"
    );

    let pagar = bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    assert_eq!(pagar.status, StatusCode::CONFLICT, "{}", pagar.texto());
    assert!(
        pagar.json()["mensagem"]
            .as_str()
            .unwrap()
            .contains("nenhum pagamento é recebido antes da abertura"),
        "{}",
        pagar.texto()
    );

    // The offering opens: the investor is told, the Pix is asked for, payment goes through.
    abre_em(&amb, oferta, 0).await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    assert!(
        titulos(&amb, &t)
            .await
            .iter()
            .any(|a| a == "Captação aberta"),
        "{:?}",
        titulos(&amb, &t).await
    );
    amb.sandbox.close_ended_offerings().await.unwrap();
    let avisos = titulos(&amb, &t).await;
    assert_eq!(
        avisos.iter().filter(|a| *a == "Captação aberta").count(),
        1,
        "told once"
    );
    let r = reserva(&amb, &t, id).await;
    assert!(r["pix"].is_object(), "{r}");
    assert!(r.get("pagamentoAPartirDe").is_none(), "{r}");
    let pagar = bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    assert_eq!(pagar.status, StatusCode::OK, "{}", pagar.texto());
}

#[tokio::test]
async fn depois_do_periodo_nenhuma_reserva_nem_confirmacao() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let r = criar(&amb, &t, oferta, minimo).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let id = r.json()["id"].as_i64().unwrap();
    no_banco(
        &amb,
        "UPDATE captacoes SET fim_captacao = ?1 WHERE id = ?2",
        tempo::ms(tempo::agora()) - 1,
        Some(oferta),
    )
    .await;
    let o = get(&amb.router, &format!("/v1/captacoes/{oferta}"), None)
        .await
        .json();
    assert_eq!(o["statusCaptacao"], "Encerrado");
    let nova = criar(&amb, &t, oferta, minimo).await;
    assert_eq!(nova.status, StatusCode::BAD_REQUEST, "{}", nova.texto());
    assert_eq!(
        nova.json()["mensagem"],
        "Esta captação não está aberta para investimentos."
    );
    let opcao = r.json()["termos"][0]["opcao"].clone();
    super::cvm::assinar(
        &amb,
        &t,
        id,
        serde_json::json!({"opcao": opcao, "aceite": true, "versaoCienciaRisco": "2026.1", "declaracaoConfirmada": true}),
    )
    .await;
    let c = super::cvm::confirmar(&amb, &t, id).await;
    assert_eq!(c.status, StatusCode::BAD_REQUEST, "{}", c.texto());
}

#[tokio::test]
async fn uma_oferta_cancelada_nao_recebe_reservas() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    no_banco(
        &amb,
        "UPDATE captacoes SET cancelada_em = ?1 WHERE id = ?1",
        oferta,
        None,
    )
    .await;
    let o = get(&amb.router, &format!("/v1/captacoes/{oferta}"), None)
        .await
        .json();
    assert_eq!(o["statusCaptacao"], "Cancelado");
    let r = criar(&amb, &t, oferta, minimo).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.texto());
}

#[test]
fn o_seed_recusa_uma_oferta_acima_do_teto_ou_do_prazo() {
    for (regras, esperado) in [
        (
            RegrasOferta {
                teto: Decimal::from(10_000_000),
                ..RegrasOferta::CVM_88
            },
            "ultrapassa o limite de R$ 10.000.000,00 por oferta",
        ),
        (
            RegrasOferta {
                dias_captacao: 30,
                ..RegrasOferta::CVM_88
            },
            "ultrapassa o máximo de 30 dias",
        ),
    ] {
        let pasta = pasta_temporaria();
        let mut cfg = SandboxConfig::new(pasta.clone(), format!("{PUBLIC_URL}/"));
        cfg.offering_rules = regras;
        let erro = match Sandbox::open(cfg) {
            Ok(_) => panic!("seeded past {regras:?}"),
            Err(e) => e.to_string(),
        };
        let _ = std::fs::remove_dir_all(&pasta);
        assert!(erro.contains(esperado), "{erro}");
    }
}

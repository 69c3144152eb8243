//! After the money goes in: the demo investor's holdings in every situation, one holding's
//! answer, the issuer's updates and reports, an instalment becoming overdue as the clock
//! passes its due date and a recorded payment clearing it, and the notices.

mod avisos;
mod baixa;
mod historico;
mod relogio;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use serde_json::Value;

use crate::sandbox::pdf::tests::conformidade;
use crate::sandbox::tests::reservas::{ATIVA, INVESTIDOR, dec, token};
use crate::sandbox::tests::*;

const SITUACOES: [&str; 6] = [
    "EM_CAPTACAO",
    "EM_DIA",
    "ATRASADO",
    "EM_RECUPERACAO",
    "INADIMPLENTE",
    "LIQUIDADO",
];

/// The demo investor's holdings by situation: (url, idCaptacao) of the first of each.
async fn por_situacao(router: &axum::Router, t: &str) -> BTreeMap<String, (String, i64)> {
    let r = get(router, "/v1/reservas/alocacao/resumida", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let mut mapa = BTreeMap::new();
    for item in r.json()["lista"].as_array().unwrap() {
        let s = item["situacao"].as_str().unwrap().to_owned();
        mapa.entry(s).or_insert((
            item["urlAmigavel"].as_str().unwrap().to_owned(),
            item["idCaptacao"].as_i64().unwrap(),
        ));
    }
    mapa
}

async fn investimento(router: &axum::Router, t: &str, url: &str) -> Value {
    let r = get(router, &format!("/v1/investimentos/{url}"), Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
}

fn tipos(v: &Value) -> Vec<&str> {
    v["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["tipo"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn the_seed_gives_the_demo_investor_every_situation_with_its_story() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t)).await;
    let resumo = r.json();
    assert!(
        dec(&resumo["valorEmAtraso"]) > rust_decimal::Decimal::ZERO,
        "{resumo}"
    );
    assert!(dec(&resumo["valorEmRecuperacao"]) > rust_decimal::Decimal::ZERO);
    let mapa = por_situacao(&amb.router, &t).await;
    for s in SITUACOES {
        let (url, _) = mapa.get(s).unwrap_or_else(|| panic!("{s} in {mapa:?}"));
        let v = investimento(&amb.router, &t, url).await;
        assert_eq!(v["situacao"], s, "{v}");
        assert_eq!(v["urlAmigavel"].as_str(), Some(url.as_str()));
        let eventos = v["eventos"].as_array().unwrap();
        let datas: Vec<&str> = eventos
            .iter()
            .map(|e| e["data"].as_str().unwrap())
            .collect();
        assert!(
            datas.windows(2).all(|w| w[0] >= w[1]),
            "newest first: {datas:?}"
        );
        assert!(tipos(&v).contains(&"RESERVA"));
        let dias = v["diasEmAtraso"].as_i64().unwrap();
        match s {
            "ATRASADO" => {
                assert!((1..30).contains(&dias), "{dias}");
                assert!(tipos(&v).contains(&"PARCELA_EM_ATRASO"));
                assert!(dec(&v["emAtraso"]) > rust_decimal::Decimal::ZERO);
            }
            "EM_RECUPERACAO" => {
                assert_eq!(dias, 0);
                assert!(tipos(&v).contains(&"RENEGOCIACAO_ACORDADA"), "{v}");
                let estados: Vec<&str> = v["parcelas"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["estado"].as_str().unwrap())
                    .collect();
                assert!(estados.contains(&"RENEGOCIADA"), "{estados:?}");
            }
            "INADIMPLENTE" => {
                assert!(tipos(&v).contains(&"BAIXA"));
                assert!(tipos(&v).contains(&"VALOR_RECUPERADO"));
                assert!(dias > 90);
                assert!(dec(&v["baixado"]) > rust_decimal::Decimal::ZERO);
                assert!(v["proximoPagamento"].is_null());
            }
            "LIQUIDADO" => {
                assert_eq!(dec(&v["aReceber"]), rust_decimal::Decimal::ZERO);
                assert!(dec(&v["recebido"]) > dec(&v["investido"]));
            }
            "EM_CAPTACAO" => {
                assert!(v["inicioRendimento"].is_null());
                assert!(!v["proximoPagamento"].is_null());
            }
            _ => assert_eq!(dias, 0),
        }
    }
}

#[tokio::test]
async fn each_holding_has_quarterly_updates_with_a_tagged_report() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    for s in SITUACOES {
        let (_, id) = mapa[s];
        let r = get(
            &amb.router,
            &format!("/v1/captacoes/{id}/atualizacoes"),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
        let lista = r.json()["atualizacoes"].as_array().unwrap().clone();
        let periodicas: Vec<&Value> = lista
            .iter()
            .filter(|a| matches!(a["tipo"].as_str(), Some("TRIMESTRAL" | "ANUAL")))
            .collect();
        assert!(!periodicas.is_empty(), "{s}: {lista:?}");
        let datas: Vec<&str> = lista.iter().map(|a| a["data"].as_str().unwrap()).collect();
        assert!(datas.windows(2).all(|w| w[0] >= w[1]), "newest first");
        let a = periodicas[0];
        let rel = &a["relatorio"];
        let pdf = get(
            &amb.router,
            &format!("/v1/captacoes/{id}/atualizacoes/{}/relatorio", a["id"]),
            None,
        )
        .await;
        assert_eq!(pdf.status, StatusCode::OK);
        assert_eq!(pdf.headers["content-type"], "application/pdf");
        assert_eq!(
            pdf.corpo.len() as u64,
            rel["tamanhoBytes"].as_u64().unwrap()
        );
        conformidade::verificar(&pdf.corpo, a["titulo"].as_str().unwrap());
    }
    // The troubled ones carry the issuer's notice, which has no report.
    let (_, id) = mapa["ATRASADO"];
    let lista = get(
        &amb.router,
        &format!("/v1/captacoes/{id}/atualizacoes"),
        None,
    )
    .await
    .json();
    let comunicado = lista["atualizacoes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["tipo"] == "COMUNICADO")
        .unwrap()
        .clone();
    assert!(comunicado["relatorio"].is_null());
    let sem = get(
        &amb.router,
        &format!(
            "/v1/captacoes/{id}/atualizacoes/{}/relatorio",
            comunicado["id"]
        ),
        None,
    )
    .await;
    assert_eq!(sem.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_offerings_updates_and_reports_are_not_found() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (_, id) = mapa["EM_DIA"];
    let (_, outra) = mapa["ATRASADO"];
    let lista = get(
        &amb.router,
        &format!("/v1/captacoes/{outra}/atualizacoes"),
        None,
    )
    .await
    .json();
    let da_outra = lista["atualizacoes"][0]["id"].as_i64().unwrap();
    for uri in [
        "/v1/captacoes/999999/atualizacoes".to_owned(),
        "/v1/captacoes/abc/atualizacoes".to_owned(),
        format!("/v1/captacoes/{id}/atualizacoes/{da_outra}/relatorio"),
        format!("/v1/captacoes/{id}/atualizacoes/999999/relatorio"),
        format!("/v1/captacoes/{id}/atualizacoes/x/relatorio"),
    ] {
        let r = get(&amb.router, &uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(r.json()["mensagem"].is_string(), "{uri}");
    }
}

#[tokio::test]
async fn another_investors_holding_is_not_found_and_a_token_is_required() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (url, _) = &mapa["ATRASADO"];
    let outra = token(&amb.router, ATIVA).await;
    let r = get(
        &amb.router,
        &format!("/v1/investimentos/{url}"),
        Some(&outra),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(
        r.json(),
        serde_json::json!({"mensagem": crate::sandbox::investimentos::NAO_ENCONTRADO})
    );
    let r = get(&amb.router, "/v1/investimentos/nao-existe", Some(&t)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = get(&amb.router, &format!("/v1/investimentos/{url}"), None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_detailed_allocation_carries_the_situations_too() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/reservas/alocacao/detalhada", Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    let situacoes: Vec<&str> = v["porCaptacao"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["situacao"].as_str().unwrap())
        .collect();
    for s in SITUACOES {
        assert!(situacoes.contains(&s), "{s}: {situacoes:?}");
    }
    assert!(dec(&v["valorEmAtraso"]) > rust_decimal::Decimal::ZERO);
}

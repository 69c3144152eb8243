//! Category products (`/v1/produtos`).

use axum::http::StatusCode;
use serde_json::Value;

use super::conta::assert_erro;
use super::reservas::{INVESTIDOR, dec, token};
use super::*;
use crate::domain::dates;
use crate::sandbox::tempo;

const INVALIDA: &str = "Categoria de investimento inválida.";

async fn produtos(router: &Router, t: &str, query: &str) -> (Vec<Value>, i64) {
    let r = get(router, &format!("/v1/produtos?{query}"), Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.texto());
    let v = r.json();
    (
        v["dados"].as_array().unwrap().clone(),
        v["totalRegistros"].as_i64().unwrap(),
    )
}

#[tokio::test]
async fn cada_categoria_tem_seus_produtos_e_coe_nenhum() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let hoje = dates::today_in_sao_paulo(tempo::agora()).to_string();
    for setor in 1..=9 {
        let (lista, total) = produtos(
            &amb.router,
            &t,
            &format!("CodigoSetor={setor}&PageSize=1000"),
        )
        .await;
        assert!((3..=8).contains(&total), "{setor}: {total}");
        assert_eq!(total as usize, lista.len());
        let mut anterior = (String::new(), 0);
        for p in &lista {
            let mut chaves: Vec<&String> = p.as_object().unwrap().keys().collect();
            chaves.sort();
            assert_eq!(
                chaves,
                [
                    "aplicacaoMinima",
                    "codigoSetor",
                    "emissor",
                    "garantidoFgc",
                    "id",
                    "liquidez",
                    "nome",
                    "rentabilidade",
                    "vencimento"
                ]
            );
            assert_eq!(p["codigoSetor"], setor);
            assert_eq!(p["garantidoFgc"], setor <= 5, "{p}");
            let venc = p["vencimento"].as_str().unwrap().to_owned();
            assert!(venc.len() == 10 && venc > hoje, "{p}");
            let minimo = dec(&p["aplicacaoMinima"]);
            assert!(minimo > rust_decimal::Decimal::ZERO && minimo.scale() <= 2);
            let chave = (venc, p["id"].as_i64().unwrap());
            assert!(chave > anterior, "by maturity, then id");
            anterior = chave;
            let taxa = p["rentabilidade"].as_str().unwrap();
            assert!(
                taxa.contains("CDI")
                    || taxa.starts_with("IPCA +")
                    || taxa.starts_with("Prefixado")
                    || taxa.starts_with("Selic +"),
                "{taxa}"
            );
        }
    }
    assert_eq!(
        produtos(&amb.router, &t, "CodigoSetor=10").await,
        (vec![], 0)
    );
    // Paging.
    let (todos, total) = produtos(&amb.router, &t, "CodigoSetor=1&PageSize=1000").await;
    let (p2, t2) = produtos(&amb.router, &t, "codigosetor=1&PageSize=2&Page=2").await;
    assert_eq!(t2, total);
    assert_eq!(p2.as_slice(), &todos[2..4.min(todos.len())]);
    // Default page: 10.
    let (pagina, total3) = produtos(&amb.router, &t, "CodigoSetor=3").await;
    assert_eq!(pagina.len(), 10.min(total3 as usize));
}

#[tokio::test]
async fn categoria_invalida_e_paginas_invalidas() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    for q in [
        "",
        "CodigoSetor=",
        "CodigoSetor=x",
        "CodigoSetor=0",
        "CodigoSetor=11",
        "CodigoSetor=1.0",
    ] {
        let r = get(&amb.router, &format!("/v1/produtos?{q}"), Some(&t)).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, INVALIDA);
    }
    for q in ["Page=0", "PageSize=1001", "PageSize=x"] {
        let r = get(
            &amb.router,
            &format!("/v1/produtos?CodigoSetor=1&{q}"),
            Some(&t),
        )
        .await;
        assert_erro(&r, StatusCode::BAD_REQUEST, "Filtro inválido.");
    }
    let r = get(&amb.router, "/v1/produtos?CodigoSetor=1", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

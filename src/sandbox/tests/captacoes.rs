//! `GET /v1/captacoes` filters, sorting and paging; detail routes; seeded figures.

mod cache;
mod documentos;
mod informacoes;
mod midia;
mod sql;

use std::collections::HashSet;
use std::str::FromStr;

use axum::http::StatusCode;
use rust_decimal::Decimal;
use serde_json::Value;

use super::*;
use crate::domain::texto::dobrar;

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("not a number: {v}"))
}

fn enc(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn lista(router: &axum::Router, query: &str) -> (Vec<Value>, u64) {
    let r = get(router, &format!("/v1/captacoes?{query}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.texto());
    let v = r.json();
    (
        v["dados"].as_array().unwrap().clone(),
        v["totalRegistros"].as_u64().unwrap(),
    )
}

async fn todas(router: &axum::Router) -> Vec<Value> {
    let (dados, total) = lista(router, "PageSize=1000").await;
    assert_eq!(dados.len() as u64, total);
    dados
}

#[tokio::test]
async fn lista_padrao_tem_12_por_pagina_e_nunca_rascunho() {
    let amb = ambiente();
    let (dados, total) = lista(&amb.router, "").await;
    assert_eq!(dados.len(), 12.min(total as usize));
    let tudo = todas(&amb.router).await;
    assert!(tudo.iter().all(|o| o["statusCaptacao"] != "Rascunho"));
    let seed: Vec<Value> = serde_json::from_str(include_str!("../seed/offerings.json")).unwrap();
    let publicas = seed.iter().filter(|o| o["status"] != "Rascunho").count();
    assert_eq!(total as usize, publicas);
}

#[tokio::test]
async fn paginas_cobrem_tudo_sem_repetir() {
    let amb = ambiente();
    let (_, total) = lista(&amb.router, "").await;
    let mut vistos = Vec::new();
    for pagina in 1.. {
        let (dados, t) = lista(
            &amb.router,
            &format!("Page={pagina}&PageSize=5&OrderByField=NomeCaptacao"),
        )
        .await;
        assert_eq!(t, total);
        if dados.is_empty() {
            break;
        }
        assert!(dados.len() <= 5);
        vistos.extend(dados.iter().map(|o| o["id"].as_i64().unwrap()));
    }
    assert_eq!(vistos.len() as u64, total);
    assert_eq!(vistos.iter().collect::<HashSet<_>>().len(), vistos.len());
}

#[tokio::test]
async fn filtros_conferem_com_a_lista_completa() {
    let amb = ambiente();
    let tudo = todas(&amb.router).await;
    let conta = |f: &dyn Fn(&Value) -> bool| tudo.iter().filter(|o| f(o)).count() as u64;

    // FieldSearch: accent- and case-insensitive, on name, description and city.
    let alvo = dobrar(
        tudo[0]["empreendedorRural"]["localizacao"]["cidade"]
            .as_str()
            .unwrap(),
    );
    let (dados, total) = lista(
        &amb.router,
        &format!("PageSize=1000&FieldSearch={}", enc(&alvo.to_uppercase())),
    )
    .await;
    let casa = |o: &Value| {
        [
            &o["nomeCaptacao"],
            &o["descricaoProduto"],
            &o["empreendedorRural"]["localizacao"]["cidade"],
        ]
        .iter()
        .any(|c| dobrar(c.as_str().unwrap()).contains(&alvo))
    };
    assert!(total >= 1);
    assert_eq!(total, conta(&casa));
    assert!(dados.iter().all(casa));
    let (_, soja) = lista(&amb.router, &format!("FieldSearch={}", enc("SÓJA"))).await;
    let (_, soja2) = lista(&amb.router, "FieldSearch=soja").await;
    assert_eq!(soja, soja2);
    assert!(soja > 0);

    let (dados, total) = lista(&amb.router, "PageSize=1000&NomeCaptacao=cafe").await;
    assert!(total > 0);
    assert!(
        dados
            .iter()
            .all(|o| dobrar(o["nomeCaptacao"].as_str().unwrap()).contains("cafe"))
    );

    let (dados, total) = lista(&amb.router, "PageSize=1000&StatusCaptacao=Finalizado").await;
    assert_eq!(total, conta(&|o| o["statusCaptacao"] == "Finalizado"));
    assert!(total > 0 && dados.iter().all(|o| o["statusCaptacao"] == "Finalizado"));

    // Captado is a display status: stored Captado, or full with reservations.
    let (dados, total) = lista(&amb.router, "PageSize=1000&StatusCaptacao=Captado").await;
    assert!(total > 0);
    for o in &dados {
        let cheio = dec(&o["arrecadado"]) + dec(&o["reservado"]) >= dec(&o["limiteArrecadacao"]);
        assert!(
            o["statusCaptacao"] == "Captado" || (cheio && o["statusCaptacao"] != "Finalizado"),
            "{}",
            o["urlAmigavel"]
        );
    }
    let (_, pre) = lista(
        &amb.router,
        &format!("StatusCaptacao={}", enc("Pré-lançamento")),
    )
    .await;
    assert!(pre > 0, "the seed has offerings in pre-launch");

    let rating = tudo[0]["rating"].as_str().unwrap().to_owned();
    let (dados, total) = lista(
        &amb.router,
        &format!("PageSize=1000&Rating={}", enc(&rating)),
    )
    .await;
    assert_eq!(total, conta(&|o| o["rating"] == rating.as_str()));
    assert!(dados.iter().all(|o| o["rating"] == rating.as_str()));

    let (dados, total) = lista(&amb.router, "PageSize=1000&Vencimento=6-12").await;
    assert_eq!(
        total,
        conta(&|o| (6..=12).contains(&o["vencimento"].as_i64().unwrap()))
    );
    assert!(
        dados
            .iter()
            .all(|o| (6..=12).contains(&o["vencimento"].as_i64().unwrap()))
    );

    let (_, total) = lista(&amb.router, "Disponivel=0-250000").await;
    assert_eq!(
        total,
        conta(&|o| dec(&o["disponivel"]) <= Decimal::from(250_000))
    );
    let (_, total) = lista(&amb.router, "Acompanhamento=50").await;
    assert_eq!(
        total,
        conta(&|o| dec(&o["acompanhamento"]) <= Decimal::from(50))
    );
    let (_, total) = lista(&amb.router, "Acompanhamento=50-100").await;
    assert_eq!(
        total,
        conta(&|o| dec(&o["acompanhamento"]) >= Decimal::from(50))
    );

    // Filters combine.
    let (dados, _) = lista(
        &amb.router,
        &format!(
            "PageSize=1000&StatusCaptacao={}&Vencimento=0-12",
            enc("Captação no ar")
        ),
    )
    .await;
    assert!(
        dados
            .iter()
            .all(|o| o["vencimento"].as_i64().unwrap() <= 12)
    );
}

#[tokio::test]
async fn ordenacao_asc_e_desc() {
    let amb = ambiente();
    let (dados, _) = lista(
        &amb.router,
        "PageSize=1000&OrderByField=Rendimento&OrderByCriteria=DESC",
    )
    .await;
    let r: Vec<Decimal> = dados
        .iter()
        .map(|o| dec(&o["rentabilidade"]["rendimento"]))
        .collect();
    assert!(r.windows(2).all(|w| w[0] >= w[1]));
    let (dados, _) = lista(&amb.router, "PageSize=1000&OrderByField=NomeCaptacao").await;
    let n: Vec<String> = dados
        .iter()
        .map(|o| dobrar(o["nomeCaptacao"].as_str().unwrap()))
        .collect();
    assert!(n.windows(2).all(|w| w[0] <= w[1]));
    let (dados, _) = lista(
        &amb.router,
        "PageSize=1000&orderbyfield=datafim&orderbycriteria=asc",
    )
    .await;
    let f: Vec<jiff::Timestamp> = dados
        .iter()
        .map(|o| o["fimCaptacao"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(f.windows(2).all(|w| w[0] <= w[1]));
    for campo in [
        "Status",
        "Vencimento",
        "Rating",
        "Acompanhamento",
        "Disponivel",
        "LimiteArrecadacao",
    ] {
        let (d, _) = lista(
            &amb.router,
            &format!("PageSize=1000&OrderByField={campo}&OrderByCriteria=DESC"),
        )
        .await;
        assert!(!d.is_empty());
    }
    let (dados, _) = lista(
        &amb.router,
        "PageSize=1000&OrderByField=Disponivel&OrderByCriteria=DESC",
    )
    .await;
    let d: Vec<Decimal> = dados.iter().map(|o| dec(&o["disponivel"])).collect();
    assert!(d.windows(2).all(|w| w[0] >= w[1]));
}

#[tokio::test]
async fn valores_invalidos_dao_400_com_mensagem() {
    let amb = ambiente();
    for q in [
        "Page=0",
        "PageSize=0",
        "PageSize=1001",
        "Page=abc",
        "OrderByField=Preco",
        "OrderByCriteria=X",
        "Vencimento=a-b",
        "Disponivel=10-5",
        "DataInicio=32/01/2026",
        "Page=%FF%FE",
    ] {
        let r = get(&amb.router, &format!("/v1/captacoes?{q}"), None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{q}");
        assert!(!r.json()["mensagem"].as_str().unwrap().is_empty(), "{q}");
    }
}

#[tokio::test]
async fn detalhe_por_id_e_url_amigavel() {
    let amb = ambiente();
    let tudo = todas(&amb.router).await;
    let o = &tudo[0];
    let por_id = get(&amb.router, &format!("/v1/captacoes/{}", o["id"]), None)
        .await
        .json();
    let por_url = get(
        &amb.router,
        &format!(
            "/v1/captacoes/urlamigavel/{}",
            o["urlAmigavel"].as_str().unwrap()
        ),
        None,
    )
    .await
    .json();
    assert_eq!(&por_id, o);
    assert_eq!(&por_url, o);
    // Shape of the contract.
    for campo in [
        "statusCaptacao",
        "status",
        "garantias",
        "galeria",
        "documentos",
        "conteudo",
        "empreendedorRural",
        "lancamento",
        "rentabilidade",
        "imagemPrincipal",
        "fimCaptacao",
    ] {
        assert!(!o[campo].is_null(), "{campo}");
    }
    assert!(o["fimCaptacao"].as_str().unwrap().ends_with("-03:00"));
    assert!(
        o["imagemPrincipal"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{PUBLIC_URL}/midia/"))
    );
    assert_eq!(
        dec(&o["disponivel"]),
        dec(&o["limiteArrecadacao"]) - dec(&o["arrecadado"])
    );
    assert!(!o["garantias"].as_str().unwrap().contains(','));
    // Drafts are not listed but can be previewed.
    let seed: Vec<Value> = serde_json::from_str(include_str!("../seed/offerings.json")).unwrap();
    if let Some(rascunho) = seed.iter().find(|s| s["status"] == "Rascunho") {
        let r = get(
            &amb.router,
            &format!(
                "/v1/captacoes/urlamigavel/{}",
                rascunho["slug"].as_str().unwrap()
            ),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.json()["statusCaptacao"], "Rascunho");
    }
    for uri in [
        "/v1/captacoes/999999",
        "/v1/captacoes/abc",
        "/v1/captacoes/urlamigavel/nao-existe",
    ] {
        let r = get(&amb.router, uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(r.json()["mensagem"], "Recurso não encontrado.");
    }
}

#[tokio::test]
async fn numeros_semeados_aparecem_como_no_arquivo() {
    let amb = ambiente();
    let seed: Vec<Value> = serde_json::from_str(include_str!("../seed/offerings.json")).unwrap();
    for s in &seed {
        let slug = s["slug"].as_str().unwrap();
        let o = get(
            &amb.router,
            &format!("/v1/captacoes/urlamigavel/{slug}"),
            None,
        )
        .await
        .json();
        let texto = |v: &Value| Decimal::from_str(v.as_str().unwrap()).unwrap();
        assert_eq!(
            dec(&o["arrecadado"]),
            texto(&s["arrecadado"]),
            "{slug} arrecadado"
        );
        assert_eq!(
            dec(&o["reservado"]),
            texto(&s["reservado"]),
            "{slug} reservado"
        );
        assert_eq!(
            dec(&o["limiteArrecadacao"]),
            texto(&s["limite"]),
            "{slug} limite"
        );
    }
}

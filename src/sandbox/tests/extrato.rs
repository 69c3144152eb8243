//! The statement (`/v1/reservas/extrato`): the period rules, the filters, paging, the
//! seeded lines, and lines written by the reservation life cycle.

use std::collections::BTreeSet;

use axum::http::StatusCode;
use jiff::civil::Date;
use serde_json::Value;

use super::conta::{BASICO, assert_erro};
use super::reservas::{ATIVA, INVESTIDOR, dec, token};
use super::*;
use crate::domain::dates;
use crate::domain::reference::bank_name;
use crate::sandbox::tempo;

mod eventos;

const FILTRO: &str = "Filtro inválido.";

pub(super) fn hoje() -> Date {
    dates::today_in_sao_paulo(tempo::agora())
}

fn dia(n: i64) -> Date {
    tempo::somar_dias(hoje(), -n).unwrap()
}

/// The São Paulo day of a line.
pub(super) fn dia_da_linha(l: &Value) -> Date {
    let ts: jiff::Timestamp = l["data"].as_str().unwrap().parse().unwrap();
    dates::today_in_sao_paulo(ts)
}

pub(super) async fn extrato(router: &Router, t: &str, query: &str) -> (Vec<Value>, i64) {
    let r = get(router, &format!("/v1/reservas/extrato?{query}"), Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.texto());
    let v = r.json();
    (
        v["dados"].as_array().unwrap().clone(),
        v["totalDeRegistros"].as_i64().unwrap(),
    )
}

/// Every line of a 90-day window ending `fim` days ago.
async fn janela(router: &Router, t: &str, fim: i64, filtro: &str) -> (Vec<Value>, i64) {
    let q = format!(
        "dataInicio={}&dataFim={}&PageSize=1000{filtro}",
        dia(fim + 90),
        dia(fim)
    );
    extrato(router, t, &q).await
}

#[tokio::test]
async fn sem_filtro_sao_os_ultimos_7_dias_e_dias_conta_hoje() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (padrao, total) = extrato(&amb.router, &t, "PageSize=1000").await;
    assert!(total >= 3, "{padrao:?}");
    assert_eq!(total as usize, padrao.len());
    assert!(padrao.iter().all(|l| dia_da_linha(l) >= dia(6)));
    assert_eq!(
        extrato(&amb.router, &t, "PageSize=1000&dias=7").await.0,
        padrao
    );
    // Empty parameters count as absent; `clear` is ignored.
    let (vazios, _) = extrato(
        &amb.router,
        &t,
        "PageSize=1000&dias=&dataInicio=&dataFim=&Tipo=&clear=true",
    )
    .await;
    assert_eq!(vazios, padrao);
    let (hoje_, _) = extrato(&amb.router, &t, "PageSize=1000&dias=1").await;
    assert!(!hoje_.is_empty() && hoje_.iter().all(|l| dia_da_linha(l) == hoje()));
    let (noventa, n90) = extrato(&amb.router, &t, "PageSize=1000&dias=90").await;
    assert!(n90 > total && noventa.iter().all(|l| dia_da_linha(l) >= dia(89)));
    // Both dates win over `dias`.
    let q = format!("dataInicio={}&dataFim={}&dias=3", dia(30), dia(10));
    let (faixa, _) = extrato(&amb.router, &t, &format!("PageSize=1000&{q}")).await;
    assert!(!faixa.is_empty());
    assert!(
        faixa
            .iter()
            .all(|l| (dia(30)..=dia(10)).contains(&dia_da_linha(l)))
    );
}

#[tokio::test]
async fn linhas_tem_a_forma_do_contrato_e_o_sinal_do_tipo() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let cadastro = super::conta::cadastro(&amb.router, &t).await;
    let codigo = cadastro["codigo"].as_str().unwrap().to_owned();
    let (linhas, _) = janela(&amb.router, &t, 0, "").await;
    for l in &linhas {
        let mut chaves: Vec<&String> = l.as_object().unwrap().keys().collect();
        chaves.sort();
        assert_eq!(
            chaves,
            [
                "banco",
                "codigoCliente",
                "data",
                "descricao",
                "id",
                "nomeAtivo",
                "status",
                "tipo",
                "valor"
            ]
        );
        assert_eq!(l["codigoCliente"], codigo.as_str());
        // The registered bank account, named by the reference list.
        let banco = format!("341 - {}", bank_name("341").unwrap());
        assert_eq!(l["banco"], banco.as_str());
        assert!(l["data"].as_str().unwrap().ends_with("-03:00"));
        let valor = dec(&l["valor"]);
        assert!(valor.scale() <= 2);
        if l["tipo"] == "Aporte" {
            assert!(valor.is_sign_negative(), "{l}");
            assert_eq!(
                l["descricao"],
                format!("Aporte em {}", l["nomeAtivo"].as_str().unwrap())
            );
        } else {
            assert!(valor.is_sign_positive() && !valor.is_zero(), "{l}");
        }
    }
    // Newest first, then by id.
    let chaves: Vec<(String, i64)> = linhas
        .iter()
        .map(|l| {
            (
                l["data"].as_str().unwrap().to_owned(),
                l["id"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut ordenadas = chaves.clone();
    ordenadas.sort_by(|a, b| b.cmp(a));
    assert_eq!(chaves, ordenadas);
    // ativa@ has some lines, basico@ none; an investor without a bank: "Conta Colheita".
    let rafael = token(&amb.router, ATIVA).await;
    assert!(janela(&amb.router, &rafael, 0, "").await.1 > 0);
    let basico = token(&amb.router, BASICO).await;
    for fim in [0, 91, 182, 273] {
        assert_eq!(janela(&amb.router, &basico, fim, "").await.1, 0);
    }
}

#[tokio::test]
async fn semente_espalha_o_extrato_por_mais_de_90_dias_com_cada_tipo_e_status() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mut tipos = BTreeSet::new();
    let mut status = BTreeSet::new();
    let mut rendimentos_por_mes = BTreeSet::new();
    for fim in [0, 91, 182, 273] {
        for l in janela(&amb.router, &t, fim, "").await.0 {
            tipos.insert(l["tipo"].as_str().unwrap().to_owned());
            status.insert(l["status"].as_str().unwrap().to_owned());
            if l["tipo"] == "Rendimento" {
                let d = dia_da_linha(&l);
                rendimentos_por_mes.insert((d.year(), d.month()));
            }
        }
    }
    assert_eq!(
        tipos.into_iter().collect::<Vec<_>>(),
        ["Amortizacao", "Aporte", "Estorno", "Rendimento"]
    );
    assert_eq!(
        status.into_iter().collect::<Vec<_>>(),
        ["Cancelado", "Liquidado", "Pendente"]
    );
    assert!(rendimentos_por_mes.len() >= 5, "{rendimentos_por_mes:?}");
    // Lines older than 90 days.
    assert!(janela(&amb.router, &t, 91, "").await.1 > 0);
    // Inside the last 90 days every kind and state shows something on its own filter.
    for filtro in [
        "Tipo=Aporte",
        "Tipo=rendimento",
        "Tipo=AMORTIZACAO",
        "Tipo=Estorno",
        "Status=Liquidado",
        "Status=pendente",
        "Status=Cancelado",
    ] {
        let (linhas, total) = janela(&amb.router, &t, 0, &format!("&{filtro}")).await;
        assert!(total > 0, "{filtro}");
        let (campo, valor) = filtro.split_once('=').unwrap();
        let campo = campo.to_lowercase();
        assert!(
            linhas
                .iter()
                .all(|l| l[&campo].as_str().unwrap().eq_ignore_ascii_case(valor)),
            "{filtro}"
        );
    }
}

#[tokio::test]
async fn busca_produto_e_paginas() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (todas, total) = janela(&amb.router, &t, 0, "").await;
    let nome = todas.iter().find(|l| l["tipo"] == "Rendimento").unwrap()["nomeAtivo"]
        .as_str()
        .unwrap()
        .to_owned();
    let pedaco: String = nome
        .chars()
        .skip(3)
        .take(12)
        .collect::<String>()
        .to_uppercase();
    let q = format!("&Produto={}", urlencoding(&pedaco));
    let (por_produto, n) = janela(&amb.router, &t, 0, &q).await;
    assert!(n > 0 && n < total);
    assert!(por_produto.iter().all(|l| {
        l["nomeAtivo"]
            .as_str()
            .unwrap()
            .to_uppercase()
            .contains(&pedaco)
    }));
    // FieldSearch: description, asset or bank, case-insensitive.
    let (por_texto, _) = janela(
        &amb.router,
        &t,
        0,
        "&FieldSearch=%20amortiza%C3%A7%C3%A3o%20",
    )
    .await;
    assert!(!por_texto.is_empty() && por_texto.iter().all(|l| l["tipo"] == "Amortizacao"));
    assert_eq!(
        janela(&amb.router, &t, 0, "&FieldSearch=ITA%C3%9A").await.1,
        total
    );
    assert_eq!(
        janela(&amb.router, &t, 0, "&FieldSearch=nada-assim")
            .await
            .1,
        0
    );
    // Paging over the same total.
    let base = format!("dataInicio={}&dataFim={}", dia(90), dia(0));
    let (p1, t1) = extrato(&amb.router, &t, &format!("{base}&PageSize=2")).await;
    let (p2, t2) = extrato(&amb.router, &t, &format!("{base}&PageSize=2&Page=2")).await;
    assert_eq!((t1, t2), (total, total));
    assert_eq!(p1, todas[0..2]);
    assert_eq!(p2, todas[2..4]);
    let (alem, t3) = extrato(&amb.router, &t, &format!("{base}&Page=999")).await;
    assert!(alem.is_empty() && t3 == total);
    assert_eq!(
        extrato(&amb.router, &t, &base).await.0.len(),
        10.min(total as usize)
    );
}

fn urlencoding(s: &str) -> String {
    serde_urlencoded::to_string([("x", s)]).unwrap()[2..].to_owned()
}

#[tokio::test]
async fn recusas_do_periodo_e_dos_filtros() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let recusa = |q: String, msg: &'static str| {
        let router = amb.router.clone();
        let t = t.clone();
        async move {
            let r = get(&router, &format!("/v1/reservas/extrato?{q}"), Some(&t)).await;
            assert_erro(&r, StatusCode::BAD_REQUEST, msg);
        }
    };
    recusa(
        format!("dataInicio={}", dia(3)),
        "Informe a data inicial e a data final.",
    )
    .await;
    recusa(
        format!("dataFim={}&dias=5", dia(3)),
        "Informe a data inicial e a data final.",
    )
    .await;
    recusa(
        format!("dataInicio={}&dataFim={}", dia(2), dia(3)),
        "A data inicial deve ser anterior à data final.",
    )
    .await;
    let noventa = "O período não pode ultrapassar 90 dias.";
    recusa(
        format!("dataInicio={}&dataFim={}", dia(91), dia(0)),
        noventa,
    )
    .await;
    recusa("dias=91".to_owned(), noventa).await;
    let futuro = "O período não pode incluir datas futuras.";
    recusa(format!("dataInicio={}&dataFim={}", dia(1), dia(-1)), futuro).await;
    for q in [
        "dias=x",
        "dias=0",
        "dias=2.5",
        "dataInicio=2026-02-30&dataFim=2026-03-01",
        "dataInicio=20/11/2026&dataFim=21/11/2026",
        "Tipo=Saque",
        "Status=Aberto",
        "Page=0",
        "PageSize=1001",
        "PageSize=abc",
    ] {
        recusa(q.to_owned(), FILTRO).await;
    }
    recusa(format!("FieldSearch={}", "a".repeat(151)), FILTRO).await;
    // 90 days between the ends is allowed.
    extrato(
        &amb.router,
        &t,
        &format!("dataInicio={}&dataFim={}", dia(90), dia(0)),
    )
    .await;
    // Another account's code; the own one is fine.
    let r = get(
        &amb.router,
        "/v1/reservas/extrato?codigoCliente=999999",
        Some(&t),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let codigo = super::conta::cadastro(&amb.router, &t).await["codigo"]
        .as_str()
        .unwrap()
        .to_owned();
    extrato(&amb.router, &t, &format!("codigoCliente={codigo}")).await;
    let rafael = token(&amb.router, ATIVA).await;
    let r = get(
        &amb.router,
        &format!("/v1/reservas/extrato?codigoCliente={codigo}"),
        Some(&rafael),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let r = get(&amb.router, "/v1/reservas/extrato", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn o_pdf_do_extrato_traz_o_filtro_os_totais_e_cada_movimentacao() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (linhas, total) = extrato(&amb.router, &t, "dias=90&PageSize=1000").await;
    assert!(total > 0);
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/pdf?dias=90",
        Some(&t),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.headers["content-type"], "application/pdf");
    assert_eq!(
        r.headers["content-disposition"],
        "attachment; filename=\"extrato.pdf\""
    );
    crate::sandbox::pdf::tests::conformidade::verificar(&r.corpo, "Extrato de movimentações");
    let texto = crate::sandbox::pdf::tests::texto_do_pdf(&r.corpo);
    assert!(texto.contains("Extrato de movimentações"), "{texto}");
    assert!(
        texto.contains(&format!("Movimentações: {total}")),
        "{texto}"
    );
    assert!(texto.contains("Saldo do período:"));
    assert!(texto.contains("página 1 de"));
    // The first movement's description, dashes and all, in its table cell.
    let primeira = linhas[0]["descricao"].as_str().unwrap();
    let primeira = primeira.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(texto.contains(&primeira), "{primeira}: {texto}");

    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Csv?dias=7",
        Some(&t),
    )
    .await;
    assert_erro(
        &r,
        StatusCode::BAD_REQUEST,
        "Tipo de exportação não suportado.",
    );
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Pdf?dias=91",
        Some(&t),
    )
    .await;
    assert_erro(
        &r,
        StatusCode::BAD_REQUEST,
        "O período não pode ultrapassar 90 dias.",
    );
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Pdf?codigoCliente=000000",
        Some(&t),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let r = get(&amb.router, "/v1/reservas/extrato/exportar/Pdf", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

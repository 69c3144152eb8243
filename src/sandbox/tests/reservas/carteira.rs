//! The wallet on the sandbox: pending reservations, allocation (summary
//! and detailed), reservation documents, contract and the allocation PDF.

use crate::sandbox::pdf::tests::conformidade;
use axum::http::{Method, StatusCode, header};
use rust_decimal::Decimal;
use serde_json::Value;

use crate::sandbox::tests::reservas::{
    ATIVA, INVESTIDOR, chamar, dec, oferta_aberta, pedido, reservar, token,
};
use crate::sandbox::tests::*;

fn soma(lista: &[Value], campo: &str) -> Decimal {
    lista.iter().map(|i| dec(&i[campo])).sum()
}

fn assert_pdf(r: &Resposta) {
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(r.corpo.starts_with(b"%PDF-"), "not a PDF");
    assert!(r.corpo.windows(5).any(|w| w == b"%%EOF"));
    assert!(r.corpo.len() > 1000);
}

/// A text shown in the PDF, read back through its fonts' ToUnicode maps.
fn contem(pdf: &[u8], texto: &str) -> bool {
    crate::sandbox::pdf::tests::texto_do_pdf(pdf).contains(texto)
}

#[tokio::test]
async fn alocacao_resumida_soma_cem_e_segue_os_pagamentos() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let a = r.json();
    let lista = a["lista"].as_array().unwrap().clone();
    assert!(lista.len() >= 2, "{a}");
    assert_eq!(soma(&lista, "percentualAlocacao"), Decimal::ONE_HUNDRED);
    assert_eq!(soma(&lista, "alocacao"), dec(&a["alocacaoTotal"]));
    assert_eq!(soma(&lista, "valor"), dec(&a["valorTotal"]));
    assert_eq!(soma(&lista, "rendimento"), dec(&a["rendimentoTotal"]));
    assert!(
        dec(&a["rendimentoTotal"]) > Decimal::ZERO,
        "seeded holdings whose money went to the issuer earn"
    );
    so_rende_o_repassado(&lista);
    for item in &lista {
        assert!(dec(&item["percentualAlocacao"]).scale() <= 2);
        let reservas = item["listaReservas"].as_array().unwrap();
        assert_eq!(soma(reservas, "investimento"), dec(&item["alocacao"]));
        for r in reservas {
            let s = r["status"]["name"].as_str().unwrap();
            assert!(s == "Pago" || s == "Aprovado", "{s}");
            assert!(
                !r["fluxoRecebimentoAmortizacao"]
                    .as_array()
                    .unwrap()
                    .is_empty()
            );
        }
    }
    // Paying a new reservation adds an item and keeps the sum at 100.00.
    let (id, minimo) = oferta_aberta(&amb, true).await;
    let (reserva, _) = reservar(&amb.router, &t, id, minimo * Decimal::from(7), 1).await;
    let antes = lista.len();
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.status, StatusCode::OK);
    let a = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t))
        .await
        .json();
    let lista = a["lista"].as_array().unwrap();
    assert!(lista.len() >= antes);
    assert_eq!(soma(lista, "percentualAlocacao"), Decimal::ONE_HUNDRED);
    assert!(lista.iter().any(|i| {
        i["listaReservas"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == reserva)
    }));
    so_rende_o_repassado(lista);

    // The partner-debit investor's items say so.
    let ativa = token(&amb.router, ATIVA).await;
    let a = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&ativa))
        .await
        .json();
    assert!(
        a["lista"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["liquidacaoAtiva"] == true)
    );
}

/// An offering none of whose reservations went to the issuer yet earns nothing, however
/// long ago they were paid; the others earn.
fn so_rende_o_repassado(lista: &[Value]) {
    let mut repassados = 0;
    for item in lista {
        let reservas = item["listaReservas"].as_array().unwrap();
        if reservas.iter().all(|r| r["dataRepasse"].is_null()) {
            assert_eq!(dec(&item["rendimento"]), Decimal::ZERO, "{item}");
        } else {
            repassados += 1;
        }
    }
    assert!(repassados > 0, "{lista:?}");
    assert!(
        repassados < lista.len(),
        "some money is still held: {lista:?}"
    );
}

#[tokio::test]
async fn alocacao_vazia_e_exportacao() {
    let amb = ambiente();
    // A background investor with no invested reservation: find one through the DB.
    let t = token(&amb.router, INVESTIDOR).await;
    let pdf = get(&amb.router, "/v1/reservas/alocacao/exportar/Pdf", Some(&t)).await;
    assert_pdf(&pdf);
    conformidade::verificar(&pdf.corpo, "Alocação da carteira");
    assert!(contem(&pdf.corpo, "Alocação da carteira"));
    assert!(contem(&pdf.corpo, "Por tipo de garantia"));
    assert!(
        pdf.headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let x = get(&amb.router, "/v1/reservas/alocacao/exportar/Xlsx", Some(&t)).await;
    assert_eq!(x.status, StatusCode::BAD_REQUEST);
    assert_eq!(x.json()["mensagem"], "Tipo de exportação não suportado.");

    let basico = token(&amb.router, "basico@colheita.dev").await;
    let a = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&basico))
        .await
        .json();
    assert_eq!(a["lista"], serde_json::json!([]));
    assert_eq!(dec(&a["valorTotal"]), Decimal::ZERO);
    let d = get(
        &amb.router,
        "/v1/reservas/alocacao/detalhada",
        Some(&basico),
    )
    .await
    .json();
    assert_eq!(d["porCaptacao"], serde_json::json!([]));
    let vazio = get(
        &amb.router,
        "/v1/reservas/alocacao/exportar/Pdf",
        Some(&basico),
    )
    .await;
    assert_eq!(vazio.status, StatusCode::NOT_FOUND);
    assert_eq!(vazio.json()["mensagem"], "Nenhum arquivo encontrado.");
}

#[tokio::test]
async fn alocacao_detalhada_por_captacao_e_garantia() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let d = get(&amb.router, "/v1/reservas/alocacao/detalhada", Some(&t)).await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.texto());
    let d = d.json();
    let total = dec(&d["alocacaoTotal"]);
    for lista in ["porCaptacao", "porGarantia"] {
        let itens = d[lista].as_array().unwrap();
        assert!(!itens.is_empty(), "{lista}");
        assert_eq!(soma(itens, "percentual"), Decimal::ONE_HUNDRED, "{lista}");
        assert_eq!(soma(itens, "valor"), total, "{lista}");
    }
    let resumo = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t))
        .await
        .json();
    assert_eq!(dec(&resumo["alocacaoTotal"]), total);
    for g in d["porGarantia"].as_array().unwrap() {
        assert!(g["garantia"].is_string() && !g["captacoes"].as_array().unwrap().is_empty());
    }
}

#[tokio::test]
async fn documentos_e_contrato_ao_longo_do_ciclo() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let n = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    let reserva = n.json()["id"].as_i64().unwrap();
    let docs = |r: i64| format!("/v1/reservas/{r}/documentos");

    // Aberto, unsigned: nothing yet.
    let l = get(&amb.router, &docs(reserva), Some(&t)).await;
    assert_eq!(l.status, StatusCode::OK);
    assert_eq!(l.json(), serde_json::json!([]));
    let c = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/contrato"),
        Some(&t),
    )
    .await;
    assert_eq!(c.status, StatusCode::NOT_FOUND);
    assert_eq!(c.json()["mensagem"], "Nenhum arquivo encontrado.");
    let d = get(&amb.router, &format!("{}/1", docs(reserva)), Some(&t)).await;
    assert_eq!(d.status, StatusCode::NOT_FOUND);
    assert_eq!(d.json()["mensagem"], "Nenhum arquivo encontrado.");

    let a = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{reserva}/assinarcontrato"),
        &t,
        Some(serde_json::json!({"opcao": "1", "aceite": true, "versaoCienciaRisco": "2026.1"})),
    )
    .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT);
    let l = get(&amb.router, &docs(reserva), Some(&t)).await.json();
    assert_eq!(
        l,
        serde_json::json!([{"id": 1, "titulo": "Termo de adesão assinado"}])
    );
    let contrato = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/contrato"),
        Some(&t),
    )
    .await;
    assert_pdf(&contrato);
    conformidade::verificar(&contrato.corpo, "Termo de adesão e ciência de riscos");
    assert!(
        contrato.corpo.len() < 120_000,
        "{} bytes",
        contrato.corpo.len()
    );
    assert!(contem(
        &contrato.corpo,
        "Termo de adesão e ciência de riscos"
    ));
    assert!(contem(&contrato.corpo, "Aceito eletronicamente em"));

    let c = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{reserva}/confirmarinvestimento"),
        &t,
        None,
    )
    .await;
    assert_eq!(c.status, StatusCode::OK);
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.status, StatusCode::OK);
    let l = get(&amb.router, &docs(reserva), Some(&t)).await.json();
    let titulos: Vec<&str> = l
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["titulo"].as_str().unwrap())
        .collect();
    assert_eq!(
        titulos,
        [
            "Termo de adesão assinado",
            "Comprovante de reserva",
            "Comprovante de aporte"
        ]
    );
    for (doc, texto, titulo) in [
        (
            1,
            "Declaração e aceite",
            "Termo de adesão e ciência de riscos",
        ),
        (2, "Comprovante de reserva", "Comprovante de reserva"),
        (3, "Fluxo de recebimento estimado", "Comprovante de aporte"),
    ] {
        let r = get(&amb.router, &format!("{}/{doc}", docs(reserva)), Some(&t)).await;
        assert_pdf(&r);
        conformidade::verificar(&r.corpo, titulo);
        assert!(contem(&r.corpo, texto), "{doc}: {texto}");
        assert!(
            r.headers[header::CONTENT_DISPOSITION]
                .to_str()
                .unwrap()
                .starts_with("attachment")
        );
    }
    let r = get(&amb.router, &format!("{}/9", docs(reserva)), Some(&t)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = get(&amb.router, &format!("{}/x", docs(reserva)), Some(&t)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// The home reads the allocation summary with its reservations skipped: the offerings and
/// totals it shows read the same as from the whole answer.
#[tokio::test]
async fn the_summary_read_without_its_reservations_keeps_the_offerings_and_totals() {
    use crate::api::models::{AlocacaoResumida, Reserva, Skipped};

    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let resumo = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t)).await;
    assert_eq!(resumo.status, StatusCode::OK, "{}", resumo.texto());
    let whole: AlocacaoResumida<Reserva> = serde_json::from_slice(&resumo.corpo).unwrap();
    let slim: AlocacaoResumida<Skipped> = serde_json::from_slice(&resumo.corpo).unwrap();
    assert!(whole.lista.iter().any(|i| !i.lista_reservas.is_empty()));
    fn shown<R>(s: &AlocacaoResumida<R>) -> String {
        let items: Vec<_> = s
            .lista
            .iter()
            .map(|i| {
                (
                    i.id_captacao,
                    &i.nome_captacao,
                    i.alocacao,
                    i.valor,
                    i.rendimento,
                )
            })
            .collect();
        format!(
            "{items:?} {} {} {} {}",
            s.valor_total,
            s.rendimento_total,
            s.rendimento_percentual,
            s.invested()
        )
    }
    assert_eq!(shown(&slim), shown(&whole));
}

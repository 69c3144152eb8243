//! The generated PDF: structure, text (decoded from the uncompressed content stream) and
//! the endpoint's answers.

use axum::http::StatusCode;
use rust_decimal_macros::dec;

use super::pdf::win_ansi;
use super::*;
use crate::sandbox::tests::{ambiente, get};

/// The text shown by the PDF's string operands, in order: literal `(…)` strings and hex
/// `<…>` strings, decoded as Latin-1 (WinAnsi's accents), whitespace collapsed.
pub(crate) fn texto_do_pdf(pdf: &[u8]) -> String {
    let mut partes: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pdf.len() {
        match pdf[i] {
            b'(' => {
                let mut s = Vec::new();
                let mut nivel = 1;
                i += 1;
                while i < pdf.len() && nivel > 0 {
                    match pdf[i] {
                        b'\\' if i + 1 < pdf.len() => {
                            i += 1;
                            s.push(pdf[i]);
                        }
                        b'(' => {
                            nivel += 1;
                            s.push(b'(');
                        }
                        b')' => {
                            nivel -= 1;
                            if nivel > 0 {
                                s.push(b')');
                            }
                        }
                        b => s.push(b),
                    }
                    i += 1;
                }
                partes.push(s.iter().map(|&b| char::from(b)).collect());
            }
            b'<' if pdf.get(i + 1) != Some(&b'<') && pdf.get(i.wrapping_sub(1)) != Some(&b'<') => {
                let fim = pdf[i..].iter().position(|&b| b == b'>').map(|p| i + p);
                if let Some(fim) = fim {
                    let hex = &pdf[i + 1..fim];
                    if hex.iter().all(u8::is_ascii_hexdigit) && hex.len() % 2 == 0 {
                        let bytes: Vec<u8> = hex
                            .chunks(2)
                            .map(|p| {
                                u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap()
                            })
                            .collect();
                        partes.push(bytes.iter().map(|&b| char::from(b)).collect());
                    }
                    i = fim;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    partes
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn ficha() -> Ficha {
    Ficha {
        documento: "Lâmina da operação (versão 2)".into(),
        nome: "Fazenda Santa Luzia - Soja safra 2026/27".into(),
        descricao_produto: "Financiamento do custeio da soja.".into(),
        prazo_meses: 12,
        rendimento_descricao: "17,50% a.a.".into(),
        rating: "A".into(),
        descricao_rating: "Risco baixo a moderado.".into(),
        classificacao_esg: "Verde".into(),
        limite: dec!(1500000),
        investimento_minimo: dec!(1000),
        fim_captacao: "2027-01-20T23:59:59-03:00".parse().unwrap(),
        descricao_pagamento: "Juros mensais e principal no vencimento".into(),
        garantias: "Hipoteca,CessaoFiduciaria".into(),
        cidade: "Sorriso".into(),
        uf: "MT".into(),
        empreendedor: "João Batista Lemos".into(),
    }
}

#[test]
fn win_ansi_keeps_portuguese_accents_in_one_byte() {
    assert_eq!(win_ansi("ção"), vec![0xE7, 0xE3, b'o']);
    assert_eq!(
        win_ansi("Lâmina – “x” €"),
        vec![
            b'L', 0xE2, b'm', b'i', b'n', b'a', b' ', 0x96, b' ', 0x93, b'x', 0x94, b' ', 0x80
        ]
    );
    assert_eq!(win_ansi("a😀b"), b"a?b".to_vec());
}

#[test]
fn the_pdf_is_a_complete_file_with_every_field() {
    let bytes = gerar(&ficha(), "2026-11-21T12:00:00-03:00".parse().unwrap());
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.ends_with(b"%%EOF") || bytes.ends_with(b"%%EOF\n"));
    let texto = texto_do_pdf(&bytes);
    for esperado in [
        "Informações da operação",
        "Fazenda Santa Luzia - Soja safra 2026/27",
        "Documento: Lâmina da operação (versão 2)",
        "Remuneração líquida: 17,50% a.a.",
        "Prazo: 12 meses",
        "Investimento mínimo: R$ 1.000,00",
        "Limite de arrecadação: R$ 1.500.000,00",
        "Captação até: 20/01/2027",
        "Forma de pagamento: Juros mensais e principal no vencimento",
        "Garantias: Hipoteca; Cessão fiduciária de recebíveis",
        "Aviso de risco",
        "Fundo Garantidor de Créditos",
        "21/11/2026",
        "página 1 de 1",
    ] {
        assert!(texto.contains(esperado), "missing {esperado:?} in {texto}");
    }
    assert!(
        bytes
            .windows(b"/WinAnsiEncoding".len())
            .any(|w| w == b"/WinAnsiEncoding")
    );
    assert!(
        bytes
            .windows(b"/Helvetica-Bold".len())
            .any(|w| w == b"/Helvetica-Bold")
    );
}

#[test]
fn long_text_wraps_and_flows_onto_more_pages() {
    let mut f = ficha();
    f.descricao_produto = "palavra comprida ".repeat(900);
    let bytes = gerar(&f, jiff::Timestamp::UNIX_EPOCH);
    let texto = texto_do_pdf(&bytes);
    assert!(texto.contains("página 1 de "), "{}", &texto[..200]);
    assert!(!texto.contains("página 1 de 1 "), "expected several pages");
    let paginas = bytes
        .windows(b"/Type /Page\n".len())
        .filter(|w| *w == b"/Type /Page\n")
        .count();
    assert!(paginas >= 2, "{paginas} pages");
}

async fn documentos_de(router: &axum::Router, url: &str) -> (i64, Vec<(i64, String, String)>) {
    let r = get(router, &format!("/v1/captacoes/urlamigavel/{url}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    let docs = v["documentos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["id"].as_i64().unwrap(),
                d["tipo"].as_str().unwrap().to_owned(),
                d["nome"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (v["id"].as_i64().unwrap(), docs)
}

#[tokio::test]
async fn each_document_of_an_offering_is_served_as_its_own_pdf() {
    let amb = ambiente();
    let (id, docs) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    assert_eq!(docs.len(), 3);
    for (doc, _, nome) in &docs {
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
        assert!(texto.contains(&format!("Documento: {nome}")), "{texto}");
        assert!(texto.contains("17,50% a.a."), "{texto}");
    }
}

#[tokio::test]
async fn unknown_documents_and_those_of_another_offering_are_not_found() {
    let amb = ambiente();
    let (id, _) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    let (outra, docs) = documentos_de(
        &amb.router,
        "agropecuaria-boa-esperanca-milho-safrinha-2027",
    )
    .await;
    let (doc_da_outra, _, _) = docs
        .first()
        .cloned()
        .expect("the other offering has a document");
    for uri in [
        format!("/v1/captacoes/{id}/documento/{doc_da_outra}"),
        format!("/v1/captacoes/{id}/documento/999999"),
        format!("/v1/captacoes/999999/documento/{doc_da_outra}"),
        format!("/v1/captacoes/{outra}/documento/abc"),
    ] {
        let r = get(&amb.router, &uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            r.json(),
            serde_json::json!({"mensagem": NENHUM_ARQUIVO}),
            "{uri}"
        );
    }
}

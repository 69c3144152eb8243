//! The offering's PDF: structure and text (read back through the fonts' ToUnicode maps).

use rust_decimal_macros::dec;

use super::*;
use crate::sandbox::pdf::tests::{conformidade, texto_do_pdf};

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
        ..Ficha::default()
    }
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
        "Emissor: não informado",
        "Valor mobiliário: Cédulas de Produto Rural com liquidação financeira (CPR-F)",
        "Produtor rural: João Batista Lemos",
        "Aviso de risco",
        "Fundo Garantidor de Créditos",
        "21/11/2026",
        "página 1 de 1",
    ] {
        assert!(texto.contains(esperado), "missing {esperado:?} in {texto}");
    }
    // Tagged, with the embedded subset of Liberation Sans instead of an unembedded Helvetica.
    conformidade::verificar(&bytes, "Lâmina da operação (versão 2)");
    let contem = |s: &[u8]| bytes.windows(s.len()).any(|w| w == s);
    assert!(contem(b"+LiberationSans-Bold") && !contem(b"/Helvetica"));
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
    conformidade::verificar(&bytes, "Lâmina da operação (versão 2)");
}

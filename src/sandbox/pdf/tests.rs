//! The writer's own tests, and the readers the documents' tests use: the text
//! (`texto_do_pdf`, through the fonts' ToUnicode maps) and the accessibility checks
//! (`conformidade::verificar`).

pub(crate) mod conformidade;

pub(crate) use super::leitura::texto_do_pdf;

use super::Documento;
use super::fonte::{Fonte, largura};

fn exemplo() -> Vec<u8> {
    let mut doc = Documento::new();
    doc.titulo("Informações essenciais — Fazenda São João");
    doc.subtitulo("CRA Safra 2026");
    doc.secao("Condições");
    doc.campo("Valor mínimo", "R$ 1.234,56");
    doc.paragrafo("Atenção: ação, não, pôr, côco, à, açúcar, ü. “Aspas” – travessão —.");
    doc.tabela(
        &[("Data", 1.0), ("Descrição", 3.0), ("Valor", 1.5)],
        &[vec![
            "01/02/2026".into(),
            "Aporte em CRA".into(),
            "R$ 10,00".into(),
        ]],
    );
    doc.nota("Dados fictícios.");
    doc.finalizar("Informações essenciais — Fazenda São João", "teste")
}

#[test]
fn portuguese_text_reads_back_through_the_embedded_font() {
    let texto = texto_do_pdf(&exemplo());
    for esperado in [
        "Informações essenciais — Fazenda São João",
        "Valor mínimo: R$ 1.234,56",
        "ação, não, pôr, côco, à, açúcar, ü.",
        "“Aspas” – travessão —.",
        "Data Descrição Valor 01/02/2026 Aporte em CRA R$ 10,00",
        "Colheita — página 1 de 1",
    ] {
        assert!(texto.contains(esperado), "{esperado:?} not in {texto}");
    }
}

#[test]
fn a_character_the_font_lacks_shows_as_a_question_mark() {
    let mut doc = Documento::new();
    doc.paragrafo("a😀b");
    assert!(texto_do_pdf(&doc.finalizar("x", "y")).contains("a?b"));
}

#[test]
fn widths_are_the_font_s_advances() {
    // Liberation Sans has Helvetica's metrics: "a" is 556/1000 em, "c" 500, bold "m" 889.
    assert!((largura("a", Fonte::Regular, 10.0) - 5.56).abs() < 0.01);
    assert!((largura("m", Fonte::Negrito, 10.0) - 8.89).abs() < 0.01);
    assert!((largura("ção", Fonte::Regular, 10.0) - (5.0 + 5.56 + 5.56)).abs() < 0.01);
}

#[test]
fn long_text_wraps_within_the_margins_and_paginates() {
    let mut doc = Documento::new();
    doc.titulo("Longo");
    for _ in 0..120 {
        doc.paragrafo(&"palavra comprida e acentuação ".repeat(12));
    }
    let pdf = doc.finalizar("Longo", "teste");
    let texto = texto_do_pdf(&pdf);
    assert!(texto.contains("página 1 de") && !texto.contains("página 1 de 1 "));
    conformidade::verificar(&pdf, "Longo");
}

#[test]
fn the_example_is_tagged_and_small() {
    let pdf = exemplo();
    conformidade::verificar(&pdf, "Informações essenciais — Fazenda São João");
    assert!(pdf.len() < 60_000, "{} bytes", pdf.len());
}

#[test]
#[ignore = "writes the example to target/pdf-exemplo.pdf, to look at"]
fn escrever_exemplo() {
    std::fs::write("target/pdf-exemplo.pdf", exemplo()).unwrap();
}

#[test]
fn a_long_table_repeats_its_header_on_each_page_as_an_artifact() {
    let mut doc = Documento::new();
    doc.titulo("Tabela longa");
    let linhas: Vec<Vec<String>> = (1..=90)
        .map(|i| vec![format!("{i:02}/01/2026"), format!("Movimento número {i}")])
        .collect();
    doc.tabela(&[("Data", 1.0), ("Descrição", 3.0)], &linhas);
    let pdf = doc.finalizar("Tabela longa", "teste");
    conformidade::verificar(&pdf, "Tabela longa");
    let texto = texto_do_pdf(&pdf);
    assert!(!texto.contains("página 1 de 1 "), "several pages");
    assert!(texto.matches("Data Descrição").count() >= 2, "{texto}");
    // In the structure tree the header is there once, and every row once.
    let lido = lopdf::Document::load_mem(&pdf).unwrap();
    let raiz = lido.catalog().unwrap().get(b"StructTreeRoot").unwrap();
    let raiz = lido.dereference(raiz).unwrap().1.as_dict().unwrap();
    let papeis = conformidade::papeis(&lido, raiz);
    assert_eq!(papeis.iter().filter(|p| *p == "TH").count(), 2);
    assert_eq!(papeis.iter().filter(|p| *p == "TR").count(), 91);
    assert_eq!(papeis.iter().filter(|p| *p == "Table").count(), 1);
}

#[test]
fn sections_without_a_subtitle_are_the_second_heading_level() {
    let mut doc = Documento::new();
    doc.titulo("T");
    doc.secao("1. Um");
    doc.secao("2. Dois");
    doc.subtitulo("Sub");
    doc.secao("3. Três");
    let pdf = doc.finalizar("T", "teste");
    conformidade::verificar(&pdf, "T");
    let lido = lopdf::Document::load_mem(&pdf).unwrap();
    let raiz = lido.catalog().unwrap().get(b"StructTreeRoot").unwrap();
    let raiz = lido.dereference(raiz).unwrap().1.as_dict().unwrap();
    assert_eq!(
        conformidade::papeis(&lido, raiz),
        ["Document", "H1", "H2", "H2", "H2", "H3"]
    );
}

#[test]
fn a_table_header_never_ends_a_page_without_its_first_row() {
    use super::{Linha, Regua, paginacao::paginar};
    let unidade = |altura: f32, regua, tabela| Linha {
        partes: Vec::new(),
        antes: 0.0,
        primeira: altura,
        altura,
        regua,
        tabela,
        artefato: false,
    };
    // 7 × 100 + 10 leaves 20 pt above the bottom margin: room for the header, not the row.
    let mut linhas: Vec<Linha> = (0..7)
        .map(|_| unidade(100.0, Regua::Nenhuma, None))
        .collect();
    linhas.push(unidade(10.0, Regua::Nenhuma, None));
    linhas.push(unidade(14.0, Regua::Cabecalho, Some(0)));
    linhas.push(unidade(14.0, Regua::Nenhuma, Some(0)));
    linhas.push(unidade(710.0, Regua::Nenhuma, Some(0)));
    let paginas = paginar(linhas);
    let resumo: Vec<Vec<(Regua, bool)>> = paginas
        .iter()
        .map(|p| p.iter().map(|(_, l)| (l.regua, l.artefato)).collect())
        .collect();
    assert_eq!(resumo[0].len(), 8);
    assert_eq!(
        resumo[1],
        [(Regua::Cabecalho, false), (Regua::Nenhuma, false)],
        "the header moved with its first row"
    );
    assert_eq!(
        resumo[2],
        [(Regua::Cabecalho, true), (Regua::Nenhuma, false)],
        "and is repeated, as an artifact, above the row that did not fit"
    );
}

use super::*;
use jiff::civil::date;
use rust_decimal_macros::dec;

fn m(id: i64, valor: Decimal, descricao: &str, tipo: &str, status: &str) -> Movimento {
    Movimento {
        id: Some(id),
        data: Some("2026-11-20T13:15:00Z".parse().unwrap()),
        valor,
        descricao: descricao.into(),
        tipo: tipo.into(),
        status: status.into(),
        banco: "341 - ITAÚ UNIBANCO S.A.".into(),
    }
}

#[test]
fn numbers_use_a_decimal_comma_and_no_thousands_separator() {
    assert_eq!(numero_planilha(dec!(-5000)), "-5000,00");
    assert_eq!(numero_planilha(dec!(1234567.891)), "1234567,89");
    assert_eq!(numero_planilha(dec!(0.5)), "0,50");
    assert_eq!(numero_planilha(dec!(-0.001)), "0,00");
    assert_eq!(numero_planilha(Decimal::ZERO), "0,00");
}

#[test]
fn text_fields_are_quoted_and_never_formulas() {
    assert_eq!(campo("Aporte em Soja"), "Aporte em Soja");
    assert_eq!(campo("a;b"), "\"a;b\"");
    assert_eq!(campo("diz \"oi\""), "\"diz \"\"oi\"\"\"");
    assert_eq!(campo("um\ndois"), "\"um\ndois\"");
    assert_eq!(campo("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    assert_eq!(campo("+1"), "'+1");
    assert_eq!(campo("@soma"), "'@soma");
    assert_eq!(campo("-2"), "'-2");
    // A comma-delimited reader must see one cell that still starts with the apostrophe.
    assert_eq!(campo("=1,2"), "\"'=1,2\"");
    assert_eq!(campo("Soja, safra 2027"), "\"Soja, safra 2027\"");
}

#[test]
fn the_csv_has_a_bom_the_header_and_one_line_per_movement() {
    let texto = csv(&[
        m(
            41,
            dec!(-5000),
            "Aporte em Fazenda; Soja",
            "Aporte",
            "Liquidado",
        ),
        m(
            42,
            dec!(401.23),
            "Amortização de Café",
            "Amortizacao",
            "Pendente",
        ),
    ]);
    assert!(texto.starts_with("\u{feff}Data;Descrição;Valor;Tipo;Status;Banco\r\n"));
    let linhas: Vec<&str> = texto.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert_eq!(linhas.len(), 4, "{linhas:?}");
    assert_eq!(
        linhas[1],
        "20/11/2026;\"Aporte em Fazenda; Soja\";-5000,00;Aporte;Liquidado;341 - ITAÚ UNIBANCO S.A."
    );
    assert_eq!(
        linhas[2],
        "20/11/2026;Amortização de Café;401,23;Amortização;Pendente;341 - ITAÚ UNIBANCO S.A."
    );
    assert_eq!(linhas[3], "");
    assert_eq!(
        csv(&[]),
        "\u{feff}Data;Descrição;Valor;Tipo;Status;Banco\r\n"
    );
}

#[test]
fn an_unknown_kind_or_state_is_written_as_sent() {
    let texto = csv(&[m(1, dec!(1), "x", "Bonus", "Novo")]);
    assert!(texto.contains(";1,00;Bonus;Novo;"), "{texto}");
}

#[test]
fn the_cap_and_the_pages() {
    assert_eq!(cabe(0), Ok(()));
    assert_eq!(cabe(LIMITE), Ok(()));
    assert_eq!(cabe(LIMITE + 1), Err(MSG_LIMITE));
    assert_eq!(paginas(0), 1);
    assert_eq!(paginas(1), 1);
    assert_eq!(paginas(1000), 1);
    assert_eq!(paginas(1001), 2);
    assert_eq!(paginas(LIMITE), 5);
    assert_eq!(paginas(u64::MAX), u32::MAX);
}

#[test]
fn the_period_of_the_filter_in_days() {
    let hoje = date(2026, 11, 24);
    let mut f = Filter::default_for("1");
    assert_eq!(dias(&f, hoje), (date(2026, 11, 18), hoje));
    f.period = Period::Days(1);
    assert_eq!(dias(&f, hoje), (hoje, hoje));
    f.period = Period::Range(date(2026, 9, 1), date(2026, 9, 30));
    assert_eq!(dias(&f, hoje), (date(2026, 9, 1), date(2026, 9, 30)));
    assert_eq!(
        arquivo(date(2026, 9, 1), date(2026, 9, 30), "csv"),
        "extrato-2026-09-01-a-2026-09-30.csv"
    );
}

#[test]
fn ofx_dates_are_sao_paulo_time() {
    let t: Timestamp = "2026-11-20T13:15:00Z".parse().unwrap();
    assert_eq!(ofx_instante(t), "20261120101500.000[-3:BRT]");
}

#[test]
fn the_ofx_has_one_signed_transaction_per_movement_with_stable_ids() {
    let cab = Cabecalho {
        conta: "204817".into(),
        inicio: date(2026, 10, 1),
        fim: date(2026, 11, 24),
        agora: "2026-11-24T15:00:00Z".parse().unwrap(),
    };
    let texto = ofx(
        &cab,
        &[
            m(
                41,
                dec!(-5000),
                "Aporte em A & B <2027>",
                "Aporte",
                "Liquidado",
            ),
            m(42, dec!(401.2), "Rendimento", "Rendimento", "Liquidado"),
            m(43, dec!(-300), "Aporte cancelado", "Aporte", "Cancelado"),
        ],
    );
    assert!(texto.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\""));
    assert_eq!(
        texto.matches("<STMTTRN>").count(),
        2,
        "the cancelled one moved no money"
    );
    assert!(texto.contains("<TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261120101500.000[-3:BRT]</DTPOSTED><TRNAMT>-5000.00</TRNAMT><FITID>COLHEITA-41</FITID>"));
    assert!(texto.contains("<TRNTYPE>CREDIT</TRNTYPE>"));
    assert!(texto.contains("<TRNAMT>401.20</TRNAMT>"));
    assert!(texto.contains("<MEMO>Aporte em A &amp; B &lt;2027&gt; (Liquidado)</MEMO>"));
    assert!(texto.contains("<DTSTART>20261001</DTSTART><DTEND>20261124</DTEND>"));
    assert!(texto.contains("<ACCTID>204817</ACCTID>"));
    assert!(texto.contains("<BALAMT>-4598.80</BALAMT>"));
    assert!(texto.contains("<CURDEF>BRL</CURDEF>"));
}

#[test]
fn a_movement_without_id_gets_a_digest_that_does_not_change() {
    let mut a = m(1, dec!(1), "x", "Aporte", "Liquidado");
    a.id = None;
    let f = fitid(&a);
    assert!(f.starts_with("COLHEITA-H") && f.len() == 26, "{f}");
    assert_eq!(fitid(&a.clone()), f);
    let mut b = a.clone();
    b.valor = dec!(2);
    assert_ne!(fitid(&b), f);
}

#[test]
fn xml_text_is_escaped_and_control_characters_dropped() {
    assert_eq!(xml("a&b<c>\"d'"), "a&amp;b&lt;c&gt;&quot;d&apos;");
    assert_eq!(xml("um\ndois\u{1}"), "um dois");
}

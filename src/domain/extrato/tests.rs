//! The statement filter's rules, on a fixed day.

use super::*;
use jiff::civil::date;

const TODAY: Date = date(2026, 11, 23);

fn typed(pairs: &[(&str, &str)]) -> TypedFilter {
    let mut f = TypedFilter::default();
    for (k, v) in pairs {
        let v = (*v).to_owned();
        match *k {
            "Page" => f.page = v,
            "PageSize" => f.page_size = v,
            "dataInicio" => f.data_inicio = v,
            "dataFim" => f.data_fim = v,
            "dias" => f.dias = v,
            "periodoAnterior" => f.periodo_anterior = v,
            "codigoCliente" => f.codigo_cliente = v,
            "FieldSearch" => f.field_search = v,
            "Tipo" => f.tipo = v,
            "Produto" => f.produto = v,
            "Status" => f.status = v,
            "clear" => f.clear = true,
            other => panic!("{other}"),
        }
    }
    f
}

fn run(pairs: &[(&str, &str)]) -> Result<Filter, &'static str> {
    resolve(&typed(pairs), "204817", TODAY)
}

#[test]
fn one_movement_is_counted_in_the_singular() {
    assert_eq!(encontradas(1), "1 movimentação encontrada.");
    assert_eq!(encontradas(2), "2 movimentações encontradas.");
    assert_eq!(encontradas(0), "0 movimentações encontradas.");
}

#[test]
fn nothing_typed_is_the_last_seven_days_of_the_own_account() {
    assert_eq!(run(&[]), Ok(Filter::default_for("204817")));
    assert_eq!(summary(&run(&[]).unwrap()), "7 dias, Conta 204817");
}

#[test]
fn quick_periods_and_any_days_up_to_ninety() {
    for n in QUICK_PERIODS {
        let f = run(&[("dias", &n.to_string())]).unwrap();
        assert_eq!(f.period, Period::Days(n));
    }
    assert_eq!(run(&[("dias", "90")]).unwrap().period, Period::Days(90));
    assert_eq!(run(&[("dias", "91")]), Err(MSG_RANGE));
    assert_eq!(run(&[("dias", "0")]), Err(MSG_DAYS));
    assert_eq!(run(&[("dias", "sete")]), Err(MSG_DAYS));
    assert_eq!(run(&[("dias", " ")]).unwrap().period, Period::Days(7));
}

#[test]
fn personalizado_or_no_choice_takes_the_dates() {
    for dias in [CUSTOM, ""] {
        let f = run(&[
            ("dias", dias),
            ("dataInicio", "01/10/2026"),
            ("dataFim", "15/10/2026"),
        ])
        .unwrap();
        assert_eq!(
            f.period,
            Period::Range(date(2026, 10, 1), date(2026, 10, 15))
        );
        assert_eq!(summary(&f), "Conta 204817, 01/10/2026 até 15/10/2026");
    }
    assert_eq!(run(&[("dias", CUSTOM)]), Err(MSG_BOTH_DATES));
    assert_eq!(
        run(&[("dias", CUSTOM), ("dataInicio", "01/10/2026")]),
        Err(MSG_BOTH_DATES)
    );
}

#[test]
fn dates_typed_over_a_quick_period_hold() {
    for anterior in ["", "7"] {
        let f = run(&[
            ("dias", "7"),
            ("periodoAnterior", anterior),
            ("dataInicio", "01/10/2026"),
            ("dataFim", "15/10/2026"),
        ])
        .unwrap();
        assert_eq!(
            f.period,
            Period::Range(date(2026, 10, 1), date(2026, 10, 15))
        );
    }
}

#[test]
fn a_quick_period_chosen_after_a_range_applies_the_days() {
    for n in QUICK_PERIODS {
        let f = run(&[
            ("dias", &n.to_string()),
            ("periodoAnterior", CUSTOM),
            ("dataInicio", "01/10/2026"),
            ("dataFim", "15/10/2026"),
        ])
        .unwrap();
        assert_eq!(f.period, Period::Days(n));
        assert_eq!(summary(&f), format!("{n} dias, Conta 204817"));
    }
}

#[test]
fn a_range_of_ninety_days_passes_and_ninety_one_is_refused() {
    // The same 90 days as `dias=90`: 26/08 to 23/11, both counted.
    let ok = run(&[("dataInicio", "26/08/2026"), ("dataFim", "23/11/2026")]);
    assert!(ok.is_ok(), "{ok:?}");
    assert_eq!(
        periodo(None, None, Some(90), date(2026, 11, 23)).map(|p| p.inicio),
        Ok(date(2026, 8, 26))
    );
    assert_eq!(
        run(&[("dataInicio", "25/08/2026"), ("dataFim", "23/11/2026")]),
        Err(MSG_RANGE)
    );
    assert_eq!(
        run(&[("dataInicio", "01/01/2025"), ("dataFim", "01/01/2026")]),
        Err(MSG_RANGE)
    );
}

#[test]
fn dates_must_be_whole_ordered_and_not_in_the_future() {
    assert_eq!(run(&[("dataInicio", "01/10/2026")]), Err(MSG_BOTH_DATES));
    assert_eq!(run(&[("dataFim", "01/10/2026")]), Err(MSG_BOTH_DATES));
    assert_eq!(
        run(&[("dataInicio", "2026-10-01"), ("dataFim", "15/10/2026")]),
        Err(MSG_DATE_FORMAT)
    );
    assert_eq!(
        run(&[("dataInicio", "31/09/2026"), ("dataFim", "15/10/2026")]),
        Err(MSG_DATE_FORMAT)
    );
    assert_eq!(
        run(&[("dataInicio", "20/11/2026"), ("dataFim", "24/11/2026")]),
        Err(MSG_FUTURE)
    );
    assert_eq!(
        run(&[("dataInicio", "15/10/2026"), ("dataFim", "01/10/2026")]),
        Err(MSG_ORDER)
    );
    assert!(run(&[("dataInicio", "23/11/2026"), ("dataFim", "23/11/2026")]).is_ok());
}

#[test]
fn page_and_page_size_fall_back_to_the_defaults() {
    let f = run(&[("Page", "3"), ("PageSize", "50")]).unwrap();
    assert_eq!((f.page, f.page_size), (3, 50));
    for size in PAGE_SIZES {
        assert_eq!(
            run(&[("PageSize", &size.to_string())]).unwrap().page_size,
            size
        );
    }
    let f = run(&[("Page", "0"), ("PageSize", "15")]).unwrap();
    assert_eq!((f.page, f.page_size), (1, 10));
    let f = run(&[("Page", "x"), ("PageSize", "2000")]).unwrap();
    assert_eq!((f.page, f.page_size), (1, 10));
}

#[test]
fn kind_product_and_state_are_optional_and_checked() {
    let f = run(&[
        ("Tipo", "Rendimento"),
        ("Produto", " Soja "),
        ("Status", "Liquidado"),
        ("codigoCliente", "555"),
    ])
    .unwrap();
    assert_eq!(f.tipo, Some(TipoMovimento::Rendimento));
    assert_eq!(f.produto.as_deref(), Some("Soja"));
    assert_eq!(f.status, Some(StatusMovimento::Liquidado));
    assert_eq!(
        summary(&f),
        "7 dias, Conta 555, Rendimento, Soja, Liquidado"
    );
    assert_eq!(run(&[("Tipo", "Saque")]), Err(MSG_OPTION));
    assert_eq!(run(&[("Status", "Pago")]), Err(MSG_OPTION));
    let long = "x".repeat(151);
    assert_eq!(run(&[("FieldSearch", &long)]), Err(MSG_TOO_LONG));
    assert_eq!(run(&[("Produto", &long)]), Err(MSG_TOO_LONG));
    assert!(run(&[("FieldSearch", &"é".repeat(150))]).is_ok());
}

#[test]
fn the_free_text_alone_is_the_summary() {
    let f = run(&[
        ("FieldSearch", "amortização"),
        ("dias", "30"),
        ("Tipo", "Aporte"),
    ])
    .unwrap();
    assert_eq!(summary(&f), "amortização");
}

#[test]
fn the_summary_names_a_range_with_its_kind_and_state() {
    let f = run(&[
        ("dataInicio", "01/11/2026"),
        ("dataFim", "20/11/2026"),
        ("Tipo", "Amortizacao"),
        ("Status", "Pendente"),
    ])
    .unwrap();
    assert_eq!(
        summary(&f),
        "Conta 204817, 01/11/2026 até 20/11/2026, Amortização, Pendente"
    );
}

#[test]
fn clear_goes_back_to_the_defaults_keeping_the_page_size() {
    let f = run(&[
        ("clear", "1"),
        ("dias", "500"),
        ("Tipo", "x"),
        ("PageSize", "20"),
    ])
    .unwrap();
    assert_eq!(f.period, Period::Days(7));
    assert_eq!((f.page, f.page_size, f.tipo), (1, 20, None));
}

#[test]
fn only_the_investors_accounts_are_searched() {
    let offered = ["100234", "100235"];
    let offered = Some(&offered[..]);
    assert_eq!(check_account("100234", "100234", offered), Ok(()));
    assert_eq!(check_account("100235", "100234", offered), Ok(()));
    for bad in ["999999", "abc", "'", " 100234"] {
        assert_eq!(
            check_account(bad, "100234", offered),
            Err(MSG_ACCOUNT),
            "{bad:?}"
        );
        // A registration listing no accounts offers only the investor's own.
        assert_eq!(check_account(bad, "100234", Some(&[])), Err(MSG_ACCOUNT));
    }
    assert_eq!(check_account("100234", "100234", Some(&[])), Ok(()));
    // No list known: the platform decides.
    assert_eq!(check_account("999999", "100234", None), Ok(()));
}

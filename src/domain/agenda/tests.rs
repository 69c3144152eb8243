use super::*;
use jiff::civil::date;
use rust_decimal_macros::dec;

fn r(id: i64, numero: i64, captacao: i64, data: Date, valor: Decimal, s: Situacao) -> Recebimento {
    Recebimento {
        id_reserva: id,
        numero,
        id_captacao: Some(captacao),
        captacao: format!("Captação {captacao}"),
        data,
        valor,
        situacao: s,
    }
}

#[test]
fn the_state_comes_from_the_platform_and_the_day() {
    let hoje = date(2026, 11, 24);
    let ontem = date(2026, 11, 23);
    let amanha = date(2026, 11, 25);
    use ParcelaStatus as P;
    assert_eq!(situacao(Some(&P::Pago), amanha, hoje), Some(Situacao::Pago));
    assert_eq!(
        situacao(Some(&P::Quitada), ontem, hoje),
        Some(Situacao::Pago)
    );
    assert_eq!(
        situacao(Some(&P::PagamentoAtrasado), amanha, hoje),
        Some(Situacao::Atrasado)
    );
    assert_eq!(
        situacao(Some(&P::AReceber), ontem, hoje),
        Some(Situacao::Atrasado)
    );
    assert_eq!(
        situacao(Some(&P::AReceber), hoje, hoje),
        Some(Situacao::Previsto)
    );
    assert_eq!(
        situacao(Some(&P::AReceber), amanha, hoje),
        Some(Situacao::Previsto)
    );
    assert_eq!(situacao(None, ontem, hoje), Some(Situacao::Atrasado));
    assert_eq!(situacao(None, amanha, hoje), Some(Situacao::Previsto));
    assert_eq!(
        situacao(Some(&P::Vigente), amanha, hoje),
        Some(Situacao::Previsto)
    );
    assert_eq!(situacao(Some(&P::Simulado), amanha, hoje), None);
    assert_eq!(situacao(Some(&P::Excluida), ontem, hoje), None);
}

#[test]
fn the_filter_reads_an_offering_and_a_state_or_refuses() {
    let t = |c: &str, s: &str| FiltroDigitado {
        captacao: c.into(),
        situacao: s.into(),
    };
    assert_eq!(filtro(&t("", "")), Ok(Filtro::default()));
    assert!(!filtro(&t(" ", " ")).unwrap().ativo());
    assert_eq!(
        filtro(&t("12", "Atrasado")),
        Ok(Filtro {
            captacao: Some(12),
            situacao: Some(Situacao::Atrasado)
        })
    );
    for s in Situacao::ALL {
        assert_eq!(Situacao::from_code(s.code()), Some(s));
    }
    for bad in [
        t("x", ""),
        t("-1", ""),
        t("0", ""),
        t("", "quitado"),
        t("1.5", "pago"),
    ] {
        assert_eq!(filtro(&bad), Err(MSG_OPCAO), "{bad:?}");
    }
}

#[test]
fn months_come_this_one_first_then_the_next_then_the_past_newest_first() {
    let hoje = date(2026, 11, 24);
    let itens = vec![
        r(1, 1, 1, date(2026, 9, 10), dec!(10), Situacao::Pago),
        r(1, 2, 1, date(2026, 10, 10), dec!(10), Situacao::Pago),
        r(2, 1, 2, date(2027, 1, 5), dec!(7.5), Situacao::Previsto),
        r(1, 3, 1, date(2026, 11, 10), dec!(10), Situacao::Pago),
        r(3, 1, 1, date(2026, 11, 30), dec!(2.25), Situacao::Previsto),
        r(2, 2, 2, date(2026, 11, 10), dec!(1), Situacao::Previsto),
        r(4, 1, 3, date(2025, 12, 1), dec!(100), Situacao::Pago),
    ];
    let a = agenda(&filtrar(&itens, &Filtro::default()), hoje);
    let proximos: Vec<Date> = a.proximos.iter().map(|m| m.inicio).collect();
    assert_eq!(proximos, [date(2026, 11, 1), date(2027, 1, 1)]);
    let passados: Vec<Date> = a.passados.iter().map(|m| m.inicio).collect();
    assert_eq!(
        passados,
        [date(2026, 10, 1), date(2026, 9, 1), date(2025, 12, 1)]
    );
    let nov = &a.proximos[0];
    assert_eq!(nov.total, dec!(13.25));
    let ordem: Vec<(i64, i64)> = nov.itens.iter().map(|r| (r.id_reserva, r.numero)).collect();
    assert_eq!(ordem, [(1, 3), (2, 2), (3, 1)], "by day, then reservation");
    assert_eq!(a.ano, 2026);
    assert_eq!(a.total_ano, dec!(33.25));
    assert_eq!(a.recebido_ano, dec!(30));
    assert_eq!(a.a_receber_ano, dec!(3.25));
}

#[test]
fn a_month_without_payments_this_month_starts_with_the_next() {
    let hoje = date(2026, 11, 24);
    let itens = vec![r(1, 1, 1, date(2026, 12, 1), dec!(1), Situacao::Previsto)];
    let a = agenda(&itens, hoje);
    assert_eq!(a.proximos[0].inicio, date(2026, 12, 1));
    assert!(a.passados.is_empty());
    assert_eq!(a.total_ano, dec!(1), "December is still this year");
    let vazia = agenda(&[], hoje);
    assert!(vazia.proximos.is_empty() && vazia.passados.is_empty());
}

#[test]
fn the_filter_keeps_one_offering_and_one_state() {
    let itens = vec![
        r(1, 1, 1, date(2026, 11, 10), dec!(10), Situacao::Pago),
        r(2, 1, 2, date(2026, 11, 11), dec!(20), Situacao::Previsto),
        r(3, 1, 2, date(2026, 11, 1), dec!(30), Situacao::Atrasado),
    ];
    let so = |c, s| {
        filtrar(
            &itens,
            &Filtro {
                captacao: c,
                situacao: s,
            },
        )
    };
    assert_eq!(so(Some(2), None).len(), 2);
    assert_eq!(so(Some(2), Some(Situacao::Atrasado))[0].id_reserva, 3);
    assert_eq!(so(None, Some(Situacao::Pago)).len(), 1);
    assert!(so(Some(9), None).is_empty());
    let todos = so(None, None);
    assert_eq!(todos[0].id_reserva, 3, "ordered by day");
}

#[test]
fn the_chart_has_twelve_months_from_this_one_with_zeroes() {
    let hoje = date(2026, 11, 24);
    let itens = vec![
        r(1, 1, 1, date(2026, 11, 2), dec!(10), Situacao::Pago),
        r(1, 2, 1, date(2026, 11, 28), dec!(5), Situacao::Previsto),
        r(1, 3, 1, date(2027, 10, 28), dec!(7), Situacao::Previsto),
        r(1, 4, 1, date(2027, 11, 1), dec!(9), Situacao::Previsto),
        r(1, 0, 1, date(2026, 10, 31), dec!(9), Situacao::Pago),
    ];
    let m = proximos_meses(&itens, hoje);
    assert_eq!(m.len(), MESES_GRAFICO);
    assert_eq!(m[0], (date(2026, 11, 1), dec!(15)));
    assert_eq!(m[1], (date(2026, 12, 1), Decimal::ZERO));
    assert_eq!(m[11], (date(2027, 10, 1), dec!(7)));
}

#[test]
fn totals_saturate_on_hostile_amounts() {
    let hoje = date(2026, 11, 24);
    let itens = vec![
        r(1, 1, 1, date(2026, 11, 2), Decimal::MAX, Situacao::Pago),
        r(1, 2, 1, date(2026, 11, 3), Decimal::MAX, Situacao::Pago),
    ];
    assert_eq!(agenda(&itens, hoje).total_ano, Decimal::MAX);
    assert_eq!(proximos_meses(&itens, hoje)[0].1, Decimal::MAX);
}

#[test]
fn month_names_are_portuguese() {
    assert_eq!(
        crate::domain::dates::civil_month_year_br(date(2026, 3, 9)),
        "março de 2026"
    );
    assert_eq!(mes_curto(date(2026, 3, 9)), "mar/26");
    assert_eq!(mes_curto(date(2027, 12, 1)), "dez/27");
}

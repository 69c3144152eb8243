use super::*;
use jiff::ToSpan;
use jiff::civil::date;
use proptest::prelude::*;
use rust_decimal_macros::dec;

fn parcela(vencimento: Date, valor: Decimal, pago: Decimal) -> Parcela {
    Parcela {
        vencimento,
        valor,
        pago,
        pago_em: (pago > Decimal::ZERO).then_some(vencimento),
    }
}

fn mensal(primeira: Date, n: i32, pagas: i32) -> Vec<Parcela> {
    (0..n)
        .map(|i| {
            let v = primeira.checked_add(i.months()).expect("date");
            parcela(v, dec!(100), if i < pagas { dec!(100) } else { dec!(0) })
        })
        .collect()
}

const INICIO: Date = date(2026, 1, 10);

#[test]
fn before_the_yield_starts_the_money_is_in_fundraising() {
    let p = mensal(date(2026, 2, 10), 12, 0);
    assert_eq!(
        situacao(None, &p, Recuperacao::Nenhuma, date(2027, 6, 1)),
        Situacao::EmCaptacao
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, date(2026, 1, 9)),
        Situacao::EmCaptacao
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, INICIO),
        Situacao::EmDia
    );
}

#[test]
fn an_instalment_is_late_from_the_day_after_its_due_date() {
    let p = mensal(date(2026, 2, 10), 12, 0);
    let on_due = date(2026, 2, 10);
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, on_due),
        Situacao::EmDia
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, date(2026, 2, 11)),
        Situacao::Atrasado { dias: 1 }
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, date(2026, 2, 22)),
        Situacao::Atrasado { dias: 12 }
    );
}

#[test]
fn a_payment_clears_the_delay() {
    let mut p = mensal(date(2026, 2, 10), 3, 0);
    let hoje = date(2026, 2, 20);
    assert_eq!(dias_em_atraso(&p, hoje), 10);
    p[0].pago = dec!(100);
    p[0].pago_em = Some(hoje);
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, hoje),
        Situacao::EmDia
    );
}

#[test]
fn a_part_payment_leaves_the_instalment_late_for_what_is_missing() {
    let mut p = mensal(date(2026, 2, 10), 3, 0);
    p[0].pago = dec!(60);
    let hoje = date(2026, 2, 15);
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, hoje),
        Situacao::Atrasado { dias: 5 }
    );
    assert_eq!(valor_em_atraso(&p, hoje), dec!(40));
}

#[test]
fn past_ninety_days_without_recovery_it_is_default_and_recovery_or_write_off_say_so() {
    let p = mensal(date(2026, 2, 10), 12, 0);
    let dia_90 = date(2026, 2, 10).checked_add(90.days()).expect("date");
    let dia_91 = date(2026, 2, 10).checked_add(91.days()).expect("date");
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, dia_90),
        Situacao::Atrasado { dias: 90 }
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Nenhuma, dia_91),
        Situacao::Inadimplente
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::EmCurso, dia_91),
        Situacao::EmRecuperacao
    );
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::Baixada, dia_90),
        Situacao::Inadimplente
    );
}

#[test]
fn paid_in_full_is_settled_even_after_a_recovery() {
    let p = mensal(date(2026, 2, 10), 4, 4);
    assert_eq!(
        situacao(Some(INICIO), &p, Recuperacao::EmCurso, date(2027, 1, 1)),
        Situacao::Liquidado
    );
    assert_eq!(
        situacao(Some(INICIO), &[], Recuperacao::Nenhuma, date(2027, 1, 1)),
        Situacao::EmDia
    );
}

#[test]
fn the_labels_are_the_products_words() {
    assert_eq!(
        Situacao::Atrasado { dias: 12 }.rotulo(),
        "Atrasado há 12 dias"
    );
    assert_eq!(Situacao::Atrasado { dias: 1 }.rotulo(), "Atrasado há 1 dia");
    assert_eq!(Situacao::EmCaptacao.rotulo(), "Em captação");
    assert_eq!(Situacao::Liquidado.rotulo(), "Liquidado");
}

fn schedules() -> impl Strategy<Value = (Vec<Parcela>, Date)> {
    (1i32..24, 0i32..24, 0i32..900).prop_map(|(n, pagas, offset)| {
        let p = mensal(date(2026, 2, 10), n, pagas.min(n));
        (p, INICIO.checked_add(offset.days()).expect("date"))
    })
}

proptest! {
    #[test]
    fn late_days_count_from_the_oldest_unpaid_instalment((p, hoje) in schedules()) {
        let oldest = p.iter().find(|x| !x.quitada() && x.vencimento < hoje);
        let expected = oldest.map_or(0, |x| (hoje - x.vencimento).get_days());
        prop_assert_eq!(dias_em_atraso(&p, hoje), expected);
    }

    #[test]
    fn the_situation_follows_the_days_late((p, hoje) in schedules()) {
        let s = situacao(Some(INICIO), &p, Recuperacao::Nenhuma, hoje);
        let d = dias_em_atraso(&p, hoje);
        let expected = if p.iter().all(Parcela::quitada) {
            Situacao::Liquidado
        } else if d == 0 {
            Situacao::EmDia
        } else if d > DIAS_PARA_INADIMPLENCIA {
            Situacao::Inadimplente
        } else {
            Situacao::Atrasado { dias: d }
        };
        prop_assert_eq!(s, expected);
    }

    #[test]
    fn without_a_payment_time_never_makes_a_late_holding_current((p, hoje) in schedules(), later in 1i32..400) {
        let after = hoje.checked_add(later.days()).expect("date");
        let before = situacao(Some(INICIO), &p, Recuperacao::Nenhuma, hoje);
        let then = situacao(Some(INICIO), &p, Recuperacao::Nenhuma, after);
        let late = |s: Situacao| matches!(s, Situacao::Atrasado { .. } | Situacao::Inadimplente);
        if late(before) {
            prop_assert!(late(then), "{:?} then {:?}", before, then);
            prop_assert!(dias_em_atraso(&p, after) > dias_em_atraso(&p, hoje));
        }
    }

    #[test]
    fn the_overdue_amount_is_what_late_instalments_miss((p, hoje) in schedules()) {
        let late = p.iter().filter(|x| !x.quitada() && x.vencimento < hoje).count();
        prop_assert_eq!(valor_em_atraso(&p, hoje), Decimal::from(late) * dec!(100));
    }
}

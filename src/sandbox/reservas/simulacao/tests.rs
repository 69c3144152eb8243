//! The simulation's figures, checked by hand (see each test).
//!
//! Reference values were worked out with 50-digit decimal arithmetic:
//! `(1 + a)^(m/12) − 1`, each interest rounded half up to cents, the total interest
//! rounded once, the last payment = principal + total interest − interest already paid.

use axum::http::StatusCode;
use jiff::civil::date;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

fn termos(anual: Decimal, prazo: u32, periodicidade: u32, inicio: Date) -> Termos {
    Termos {
        rendimento_anual: anual,
        prazo_meses: prazo,
        periodicidade_meses: periodicidade,
        inicio,
    }
}

fn valores(c: &Cenario) -> Vec<Decimal> {
    c.parcelas.iter().map(|p| p.valor).collect()
}

fn datas(c: &Cenario) -> Vec<&str> {
    c.parcelas.iter().map(|p| &p.data_pagamento[..10]).collect()
}

#[test]
fn the_twelfth_root_is_exact_to_far_below_a_cent() {
    // 1.01^12 = 1.126825030131969720661201 exactly.
    let r = raiz_duodecima(dec!(1.126825030131969720661201)).unwrap();
    assert!((r - dec!(1.01)).abs() < Decimal::new(1, 20), "{r}");
    assert_eq!(raiz_duodecima(Decimal::ONE), Some(Decimal::ONE));
    assert_eq!(raiz_duodecima(dec!(0.5)), None);
    assert_eq!(potencia(dec!(1.1), 2), Some(dec!(1.21)));
    assert_eq!(potencia(dec!(3), 0), Some(Decimal::ONE));
}

#[test]
fn periods_follow_the_periodicity_with_a_shorter_last_one() {
    assert_eq!(periodos(12, 1), vec![1; 12]);
    assert_eq!(periodos(12, 6), vec![6, 6]);
    assert_eq!(periodos(9, 6), vec![6, 3]);
    assert_eq!(periodos(10, 3), vec![3, 3, 3, 1]);
    assert_eq!(periodos(12, 12), vec![12]);
    assert_eq!(
        periodos(6, 12),
        vec![6],
        "longer than the term: paid at maturity"
    );
    assert_eq!(periodos(6, 0), vec![6]);
}

#[test]
fn semiannual_at_21_percent_pays_ten_percent_a_semester() {
    // 1.21^(6/12) = 1.1: 10 % a semester on R$ 1.000,00.
    let t = termos(dec!(0.21), 12, 6, date(2027, 1, 21));
    let c = cenarios(dec!(1000), &t).unwrap();
    let nomes: Vec<_> = c.iter().map(|c| c.nome).collect();
    assert_eq!(nomes, vec![BASE, REINVESTIMENTO, CONSERVADOR]);

    assert_eq!(valores(&c[0]), vec![dec!(100.00), dec!(1100.00)]);
    assert_eq!(c[0].total_receber, dec!(1200.00));
    assert_eq!(datas(&c[0]), vec!["2027-07-21", "2028-01-21"]);
    assert_eq!(c[0].parcelas[0].data_pagamento, "2027-07-21T00:00:00-03:00");
    assert_eq!(
        c[0].parcelas.iter().map(|p| p.numero).collect::<Vec<_>>(),
        vec![1, 2]
    );

    // Reinvested: 1000 × 1.1 × 1.1.
    assert_eq!(valores(&c[1]), vec![dec!(1210.00)]);
    assert_eq!(c[1].total_receber, dec!(1210.00));
    assert_eq!(datas(&c[1]), vec!["2028-01-21"]);

    // 19 %: 1.19^(1/2) − 1 = 0.0908712…; 90.87 a semester; total interest 181.742… → 181.74.
    assert_eq!(valores(&c[2]), vec![dec!(90.87), dec!(1090.87)]);
    assert_eq!(c[2].total_receber, dec!(1181.74));
}

#[test]
fn a_term_that_is_not_a_multiple_ends_with_a_short_period() {
    // 9 months, semiannual: 6 months at 10 %, then 3 months at 1.21^(1/4) − 1 = 4.88088…%.
    let t = termos(dec!(0.21), 9, 6, date(2027, 3, 10));
    let c = cenarios(dec!(1000), &t).unwrap();
    assert_eq!(valores(&c[0]), vec![dec!(100.00), dec!(1048.81)]);
    assert_eq!(c[0].total_receber, dec!(1148.81));
    assert_eq!(datas(&c[0]), vec!["2027-09-10", "2027-12-10"]);
    // 1000 × 1.21^(9/12) = 1153.6897…
    assert_eq!(c[1].total_receber, dec!(1153.69));
}

#[test]
fn monthly_interest_rounds_each_month_and_the_last_payment_absorbs_it() {
    // Santa Luzia: 17,50 % a.a., 12 months, monthly. 1.175^(1/12) − 1 = 1.352972…% a month:
    // R$ 135,30 on R$ 10.000,00; 12 × 135.2972… = 1623.566… → 1623.57 of interest;
    // the last payment is 10000 + 1623.57 − 11 × 135.30 = 10135.27 (three cents less).
    let t = termos(dec!(0.175), 12, 1, date(2027, 1, 21));
    let c = cenarios(dec!(10000), &t).unwrap();
    let base = valores(&c[0]);
    assert_eq!(base.len(), 12);
    assert!(base[..11].iter().all(|v| *v == dec!(135.30)), "{base:?}");
    assert_eq!(base[11], dec!(10135.27));
    assert_eq!(c[0].total_receber, dec!(11623.57));
    assert_eq!(c[0].total_receber, base.iter().sum::<Decimal>());
    // Reinvested a whole year at 17.5 %.
    assert_eq!(c[1].total_receber, dec!(11750.00));
    // 15.5 %: 120.81 a month, last 10120.78, total 11449.69.
    let cons = valores(&c[2]);
    assert!(cons[..11].iter().all(|v| *v == dec!(120.81)), "{cons:?}");
    assert_eq!(cons[11], dec!(10120.78));
    assert_eq!(c[2].total_receber, dec!(11449.69));
}

#[test]
fn dates_count_from_the_start_and_clamp_to_the_month_end() {
    let t = termos(dec!(0.12), 4, 1, date(2027, 1, 31));
    let c = cenarios(dec!(500), &t).unwrap();
    assert_eq!(
        datas(&c[0]),
        vec!["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]
    );
}

#[test]
fn the_conservative_yield_never_goes_below_zero() {
    let t = termos(dec!(0.015), 6, 3, date(2027, 1, 1));
    let c = cenarios(dec!(1000), &t).unwrap();
    assert_eq!(valores(&c[2]), vec![dec!(0.00), dec!(1000.00)]);
    assert_eq!(c[2].total_receber, dec!(1000.00));
}

#[test]
fn valor_base_is_a_plain_decimal_above_zero() {
    assert_eq!(
        valor_base(Some("valorBase=1000.00")).unwrap(),
        dec!(1000.00)
    );
    assert_eq!(
        valor_base(Some("x=1&valorBase=12.345")).unwrap(),
        dec!(12.35)
    );
    for q in [
        None,
        Some(""),
        Some("valorBase="),
        Some("valorBase=abc"),
        Some("valorBase=0"),
        Some("valorBase=-5"),
        Some("valorBase=0.001"),
    ] {
        let e = valor_base(q).unwrap_err();
        assert_eq!(e.status(), StatusCode::BAD_REQUEST, "{q:?}");
        assert_eq!(e.mensagem(), MSG_VALOR, "{q:?}");
    }
    assert_eq!(
        valor_base(Some("valorBase=1000000000001"))
            .unwrap_err()
            .status(),
        StatusCode::BAD_REQUEST
    );
}

use super::*;
use jiff::ToSpan;
use jiff::civil::date;
use proptest::prelude::*;
use rust_decimal_macros::dec;

fn f(data: Date, valor: Decimal) -> Fluxo {
    Fluxo { data, valor }
}

#[test]
fn ten_percent_over_a_365_day_year() {
    let fl = [
        f(date(2025, 1, 1), dec!(-1000)),
        f(date(2026, 1, 1), dec!(1100)),
    ];
    assert_eq!(xirr(&fl), Ok(dec!(0.1)));
}

#[test]
fn a_leap_year_counts_366_days_over_365() {
    // 1,1 = (1 + r)^(366/365) → r = 9,97 %.
    let fl = [
        f(date(2024, 1, 1), dec!(-1000)),
        f(date(2025, 1, 1), dec!(1100)),
    ];
    assert_eq!(xirr(&fl), Ok(dec!(0.0997)));
}

#[test]
fn monthly_interest_then_the_principal() {
    // 1 % a month for a year, principal at the end: about 12,7 % a year.
    let inicio = date(2025, 1, 10);
    let mut fl = vec![f(inicio, dec!(-10000))];
    for m in 1..=12 {
        let v = if m == 12 { dec!(10100) } else { dec!(100) };
        fl.push(f(inicio.checked_add(m.months()).unwrap(), v));
    }
    let r = xirr(&fl).unwrap();
    assert!(r > dec!(0.12) && r < dec!(0.13), "{r}");
}

#[test]
fn a_late_payment_lowers_the_rate_and_a_partial_loss_makes_it_negative() {
    let a = date(2025, 1, 1);
    let on_time = xirr(&[f(a, dec!(-1000)), f(date(2026, 1, 1), dec!(1100))]).unwrap();
    let late = xirr(&[f(a, dec!(-1000)), f(date(2026, 7, 1), dec!(1100))]).unwrap();
    assert!(late < on_time);
    let partial = xirr(&[f(a, dec!(-1000)), f(date(2026, 1, 1), dec!(600))]).unwrap();
    assert_eq!(partial, dec!(-0.4));
}

#[test]
fn edge_cases_have_no_rate_and_say_why() {
    let a = date(2025, 1, 1);
    // One flow, or only money out: nothing received yet, or a total loss.
    assert_eq!(xirr(&[f(a, dec!(-1000))]), Err(SemTaxa::SoSaidas));
    assert_eq!(
        xirr(&[f(a, dec!(-1000)), f(date(2026, 1, 1), dec!(0))]),
        Err(SemTaxa::SoSaidas)
    );
    assert_eq!(xirr(&[f(a, dec!(50))]), Err(SemTaxa::SoEntradas));
    assert_eq!(xirr(&[]), Err(SemTaxa::SoEntradas));
    // All on one day.
    assert_eq!(
        xirr(&[f(a, dec!(-1000)), f(a, dec!(1100))]),
        Err(SemTaxa::MesmoDia)
    );
    // Money back first, then more paid than ever comes back, with no rate to match in range:
    // +1000 now, -1 tomorrow has a root; +1 now and -1000 tomorrow needs r beyond the top.
    assert_eq!(
        xirr(&[
            f(a, dec!(1)),
            f(a.checked_add(1.day()).unwrap(), dec!(-1000))
        ]),
        Err(SemTaxa::SemSolucao)
    );
}

#[test]
fn the_order_of_the_flows_does_not_matter() {
    let fl = [
        f(date(2026, 1, 1), dec!(1100)),
        f(date(2025, 1, 1), dec!(-1000)),
    ];
    assert_eq!(xirr(&fl), Ok(dec!(0.1)));
}

fn fluxos() -> impl Strategy<Value = Vec<Fluxo>> {
    (
        1_000i64..10_000_000,
        prop::collection::vec((1i32..2_000, 0i64..5_000_000), 1..12),
    )
        .prop_map(|(investido, pagamentos)| {
            let inicio = date(2024, 3, 1);
            let mut fl = vec![f(inicio, Decimal::new(-investido, 2))];
            for (dias, centavos) in pagamentos {
                fl.push(f(
                    inicio.checked_add(dias.days()).unwrap(),
                    Decimal::new(centavos, 2),
                ));
            }
            fl
        })
}

/// The present value at `r`, in f64: only to check the root, never for the result.
fn vp(fl: &[Fluxo], r: f64) -> f64 {
    use rust_decimal::prelude::ToPrimitive;
    let inicio = fl.iter().map(|x| x.data).min().unwrap();
    fl.iter()
        .map(|x| {
            let t = (x.data - inicio).get_days() as f64 / 365.0;
            x.valor.to_f64().unwrap() / (1.0 + r).powf(t)
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Money out first and something back later: there is a rate (past the range: none, tested
/// above), and at the rounded rate's
    /// neighbours a hundredth of a point apart the present value changes sign.
    #[test]
    fn the_rate_is_the_root_to_a_hundredth_of_a_point(fl in fluxos()) {
        prop_assume!(fl.iter().any(|x| x.valor > Decimal::ZERO));
        // Within the search's range (a rate under 100 000 % a year).
        prop_assume!(vp(&fl, 999.0) < 0.0);
        use rust_decimal::prelude::ToPrimitive;
        let Ok(r) = xirr(&fl) else { return Err(TestCaseError::fail(format!("{fl:?}"))); };
        prop_assert_eq!(r, r.round_dp(4));
        let r = r.to_f64().unwrap();
        let (a, b) = (vp(&fl, r - 0.0001), vp(&fl, r + 0.0001));
        prop_assert!(a >= 0.0 && b <= 0.0 || r <= -0.9999, "{r} {a} {b} {fl:?}");
    }

    /// More received, same dates: never a lower rate.
    #[test]
    fn receiving_more_never_lowers_the_rate(fl in fluxos(), extra in 1i64..1_000_000) {
        prop_assume!(fl.iter().any(|x| x.valor > Decimal::ZERO));
        let mut more = fl.clone();
        let last = more.len() - 1;
        more[last].valor += Decimal::new(extra, 2);
        prop_assume!(vp(&more, 999.0) < 0.0);
        prop_assert!(xirr(&more).unwrap() >= xirr(&fl).unwrap());
    }
}

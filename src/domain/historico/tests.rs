#![allow(clippy::unwrap_used)]

use jiff::civil::date;
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

fn parcela(venc: Date, pago_em: Option<Date>) -> Parcela {
    Parcela {
        vencimento: venc,
        valor: dec!(100),
        pago: if pago_em.is_some() {
            dec!(100)
        } else {
            Decimal::ZERO
        },
        pago_em,
    }
}

fn oferta(
    encerrada: Date,
    principal: Decimal,
    situacao: Situacao,
    parcelas: Vec<Parcela>,
) -> Oferta {
    Oferta {
        encerrada,
        principal,
        parcelas,
        situacao,
        recuperado: Decimal::ZERO,
    }
}

#[test]
fn a_late_payment_counts_as_late_even_once_paid() {
    let hoje = date(2026, 6, 1);
    let p = vec![
        parcela(date(2024, 1, 10), Some(date(2024, 1, 10))),
        parcela(date(2024, 7, 10), Some(date(2024, 8, 20))),
    ];
    assert_eq!(maior_atraso(&p, hoje), 41);
    let anos = por_ano(
        &[oferta(date(2023, 5, 1), dec!(1000), Situacao::Liquidado, p)],
        hoje,
    );
    assert_eq!(anos.len(), 1);
    let a = &anos[0];
    assert_eq!(
        (a.ano, a.captacoes, a.quitadas, a.quitadas_em_dia),
        (2023, 1, 1, 0)
    );
    assert_eq!((a.atraso_mais_30, a.atraso_mais_90), (1, 0));
}

#[test]
fn an_open_instalment_is_late_up_to_today() {
    let p = vec![parcela(date(2026, 1, 1), None)];
    assert_eq!(maior_atraso(&p, date(2026, 1, 1)), 0);
    assert_eq!(maior_atraso(&p, date(2026, 4, 5)), 94);
}

#[test]
fn the_default_rate_divides_defaulted_by_raised_principal_in_the_window() {
    let hoje = date(2026, 11, 27);
    let ofertas = [
        oferta(date(2025, 3, 1), dec!(300), Situacao::Inadimplente, vec![]),
        oferta(date(2024, 3, 1), dec!(700), Situacao::EmDia, vec![]),
        // Ended before the window: left out of both sums.
        oferta(date(2022, 3, 1), dec!(5000), Situacao::Inadimplente, vec![]),
    ];
    let i = inadimplencia(&ofertas, hoje);
    assert_eq!(i.valor_captado, dec!(1000));
    assert_eq!(i.valor_inadimplente, dec!(300));
    assert_eq!(i.taxa, dec!(30.00));
    assert_eq!(i.desde, Some(date(2023, 11, 27)));
    assert_eq!(inadimplencia(&[], hoje).taxa, Decimal::ZERO);
}

#[test]
fn an_offering_still_raising_is_not_counted() {
    let hoje = date(2026, 1, 1);
    let o = oferta(date(2026, 2, 1), dec!(10), Situacao::EmCaptacao, vec![]);
    assert!(por_ano(&[o], hoje).is_empty());
}

proptest! {
    #[test]
    fn each_year_adds_up_its_offerings(principais in prop::collection::vec((2020i16..2027, 1i64..1_000_000), 0..20)) {
        let hoje = date(2027, 1, 1);
        let ofertas: Vec<Oferta> = principais
            .iter()
            .map(|(ano, c)| oferta(date(*ano, 6, 1), Decimal::new(*c, 2), Situacao::EmDia, vec![]))
            .collect();
        let anos = por_ano(&ofertas, hoje);
        let total: Decimal = anos.iter().map(|a| a.valor_captado).sum();
        prop_assert_eq!(total, ofertas.iter().map(|o| o.principal).sum::<Decimal>());
        prop_assert_eq!(anos.iter().map(|a| a.captacoes as usize).sum::<usize>(), ofertas.len());
        prop_assert!(anos.windows(2).all(|w| w[0].ano < w[1].ano));
    }
}

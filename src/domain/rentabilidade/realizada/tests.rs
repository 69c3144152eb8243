#![allow(clippy::unwrap_used)]

use jiff::ToSpan;
use jiff::civil::{Date, date};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::*;

fn d0() -> Date {
    date(2025, 1, 1)
}

#[test]
fn a_holding_repaid_in_full_has_one_figure() {
    let p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        recebimentos: vec![(date(2026, 1, 1), dec!(1120))],
        previstos: vec![],
        encerrada: true,
    };
    assert_eq!(
        da_posicao(&p),
        Realizada {
            recebido: Taxa::AoAno(dec!(0.12)),
            com_previsto: None
        }
    );
}

#[test]
fn a_running_holding_with_nothing_received_has_no_rate_yet_but_an_expected_one() {
    let p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        recebimentos: vec![],
        previstos: vec![(date(2026, 1, 1), dec!(1100))],
        encerrada: false,
    };
    let r = da_posicao(&p);
    assert_eq!(r.recebido, Taxa::NadaRecebido);
    assert_eq!(r.com_previsto, Some(Taxa::AoAno(dec!(0.1))));
}

#[test]
fn a_written_off_holding_that_returned_nothing_lost_everything() {
    let p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        previstos: vec![(date(2026, 1, 1), dec!(1100))],
        encerrada: true,
        ..Posicao::default()
    };
    assert_eq!(
        da_posicao(&p),
        Realizada {
            recebido: Taxa::AoAno(Decimal::NEGATIVE_ONE),
            com_previsto: None
        }
    );
}

#[test]
fn a_holding_not_settled_has_no_rate() {
    let p = Posicao::default();
    assert_eq!(da_posicao(&p).recebido, Taxa::Indefinida);
    let same_day = Posicao {
        aportes: vec![(d0(), dec!(10))],
        recebimentos: vec![(d0(), dec!(10))],
        ..Posicao::default()
    };
    assert_eq!(da_posicao(&same_day).recebido, Taxa::Indefinida);
}

#[test]
fn the_wallet_puts_every_flow_together() {
    let paga = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        recebimentos: vec![(date(2026, 1, 1), dec!(1200))],
        encerrada: true,
        ..Posicao::default()
    };
    let perdida = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        encerrada: true,
        ..Posicao::default()
    };
    // 2000 out, 1200 back a year later: -40 %.
    let r = da_carteira(&[paga.clone(), perdida]);
    assert_eq!(r.recebido, Taxa::AoAno(dec!(-0.4)));
    assert_eq!(r.com_previsto, None);
    let correndo = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        previstos: vec![(date(2026, 1, 1), dec!(1000))],
        ..Posicao::default()
    };
    let r = da_carteira(&[paga, correndo]);
    assert_eq!(r.recebido, Taxa::AoAno(dec!(-0.4)));
    assert_eq!(r.com_previsto, Some(Taxa::AoAno(dec!(0.1))));
}

fn posicao() -> impl Strategy<Value = Posicao> {
    let fluxo = (1i64..2000, 1i64..1_000_000).prop_map(|(dias, centavos)| {
        (
            d0().checked_add(dias.days()).unwrap(),
            Decimal::new(centavos, 2),
        )
    });
    (
        1i64..10_000_000,
        proptest::collection::vec(fluxo.clone(), 0..6),
        proptest::collection::vec(fluxo, 0..6),
        any::<bool>(),
    )
        .prop_map(|(aporte, recebimentos, previstos, encerrada)| Posicao {
            aportes: vec![(d0(), Decimal::new(aporte, 2))],
            recebimentos,
            previstos,
            encerrada,
        })
}

proptest! {
    #[test]
    fn rates_follow_the_rules(p in posicao()) {
        let r = da_posicao(&p);
        // A closed holding has one figure and never "nothing received".
        prop_assert_eq!(r.com_previsto.is_none(), p.encerrada);
        if p.encerrada {
            prop_assert_ne!(r.recebido, Taxa::NadaRecebido);
        }
        // A closed holding that returned nothing lost 100 %.
        if p.encerrada && p.recebimentos.is_empty() {
            prop_assert_eq!(r.recebido, Taxa::AoAno(Decimal::NEGATIVE_ONE));
        }
        if p.recebimentos.is_empty() && !p.encerrada {
            prop_assert_eq!(r.recebido, Taxa::NadaRecebido);
        }
        // Money out first, more money in later: the expected rate is never below the received.
        if let (Taxa::AoAno(a), Some(Taxa::AoAno(b))) = (r.recebido, r.com_previsto) {
            prop_assert!(b >= a, "{} < {}", b, a);
        }
        // The wallet of one holding is that holding.
        prop_assert_eq!(da_carteira(std::slice::from_ref(&p)), r);
    }
}

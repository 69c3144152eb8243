#![allow(clippy::unwrap_used)]

use jiff::ToSpan;
use jiff::civil::{Date, date};
use rust_decimal::{Decimal, MathematicalOps};
use rust_decimal_macros::dec;

use super::*;

mod propriedades;

fn d0() -> Date {
    date(2025, 1, 1)
}

fn dia(d: Date, n: i64) -> Date {
    d.checked_add(n.days()).unwrap()
}

fn ao_ano(t: Taxa) -> Decimal {
    match t {
        Taxa::AoAno(r) => r,
        outra => panic!("{outra:?}"),
    }
}

/// `investido` from `inicio`, interest every `meses` months for `n` periods at `r` a year
/// counted in days / 365 (XIRR's convention), in cents, the principal with the last.
fn agenda(investido: Decimal, r: Decimal, inicio: Date, meses: i64, n: i64) -> Vec<Parcela> {
    let mut anterior = inicio;
    (1..=n)
        .map(|k| {
            let vencimento = inicio.checked_add((k * meses).months()).unwrap();
            let anos = Decimal::from((vencimento - anterior).get_days()) / Decimal::from(365);
            let fator = (Decimal::ONE + r).checked_powd(anos).unwrap();
            let mut valor = (investido * (fator - Decimal::ONE)).round_dp(2);
            if k == n {
                valor += investido;
            }
            anterior = vencimento;
            Parcela {
                vencimento,
                valor,
                pago: Decimal::ZERO,
            }
        })
        .collect()
}

/// The holding on `hoje` with every instalment due before it paid on its due date, the
/// money paid on the first day of yield.
fn em_dia(investido: Decimal, parcelas: Vec<Parcela>, inicio: Date, hoje: Date) -> Posicao {
    let mut p = Posicao {
        aportes: vec![(inicio, investido)],
        parcelas,
        rendimento: Rendimento::Desde(inicio),
        ..Posicao::default()
    };
    for parcela in &mut p.parcelas {
        if parcela.vencimento < hoje {
            parcela.pago = parcela.valor;
            p.recebimentos.push((parcela.vencimento, parcela.valor));
        }
    }
    p
}

#[test]
fn a_young_holding_paid_on_time_shows_its_rate_not_a_loss() {
    // 12 % a.a., quarterly, a week after the first interest payment: money out, 285 in.
    let parcelas = agenda(dec!(10000), dec!(0.12), d0(), 3, 4);
    let hoje = date(2025, 4, 8);
    let p = em_dia(dec!(10000), parcelas, d0(), hoje);
    assert_eq!(p.recebimentos.len(), 1);
    let r = da_posicao(&p, hoje);
    assert_eq!(r.ate_hoje, Taxa::AoAno(dec!(0.12)));
    assert!(!r.so_o_recebido);
    // What only came back would be a loss of nearly everything.
    assert!(xirr(&p.fluxos_recebidos()).unwrap() < dec!(-0.99));
}

#[test]
fn days_the_money_waited_before_the_yield_lower_the_figure_less_and_less() {
    let parcelas = agenda(dec!(10000), dec!(0.12), d0(), 3, 4);
    let pago_antes = |hoje: Date| {
        let mut p = em_dia(dec!(10000), parcelas.clone(), d0(), hoje);
        p.aportes = vec![(dia(d0(), -10), dec!(10000))];
        ao_ano(da_posicao(&p, hoje).ate_hoje)
    };
    let (cedo, tarde) = (pago_antes(date(2025, 2, 1)), pago_antes(date(2025, 12, 1)));
    assert!(cedo < tarde && tarde < dec!(0.12), "{cedo} {tarde}");
}

/// The platform's way (a period of `m` months at `(1 + a)^(m/12)`, whatever its days):
/// discounting at the contracted rate as written would swing the figure of a young holding
/// by points; at the rate the schedule pays it holds still.
#[test]
fn a_schedule_priced_by_months_shows_one_steady_rate() {
    let (investido, a, inicio) = (dec!(10000), dec!(0.1825), date(2025, 1, 31));
    let juros =
        (investido * (dec!(1.1825).checked_powd(dec!(0.25)).unwrap() - Decimal::ONE)).round_dp(2);
    assert_eq!(juros, dec!(427.98));
    let parcelas: Vec<Parcela> = (1..=6)
        .map(|k| Parcela {
            vencimento: inicio.checked_add((3 * k).months()).unwrap(),
            valor: if k == 6 { juros + investido } else { juros },
            pago: Decimal::ZERO,
        })
        .collect();
    for n in [1, 2, 10, 30, 91, 200, 400, 546] {
        let hoje = dia(inicio, n);
        let p = em_dia(investido, parcelas.clone(), inicio, hoje);
        assert_eq!(
            da_posicao(&p, hoje).ate_hoje,
            Taxa::AoAno(dec!(0.1831)),
            "day {n}"
        );
        if n == 30 {
            // At the contracted rate as written: 19,23 %.
            let a_vencer: Vec<Fluxo> = p.em_aberto().filter(|f| f.data >= hoje).collect();
            let mut f = p.fluxos_recebidos();
            f.push(Fluxo {
                data: hoje,
                valor: valor_presente(&a_vencer, hoje, a).unwrap(),
            });
            assert_eq!(xirr(&f), Ok(dec!(0.1923)));
        }
    }
}

#[test]
fn an_overdue_instalment_lowers_the_figure_and_its_payment_brings_it_back() {
    let parcelas = agenda(dec!(10000), dec!(0.15), d0(), 1, 12);
    let hoje = date(2025, 6, 20);
    let em_dia = em_dia(dec!(10000), parcelas, d0(), hoje);
    let no_prazo = ao_ano(da_posicao(&em_dia, hoje).ate_hoje);
    assert_eq!(no_prazo, dec!(0.15));
    // The June instalment (due on the 1st) unpaid: worth nothing.
    let mut atrasada = em_dia.clone();
    let junho = atrasada.recebimentos.pop().unwrap();
    atrasada.parcelas[4].pago = Decimal::ZERO;
    let atraso = ao_ano(da_posicao(&atrasada, hoje).ate_hoje);
    assert!(atraso < no_prazo - dec!(0.02), "{atraso}");
    // Paid today: back to within the cost of 19 days' delay on one interest payment.
    let mut paga = atrasada.clone();
    paga.recebimentos.push((hoje, junho.1));
    paga.parcelas[4].pago = junho.1;
    let depois = ao_ano(da_posicao(&paga, hoje).ate_hoje);
    assert!(
        depois <= no_prazo && no_prazo - depois <= dec!(0.0005),
        "{depois}"
    );
    // What is expected counts the late one on its due date, as if paid: it does not move.
    assert_eq!(
        da_posicao(&atrasada, hoje).com_previsto,
        da_posicao(&em_dia, hoje).com_previsto
    );
}

#[test]
fn money_waiting_for_the_offering_to_close_does_not_yield_yet() {
    let parcelas = agenda(dec!(5000), dec!(0.15), d0(), 3, 4);
    let hoje = dia(d0(), -20);
    for rendimento in [Rendimento::AntesDoInicio, Rendimento::Desde(d0())] {
        let p = Posicao {
            aportes: vec![(dia(d0(), -30), dec!(5000))],
            parcelas: parcelas.clone(),
            rendimento,
            ..Posicao::default()
        };
        let r = da_posicao(&p, hoje);
        assert_eq!(r.ate_hoje, Taxa::AindaNaoRende);
        assert!(r.com_previsto.is_some());
        // In the wallet it is worth what was paid: a rate of zero.
        assert_eq!(da_carteira(&[p], hoje).ate_hoje, Taxa::AoAno(Decimal::ZERO));
    }
}

#[test]
fn without_the_start_of_the_yield_only_what_came_back_counts() {
    let mut p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        parcelas: vec![Parcela {
            vencimento: date(2026, 1, 1),
            valor: dec!(1100),
            pago: Decimal::ZERO,
        }],
        ..Posicao::default()
    };
    let hoje = date(2025, 6, 1);
    let r = da_posicao(&p, hoje);
    assert_eq!(r.ate_hoje, Taxa::NadaRecebido);
    assert!(r.so_o_recebido);
    assert_eq!(r.com_previsto, Some(Taxa::AoAno(dec!(0.1))));
    p.recebimentos.push((date(2025, 5, 1), dec!(100)));
    assert!(ao_ano(da_posicao(&p, hoje).ate_hoje) < dec!(-0.9));
    assert!(da_carteira(&[p], hoje).so_o_recebido);
}

#[test]
fn a_holding_repaid_in_full_has_one_figure() {
    let p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        recebimentos: vec![(date(2026, 1, 1), dec!(1120))],
        encerrada: true,
        rendimento: Rendimento::Desde(d0()),
        ..Posicao::default()
    };
    assert_eq!(
        da_posicao(&p, date(2026, 3, 1)),
        Realizada {
            ate_hoje: Taxa::AoAno(dec!(0.12)),
            com_previsto: None,
            so_o_recebido: false,
        }
    );
}

#[test]
fn a_written_off_holding_that_returned_nothing_lost_everything() {
    let p = Posicao {
        aportes: vec![(d0(), dec!(1000))],
        parcelas: vec![Parcela {
            vencimento: date(2026, 1, 1),
            valor: dec!(1100),
            pago: Decimal::ZERO,
        }],
        encerrada: true,
        ..Posicao::default()
    };
    let r = da_posicao(&p, date(2026, 3, 1));
    assert_eq!(r.ate_hoje, Taxa::AoAno(Decimal::NEGATIVE_ONE));
    assert_eq!(r.com_previsto, None);
}

#[test]
fn a_holding_not_settled_has_no_rate() {
    let hoje = date(2026, 3, 1);
    assert_eq!(
        da_posicao(&Posicao::default(), hoje).ate_hoje,
        Taxa::Indefinida
    );
    let same_day = Posicao {
        aportes: vec![(d0(), dec!(10))],
        recebimentos: vec![(d0(), dec!(10))],
        ..Posicao::default()
    };
    assert_eq!(da_posicao(&same_day, hoje).ate_hoje, Taxa::Indefinida);
}

#[test]
fn the_wallet_puts_every_flow_together_with_each_holdings_worth_today() {
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
    let hoje = date(2026, 1, 1);
    let r = da_carteira(&[paga.clone(), perdida], hoje);
    assert_eq!(r.ate_hoje, Taxa::AoAno(dec!(-0.4)));
    assert_eq!(r.com_previsto, None);
    // A running one paid on time at 10 %, worth 1100 today, beside the one that paid 20 %.
    let correndo = em_dia(
        dec!(1000),
        agenda(dec!(1000), dec!(0.1), d0(), 24, 1),
        d0(),
        hoje,
    );
    assert_eq!(da_posicao(&correndo, hoje).ate_hoje, Taxa::AoAno(dec!(0.1)));
    let r = da_carteira(&[paga, correndo], hoje);
    assert_eq!(r.ate_hoje, Taxa::AoAno(dec!(0.15)));
    assert!(r.com_previsto.is_some());
}

//! The realised rate's properties over generated holdings: paid on time it is the rate,
//! lateness lowers it and payment restores it, a wallet of one holding is that holding.

use jiff::civil::{Date, date};
use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;

/// A holding paid on time at `r` (5 to 30 % a.a.), from R$ 10.000 to R$ 1.000.000, interest
/// every 1, 3, 6 or 12 months over 3 months to 12 years, on a day of its life.
fn pontual() -> impl Strategy<Value = (Decimal, Posicao, Date)> {
    (
        50i64..=300,
        1_000_000i64..100_000_000,
        prop::sample::select(vec![1i64, 3, 6, 12]),
        1i64..=12,
        0i64..1000,
        0u32..10_000,
    )
        .prop_filter("at least three months", |(_, _, m, n, _, _)| m * n >= 3)
        .prop_map(|(r, centavos, meses, n, inicio, quando)| {
            let (r, investido) = (Decimal::new(r, 3), Decimal::new(centavos, 2));
            let inicio = dia(date(2023, 1, 1), inicio);
            let parcelas = agenda(investido, r, inicio, meses, n);
            let fim = (parcelas[parcelas.len() - 1].vencimento - inicio).get_days();
            let hoje = dia(inicio, 1 + i64::from(quando) % i64::from(fim));
            (r, em_dia(investido, parcelas, inicio, hoje), hoje)
        })
}

fn posicao() -> impl Strategy<Value = Posicao> {
    let dia_valor = (1i64..2000, 1i64..1_000_000)
        .prop_map(|(dias, centavos)| (dia(d0(), dias), Decimal::new(centavos, 2)));
    let parcela = (dia_valor.clone(), 0i64..=100).prop_map(|((vencimento, valor), pct)| Parcela {
        vencimento,
        valor,
        pago: (valor * Decimal::new(pct, 2)).round_dp(2),
    });
    let rendimento = prop_oneof![
        Just(Rendimento::Desconhecido),
        Just(Rendimento::AntesDoInicio),
        (0i64..400).prop_map(|n| Rendimento::Desde(dia(d0(), n))),
    ];
    (
        1i64..10_000_000,
        proptest::collection::vec(dia_valor, 0..6),
        proptest::collection::vec(parcela, 0..6),
        any::<bool>(),
        rendimento,
    )
        .prop_map(
            |(aporte, recebimentos, parcelas, encerrada, rendimento)| Posicao {
                aportes: vec![(d0(), Decimal::new(aporte, 2))],
                recebimentos,
                parcelas,
                encerrada,
                rendimento,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Paid on time, the figure so far is the rate on any day of the holding's life, to a
    /// hundredth of a point: half of it is the figure's rounding, the rest more than covers
    /// the instalments' cents (under 0,005 each on at least R$ 10.000 for at least three
    /// months: a few millionths of a year's rate).
    #[test]
    fn paid_on_time_the_figure_so_far_is_the_rate((r, p, hoje) in pontual()) {
        let so_far = ao_ano(da_posicao(&p, hoje).ate_hoje);
        prop_assert!((so_far - r).abs() <= dec!(0.0001), "{} vs {} on {}", so_far, r, hoje);
    }

    /// The latest instalment due unpaid: a lower figure; paid today: back up, never above
    /// the figure paid on time.
    #[test]
    fn late_lowers_and_paying_restores((_, p, hoje) in pontual()) {
        prop_assume!(!p.recebimentos.is_empty());
        let no_prazo = ao_ano(da_posicao(&p, hoje).ate_hoje);
        let mut atrasada = p.clone();
        let (_, valor) = atrasada.recebimentos.pop().unwrap();
        let k = atrasada.parcelas.iter().rposition(|x| x.pago > Decimal::ZERO).unwrap();
        atrasada.parcelas[k].pago = Decimal::ZERO;
        let atraso = ao_ano(da_posicao(&atrasada, hoje).ate_hoje);
        prop_assert!(atraso < no_prazo, "{} {}", atraso, no_prazo);
        atrasada.recebimentos.push((hoje, valor));
        atrasada.parcelas[k].pago = valor;
        let depois = ao_ano(da_posicao(&atrasada, hoje).ate_hoje);
        prop_assert!(atraso < depois && depois <= no_prazo, "{} {} {}", atraso, depois, no_prazo);
    }

    /// The wallet of one holding, or of the same holding twice, is that holding.
    #[test]
    fn the_wallet_of_one_holding_is_that_holding((_, p, hoje) in pontual()) {
        let r = da_posicao(&p, hoje);
        prop_assert_eq!(da_carteira(std::slice::from_ref(&p), hoje), r);
        prop_assert_eq!(da_carteira(&[p.clone(), p], hoje).ate_hoje, r.ate_hoje);
    }

    #[test]
    fn rates_follow_the_rules(p in posicao(), hoje in 0i64..2500) {
        let hoje = dia(d0(), hoje);
        let r = da_posicao(&p, hoje);
        // A closed holding has one figure and never "nothing received" nor "not yet".
        prop_assert_eq!(r.com_previsto.is_none(), p.encerrada);
        if p.encerrada {
            prop_assert!(!matches!(r.ate_hoje, Taxa::NadaRecebido | Taxa::AindaNaoRende));
            prop_assert!(!r.so_o_recebido);
        }
        // A closed holding that returned nothing lost 100 %.
        if p.encerrada && p.recebimentos.is_empty() {
            prop_assert_eq!(r.ate_hoje, Taxa::AoAno(Decimal::NEGATIVE_ONE));
        }
        // Without the start of the yield, only what came back counts, as it always did.
        if !p.encerrada && p.rendimento == Rendimento::Desconhecido {
            prop_assert!(r.so_o_recebido);
            if p.recebimentos.is_empty() {
                prop_assert_eq!(r.ate_hoje, Taxa::NadaRecebido);
            }
            if let (Taxa::AoAno(a), Some(Taxa::AoAno(b))) = (r.ate_hoje, r.com_previsto) {
                prop_assert!(b >= a, "{} < {}", b, a);
            }
        }
        // Before the yield starts: not yet.
        let antes = match p.rendimento {
            Rendimento::AntesDoInicio => true,
            Rendimento::Desde(inicio) => inicio > hoje,
            Rendimento::Desconhecido => false,
        };
        prop_assert_eq!(r.ate_hoje == Taxa::AindaNaoRende, antes && !p.encerrada);
        // The wallet of one holding is that holding, but for "not yet": its money counts.
        let carteira = da_carteira(std::slice::from_ref(&p), hoje);
        prop_assert_eq!(carteira.com_previsto, r.com_previsto);
        if r.ate_hoje != Taxa::AindaNaoRende {
            prop_assert_eq!(carteira, r);
        }
    }
}

//! The realised rate (`domain::rentabilidade::xirr`) against Formula.js's XIRR, the
//! spreadsheet function: randomised holdings (money out, interest in, the principal back in
//! part or in full, some payments late) and the edge cases (one flow, all on one day, a total
//! loss, no solution); and the rate so far of running holdings, rebuilt with its XNPV and XIRR.

use colheita::domain::rentabilidade::realizada::{Parcela, Posicao, Rendimento, Taxa, da_posicao};
use colheita::domain::rentabilidade::{Fluxo, xirr};
use jiff::ToSpan;
use jiff::civil::{Date, date};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, MathematicalOps};

use super::support::{Rng, oracle};

fn input(fluxos: &[Fluxo]) -> String {
    serde_json::json!({
        "valores": fluxos.iter().map(|f| f.valor.to_string()).collect::<Vec<_>>(),
        "datas": fluxos.iter().map(|f| f.data.to_string()).collect::<Vec<_>>(),
    })
    .to_string()
}

/// A holding: invested on a day of 2023–2025, interest every 1–6 months for 6–36 months at
/// 8–24 % a year, some payments late by up to 120 days, and 20–100 % of the principal back.
fn holding(rng: &mut Rng) -> Vec<Fluxo> {
    let inicio: Date = date(2023, 1, 1)
        .checked_add((rng.below(1000) as i64).days())
        .unwrap();
    let investido = Decimal::new(100_000 + rng.below(10_000_000) as i64, 2);
    let periodo = rng.pick(&[1i64, 3, 6]);
    let prazo = 6 + rng.below(31) as i64;
    let parcelas = (prazo / periodo).max(1);
    let taxa_mes = Decimal::new(6 + rng.below(13) as i64, 3) / Decimal::from(10);
    let volta = Decimal::new(20 + rng.below(81) as i64, 2);
    let mut fluxos = vec![Fluxo {
        data: inicio,
        valor: -investido,
    }];
    for n in 1..=parcelas {
        let mut data = inicio.checked_add((n * periodo).months()).unwrap();
        if rng.chance(20) {
            data = data
                .checked_add((1 + rng.below(120) as i64).days())
                .unwrap();
        }
        let mut valor = (investido * taxa_mes * Decimal::from(periodo)).round_dp(2);
        if n == parcelas {
            valor += (investido * volta).round_dp(2);
        }
        fluxos.push(Fluxo { data, valor });
    }
    fluxos
}

#[test]
fn the_realised_rate_matches_a_spreadsheets_xirr() {
    let mut rng = Rng(0x5EED_0051);
    let mut casos: Vec<Vec<Fluxo>> = (0..300).map(|_| holding(&mut rng)).collect();
    let a = date(2025, 1, 1);
    let f = |data: Date, valor: i64| Fluxo {
        data,
        valor: Decimal::from(valor),
    };
    let edge = vec![
        vec![f(a, -1000)],                            // one flow
        vec![f(a, -1000), f(a, 1100)],                // all on one day
        vec![f(a, -1000), f(date(2026, 1, 1), 0)],    // a total loss
        vec![f(a, 1000), f(date(2026, 1, 1), 1100)],  // no solution
        vec![f(a, -1000), f(date(2026, 1, 1), 1100)], // 10 %
        vec![f(a, -1000), f(date(2026, 1, 1), 600)],  // -40 %
    ];
    casos.extend(edge.clone());
    let inputs: Vec<String> = casos.iter().map(|c| input(c)).collect();
    let Some(verdicts) = oracle("xirr.js", &inputs) else {
        return;
    };
    let mut compared = 0;
    for (caso, v) in casos.iter().zip(&verdicts) {
        let ours = xirr(caso).ok();
        match (ours, v["taxa"].as_f64()) {
            (Some(r), Some(theirs)) => {
                // Ours is rounded to a hundredth of a point; theirs is Newton's float.
                let diff = (r.to_f64().unwrap() - theirs).abs();
                assert!(diff <= 0.000_051, "{r} vs {theirs}: {caso:?}");
                compared += 1;
            }
            (None, None) => {}
            (ours, theirs) => panic!("ours {ours:?}, Formula.js {theirs:?}: {caso:?}"),
        }
    }
    assert!(compared >= 300, "only {compared} compared");
}

/// A running holding on a day of its life: the money paid up to 15 days before the yield
/// starts, interest every 1, 3, 6 or 12 months at 8–24 % a year priced as the platform does
/// (a period of `m` months at `(1 + a)^(m/12)`), some instalments paid late, some in part,
/// some overdue.
fn running(rng: &mut Rng) -> (Posicao, Date) {
    let inicio: Date = date(2023, 1, 1)
        .checked_add((rng.below(1000) as i64).days())
        .unwrap();
    let investido = Decimal::new(100_000 + rng.below(10_000_000) as i64, 2);
    let periodo = rng.pick(&[1i64, 3, 6, 12]);
    let parcelas = 1 + rng.below(12) as i64;
    let anual = Decimal::new(8 + rng.below(17) as i64, 2);
    let juros = (investido
        * ((Decimal::ONE + anual)
            .checked_powd(Decimal::from(periodo) / Decimal::from(12))
            .unwrap()
            - Decimal::ONE))
        .round_dp(2);
    let fim = inicio.checked_add((parcelas * periodo).months()).unwrap();
    let hoje = inicio
        .checked_add((1 + rng.below((fim - inicio).get_days() as u64) as i64).days())
        .unwrap();
    let mut p = Posicao {
        aportes: vec![(
            inicio.checked_sub((rng.below(16) as i64).days()).unwrap(),
            investido,
        )],
        rendimento: Rendimento::Desde(inicio),
        ..Posicao::default()
    };
    for n in 1..=parcelas {
        let vencimento = inicio.checked_add((n * periodo).months()).unwrap();
        let valor = if n == parcelas {
            juros + investido
        } else {
            juros
        };
        let pago_em = vencimento
            .checked_add((if rng.chance(25) { rng.below(90) } else { 0 } as i64).days())
            .unwrap();
        let pago = if pago_em >= hoje {
            Decimal::ZERO
        } else if rng.chance(10) {
            (valor / Decimal::TWO).round_dp(2)
        } else {
            valor
        };
        if pago > Decimal::ZERO {
            p.recebimentos.push((pago_em, pago));
        }
        p.parcelas.push(Parcela {
            vencimento,
            valor,
            pago,
        });
    }
    (p, hoje)
}

fn input_realizada(p: &Posicao, inicio: Date, hoje: Date) -> String {
    // Payments were recorded in the instalments' order, one for each paid instalment.
    let mut pagas = p.recebimentos.iter();
    let parcelas: Vec<_> = p
        .parcelas
        .iter()
        .map(|x| {
            let pago_em = (x.pago > Decimal::ZERO).then(|| pagas.next().unwrap().0.to_string());
            serde_json::json!({
                "vencimento": x.vencimento.to_string(),
                "valor": x.valor.to_string(),
                "pago": x.pago.to_string(),
                "pagoEm": pago_em,
            })
        })
        .collect();
    serde_json::json!({
        "aportes": p.aportes.iter().map(|(d, v)| (d.to_string(), v.to_string())).collect::<Vec<_>>(),
        "inicio": inicio.to_string(),
        "hoje": hoje.to_string(),
        "parcelas": parcelas,
    })
    .to_string()
}

#[test]
fn the_rate_so_far_matches_a_spreadsheets_xnpv_and_xirr() {
    let mut rng = Rng(0x5EED_0052);
    let casos: Vec<(Posicao, Date)> = (0..150).map(|_| running(&mut rng)).collect();
    let inputs: Vec<String> = casos
        .iter()
        .map(|(p, h)| match p.rendimento {
            Rendimento::Desde(inicio) => input_realizada(p, inicio, *h),
            _ => String::new(),
        })
        .collect();
    let Some(verdicts) = oracle("realizada.js", &inputs) else {
        return;
    };
    for ((p, hoje), v) in casos.iter().zip(&verdicts) {
        let ours = da_posicao(p, *hoje).ate_hoje;
        let theirs = v["taxa"].as_f64();
        let (Taxa::AoAno(r), Some(theirs)) = (ours, theirs) else {
            panic!("ours {ours:?}, Formula.js {theirs:?}: {p:?} on {hoje}");
        };
        // Ours is rounded to a hundredth of a point; theirs is Newton's float.
        let diff = (r.to_f64().unwrap() - theirs).abs();
        assert!(diff <= 0.000_051, "{r} vs {theirs}: {p:?} on {hoje}");
    }
}

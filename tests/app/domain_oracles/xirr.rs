//! The realised rate (`domain::rentabilidade::xirr`) against Formula.js's XIRR, the
//! spreadsheet function: randomised holdings (money out, interest in, the principal back in
//! part or in full, some payments late) and the edge cases (one flow, all on one day, a total
//! loss, no solution).

use colheita::domain::rentabilidade::{Fluxo, xirr};
use jiff::ToSpan;
use jiff::civil::{Date, date};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

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

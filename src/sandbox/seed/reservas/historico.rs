//! The demo investor's investments of past years: a Pago reservation in each offering
//! that closed more than a year before seeding, paid a few days before its close. They
//! are still earning (long terms), so the wallet shows them and the income report has
//! full past calendar years to offer.

use std::time::Duration;

use super::{DIA, HORA, Plano, Teto};
use crate::sandbox::tempo::menos;

/// How long before seeding an offering must have closed to count as "past years": more
/// than a leap year, so its payment is always before 1 January of the seeding year.
const ANTIGA: Duration = Duration::from_secs(367 * 24 * 3600);

/// Amounts, oldest offering first.
const VALORES: &[i64] = &[2_000_000, 1_500_000];

pub(super) fn inserir(plano: &mut Plano<'_>, usuario: i64) {
    let limite = menos(plano.agora, ANTIGA);
    let mut antigas: Vec<(i64, i64, i64, jiff::Timestamp)> = plano
        .ofertas
        .iter()
        .filter(|o| o.status == "Finalizado" && o.fim < limite && !plano.usadas.contains(&o.id))
        .map(|o| (o.id, o.minimo, plano.teto(o, Teto::Arrecadado), o.fim))
        .collect();
    antigas.sort_by_key(|a| a.3);
    for ((id, minimo, teto, fim), alvo) in antigas.into_iter().zip(VALORES) {
        let Some(centavos) = super::valor(*alvo, minimo, teto) else {
            continue;
        };
        plano.usadas.insert(id);
        let paga = menos(fim, 5 * DIA);
        plano.nova(
            (usuario, id),
            "Pago",
            1,
            centavos,
            menos(paga, 2 * HORA),
            |n| {
                n.paga = Some(paga);
            },
        );
    }
}

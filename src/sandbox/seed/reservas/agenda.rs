//! The investment that gives the demo investor's payment calendar a payment in every month
//! from last month on, whatever the seeding day: Pago 35 days before seeding in an open
//! offering that pays interest monthly, so its first payment is already in the past, and
//! from then on each month, the current one included, has one.

use super::{DIA, HORA, Plano, Teto};
use crate::sandbox::tempo::menos;

/// Long enough ago that the first monthly payment has passed, and short enough that the
/// offering (open for a few weeks) had started by then.
const PAGA_HA_DIAS: u32 = 35;

pub(super) fn inserir(plano: &mut Plano<'_>, usuario: i64) {
    let paga = menos(plano.agora, PAGA_HA_DIAS * DIA);
    let escolhida = plano
        .ofertas
        .iter()
        .filter(|o| {
            plano.aberta(o)
                && o.periodicidade_meses == 1
                && o.prazo_meses >= 12
                && o.inicio < menos(paga, DIA)
                && !plano.usadas.contains(&o.id)
        })
        .map(|o| (o.id, o.minimo, plano.teto(o, Teto::Arrecadado)))
        .next();
    let Some((id, minimo, teto)) = escolhida else {
        return;
    };
    let Some(centavos) = super::valor(500_000, minimo, teto) else {
        return;
    };
    plano.usadas.insert(id);
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

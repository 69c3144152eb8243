//! The investment that gives the demo investor's payment calendar a payment in every month
//! from last month on, whatever the seeding day: Pago a few days before the close of an
//! offering that succeeded and pays interest monthly. Its money went to the issuer at the
//! close and earns from the next day; the close was long enough ago that the first
//! payments have passed, and the term runs long enough that the coming months have theirs.

use jiff::ToSpan;

use super::{DIA, HORA, Plano, Teto};
use crate::domain::dates;
use crate::sandbox::tempo::menos;

/// At least this long before seeding the offering closed: its first monthly payment, a
/// month after the start, then always falls in an earlier month than the seeding day's.
const ENCERRADA_HA_DIAS: u32 = 62;

/// At least this many months of payments still ahead of the seeding day.
const MESES_A_RECEBER: i64 = 6;

pub(super) fn inserir(plano: &mut Plano<'_>, usuario: i64) {
    let hoje = dates::today_in_sao_paulo(plano.agora);
    let escolhida = plano
        .ofertas
        .iter()
        .filter(|o| {
            let vence = dates::today_in_sao_paulo(o.fim)
                .checked_add((o.prazo_meses - MESES_A_RECEBER).months())
                .ok();
            plano.sucedida(o)
                && o.periodicidade_meses == 1
                && o.fim < menos(plano.agora, ENCERRADA_HA_DIAS * DIA)
                && vence.is_some_and(|v| v > hoje)
                && !plano.usadas.contains(&o.id)
        })
        .map(|o| (o.id, o.minimo, plano.teto(o, Teto::Arrecadado), o.fim))
        .next();
    let Some((id, minimo, teto, fim)) = escolhida else {
        return;
    };
    let Some(centavos) = super::valor(500_000, minimo, teto) else {
        return;
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

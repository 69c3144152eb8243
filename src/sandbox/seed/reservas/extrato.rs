//! Reservations that give the demo investor's statement its less common lines: an
//! investment that already matured (monthly Rendimentos and the Amortizacao, months back)
//! and a paid investment that was cancelled and refunded (an Estorno).

use std::time::Duration;

use jiff::Timestamp;
use jiff::ToSpan;

use super::{DIA, HORA, Plano, Teto};
use crate::domain::dates;
use crate::sandbox::tempo::{mais, menos};

/// A matured investment must have ended at least this long before seeding, so its last
/// lines are settled history.
const QUITADA_HA: Duration = Duration::from_secs(15 * 24 * 3600);

pub(super) fn inserir(plano: &mut Plano<'_>, usuario: i64) {
    quitada(plano, usuario);
    estornada(plano, usuario);
}

/// The day a reservation paid at the close of `o` matures.
fn vencimento(fim: Timestamp, prazo_meses: i64) -> Option<jiff::civil::Date> {
    dates::today_in_sao_paulo(fim)
        .checked_add(prazo_meses.months())
        .ok()
}

/// Pago in the most recently closed Finalizado offering that has already matured, paid a
/// few days before its close.
fn quitada(plano: &mut Plano<'_>, usuario: i64) {
    let limite = dates::today_in_sao_paulo(menos(plano.agora, QUITADA_HA));
    let escolhida = plano
        .ofertas
        .iter()
        .filter(|o| {
            o.status == "Finalizado"
                && !plano.usadas.contains(&o.id)
                && vencimento(o.fim, o.prazo_meses).is_some_and(|v| v < limite)
        })
        .max_by_key(|o| o.fim)
        .map(|o| (o.id, o.minimo, plano.teto(o, Teto::Arrecadado), o.fim));
    let Some((id, minimo, teto, fim)) = escolhida else {
        return;
    };
    let Some(centavos) = super::valor(1_000_000, minimo, teto) else {
        return;
    };
    plano.usadas.insert(id);
    let paga = menos(fim, 5 * DIA);
    plano.nova((usuario, id), "Pago", 1, centavos, menos(paga, HORA), |n| {
        n.paga = Some(paga);
    });
}

/// Paid 16 days before seeding in an open offering that had started by then, cancelled
/// and refunded two days later.
fn estornada(plano: &mut Plano<'_>, usuario: i64) {
    let paga = menos(plano.agora, 16 * DIA);
    let escolhida = plano
        .ofertas
        .iter()
        .filter(|o| plano.aberta(o) && o.inicio < menos(paga, DIA) && !plano.usadas.contains(&o.id))
        .map(|o| (o.id, o.minimo, plano.teto(o, Teto::Nenhum)))
        .next();
    let Some((id, minimo, teto)) = escolhida else {
        return;
    };
    let Some(centavos) = super::valor(200_000, minimo, teto) else {
        return;
    };
    plano.usadas.insert(id);
    plano.nova(
        (usuario, id),
        "Cancelado",
        1,
        centavos,
        menos(paga, 2 * HORA),
        |n| {
            n.paga = Some(paga);
            n.cancelada = Some(mais(paga, 2 * DIA));
        },
    );
}

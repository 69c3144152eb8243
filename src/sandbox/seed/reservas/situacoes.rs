//! The demo investor's holdings that give the wallet every situation besides those the
//! other seeded investments already show (on time, paid in full): one still in fundraising
//! (paid in an open offering, held until its success), and three whose issuer
//! stopped paying an instalment some days before seeding: late, in recovery and in
//! default, each in a closed offering whose dates fit its story (the seed file has such
//! offerings). The dates count back from the seeding day, so the situations hold whatever
//! the day; `seed::investimentos` writes what happened after.

use jiff::ToSpan;
use jiff::civil::Date;

use super::{DIA, HORA, Plano, Teto};
use crate::domain::dates;
use crate::sandbox::seed::investimentos::Cenario;
use crate::sandbox::tempo::{self, mais, menos};

/// The troubled holdings and their amounts (cents); `Cenario::dias_de_atraso` says how long
/// before seeding the first unpaid instalment fell due (one instalment was paid before it).
const ATRASOS: [(Cenario, i64); 3] = [
    (Cenario::Atrasado, 600_000),
    (Cenario::EmRecuperacao, 800_000),
    (Cenario::Inadimplente, 400_000),
];

pub(super) fn inserir(plano: &mut Plano<'_>, usuario: i64) {
    em_captacao(plano, usuario);
    let hoje = dates::today_in_sao_paulo(plano.agora);
    for (cenario, alvo) in ATRASOS {
        atrasada(
            plano,
            usuario,
            (cenario, hoje, cenario.dias_de_atraso()),
            alvo,
        );
    }
}

/// Paid 31 days ago (past the wallet's recent list) in an open offering that had opened by
/// then: held until the offering's success, with no start of yield stored.
fn em_captacao(plano: &mut Plano<'_>, usuario: i64) {
    let paga = menos(plano.agora, 31 * DIA);
    let escolhida = plano
        .ofertas
        .iter()
        .filter(|o| plano.aberta(o) && o.inicio < menos(paga, DIA) && !plano.usadas.contains(&o.id))
        .find_map(|o| {
            super::valor(700_000, o.minimo, plano.teto(o, Teto::Arrecadado)).map(|v| (o.id, v))
        });
    let Some((id, centavos)) = escolhida else {
        return;
    };
    plano.usadas.insert(id);
    plano.nova((usuario, id), "Pago", 1, centavos, menos(paga, HORA), |n| {
        n.paga = Some(paga);
        n.cenario = Some(Cenario::EmCaptacao);
    });
}

/// How long before the start of yield a troubled holding's offering may have closed: the
/// transfer to the issuer follows the close by a few days.
const REPASSE_EM_DIAS: std::ops::RangeInclusive<i64> = 1..=8;

/// Earning since two payment periods before the unpaid instalment's due date, so one
/// instalment was paid before it; in a closed successful offering whose fundraising ended
/// a few days before that start (its money went to the issuer then) and whose term runs
/// past today; paid while the offering was open.
fn atrasada(
    plano: &mut Plano<'_>,
    usuario: i64,
    (cenario, hoje, dias): (Cenario, Date, i64),
    alvo: i64,
) {
    let inicio_de = |periodicidade: i64| -> Option<Date> {
        tempo::somar_dias(hoje, -dias)?
            .checked_sub((2 * periodicidade.max(1)).months())
            .ok()
    };
    let cabe = |o: &crate::sandbox::seed::OfertaSemeada| {
        let Some(inicio) = inicio_de(o.periodicidade_meses) else {
            return false;
        };
        let fim = dates::today_in_sao_paulo(o.fim);
        plano.sucedida(o)
            && REPASSE_EM_DIAS.contains(&(inicio - fim).get_days().into())
            && inicio
                .checked_add(o.prazo_meses.months())
                .is_ok_and(|v| v > hoje)
            && o.periodicidade_meses < o.prazo_meses
            && !plano.usadas.contains(&o.id)
    };
    let Some((id, centavos, periodicidade, (aberta, fechada))) =
        plano.ofertas.iter().filter(|o| cabe(o)).find_map(|o| {
            super::valor(alvo, o.minimo, plano.teto(o, Teto::Arrecadado))
                .map(|v| (o.id, v, o.periodicidade_meses, (o.inicio, o.fim)))
        })
    else {
        return;
    };
    let Some(inicio) = inicio_de(periodicidade).and_then(|d| tempo::no_dia(d, 0, 0, 0)) else {
        return;
    };
    // A week before the close, so the withdrawal period was over by then.
    let paga = tempo::somar_dias(dates::today_in_sao_paulo(fechada), -7)
        .and_then(|d| tempo::no_dia(d, 10, 0, 0))
        .unwrap_or(fechada)
        .max(mais(aberta, HORA));
    plano.usadas.insert(id);
    plano.nova(
        (usuario, id),
        "Pago",
        1,
        centavos,
        menos(paga, 2 * HORA),
        |n| {
            n.paga = Some(paga);
            n.inicio = Some(inicio);
            n.cenario = Some(cenario);
        },
    );
}

//! The demo investor's holdings that give the wallet every situation besides those the
//! other seeded investments already show (on time, paid in full): one still in fundraising
//! (paid in an open offering, held until its success), and three whose issuer
//! stopped paying an instalment some days before seeding: late, in recovery and in default. The dates count back from the seeding day, so the
//! situations hold whatever the day; `seed::investimentos` writes what happened after.

use jiff::ToSpan;
use jiff::civil::Date;

use super::{DIA, HORA, Plano, Teto};
use crate::domain::dates;
use crate::sandbox::seed::investimentos::Cenario;
use crate::sandbox::tempo::{self, menos};

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

/// Earning since two payment periods before the unpaid instalment's due date, so one
/// instalment was paid before it; in an offering whose term runs past today.
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
        inicio_de(o.periodicidade_meses)
            .and_then(|i| i.checked_add(o.prazo_meses.months()).ok())
            .is_some_and(|fim| fim > hoje)
            && o.periodicidade_meses < o.prazo_meses
            && !plano.usadas.contains(&o.id)
    };
    // Closed offerings first (the money went to the issuer long ago), then open ones.
    let mut candidatas: Vec<(bool, i64, i64, i64, i64)> = plano
        .ofertas
        .iter()
        .filter(|o| {
            cabe(o) && (matches!(o.status.as_str(), "Finalizado" | "Captado") || plano.aberta(o))
        })
        .map(|o| {
            (
                plano.aberta(o),
                o.id,
                o.minimo,
                plano.teto(o, Teto::Arrecadado),
                o.periodicidade_meses,
            )
        })
        .collect();
    candidatas.sort_by_key(|c| c.0);
    let Some((id, centavos, periodicidade)) = candidatas
        .into_iter()
        .find_map(|(_, id, m, t, p)| super::valor(alvo, m, t).map(|v| (id, v, p)))
    else {
        return;
    };
    let Some(inicio) = inicio_de(periodicidade) else {
        return;
    };
    let (Some(inicio), Some(paga)) = (
        tempo::no_dia(inicio, 0, 0, 0),
        tempo::somar_dias(inicio, -1).and_then(|d| tempo::no_dia(d, 10, 0, 0)),
    ) else {
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
            n.inicio = Some(inicio);
            n.cenario = Some(cenario);
        },
    );
}

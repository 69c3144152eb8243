#![allow(clippy::unwrap_used)]

use jiff::Timestamp;
use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;
use crate::domain::captacao::{CaptacaoFacts, DisplayStatus, display_status};

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

const NO_AR: CaptacaoStatus = CaptacaoStatus::CaptacaoNoAr;

fn marcos<'a>(status: &'a CaptacaoStatus, resultado: Option<&'a ResultadoCaptacao>) -> Marcos<'a> {
    Marcos {
        status,
        resultado,
        inicio: Some(ts("2026-12-09T03:00:00Z")),
        fim: Some(ts("2027-01-31T02:59:59Z")),
    }
}

#[test]
fn before_the_start_it_is_pre_launch_with_its_opening() {
    let m = marcos(&NO_AR, None);
    assert_eq!(
        fase(m, ts("2026-11-27T12:00:00Z")),
        Fase::PreLancamento {
            abre_em: ts("2026-12-09T03:00:00Z")
        }
    );
    assert_eq!(
        fase(m, ts("2026-12-09T03:00:00Z")),
        Fase::Aberta,
        "opens on time"
    );
    assert_eq!(fase(m, ts("2027-01-31T02:59:58Z")), Fase::Aberta);
    assert_eq!(
        fase(m, ts("2027-01-31T02:59:59Z")),
        Fase::Encerrada,
        "ends on time"
    );
}

#[test]
fn the_result_and_the_terminal_states_win_over_the_dates() {
    let before = ts("2026-11-27T12:00:00Z");
    let m = marcos(&NO_AR, Some(&ResultadoCaptacao::Malsucedida));
    assert_eq!(fase(m, before), Fase::Malsucedida);
    let m = marcos(&NO_AR, Some(&ResultadoCaptacao::Sucesso));
    assert_eq!(fase(m, before), Fase::BemSucedida);
    assert_eq!(
        fase(marcos(&CaptacaoStatus::Cancelado, None), before),
        Fase::Cancelada
    );
    assert_eq!(
        fase(marcos(&CaptacaoStatus::Finalizado, None), before),
        Fase::BemSucedida
    );
    assert_eq!(
        fase(marcos(&CaptacaoStatus::Rascunho, None), before),
        Fase::Rascunho
    );
}

#[test]
fn only_an_open_offering_takes_money_and_pre_launch_takes_reservations() {
    let abre_em = ts("2026-12-09T03:00:00Z");
    let todas = [
        Fase::Rascunho,
        Fase::PreLancamento { abre_em },
        Fase::Aberta,
        Fase::Encerrada,
        Fase::BemSucedida,
        Fase::Malsucedida,
        Fase::Cancelada,
    ];
    let pagamentos: Vec<_> = todas.iter().filter(|f| f.recebe_pagamentos()).collect();
    assert_eq!(pagamentos, [&Fase::Aberta]);
    let reservas: Vec<_> = todas.iter().filter(|f| f.recebe_reservas()).collect();
    assert_eq!(reservas, [&Fase::PreLancamento { abre_em }, &Fase::Aberta]);
}

fn status() -> impl Strategy<Value = CaptacaoStatus> {
    prop_oneof![
        Just(CaptacaoStatus::Rascunho),
        Just(CaptacaoStatus::Aberto),
        Just(CaptacaoStatus::CaptacaoNoAr),
        Just(CaptacaoStatus::PreLancamento),
        Just(CaptacaoStatus::Captado),
        Just(CaptacaoStatus::Encerrado),
        Just(CaptacaoStatus::Finalizado),
        Just(CaptacaoStatus::Cancelado),
        Just(CaptacaoStatus::Vazio),
        "[a-z ]{0,12}".prop_map(CaptacaoStatus::from),
    ]
}

fn resultado() -> impl Strategy<Value = Option<ResultadoCaptacao>> {
    prop_oneof![
        Just(None),
        Just(Some(ResultadoCaptacao::Sucesso)),
        Just(Some(ResultadoCaptacao::Malsucedida)),
    ]
}

/// An instant within a few years around 2026, to the second.
fn instante() -> impl Strategy<Value = Timestamp> {
    (1_700_000_000i64..1_900_000_000).prop_map(|s| Timestamp::from_second(s).unwrap())
}

fn facts(
    status: CaptacaoStatus,
    resultado: Option<ResultadoCaptacao>,
    inicio: Option<Timestamp>,
    fim: Option<Timestamp>,
    arrecadado: i64,
) -> CaptacaoFacts {
    CaptacaoFacts {
        status,
        resultado,
        limite: Decimal::from(1000),
        arrecadado: Decimal::from(arrecadado),
        disponivel: Decimal::from(1000 - arrecadado),
        inicio_captacao: inicio,
        fim_captacao: fim,
        ..CaptacaoFacts::default()
    }
}

proptest! {
    /// A client that applies the rule to the status the platform derived with it sees the
    /// same status: the list, the home and the detail agree with the platform.
    #[test]
    fn the_derived_name_gives_the_same_status_back(
        status in status(),
        resultado in resultado(),
        inicio in proptest::option::of(instante()),
        fim in proptest::option::of(instante()),
        now in instante(),
        arrecadado in 0i64..=1000,
    ) {
        let f = facts(status, resultado.clone(), inicio, fim, arrecadado);
        let shown = display_status(&f, now);
        let again = facts(CaptacaoStatus::from(shown.label()), resultado, inicio, fim, arrecadado);
        prop_assert_eq!(display_status(&again, now), shown);
    }

    /// Without a result, a live offering only moves forward with the clock: pre-launch,
    /// open, ended; never back.
    #[test]
    fn time_only_moves_a_live_offering_forward(
        inicio in instante(),
        duracao in 0i64..20_000_000,
        a in instante(),
        b in instante(),
    ) {
        let fim = Timestamp::from_second(inicio.as_second() + duracao).unwrap();
        let ordem = |f: Fase| match f {
            Fase::PreLancamento { .. } => 0,
            Fase::Aberta => 1,
            _ => 2,
        };
        let m = Marcos { status: &NO_AR, resultado: None, inicio: Some(inicio), fim: Some(fim) };
        let (antes, depois) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(ordem(fase(m, antes)) <= ordem(fase(m, depois)));
        prop_assert_eq!(fase(m, antes) == Fase::Aberta, inicio <= antes && antes < fim);
    }

    /// Whatever the dates, an open phase is the only one where money moves, and a finished
    /// status never has Investir.
    #[test]
    fn money_moves_only_while_open(
        status in status(),
        resultado in resultado(),
        inicio in proptest::option::of(instante()),
        fim in proptest::option::of(instante()),
        now in instante(),
    ) {
        let f = facts(status, resultado, inicio, fim, 0);
        let fase = f.fase(now);
        if fase.recebe_pagamentos() {
            prop_assert!(inicio.is_none_or(|i| i <= now));
            prop_assert!(fim.is_none_or(|e| now < e));
        }
        let shown = display_status(&f, now);
        if shown.is_finished() {
            prop_assert!(crate::domain::captacao::closed_reason(&f, now).is_some());
        }
        if fase.encerrada() {
            prop_assert!(shown.is_finished(), "{:?}", shown);
            prop_assert!(!matches!(shown, DisplayStatus::Other(_) | DisplayStatus::PreLancamento));
        }
    }

    /// Until the next change `muda_em` names, every rule a page draws an offering with
    /// (its phase, the status shown, the opening day, why it is closed) answers as at
    /// `now`; that instant is the opening or the close.
    #[test]
    fn nothing_shown_changes_before_muda_em(
        status in status(),
        resultado in resultado(),
        inicio in proptest::option::of(instante()),
        fim in proptest::option::of(instante()),
        now in instante(),
        depois in 0i64..400_000_000,
        arrecadado in 0i64..=1000,
    ) {
        use crate::domain::captacao::{closed_reason, opens_on};
        let f = facts(status, resultado, inicio, fim, arrecadado);
        let proxima = f.muda_em(now);
        let t = Timestamp::from_second(now.as_second() + depois).unwrap();
        let t = match proxima {
            Some(p) if t >= p => Timestamp::from_second(p.as_second() - 1).unwrap().max(now),
            _ => t,
        };
        prop_assert_eq!(f.fase(t), f.fase(now));
        prop_assert_eq!(display_status(&f, t), display_status(&f, now));
        prop_assert_eq!(opens_on(&f, t), opens_on(&f, now));
        prop_assert_eq!(closed_reason(&f, t), closed_reason(&f, now));
        if let Some(p) = proxima {
            prop_assert!(p > now);
            prop_assert!(inicio == Some(p) || fim == Some(p));
        }
    }
}

use super::*;
use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::status::CaptacaoStatus;
use rust_decimal_macros::dec;

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

/// 21/11/2026 15:00 in São Paulo.
fn now() -> Timestamp {
    ts("2026-11-21T18:00:00Z")
}

fn on_air() -> CaptacaoFacts {
    CaptacaoFacts {
        status: CaptacaoStatus::from("Captação no ar"),
        limite: dec!(1000000),
        arrecadado: dec!(400000),
        reservado: dec!(0),
        disponivel: dec!(600000),
        acompanhamento: dec!(40),
        pre_lancamento: false,
        data_pre_lancamento: None,
        inicio_captacao: Some(ts("2026-11-01T03:00:00Z")),
        fim_captacao: Some(ts("2026-12-20T02:59:59Z")),
        resultado: None,
    }
}

#[test]
fn an_offering_on_air_keeps_its_status_and_is_open() {
    let f = on_air();
    assert_eq!(
        display_status(&f, now()),
        DisplayStatus::Other(CaptacaoStatus::CaptacaoNoAr)
    );
    assert!(!display_status(&f, now()).is_finished());
    assert_eq!(closed_reason(&f, now()), None);
}

#[test]
fn finalizado_stays_even_when_full() {
    let f = CaptacaoFacts {
        status: CaptacaoStatus::from("Finalizado"),
        arrecadado: dec!(1000000),
        disponivel: dec!(0),
        ..on_air()
    };
    assert_eq!(display_status(&f, now()), DisplayStatus::Finalizado);
    assert!(display_status(&f, now()).is_finished());
}

#[test]
fn raised_plus_reserved_reaching_the_limit_is_captado() {
    let f = CaptacaoFacts {
        arrecadado: dec!(970000),
        reservado: dec!(30000),
        disponivel: dec!(30000),
        ..on_air()
    };
    assert_eq!(display_status(&f, now()), DisplayStatus::Captado);
    assert_eq!(closed_reason(&f, now()), Some(ClosedReason::LimitReached));
    let below = CaptacaoFacts {
        reservado: dec!(29999.99),
        ..f
    };
    assert_ne!(display_status(&below, now()), DisplayStatus::Captado);
}

#[test]
fn rascunho_is_recognised_whatever_the_case() {
    let f = CaptacaoFacts {
        status: CaptacaoStatus::from(" rascunho "),
        ..on_air()
    };
    assert_eq!(display_status(&f, now()), DisplayStatus::Rascunho);
}

#[test]
fn before_its_start_an_offering_is_pre_launch_whatever_its_flag() {
    // The auditor's case: on air by name, fundraising from 09/12.
    let f = CaptacaoFacts {
        inicio_captacao: Some(ts("2026-12-09T03:00:00Z")),
        ..on_air()
    };
    assert_eq!(display_status(&f, now()), DisplayStatus::PreLancamento);
    assert_eq!(opens_on(&f, now()), Some(jiff::civil::date(2026, 12, 9)));
    assert!(!f.fase(now()).recebe_pagamentos());
    // Pre-launch keeps Investir: a reservation may be recorded.
    assert_eq!(closed_reason(&f, now()), None);
    // Flagged by the platform but already started: open.
    let started = CaptacaoFacts {
        status: CaptacaoStatus::PreLancamento,
        pre_lancamento: true,
        inicio_captacao: Some(ts("2026-11-21T17:59:59Z")),
        ..on_air()
    };
    assert_eq!(
        display_status(&started, now()),
        DisplayStatus::Other(CaptacaoStatus::CaptacaoNoAr)
    );
    assert_eq!(opens_on(&started, now()), None);
}

#[test]
fn the_opening_day_is_read_in_sao_paulo_not_utc() {
    // 22/11 01:00 UTC is still 21/11 in São Paulo.
    let f = CaptacaoFacts {
        inicio_captacao: Some(ts("2026-11-22T01:00:00Z")),
        ..on_air()
    };
    assert_eq!(opens_on(&f, now()), Some(jiff::civil::date(2026, 11, 21)));
}

#[test]
fn failed_and_cancelled_offerings_show_as_cancelled_with_their_reason() {
    let failed = CaptacaoFacts {
        resultado: Some(ResultadoCaptacao::Malsucedida),
        fim_captacao: Some(ts("2026-11-19T02:59:59Z")),
        ..on_air()
    };
    assert_eq!(display_status(&failed, now()), DisplayStatus::Cancelado);
    assert!(display_status(&failed, now()).is_finished());
    assert_eq!(closed_reason(&failed, now()), Some(ClosedReason::Failed));
    let cancelled = CaptacaoFacts {
        status: CaptacaoStatus::Cancelado,
        ..on_air()
    };
    assert_eq!(display_status(&cancelled, now()), DisplayStatus::Cancelado);
    assert_eq!(
        closed_reason(&cancelled, now()),
        Some(ClosedReason::Cancelled)
    );
    let settled = CaptacaoFacts {
        resultado: Some(ResultadoCaptacao::Sucesso),
        fim_captacao: Some(ts("2026-11-19T02:59:59Z")),
        ..on_air()
    };
    assert_eq!(display_status(&settled, now()), DisplayStatus::Finalizado);
}

#[test]
fn percent_raised_includes_reserved() {
    let f = CaptacaoFacts {
        acompanhamento: dec!(40),
        reservado: dec!(25000),
        ..on_air()
    };
    assert_eq!(percent_raised(&f), dec!(42.50));
    assert_eq!(percent_raised(&on_air()), dec!(40));
    let third = CaptacaoFacts {
        limite: dec!(300000),
        acompanhamento: dec!(0),
        reservado: dec!(100000),
        ..on_air()
    };
    assert_eq!(percent_raised(&third), dec!(33.33));
}

#[test]
fn the_progress_bar_never_exceeds_its_track() {
    let f = CaptacaoFacts {
        acompanhamento: dec!(99),
        reservado: dec!(50000),
        ..on_air()
    };
    assert_eq!(percent_raised(&f), dec!(104));
    assert_eq!(progress_width(&f), dec!(100));
}

#[test]
fn a_zero_limit_does_not_divide_by_zero() {
    let f = CaptacaoFacts {
        limite: dec!(0),
        reservado: dec!(10),
        ..on_air()
    };
    assert_eq!(percent_raised(&f), dec!(40));
    assert!(!is_full(&f));
}

#[test]
fn available_is_disponivel_minus_reserved_and_never_negative() {
    let f = CaptacaoFacts {
        disponivel: dec!(600000),
        reservado: dec!(25000),
        ..on_air()
    };
    assert_eq!(available(&f), dec!(575000));
    let over = CaptacaoFacts {
        disponivel: dec!(1000),
        reservado: dec!(5000),
        ..on_air()
    };
    assert_eq!(available(&over), dec!(0));
}

#[test]
fn an_offering_past_its_end_date_is_closed_with_that_date() {
    let f = CaptacaoFacts {
        fim_captacao: Some(ts("2026-11-19T02:59:59Z")),
        ..on_air()
    };
    // Still 'Captação no ar' by name: ended by its date, waiting for the result.
    assert_eq!(display_status(&f, now()), DisplayStatus::Encerrado);
    assert!(display_status(&f, now()).is_finished());
    let reason = closed_reason(&f, now()).unwrap();
    assert_eq!(
        reason,
        ClosedReason::PeriodEnded(jiff::civil::date(2026, 11, 18))
    );
    assert_eq!(
        reason.message(),
        "O período de captação encerrou em 18/11/2026."
    );
}

#[test]
fn finalizado_below_its_limit_ended_by_date_and_full_by_limit() {
    let by_date = CaptacaoFacts {
        status: CaptacaoStatus::from("Finalizado"),
        fim_captacao: Some(ts("2026-10-01T15:00:00Z")),
        ..on_air()
    };
    assert_eq!(
        closed_reason(&by_date, now()),
        Some(ClosedReason::PeriodEnded(jiff::civil::date(2026, 10, 1)))
    );
    let by_limit = CaptacaoFacts {
        arrecadado: dec!(1000000),
        disponivel: dec!(0),
        ..by_date
    };
    assert_eq!(
        closed_reason(&by_limit, now()),
        Some(ClosedReason::LimitReached)
    );
    assert_eq!(
        ClosedReason::LimitReached.message(),
        "Esta captação atingiu o limite de arrecadação."
    );
}

#[test]
fn nothing_left_to_invest_is_closed_by_limit() {
    let f = CaptacaoFacts {
        disponivel: dec!(25000),
        reservado: dec!(25000),
        arrecadado: dec!(400000),
        ..on_air()
    };
    assert_eq!(closed_reason(&f, now()), Some(ClosedReason::LimitReached));
}

#[test]
fn hostile_numbers_never_panic() {
    let huge = CaptacaoFacts {
        limite: Decimal::MAX,
        arrecadado: Decimal::MAX,
        reservado: Decimal::MAX,
        disponivel: Decimal::MIN,
        acompanhamento: Decimal::MAX,
        ..on_air()
    };
    assert!(is_full(&huge));
    assert_eq!(available(&huge), Decimal::ZERO);
    assert_eq!(progress_width(&huge), Decimal::ONE_HUNDRED);
    let tiny_limit = CaptacaoFacts {
        limite: Decimal::new(1, 28),
        reservado: Decimal::MAX,
        acompanhamento: Decimal::ZERO,
        ..on_air()
    };
    assert_eq!(percent_raised(&tiny_limit), Decimal::ONE_HUNDRED);
    let _ = display_status(&huge, now());
    let _ = closed_reason(&huge, now());
}

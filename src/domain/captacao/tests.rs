use super::*;
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
fn pre_launch_needs_the_flag_a_past_or_today_date_and_a_start_today_or_later() {
    let base = CaptacaoFacts {
        pre_lancamento: true,
        data_pre_lancamento: Some(ts("2026-11-21T03:00:00Z")), // today 00:00 SP
        inicio_captacao: Some(ts("2026-11-21T23:00:00Z")),     // today 20:00 SP
        ..on_air()
    };
    assert_eq!(display_status(&base, now()), DisplayStatus::PreLancamento);
    // Flag off.
    assert!(!is_pre_launch(
        &CaptacaoFacts {
            pre_lancamento: false,
            ..base.clone()
        },
        now()
    ));
    // Pre-launch date tomorrow.
    assert!(!is_pre_launch(
        &CaptacaoFacts {
            data_pre_lancamento: Some(ts("2026-11-22T03:00:00Z")),
            ..base.clone()
        },
        now()
    ));
    // Fundraising started yesterday.
    assert!(!is_pre_launch(
        &CaptacaoFacts {
            inicio_captacao: Some(ts("2026-11-20T15:00:00Z")),
            ..base.clone()
        },
        now()
    ));
    // Missing dates.
    assert!(!is_pre_launch(
        &CaptacaoFacts {
            data_pre_lancamento: None,
            ..base.clone()
        },
        now()
    ));
}

#[test]
fn days_are_compared_in_sao_paulo_not_utc() {
    // 22/11 01:00 UTC is still 21/11 in São Paulo: "today".
    let f = CaptacaoFacts {
        pre_lancamento: true,
        data_pre_lancamento: Some(ts("2026-11-22T01:00:00Z")),
        inicio_captacao: Some(ts("2026-11-25T12:00:00Z")),
        ..on_air()
    };
    assert!(is_pre_launch(&f, now()));
    // 21/11 02:00 UTC is 20/11 in São Paulo: a start "yesterday".
    let started = CaptacaoFacts {
        inicio_captacao: Some(ts("2026-11-21T02:00:00Z")),
        ..f
    };
    assert!(!is_pre_launch(&started, now()));
}

#[test]
fn a_pre_launch_offering_is_open_for_investment() {
    let f = CaptacaoFacts {
        pre_lancamento: true,
        data_pre_lancamento: Some(ts("2026-11-18T03:00:00Z")),
        inicio_captacao: Some(ts("2026-11-26T03:00:00Z")),
        ..on_air()
    };
    assert_eq!(closed_reason(&f, now()), None);
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

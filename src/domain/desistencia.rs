//! The right of withdrawal (desistência) of an investor in a crowdfunding offering: for a
//! number of days after confirming an investment (5 under Resolução CVM nº 88/2022 as
//! platforms apply it today; a parameter, since the CVM has consulted on changing it) the
//! investor may withdraw and get back everything paid.
//!
//! The days are calendar days in America/Sao_Paulo counted from the day after the
//! confirmation, and the last one counts whole: confirmed on Monday 10 at 18:00, the
//! investor may withdraw until Saturday 15 at 23:59:59.

use jiff::{Timestamp, ToSpan};

use super::dates::sao_paulo;

/// The first instant the withdrawal is no longer possible, for an investment confirmed at
/// `confirmed` with `days` of withdrawal period.
pub fn withdrawal_ends(confirmed: Timestamp, days: u16) -> Timestamp {
    let day = confirmed.to_zoned(sao_paulo()).date();
    day.checked_add((i64::from(days) + 1).days())
        .ok()
        .and_then(|end| end.to_zoned(sao_paulo()).ok())
        .map_or(Timestamp::MAX, |z| z.timestamp())
}

/// The last São Paulo day on which the withdrawal is possible, for a period ending at `ends`
/// (the first instant it is no longer possible).
pub fn last_day(ends: Timestamp) -> jiff::civil::Date {
    ends.checked_sub(jiff::SignedDuration::from_secs(1))
        .unwrap_or(ends)
        .to_zoned(sao_paulo())
        .date()
}

/// "1 dia", "5 dias".
pub fn days_text(days: u16) -> String {
    if days == 1 {
        "1 dia".to_owned()
    } else {
        format!("{days} dias")
    }
}

/// The withdrawal period as the investor reads it before committing.
pub fn withdrawal_text(days: u16) -> String {
    format!(
        "Até {} contados da confirmação, sem qualquer custo",
        days_text(days)
    )
}

/// The refund deadline (after a withdrawal or an offering below its minimum target):
/// "devolução em até 5 dias úteis".
pub fn refund_text(business_days: u16) -> String {
    let dias = if business_days == 1 {
        "1 dia útil".to_owned()
    } else {
        format!("{business_days} dias úteis")
    };
    format!("devolução em até {dias}")
}

/// Whether an investment confirmed at `confirmed` may still be withdrawn at `now`.
pub fn may_withdraw(confirmed: Timestamp, days: u16, now: Timestamp) -> bool {
    now >= confirmed && now < withdrawal_ends(confirmed, days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deadlines_read_in_the_singular_and_the_plural() {
        assert_eq!(
            withdrawal_text(5),
            "Até 5 dias contados da confirmação, sem qualquer custo"
        );
        assert_eq!(
            withdrawal_text(1),
            "Até 1 dia contados da confirmação, sem qualquer custo"
        );
        assert_eq!(refund_text(5), "devolução em até 5 dias úteis");
        assert_eq!(refund_text(1), "devolução em até 1 dia útil");
    }

    fn at(s: &str) -> Timestamp {
        s.parse().expect("timestamp")
    }

    #[test]
    fn the_fifth_day_after_the_confirmation_counts_whole_in_sao_paulo() {
        // Monday 2026-08-10 18:00 in São Paulo (UTC-3).
        let confirmed = at("2026-08-10T21:00:00Z");
        assert_eq!(withdrawal_ends(confirmed, 5), at("2026-08-16T03:00:00Z"));
        assert!(may_withdraw(confirmed, 5, at("2026-08-16T02:59:59Z")));
        assert!(!may_withdraw(confirmed, 5, at("2026-08-16T03:00:00Z")));
        assert!(may_withdraw(confirmed, 5, confirmed));
    }

    #[test]
    fn the_last_day_is_the_day_before_the_end_in_sao_paulo() {
        let confirmed = at("2026-08-10T21:00:00Z");
        let ends = withdrawal_ends(confirmed, 5);
        assert_eq!(last_day(ends), jiff::civil::date(2026, 8, 15));
        assert_eq!(
            last_day(Timestamp::MIN),
            Timestamp::MIN.to_zoned(sao_paulo()).date()
        );
    }

    #[test]
    fn the_day_is_taken_in_sao_paulo_not_in_utc() {
        // 2026-08-11 01:30 UTC is still the 10th in São Paulo.
        let late_evening = at("2026-08-11T01:30:00Z");
        assert_eq!(withdrawal_ends(late_evening, 5), at("2026-08-16T03:00:00Z"));
    }

    #[test]
    fn the_period_is_a_parameter_and_zero_ends_it_the_same_day() {
        let confirmed = at("2026-08-10T21:00:00Z");
        assert_eq!(withdrawal_ends(confirmed, 7), at("2026-08-18T03:00:00Z"));
        assert_eq!(withdrawal_ends(confirmed, 0), at("2026-08-11T03:00:00Z"));
    }

    #[test]
    fn before_the_confirmation_and_at_the_end_of_time_there_is_no_panic() {
        let confirmed = at("2026-08-10T21:00:00Z");
        assert!(!may_withdraw(confirmed, 5, at("2026-08-10T20:59:59Z")));
        assert_eq!(withdrawal_ends(Timestamp::MAX, u16::MAX), Timestamp::MAX);
    }
}

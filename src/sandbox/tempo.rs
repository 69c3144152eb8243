//! Time in the sandbox: instants are stored as Unix milliseconds (plain integer
//! comparisons in SQL) and shown as RFC 3339 in America/Sao_Paulo (offset -03:00).

use std::time::Duration;

use jiff::civil::Date;
use jiff::{SignedDuration, Timestamp};

use crate::domain::dates;

pub(crate) fn agora() -> Timestamp {
    Timestamp::now()
}

pub(crate) fn rfc3339(ts: Timestamp) -> String {
    ts.to_zoned(dates::sao_paulo())
        .strftime("%Y-%m-%dT%H:%M:%S%:z")
        .to_string()
}

pub(crate) fn ms(ts: Timestamp) -> i64 {
    ts.as_millisecond()
}

pub(crate) fn de_ms(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// `ts + d`, saturating: a configured TTL is never large enough to overflow in practice.
pub(crate) fn mais(ts: Timestamp, d: Duration) -> Timestamp {
    SignedDuration::try_from(d)
        .ok()
        .and_then(|d| ts.checked_add(d).ok())
        .unwrap_or(Timestamp::MAX)
}

/// `ts - d`, saturating.
pub(crate) fn menos(ts: Timestamp, d: Duration) -> Timestamp {
    SignedDuration::try_from(d)
        .ok()
        .and_then(|d| ts.checked_sub(d).ok())
        .unwrap_or(Timestamp::MIN)
}

/// `date + dias` days.
pub(crate) fn somar_dias(date: Date, dias: i64) -> Option<Date> {
    date.checked_add(jiff::Span::new().try_days(dias).ok()?)
        .ok()
}

/// The instant `hh:mm:ss` of `date` in São Paulo.
pub(crate) fn no_dia(date: Date, h: i8, m: i8, s: i8) -> Option<Timestamp> {
    Some(
        date.at(h, m, s, 0)
            .to_zoned(dates::sao_paulo())
            .ok()?
            .timestamp(),
    )
}

/// The São Paulo calendar day of a stored instant.
pub(crate) fn dia_de_ms(ms: i64) -> Date {
    dates::today_in_sao_paulo(de_ms(ms))
}

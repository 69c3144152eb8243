//! Time in the sandbox: instants are stored as Unix milliseconds (plain integer
//! comparisons in SQL) and shown as RFC 3339 in America/Sao_Paulo (offset -03:00).

use std::time::Duration;

use jiff::civil::Date;
use jiff::{SignedDuration, Timestamp};

use crate::domain::dates;

pub(crate) fn agora() -> Timestamp {
    Timestamp::now()
}

/// `ts` in São Paulo to the second (`2025-03-01T09:30:00-03:00`). Written by jiff's
/// RFC 3339 printer (the offset of that instant, the seconds truncated), several times
/// cheaper than formatting a zoned time with `strftime`: every reservation carries a
/// dozen dates, and each personal answer writes them.
pub(crate) fn rfc3339(ts: Timestamp) -> String {
    // Down to the second before, as `%S` does, also before 1970 (a negative fraction).
    let segundo = ts.as_second() - i64::from(ts.subsec_nanosecond() < 0);
    let segundos = Timestamp::from_second(segundo).unwrap_or(ts);
    segundos
        .display_with_offset(dates::sao_paulo().to_offset(ts))
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

#[cfg(test)]
mod testes_rfc3339 {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// What the sandbox wrote before: the zoned time through `strftime`.
    fn por_strftime(ts: Timestamp) -> String {
        ts.to_zoned(dates::sao_paulo())
            .strftime("%Y-%m-%dT%H:%M:%S%:z")
            .to_string()
    }

    #[test]
    fn the_printer_writes_what_strftime_wrote() {
        // Both sides of the daylight-saving years (until 2019, -02:00 in summer), the
        // changes themselves, milliseconds that must be cut, and instants before 1970.
        let mut casos: Vec<Timestamp> = [
            "2025-03-01T12:30:00.999Z",
            "2018-11-04T02:59:59.500Z",
            "2018-11-04T03:00:00Z",
            "2019-02-17T01:59:59Z",
            "2019-02-17T02:00:00Z",
            "1969-12-31T23:59:59.250Z",
            "2000-01-01T00:00:00Z",
            "2099-12-31T23:59:59.001Z",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        let mut ms: i64 = -86_400_000 * 400;
        while ms < 86_400_000 * 365 * 60 {
            casos.push(Timestamp::from_millisecond(ms).unwrap());
            ms += 7_777_777_777 + 123;
        }
        for ts in casos {
            assert_eq!(rfc3339(ts), por_strftime(ts), "{ts}");
        }
    }

    #[test]
    fn an_instant_reads_in_sao_paulo() {
        let ts: Timestamp = "2025-03-01T12:30:45.678Z".parse().unwrap();
        assert_eq!(rfc3339(ts), "2025-03-01T09:30:45-03:00");
    }
}

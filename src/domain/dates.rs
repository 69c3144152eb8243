//! Dates as Brazilians read them, always in São Paulo time.
//!
//! The platform and its users live on `America/Sao_Paulo`, whatever zone the
//! server runs in. "Now" is always a parameter, never read from the clock inside
//! a rule, so that rules like "not in the future" are testable.

use std::sync::LazyLock;

use jiff::Timestamp;
use jiff::civil::{Date, DateTime};
use jiff::tz::{self, TimeZone};

/// The zone every date of the product is shown in.
pub const SAO_PAULO_TZ_NAME: &str = "America/Sao_Paulo";

static SAO_PAULO: LazyLock<TimeZone> = LazyLock::new(|| {
    // The tzdb is bundled into the binary (jiff `tzdb-bundle-always`), so the
    // lookup cannot fail at run time; the fixed -03:00 fallback keeps this
    // total anyway. Brazil has had no DST since 2019, so it is also correct.
    TimeZone::get(SAO_PAULO_TZ_NAME).unwrap_or_else(|_| TimeZone::fixed(tz::offset(-3)))
});

const MONTHS_PT: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];

/// Why a typed `dd/mm/aaaa` date was refused. Display texts are shown to users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("Informe a data no formato dd/mm/aaaa.")]
    Format,
    #[error("Informe um mês entre 1 e 12.")]
    Month,
    #[error("Informe um dia válido para o mês.")]
    Day,
    #[error("A data não pode estar no futuro.")]
    Future,
}

/// `America/Sao_Paulo` from the bundled tzdb (cheap: an `Arc` clone).
pub fn sao_paulo() -> TimeZone {
    SAO_PAULO.clone()
}

/// The calendar day it is in São Paulo at `now`.
pub fn today_in_sao_paulo(now: Timestamp) -> Date {
    now.to_zoned(sao_paulo()).date()
}

/// `21/11/2026`, in São Paulo time.
pub fn format_date_br(ts: Timestamp) -> String {
    format_civil_date_br(today_in_sao_paulo(ts))
}

/// [`format_date_br`]'s text, written at the end of `out`.
pub fn write_date_br(out: &mut String, ts: Timestamp) {
    write_civil_date_br(out, today_in_sao_paulo(ts));
}

/// `21/11/2026 às 18:05`, in São Paulo time.
pub fn format_datetime_br(ts: Timestamp) -> String {
    let mut out = String::with_capacity(20);
    write_datetime_br(&mut out, ts);
    out
}

/// [`format_datetime_br`]'s text, written at the end of `out`.
pub fn write_datetime_br(out: &mut String, ts: Timestamp) {
    let dt = ts.to_zoned(sao_paulo()).datetime();
    write_civil_date_br(out, dt.date());
    out.push_str(" às ");
    push_two_digits(out, dt.hour());
    out.push(':');
    push_two_digits(out, dt.minute());
}

/// `21/11/2026`.
pub fn format_civil_date_br(d: Date) -> String {
    let mut out = String::with_capacity(10);
    write_civil_date_br(&mut out, d);
    out
}

/// [`format_civil_date_br`]'s text, written digit by digit: a page shows a date per row,
/// and `format!` with its paddings cost some thousand instructions a date.
pub fn write_civil_date_br(out: &mut String, d: Date) {
    push_two_digits(out, d.day());
    out.push('/');
    push_two_digits(out, d.month());
    out.push('/');
    use std::fmt::Write as _;
    let _ = write!(out, "{:04}", d.year());
}

/// A day, month, hour or minute (0–99) as two digits.
fn push_two_digits(out: &mut String, n: i8) {
    let n = n.unsigned_abs() % 100;
    out.push(char::from(b'0' + n / 10));
    out.push(char::from(b'0' + n % 10));
}

/// `dezembro de 2026`, in São Paulo time (statement and income-report headings).
pub fn month_year_br(ts: Timestamp) -> String {
    civil_month_year_br(today_in_sao_paulo(ts))
}

/// `dezembro de 2026` for a calendar day (the payment agenda's months).
pub fn civil_month_year_br(d: Date) -> String {
    let name = usize::try_from(d.month() - 1)
        .ok()
        .and_then(|i| MONTHS_PT.get(i))
        .copied()
        .unwrap_or("");
    format!("{name} de {}", d.year())
}

/// Parses a typed `dd/mm/aaaa` date: exactly two
/// digits, two digits, four digits; month 1–12; day 1–31 and valid for the
/// month (no 31 in April, June, September, November; February follows the
/// leap-year rule); not after `today`. Surrounding whitespace is ignored
/// because browsers keep what users paste.
pub fn parse_date_br(input: &str, today: Date) -> Result<Date, DateError> {
    let s = input.trim().as_bytes();
    let shape_ok = s.len() == 10
        && s[2] == b'/'
        && s[5] == b'/'
        && s.iter()
            .enumerate()
            .all(|(i, b)| i == 2 || i == 5 || b.is_ascii_digit());
    if !shape_ok {
        return Err(DateError::Format);
    }
    let num = |range: std::ops::Range<usize>| -> i16 {
        s[range]
            .iter()
            .fold(0i16, |acc, b| acc * 10 + i16::from(b - b'0'))
    };
    let (day, month, year) = (num(0..2), num(3..5), num(6..10));
    if !(1..=12).contains(&month) {
        return Err(DateError::Month);
    }
    // Year 0000 is not a calendar year anyone types on purpose.
    if year == 0 {
        return Err(DateError::Format);
    }
    let max_day = days_in_month(year, month);
    if !(1..=max_day).contains(&day) {
        return Err(DateError::Day);
    }
    // month ≤ 12 and day ≤ 31 were checked, so the narrowing cannot fail.
    let (Ok(m), Ok(d)) = (i8::try_from(month), i8::try_from(day)) else {
        return Err(DateError::Format);
    };
    let date = Date::new(year, m, d).map_err(|_| DateError::Day)?;
    if date > today {
        return Err(DateError::Future);
    }
    Ok(date)
}

fn is_leap_year(year: i16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i16, month: i16) -> i16 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 31,
    }
}

/// Reads a date-time from the platform's JSON: RFC 3339 with an offset
/// (`2026-11-21T10:00:00-03:00`, `…Z`), or a naive `2026-11-21T10:00:00` /
/// `2026-11-21` which the platform means in São Paulo time. `None` when it
/// is neither, so a bad field degrades to "no date" instead of an error page.
pub fn parse_platform_datetime(s: &str) -> Option<Timestamp> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Ok(ts) = s.parse::<Timestamp>() {
        return Some(ts);
    }
    // Only naive forms reach this point; a string with a bracketed zone or a
    // malformed offset would be silently misread as local time otherwise.
    if s.contains('[') || has_offset_suffix(s) {
        return None;
    }
    let dt = s.parse::<DateTime>().ok()?;
    dt.to_zoned(sao_paulo()).ok().map(|z| z.timestamp())
}

/// True when the time part ends with something offset-like (`Z`, `+hh`,
/// `-hh:mm`). The date part's own `-` separators are ignored.
fn has_offset_suffix(s: &str) -> bool {
    let Some(pos) = s.find(['T', 't', ' ']) else {
        return false;
    };
    let time = &s[pos + 1..];
    time.contains(['Z', 'z', '+', '-'])
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use jiff::civil::date;

    fn ts(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn sao_paulo_is_the_named_zone() {
        assert_eq!(sao_paulo().iana_name(), Some(SAO_PAULO_TZ_NAME));
    }

    #[test]
    fn today_follows_sao_paulo_not_utc() {
        // 02:30 UTC on the 22nd is still 23:30 on the 21st in São Paulo.
        assert_eq!(
            today_in_sao_paulo(ts("2026-11-22T02:30:00Z")),
            date(2026, 11, 21)
        );
        assert_eq!(
            today_in_sao_paulo(ts("2026-11-22T03:00:00Z")),
            date(2026, 11, 22)
        );
    }

    #[test]
    fn formats_dates_and_times() {
        let t = ts("2026-11-21T21:05:09Z");
        assert_eq!(format_date_br(t), "21/11/2026");
        assert_eq!(format_datetime_br(t), "21/11/2026 às 18:05");
        assert_eq!(
            format_datetime_br(ts("2027-01-02T03:04:00Z")),
            "02/01/2027 às 00:04"
        );
        assert_eq!(format_civil_date_br(date(2026, 3, 7)), "07/03/2026");
        assert_eq!(format_civil_date_br(date(999, 1, 1)), "01/01/0999");
    }

    #[test]
    fn month_year_in_portuguese() {
        assert_eq!(
            month_year_br(ts("2026-12-10T12:00:00Z")),
            "dezembro de 2026"
        );
        assert_eq!(month_year_br(ts("2026-03-10T12:00:00Z")), "março de 2026");
        // 01:00 UTC on 1 January is still December in São Paulo.
        assert_eq!(
            month_year_br(ts("2027-01-01T01:00:00Z")),
            "dezembro de 2026"
        );
        for (i, m) in MONTHS_PT.iter().enumerate() {
            let t = date(2026, i as i8 + 1, 15)
                .at(12, 0, 0, 0)
                .to_zoned(sao_paulo())
                .unwrap()
                .timestamp();
            assert_eq!(month_year_br(t), format!("{m} de 2026"));
        }
    }

    const TODAY: Date = date(2026, 11, 21);

    #[test]
    fn parse_date_accepts_valid_dates() {
        let cases = [
            ("01/01/1990", date(1990, 1, 1)),
            ("31/12/1999", date(1999, 12, 31)),
            ("29/02/2024", date(2024, 2, 29)),
            ("29/02/2000", date(2000, 2, 29)),
            ("30/04/2020", date(2020, 4, 30)),
            ("31/01/2026", date(2026, 1, 31)),
            ("21/11/2026", TODAY),
            (" 15/08/1985 ", date(1985, 8, 15)),
        ];
        for (s, want) in cases {
            assert_eq!(parse_date_br(s, TODAY), Ok(want), "{s:?}");
        }
    }

    #[test]
    fn parse_date_rejects_with_reason() {
        use DateError::*;
        let cases = [
            ("", Format),
            ("1/1/1990", Format),
            ("01/01/90", Format),
            ("01-01-1990", Format),
            ("1990-01-01", Format),
            ("01/01/1990x", Format),
            ("0a/01/1990", Format),
            ("01/01/0000", Format),
            ("01/1/19901", Format),
            ("01/00/1990", Month),
            ("01/13/1990", Month),
            ("00/01/1990", Day),
            ("32/01/1990", Day),
            ("31/04/1990", Day),
            ("31/06/1990", Day),
            ("31/09/1990", Day),
            ("31/11/1990", Day),
            ("30/02/2024", Day),
            ("29/02/2023", Day),
            ("29/02/1900", Day),
            ("22/11/2026", Future),
            ("01/01/2027", Future),
        ];
        for (s, want) in cases {
            assert_eq!(parse_date_br(s, TODAY), Err(want), "{s:?}");
        }
    }

    #[test]
    fn every_day_of_a_leap_and_common_year_matches_jiff() {
        for year in [1900i16, 2000, 2023, 2024] {
            for month in 1..=12i16 {
                for day in 1..=31i16 {
                    let s = format!("{day:02}/{month:02}/{year}");
                    let real = Date::new(year, month as i8, day as i8).ok();
                    assert_eq!(parse_date_br(&s, TODAY).ok(), real, "{s}");
                }
            }
        }
    }

    #[test]
    fn platform_datetimes() {
        let want = ts("2026-11-21T13:00:00Z");
        for s in [
            "2026-11-21T10:00:00-03:00",
            "2026-11-21T13:00:00Z",
            "2026-11-21T13:00:00+00:00",
            "2026-11-21T10:00:00",
            "2026-11-21T10:00:00.000",
            " 2026-11-21T10:00:00 ",
        ] {
            assert_eq!(parse_platform_datetime(s), Some(want), "{s:?}");
        }
        assert_eq!(
            parse_platform_datetime("2026-11-21"),
            Some(ts("2026-11-21T03:00:00Z"))
        );
        assert_eq!(
            parse_platform_datetime("2027-01-20T23:59:59-03:00"),
            Some(ts("2027-01-21T02:59:59Z"))
        );
    }

    #[test]
    fn platform_datetime_garbage_is_none() {
        for s in [
            "",
            "ontem",
            "21/11/2026",
            "2026-13-01",
            "2026-02-30T10:00:00",
            "2026-11-21T25:00:00",
            "2026-11-21T10:00:00-3",
            "2026-11-21T10:00:00[America/Sao_Paulo]",
        ] {
            assert_eq!(parse_platform_datetime(s), None, "{s:?}");
        }
    }

    #[test]
    fn date_errors_are_portuguese() {
        assert_eq!(
            DateError::Future.to_string(),
            "A data não pode estar no futuro."
        );
        assert_eq!(
            DateError::Format.to_string(),
            "Informe a data no formato dd/mm/aaaa."
        );
    }
}

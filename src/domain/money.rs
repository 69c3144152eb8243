//! Brazilian money and number formatting (`R$ 1.234,56`) and parsing of the
//! money-masked inputs of the order and simulation forms.
//!
//! Amounts are `rust_decimal::Decimal` end to end: the platform sends money as
//! JSON numbers with at most two decimals and binary floats would turn
//! `0,10 + 0,20` into a display bug.

use rust_decimal::{Decimal, RoundingStrategy};

pub mod json;

/// Longest money input the forms accept: 20 characters.
pub const MAX_MONEY_INPUT_CHARS: usize = 20;

/// Why a typed amount was refused. The Display texts are shown to the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("Informe um valor.")]
    Empty,
    #[error("O valor deve ter no máximo 20 caracteres.")]
    TooLong,
    #[error("O valor não pode ser negativo.")]
    Negative,
    #[error("O valor deve ter no máximo duas casas decimais.")]
    TooManyDecimals,
    #[error("Informe um valor válido, por exemplo 1.234,56.")]
    Invalid,
}

/// `R$ 1.234,56`; negative amounts as `-R$ 1.234,56`. Rounds half away from
/// zero to cents, which is how a person rounds money (banker's rounding would
/// show `R$ 0,02` for 0,025). The separator after `R$` is a plain space so the
/// text is the same in HTML, logs and tests.
pub fn format_brl(v: Decimal) -> String {
    let mut out = String::with_capacity(24);
    write_brl(&mut out, v);
    out
}

/// Appends [`format_brl`]'s text to `out` (a page writes its amounts straight into the
/// page, with no string per amount).
pub fn write_brl(out: &mut String, v: Decimal) {
    if is_negative_after_rounding(v, 2) {
        out.push('-');
    }
    out.push_str("R$ ");
    write_decimal_br(out, v.abs(), 2);
}

/// `1.234,5` style: `places` decimals (rounded half away from zero), `.` for
/// thousands and `,` for decimals. A value that rounds to zero never shows a
/// minus sign.
pub fn format_decimal_br(v: Decimal, places: u32) -> String {
    let mut out = String::with_capacity(24);
    write_decimal_br(&mut out, v, places);
    out
}

/// Appends [`format_decimal_br`]'s text to `out`.
pub fn write_decimal_br(out: &mut String, v: Decimal, places: u32) {
    use std::io::Write as _;
    let rounded = v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    if is_negative_after_rounding(v, places) {
        out.push('-');
    }
    // `{:.N}` on an already rounded Decimal only pads with zeros. A Decimal has at most
    // 29 digits; the buffer also holds the padding of any `places` a page asks for.
    let mut buf = [0u8; 96];
    let mut cursor = std::io::Cursor::new(&mut buf[..]);
    let plain = match write!(cursor, "{:.*}", places as usize, rounded.abs()) {
        Ok(()) => {
            let n = usize::try_from(cursor.position()).unwrap_or(0);
            std::str::from_utf8(&buf[..n]).unwrap_or("0")
        }
        Err(_) => "0",
    };
    let (int_part, frac_part) = match plain.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (plain, None),
    };
    push_grouped_thousands(out, int_part);
    if let Some(f) = frac_part {
        out.push(',');
        out.push_str(f);
    }
}

/// `12,50%`: percentages always have two decimals, no space before the sign,
/// as Brazilian financial sites write it.
pub fn format_percent(v: Decimal) -> String {
    let mut out = String::with_capacity(12);
    write_decimal_br(&mut out, v, 2);
    out.push('%');
    out
}

/// A reservation's net yield, an annual rate in percent: 17.5 → "17,50% a.a.".
pub fn format_annual_rate(v: Decimal) -> String {
    let mut out = format_percent(v);
    out.push_str(" a.a.");
    out
}

fn is_negative_after_rounding(v: Decimal, places: u32) -> bool {
    let rounded = v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    rounded.is_sign_negative() && !rounded.is_zero()
}

/// "1234567" → "1.234.567", appended to `out`. Input is ASCII digits only.
fn push_grouped_thousands(out: &mut String, digits: &str) {
    let len = digits.len();
    for (i, c) in digits.chars().enumerate() {
        // A separator goes before every digit that starts a group of three
        // counted from the right.
        let remaining = len - i;
        if i > 0 && remaining.is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
}

/// Parses what a person types in a money-masked field.
///
/// Accepts `1.234,56`, `1234,56`, `1234`, `R$ 1.234,56`, ` 0,01 `. A `.` is a
/// thousands separator only when every group after it has exactly three
/// digits: `1.23` is refused instead of being guessed as 1,23 or 123.
/// At most two decimals, at most 20 characters (after trimming), no sign.
pub fn parse_brl(input: &str) -> Result<Decimal, MoneyError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(MoneyError::Empty);
    }
    if trimmed.chars().count() > MAX_MONEY_INPUT_CHARS {
        return Err(MoneyError::TooLong);
    }
    // The mask may leave "R$" with a normal or a non-breaking space.
    let body = match trimmed.strip_prefix("R$") {
        Some(rest) => rest.trim_start_matches([' ', '\u{a0}']),
        None => trimmed,
    };
    if body.starts_with('-') {
        return Err(MoneyError::Negative);
    }
    let (int_part, frac_part) = match body.split_once(',') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let int_digits = parse_integer_part(int_part).ok_or(MoneyError::Invalid)?;
    let frac_digits = match frac_part {
        None => "",
        Some(f) => {
            if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
                return Err(MoneyError::Invalid);
            }
            if f.len() > 2 {
                return Err(MoneyError::TooManyDecimals);
            }
            f
        }
    };
    let normalized = if frac_digits.is_empty() {
        int_digits
    } else {
        format!("{int_digits}.{frac_digits}")
    };
    // At most 20 digits: always inside Decimal's 28-digit range, but stay
    // total anyway.
    normalized
        .parse::<Decimal>()
        .map_err(|_| MoneyError::Invalid)
}

/// "1.234.567" or "1234567" → "1234567"; anything else → None.
fn parse_integer_part(s: &str) -> Option<String> {
    if s.is_empty() {
        return None;
    }
    if !s.contains('.') {
        return s.bytes().all(|b| b.is_ascii_digit()).then(|| s.to_owned());
    }
    let mut groups = s.split('.');
    let first = groups.next()?;
    if first.is_empty() || first.len() > 3 || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits = first.to_owned();
    for g in groups {
        if g.len() != 3 || !g.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.push_str(g);
    }
    Some(digits)
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn brl_formats_with_thousands_and_cents() {
        let cases = [
            (dec!(0), "R$ 0,00"),
            (dec!(0.01), "R$ 0,01"),
            (dec!(1), "R$ 1,00"),
            (dec!(12.5), "R$ 12,50"),
            (dec!(999.99), "R$ 999,99"),
            (dec!(1000), "R$ 1.000,00"),
            (dec!(1234.56), "R$ 1.234,56"),
            (dec!(100000), "R$ 100.000,00"),
            (dec!(1500000.0), "R$ 1.500.000,00"),
            (dec!(1234567890.12), "R$ 1.234.567.890,12"),
            (dec!(-1234.56), "-R$ 1.234,56"),
            (dec!(-0.5), "-R$ 0,50"),
        ];
        for (v, want) in cases {
            assert_eq!(format_brl(v), want, "{v}");
        }
    }

    #[test]
    fn brl_rounds_half_away_from_zero() {
        assert_eq!(format_brl(dec!(0.005)), "R$ 0,01");
        assert_eq!(format_brl(dec!(0.025)), "R$ 0,03");
        assert_eq!(format_brl(dec!(0.0249)), "R$ 0,02");
        assert_eq!(format_brl(dec!(999.995)), "R$ 1.000,00");
        assert_eq!(format_brl(dec!(-0.005)), "-R$ 0,01");
        assert_eq!(format_brl(dec!(-1.235)), "-R$ 1,24");
    }

    #[test]
    fn brl_never_shows_negative_zero() {
        assert_eq!(format_brl(dec!(-0.004)), "R$ 0,00");
        assert_eq!(format_brl(dec!(-0)), "R$ 0,00");
        assert_eq!(format_decimal_br(dec!(-0.04), 1), "0,0");
    }

    #[test]
    fn brl_uses_plain_ascii_space() {
        assert!(format_brl(dec!(1)).contains("R$ 1"));
        assert!(!format_brl(dec!(1)).contains('\u{a0}'));
    }

    #[test]
    fn decimal_br_respects_places() {
        assert_eq!(format_decimal_br(dec!(1234.5), 1), "1.234,5");
        assert_eq!(format_decimal_br(dec!(1234.56), 0), "1.235");
        assert_eq!(format_decimal_br(dec!(1234.5), 0), "1.235");
        assert_eq!(format_decimal_br(dec!(1234), 3), "1.234,000");
        assert_eq!(format_decimal_br(dec!(33.333333), 2), "33,33");
        assert_eq!(format_decimal_br(dec!(-9876543.21), 2), "-9.876.543,21");
        assert_eq!(format_decimal_br(dec!(123), 0), "123");
        assert_eq!(format_decimal_br(dec!(123456), 0), "123.456");
    }

    #[test]
    fn percent_has_two_decimals() {
        assert_eq!(format_percent(dec!(12.5)), "12,50%");
        assert_eq!(format_percent(dec!(0)), "0,00%");
        assert_eq!(format_percent(dec!(33.333)), "33,33%");
        assert_eq!(format_percent(dec!(100)), "100,00%");
        assert_eq!(format_percent(dec!(17.505)), "17,51%");
        assert_eq!(format_percent(dec!(1250)), "1.250,00%");
    }

    #[test]
    fn parse_accepts_the_documented_forms() {
        let cases = [
            ("1.234,56", dec!(1234.56)),
            ("1234,56", dec!(1234.56)),
            ("1234", dec!(1234)),
            ("R$ 1.234,56", dec!(1234.56)),
            ("R$1.234,56", dec!(1234.56)),
            ("R$\u{a0}1.234,56", dec!(1234.56)),
            (" 0,01 ", dec!(0.01)),
            ("0,5", dec!(0.5)),
            ("0", dec!(0)),
            ("1.000", dec!(1000)),
            ("1.000.000,00", dec!(1000000)),
            ("12.345.678,9", dec!(12345678.9)),
            ("007", dec!(7)),
            ("99999999999999999999", dec!(99999999999999999999)),
        ];
        for (s, want) in cases {
            assert_eq!(parse_brl(s), Ok(want), "{s:?}");
        }
    }

    #[test]
    fn parse_rejects_bad_input_with_the_right_reason() {
        use MoneyError::*;
        let cases = [
            ("", Empty),
            ("   ", Empty),
            ("abc", Invalid),
            ("1,2,3", Invalid),
            ("1.23", Invalid),
            ("1.2345", Invalid),
            ("1234.567", Invalid),
            (".123", Invalid),
            ("1..234", Invalid),
            ("1.234.", Invalid),
            ("1,", Invalid),
            (",5", Invalid),
            ("1,5a", Invalid),
            ("1 234", Invalid),
            ("R$", Invalid),
            ("R$ ", Invalid),
            ("US$ 10", Invalid),
            ("+10", Invalid),
            ("1e3", Invalid),
            ("١٢", Invalid),
            ("1,234", TooManyDecimals),
            ("0,001", TooManyDecimals),
            ("-1", Negative),
            ("-0,01", Negative),
            ("R$ -5,00", Negative),
            ("123456789012345678901", TooLong),
            ("R$ 1.234.567.890.123,45", TooLong),
        ];
        for (s, want) in cases {
            assert_eq!(parse_brl(s), Err(want), "{s:?}");
        }
    }

    #[test]
    fn parse_limit_counts_characters_not_bytes() {
        // 20 characters including the two-byte `\u{a0}`: still accepted.
        let s = "R$\u{a0}1.234.567.890,12";
        assert_eq!(s.chars().count(), 19);
        assert_eq!(parse_brl(s), Ok(dec!(1234567890.12)));
    }

    #[test]
    fn parse_and_format_round_trip() {
        for v in [
            dec!(0.01),
            dec!(1),
            dec!(1234.56),
            dec!(1000000),
            dec!(98765.4),
        ] {
            assert_eq!(parse_brl(&format_brl(v)), Ok(v));
        }
    }

    #[test]
    fn errors_are_portuguese() {
        assert_eq!(MoneyError::Empty.to_string(), "Informe um valor.");
        assert_eq!(
            MoneyError::Negative.to_string(),
            "O valor não pode ser negativo."
        );
        assert!(
            MoneyError::TooManyDecimals
                .to_string()
                .contains("duas casas decimais")
        );
    }
}

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
///
/// Written from the rounded value's integer mantissa and scale.
pub fn write_decimal_br(out: &mut String, v: Decimal, places: u32) {
    let rounded = v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    if rounded.is_sign_negative() && !rounded.is_zero() {
        out.push('-');
    }
    let digits = rounded.mantissa().unsigned_abs().to_string();
    // After rounding, the scale is at most `places`; the fraction is padded to `places`.
    let scale = rounded.scale() as usize;
    let (int_part, frac_part) = if digits.len() > scale {
        digits.split_at(digits.len() - scale)
    } else {
        ("0", digits.as_str())
    };
    push_grouped_thousands(out, int_part);
    if places > 0 {
        out.push(',');
        // Zeros between the point and the mantissa's first digit (0,05), then the digits,
        // then zeros up to `places` (1,50 from a mantissa of 15 and a scale of 1).
        for _ in frac_part.len()..scale {
            out.push('0');
        }
        out.push_str(frac_part);
        for _ in scale..places as usize {
            out.push('0');
        }
    }
}

/// `12,50%`: percentages always have two decimals, no space before the sign,
/// as Brazilian financial sites write it.
pub fn format_percent(v: Decimal) -> String {
    let mut out = String::with_capacity(12);
    write_percent(&mut out, v);
    out
}

/// [`format_percent`] written at the end of `out`.
pub fn write_percent(out: &mut String, v: Decimal) {
    write_decimal_br(out, v, 2);
    out.push('%');
}

/// `part` as a percentage of `total`, rounded half to even to two decimals (4 of 12 is
/// 33.33, 1 of 8 is 12.50, 1 of 800 is 0.12): the share a chart's text gives a slice. Zero
/// when `part` is below zero or `total` is not above it.
///
/// Worked in integers, exactly: the amounts brought to one scale, times 10,000, divided
/// with the remainder deciding the rounding. `(part / total × 100).round_dp(2)` in
/// `Decimal` gives the same figure (its quotient keeps 28 digits, far finer than a
/// remainder of a total below 10^20 can come to a half) at some 1,000 instructions a
/// slice; amounts too large for the integers go that way.
pub fn percent_of(part: Decimal, total: Decimal) -> Decimal {
    if part.is_sign_negative() || total.is_sign_negative() || total.is_zero() {
        return Decimal::ZERO;
    }
    exact_percent(part, total).unwrap_or_else(|| {
        part.checked_div(total)
            .unwrap_or(Decimal::ZERO)
            .saturating_mul(Decimal::ONE_HUNDRED)
            .round_dp(2)
    })
}

/// [`percent_of`] in `u128`, or `None` when a step would overflow it.
fn exact_percent(part: Decimal, total: Decimal) -> Option<Decimal> {
    let scale = part.scale().max(total.scale());
    let at_scale = |v: Decimal| {
        10u128
            .checked_pow(scale - v.scale())?
            .checked_mul(v.mantissa().unsigned_abs())
    };
    let (part, total) = (at_scale(part)?, at_scale(total)?);
    let scaled = part.checked_mul(10_000)?;
    let (mut hundredths, rest) = (scaled / total, scaled % total);
    // Half to even: up past the half, and at the half when the last digit is odd.
    let twice = rest.checked_mul(2)?;
    if twice > total || (twice == total && hundredths % 2 == 1) {
        hundredths += 1;
    }
    Decimal::try_from_i128_with_scale(i128::try_from(hundredths).ok()?, 2).ok()
}

fn is_negative_after_rounding(v: Decimal, places: u32) -> bool {
    let rounded = v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    rounded.is_sign_negative() && !rounded.is_zero()
}

/// "1234567" → "1.234.567", appended to `out`. Input is ASCII digits only.
fn push_grouped_thousands(out: &mut String, digits: &str) {
    // The first group holds what is left over the groups of three, counted from the right.
    let first = match digits.len() % 3 {
        0 => 3.min(digits.len()),
        n => n,
    };
    let (head, mut rest) = digits.split_at(first);
    out.push_str(head);
    while rest.len() >= 3 {
        let (group, tail) = rest.split_at(3);
        out.push('.');
        out.push_str(group);
        rest = tail;
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
mod tests;

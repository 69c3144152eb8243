//! Money on the JSON wire, exact both ways: `#[serde(with = "crate::domain::money::json")]`
//! on a `Decimal` field, `…::json::option` on an `Option<Decimal>` one.
//!
//! The platform's contract has money as JSON *numbers*, and serde_json (without
//! `arbitrary_precision`, which breaks integers under `#[serde(flatten)]`) hands a
//! fractional number to a visitor as an `f64`, which holds neither most cents
//! (`0.1`) nor anything past 2^53. So a number is read as its raw text (a
//! [`RawValue`]) and parsed as a decimal, and written as the decimal's own digits.
//! `rust_decimal` is built without its serde support, so a `Decimal` field without
//! these helpers (or a `Decimal` inside `json!`, which would become a string or an
//! `f64`) does not compile.
//!
//! Only for serde_json: a `RawValue` is a serde_json token. It also cannot pass
//! through a `serde_json::Value` (`from_value`, `#[serde(flatten)]`, `json!`): read
//! and write money from and to text.
//!
//! The raw text is borrowed from the input, not copied into a box of its own: a page
//! reads dozens of amounts, and the copy was a third of reading the allocation summary.
//! So money is read from text or bytes held whole (`from_str`, `from_slice`: the
//! platform client always holds the whole body), never from a reader (`from_reader`
//! refuses it with an error).

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// Writes the decimal's digits as a JSON number. `Decimal`'s Display never uses an
/// exponent, so `-1234.50` is already a valid JSON number.
pub fn serialize<S: Serializer>(value: &Decimal, s: S) -> Result<S::Ok, S::Error> {
    let raw = RawValue::from_string(value.to_string()).map_err(serde::ser::Error::custom)?;
    raw.serialize(s)
}

/// Reads a JSON number exactly; a JSON string holding a plain decimal (`"12.50"`) is
/// tolerated, anything else is an error naming what was found.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
    let raw = <&'de RawValue>::deserialize(d)?;
    from_raw(raw.get()).ok_or_else(|| refused(raw.get()))
}

/// The same for an `Option<Decimal>`: `null` is `None`. Add `#[serde(default)]` (on the
/// field or the struct) so that an absent field is `None` too.
pub mod option {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => super::serialize(v, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        match Option::<&'de RawValue>::deserialize(d)? {
            None => Ok(None),
            Some(raw) => from_raw(raw.get())
                .map(Some)
                .ok_or_else(|| refused(raw.get())),
        }
    }
}

/// A `Decimal` that serializes as an exact JSON number, for a list or a tuple of
/// amounts where a field attribute cannot reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact(pub Decimal);

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d).map(Exact)
    }
}

/// The decimal in one JSON value's raw text: a number (`12.5`, `-0.1`, `1e3`) or a
/// string holding one (`"12.50"`, spaces around allowed). `None` for anything else:
/// `null`, `true`, an object, `"12,50"`, `"1_000"`, `""`, or a number out of
/// `Decimal`'s range.
pub fn from_raw(raw: &str) -> Option<Decimal> {
    let raw = raw.trim();
    if raw.starts_with('"') {
        let text: String = serde_json::from_str(raw).ok()?;
        parse_number(text.trim())
    } else {
        parse_number(raw)
    }
}

/// Parses the text of a JSON number; `None` if it is not one (JSON's grammar, so
/// `Decimal::from_str`'s extras such as `_` separators are refused). More than 28
/// decimals round to 28 (`Decimal`'s limit), far below any amount of money.
fn parse_number(text: &str) -> Option<Decimal> {
    if let Some(plain) = parse_plain(text.as_bytes()) {
        return Some(plain);
    }
    if !is_json_number(text) {
        return None;
    }
    if text.contains(['e', 'E']) {
        Decimal::from_scientific(text).ok()
    } else {
        Decimal::from_str(text).ok()
    }
}

/// The amounts the platform writes, `-?digits(.digits)?` with at most 18 digits, read in
/// one pass into a 64-bit mantissa and its scale: the same decimal as `Decimal::from_str`
/// gives (scale included, so `12.50` keeps two decimals) at a fraction of its cost, and a
/// page reads dozens of amounts. `None` for any other text,
/// which then goes the general way (grammar check, `from_str`, `from_scientific`).
fn parse_plain(text: &[u8]) -> Option<Decimal> {
    const MAX_DIGITS: usize = 18;
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    if digits.is_empty() || digits.len() > MAX_DIGITS + 1 {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut count = 0;
    let mut scale = None;
    for (i, &b) in digits.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                count += 1;
            }
            // One point, with digits on both sides (JSON's grammar).
            b'.' if scale.is_none() && i > 0 && i + 1 < digits.len() => {
                scale = Some(digits.len() - i - 1);
            }
            _ => return None,
        }
    }
    // Zero is unsigned both here and in `from_str`: `-0.00` is `0.00`.
    if count > MAX_DIGITS {
        return None;
    }
    // Below 10^18: the mantissa fits in the low 64 of Decimal's 96 bits, the scale (at most
    // 17) in its 28.
    #[allow(clippy::cast_possible_truncation)]
    let (lo, mid, scale) = (
        mantissa as u32,
        (mantissa >> 32) as u32,
        scale.unwrap_or(0) as u32,
    );
    Some(Decimal::from_parts(lo, mid, 0, negative, scale))
}

/// JSON's number grammar (`-? int (. digits)? ([eE] [+-]? digits)?`), except that
/// leading zeros are let through (`"007"` in a string is still plainly 7).
fn is_json_number(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (unsigned, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    digits(int) && frac.is_none_or(digits) && exponent_ok
}

fn refused<E: serde::de::Error>(raw: &str) -> E {
    // Long garbage is cut so the message (logged by the client) stays a line.
    let shown: String = raw.chars().take(40).collect();
    E::custom(format_args!(
        "expected an amount of money (a JSON number, or a string holding one), found `{shown}`"
    ))
}

#[cfg(test)]
mod tests;

//! Properties of the money parser (`parse_brl`) and of money's JSON (`money::json`), over
//! generated input: never a panic, what is formatted reads back as the same amount, what
//! is malformed is refused with a message, and reading a canonical form changes nothing.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;

/// Amounts whose `1.234,56` form fits the 20 characters of the field: up to 13 integer
/// digits (`9.999.999.999.999,99`).
fn amount() -> impl Strategy<Value = Decimal> {
    (0i64..1_000_000_000_000_000).prop_map(|cents| Decimal::new(cents, 2))
}

/// What a person may type around the digits, and what a mask leaves.
fn money_like() -> impl Strategy<Value = String> {
    "[0-9.,R$ \u{a0}+-]{0,24}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsing_never_panics(s in any::<String>(), t in money_like()) {
        let _ = parse_brl(&s);
        let _ = parse_brl(&t);
    }

    #[test]
    fn an_accepted_amount_is_never_negative_nor_past_cents(s in money_like()) {
        if let Ok(d) = parse_brl(&s) {
            prop_assert!(d >= Decimal::ZERO, "{s:?} gave {d}");
            prop_assert!(d.scale() <= 2, "{s:?} gave {d}");
            prop_assert!(s.trim().chars().count() <= MAX_MONEY_INPUT_CHARS);
        }
    }

    #[test]
    fn the_formatted_amount_reads_back_the_same(d in amount()) {
        prop_assert_eq!(parse_brl(&format_decimal_br(d, 2)), Ok(d));
        // Without thousands separators, and with the mask's "R$" (normal or no-break space).
        let plain = d.to_string().replace('.', ",");
        prop_assert_eq!(parse_brl(&plain), Ok(d));
        if d < Decimal::new(1_000_000_000_000, 2) {
            prop_assert_eq!(parse_brl(&format_brl(d)), Ok(d));
            prop_assert_eq!(parse_brl(&format!("R$\u{a0}{plain}")), Ok(d));
        }
    }

    #[test]
    fn malformed_amounts_are_refused_with_a_message(
        d in (1i64..1_000_000_000).prop_map(|c| Decimal::new(c, 2)),
        extra in 0u8..10,
        letter in "[a-zA-Z]",
        at in any::<prop::sample::Index>(),
    ) {
        let typed = format_decimal_br(d, 2);
        prop_assert_eq!(parse_brl(&format!("-{typed}")), Err(MoneyError::Negative));
        prop_assert_eq!(
            parse_brl(&format!("{typed}{extra}")),
            Err(MoneyError::TooManyDecimals)
        );
        let mut chars: Vec<char> = typed.chars().collect();
        chars.insert(at.index(chars.len() + 1), letter.chars().next().unwrap());
        let with_letter: String = chars.into_iter().collect();
        let refused = parse_brl(&with_letter);
        prop_assert!(refused.is_err(), "{with_letter:?} was accepted");
        prop_assert!(!refused.unwrap_err().to_string().is_empty());
    }

    #[test]
    fn reading_the_canonical_form_changes_nothing(s in money_like()) {
        if let Ok(d) = parse_brl(&s) {
            let canonical = d.to_string().replace('.', ",");
            prop_assert_eq!(parse_brl(&canonical), Ok(d));
            prop_assert_eq!(parse_brl(&canonical).unwrap().to_string(), d.to_string());
        }
    }

    #[test]
    fn any_decimal_crosses_json_with_every_digit(
        lo in any::<u32>(), mid in any::<u32>(), hi in any::<u32>(),
        negative in any::<bool>(), scale in 0u32..=28,
    ) {
        let d = Decimal::from_parts(lo, mid, hi, negative, scale);
        let json = serde_json::to_string(&json::Exact(d)).unwrap();
        prop_assert_eq!(&json, &d.to_string());
        let back: json::Exact = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.0.to_string(), d.to_string());
        // The string form is tolerated too.
        prop_assert_eq!(json::from_raw(&format!("\"{d}\"")).map(|b| b.to_string()), Some(d.to_string()));
    }

    #[test]
    fn reading_any_json_text_never_panics(s in any::<String>(), n in "-?[0-9]{0,32}(\\.[0-9]{0,32})?([eE][+-]?[0-9]{0,4})?") {
        let _ = json::from_raw(&s);
        let _ = json::from_raw(&n);
        let _ = serde_json::from_str::<json::Exact>(&n);
    }

    /// Any Decimal to cents or fewer places, and any 64-bit mantissa to up to ten places:
    /// written from its mantissa, it is what rust_decimal's own `{:.N}` gives, regrouped in
    /// the Brazilian way. (Past 32 characters `{:.N}` itself panics, so the oracle stops
    /// there; the writer does not.)
    #[test]
    fn any_decimal_is_written_as_rust_decimal_writes_it_regrouped(
        lo in any::<u32>(), mid in any::<u32>(), hi in any::<u32>(), small in any::<u64>(),
        negative in any::<bool>(), scale in 0u32..=28, places in 0u32..=2, more in 0u32..=10,
    ) {
        let d = Decimal::from_parts(lo, mid, hi, negative, scale);
        prop_assert_eq!(format_decimal_br(d, places), written_by_display(d, places));
        let mut d = Decimal::from(small);
        d.set_sign_negative(negative);
        d.set_scale(scale).unwrap();
        prop_assert_eq!(format_decimal_br(d, more), written_by_display(d, more));
    }
}

/// The oracle: rust_decimal's `Display` with a precision, on the value rounded half away from
/// zero, its point turned into a comma and its thousands grouped with dots.
fn written_by_display(v: Decimal, places: u32) -> String {
    let rounded =
        v.round_dp_with_strategy(places, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    let plain = format!("{:.*}", places as usize, rounded.abs());
    let (int_part, frac_part) = match plain.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (plain.as_str(), None),
    };
    let mut out = String::new();
    if rounded.is_sign_negative() && !rounded.is_zero() {
        out.push('-');
    }
    for (i, c) in int_part.chars().enumerate() {
        if i > 0 && (int_part.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    if let Some(f) = frac_part {
        out.push(',');
        out.push_str(f);
    }
    out
}

/// An amount of some scale (0 to 6 decimals), as the platform may write one.
fn any_scale_amount() -> impl Strategy<Value = Decimal> {
    (0i64..1_000_000_000_000_000, 0u32..=6).prop_map(|(m, scale)| Decimal::new(m, scale))
}

/// The share as `Decimal` works it out: the quotient, times a hundred, to two decimals.
fn percent_as_decimal_divides(part: Decimal, total: Decimal) -> Decimal {
    part.checked_div(total)
        .unwrap_or(Decimal::ZERO)
        .saturating_mul(Decimal::ONE_HUNDRED)
        .round_dp(2)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// The integers' percentage is the decimals' quotient's, of any part of any total.
    #[test]
    fn a_percentage_is_the_decimal_quotient_s(
        part in any_scale_amount(),
        rest in any_scale_amount(),
        small in 0i64..1_000,
    ) {
        let total = part + rest;
        prop_assume!(!total.is_zero());
        prop_assert_eq!(percent_of(part, total), percent_as_decimal_divides(part, total));
        // Small totals, where halves are common (1 of 8, 3 of 400).
        let small_total = Decimal::new(small + 1, 0);
        let small_part = Decimal::new(small % (small + 1), 2);
        prop_assert_eq!(
            percent_of(small_part, small_total),
            percent_as_decimal_divides(small_part, small_total)
        );
    }
}

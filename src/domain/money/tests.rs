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
    assert_eq!(format_decimal_br(dec!(0.05), 4), "0,0500");
    assert_eq!(format_decimal_br(dec!(-0.004), 2), "0,00");
    assert_eq!(format_decimal_br(dec!(999.995), 2), "1.000,00");
    // Past what `Decimal`'s own `{:.N}` can write (32 characters), still whole.
    let max = format_decimal_br(Decimal::MAX, 30);
    assert!(
        max.starts_with("79.228.162.514.264.337.593.543.950.335,"),
        "{max}"
    );
    assert!(max.ends_with(&"0".repeat(30)), "{max}");
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

#[test]
fn a_percentage_rounds_half_to_even_to_two_decimals() {
    let p = |part: Decimal, total: Decimal| percent_of(part, total).to_string();
    assert_eq!(p(dec!(4), dec!(12)), "33.33");
    assert_eq!(p(dec!(8), dec!(12)), "66.67");
    assert_eq!(p(dec!(1), dec!(8)), "12.50");
    // Halves: 0.125 % goes down to the even 0.12, 0.375 % up to the even 0.38.
    assert_eq!(p(dec!(1), dec!(800)), "0.12");
    assert_eq!(p(dec!(3), dec!(800)), "0.38");
    assert_eq!(p(dec!(0.01), dec!(123456.78)), "0.00");
    assert_eq!(p(dec!(50000), dec!(50000.00)), "100.00");
    assert_eq!(p(dec!(0), dec!(10)), "0.00");
    // Nothing to share, or a part below zero: zero.
    assert_eq!(percent_of(dec!(5), dec!(0)), Decimal::ZERO);
    assert_eq!(percent_of(dec!(-5), dec!(10)), Decimal::ZERO);
    assert_eq!(percent_of(dec!(5), dec!(-10)), Decimal::ZERO);
    assert_eq!(p(Decimal::MAX, Decimal::MAX), "100.00");
    assert_eq!(p(Decimal::new(1, 28), dec!(3)), "0.00");
    // Past the integers (the total at 28 decimals): the decimals' own division.
    assert!(exact_percent(Decimal::new(1, 28), Decimal::MAX).is_none());
    assert_eq!(percent_of(Decimal::new(1, 28), Decimal::MAX), Decimal::ZERO);
}

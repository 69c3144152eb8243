use serde::{Deserialize, Serialize};

use super::*;

#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Body {
    #[serde(with = "super")]
    v: Decimal,
    #[serde(
        with = "super::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    o: Option<Decimal>,
}

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn write(v: &str) -> String {
    serde_json::to_string(&Body { v: dec(v), o: None }).unwrap()
}

fn read(json: &str) -> Result<Body, serde_json::Error> {
    serde_json::from_str(json)
}

/// What `v` reads as, with its scale: `1000.10` stays `1000.10`.
fn read_v(number: &str) -> String {
    read(&format!(r#"{{"v":{number}}}"#)).unwrap().v.to_string()
}

#[test]
fn the_digits_are_written_as_they_are() {
    assert_eq!(write("1000.10"), r#"{"v":1000.10}"#);
    assert_eq!(write("0.1"), r#"{"v":0.1}"#);
    assert_eq!(write("-12.5"), r#"{"v":-12.5}"#);
    assert_eq!(write("0"), r#"{"v":0}"#);
    // Past what an f64 holds exactly: 2^53 + 1 cents' worth of digits survive.
    assert_eq!(write("90071992547409.93"), r#"{"v":90071992547409.93}"#);
    assert_eq!(
        write("12345678901234567890.12"),
        r#"{"v":12345678901234567890.12}"#
    );
}

#[test]
fn numbers_are_read_with_every_digit() {
    for n in [
        "0.1",
        "1000.10",
        "90071992547409.93",
        "12345678901234567890.12",
        "-12.5",
        "-0.01",
        "0",
        "79228162514264337593543950335",
    ] {
        assert_eq!(read_v(n), n);
    }
}

#[test]
fn what_is_written_reads_back_the_same() {
    for n in [
        "0.1",
        "1000.10",
        "90071992547409.93",
        "-12345678901234567890.12",
    ] {
        let body = Body {
            v: dec(n),
            o: Some(dec(n)),
        };
        let back = read(&serde_json::to_string(&body).unwrap()).unwrap();
        assert_eq!(back, body);
        assert_eq!(back.v.to_string(), n);
    }
}

#[test]
fn exponents_are_read() {
    assert_eq!(read_v("1e3"), "1000");
    assert_eq!(read_v("1E+3"), "1000");
    assert_eq!(read_v("1.5e-2"), "0.015");
    assert_eq!(read_v("-2.5E1"), "-25");
}

#[test]
fn a_string_holding_a_decimal_is_tolerated() {
    assert_eq!(read_v(r#""12.50""#), "12.50");
    assert_eq!(read_v(r#"" 90071992547409.93 ""#), "90071992547409.93");
    assert_eq!(read_v(r#""-1e2""#), "-100");
}

#[test]
fn anything_else_is_a_clear_error() {
    for bad in [
        r#""""#,
        r#""12,50""#,
        r#""1_000""#,
        r#""R$ 10""#,
        r#""abc""#,
        r#""1.""#,
        r#""+1""#,
        "true",
        "null",
        "[1]",
        r#"{"v":1}"#,
        "1e400",
        "123456789012345678901234567890",
    ] {
        let e = read(&format!(r#"{{"v":{bad}}}"#)).unwrap_err().to_string();
        assert!(e.contains("expected an amount of money"), "{bad} gave {e}");
    }
    // A broken document stays serde_json's own syntax error.
    let e = read(r#"{"v":12.}"#).unwrap_err();
    assert!(e.is_syntax(), "{e}");
}

#[test]
fn an_optional_amount_may_be_null_or_absent() {
    assert_eq!(read(r#"{"v":1,"o":null}"#).unwrap().o, None);
    assert_eq!(read(r#"{"v":1}"#).unwrap().o, None);
    assert_eq!(
        read(r#"{"v":1,"o":0.30}"#)
            .unwrap()
            .o
            .map(|d| d.to_string()),
        Some("0.30".to_owned())
    );
    assert!(read(r#"{"v":1,"o":"x"}"#).is_err());
    let none = serde_json::to_string(&Option::<Exact>::None).unwrap();
    assert_eq!(none, "null");
}

#[test]
fn a_list_of_amounts_is_written_exactly() {
    let v = vec![Exact(dec("0.1")), Exact(dec("90071992547409.93"))];
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(json, "[0.1,90071992547409.93]");
    let back: Vec<Exact> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, v);
}

#[test]
fn it_reads_from_bytes_held_whole_and_refuses_a_reader() {
    // The raw text is borrowed from the input: bytes and text lend it, a reader cannot.
    let body: Body = serde_json::from_slice(br#"{"v":0.1}"#).unwrap();
    assert_eq!(body.v.to_string(), "0.1");
    let read = serde_json::from_reader::<_, Body>(&br#"{"v":0.1}"#[..]);
    assert!(read.is_err(), "{read:?}");
}

/// The whole decimal, bit for bit: mantissa, scale and sign (`==` holds `-0 == 0` and
/// `1.0 == 1.00`).
fn bits(d: Decimal) -> [u8; 16] {
    d.serialize()
}

#[test]
fn the_platforms_plain_amounts_take_the_short_way() {
    for text in [
        "0",
        "7",
        "007",
        "0.1",
        "12.50",
        "-12.50",
        "1000.10",
        "999999999999999999",
    ] {
        let short = parse_plain(text.as_bytes()).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(bits(short), bits(dec(text)), "{text}");
    }
    assert_eq!(parse_plain(b"12.50").map(|d| d.scale()), Some(2));
    assert_eq!(
        parse_plain(b"90071992547409.93").map(|d| d.to_string()),
        Some("90071992547409.93".to_owned())
    );
}

#[test]
fn other_shapes_go_the_general_way_and_read_as_before() {
    // Not for the short way: more than 18 digits, exponents, and what JSON's grammar
    // refuses.
    for text in [
        "1234567890123456789",
        "1e3",
        "1.",
        ".5",
        "-",
        "",
        "1.2.3",
        "+1",
        "1_000",
        " 1",
    ] {
        assert_eq!(parse_plain(text.as_bytes()), None, "{text}");
    }
    assert_eq!(
        bits(parse_number("1234567890123456789").unwrap()),
        bits(dec("1234567890123456789"))
    );
    assert_eq!(parse_number("1e3"), Some(Decimal::from(1000)));
    for refused in ["1.", ".5", "-", "", "1.2.3", "+1", "1_000"] {
        assert_eq!(parse_number(refused), None, "{refused}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    /// Whatever the short way reads is what `Decimal::from_str` reads, bit for bit, and every
    /// plain amount of up to 18 digits is read the short way.
    #[test]
    fn the_short_way_reads_as_from_str(
        text in "-?[0-9]{0,20}(\\.[0-9]{0,20})?",
        noise in "[-0-9.eE+ _]{0,24}",
    ) {
        for t in [&text, &noise] {
            if let Some(short) = parse_plain(t.as_bytes()) {
                let reference = Decimal::from_str(t).unwrap();
                proptest::prop_assert_eq!(bits(short), bits(reference), "{}", t);
            }
        }
        let digits = text.bytes().filter(u8::is_ascii_digit).count();
        let (int, frac) = text.trim_start_matches('-').split_once('.').unwrap_or((text.trim_start_matches('-'), "x"));
        let plain = !int.is_empty() && !frac.is_empty() && digits <= 18;
        if plain {
            proptest::prop_assert!(parse_plain(text.as_bytes()).is_some(), "{}", text);
        }
    }
}

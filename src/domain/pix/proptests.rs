//! Properties of the BR Code builder over generated input: any input gives a code or a
//! refusal (never a panic), every code is printable ASCII whose CRC16 (computed here with
//! the `crc` crate) is right, and a code built from valid inputs decodes, field by field,
//! to exactly those inputs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;

/// The top-level (or template) fields of `s`, failing the test on a length that does not
/// add up: a decoder written apart from the builder.
fn decode(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        assert!(rest.len() >= 4, "a field header is cut short in {s:?}");
        let (id, tail) = rest.split_at(2);
        let (len, tail) = tail.split_at(2);
        let len: usize = len
            .parse()
            .unwrap_or_else(|_| panic!("length {len:?} in {s:?}"));
        assert!(tail.len() >= len, "field {id} runs past the end of {s:?}");
        let (value, tail) = tail.split_at(len);
        out.push((id.to_owned(), value.to_owned()));
        rest = tail;
    }
    out
}

fn crc_of(body: &str) -> String {
    let crc = crc::Crc::<u16>::new(&crc::CRC_16_IBM_3740);
    format!("{:04X}", crc.checksum(body.as_bytes()))
}

/// What every code must be: printable ASCII, fields that add up, ending in a right CRC.
fn assert_well_formed(code: &str) {
    assert!(code.bytes().all(|b| (0x20..=0x7e).contains(&b)), "{code:?}");
    let (body, crc) = code.split_at(code.len() - 4);
    assert!(body.ends_with("6304"), "{code:?}");
    assert_eq!(crc, crc_of(body), "{code:?}");
    assert!(verify_crc(code));
    let fields = decode(code);
    assert_eq!(fields.last().map(|f| f.0.as_str()), Some("63"));
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{11}",
        "[0-9]{14}",
        "\\+55[0-9]{11}",
        "[a-z0-9._]{1,30}@[a-z]{1,20}\\.com\\.br",
        "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
    ]
}

/// Words of letters and digits separated by single spaces, as the builder keeps them.
fn words(first: usize, more: usize, each: usize) -> impl Strategy<Value = String> {
    let word = |n: usize| {
        proptest::string::string_regex(&format!("[A-Za-z0-9]{{1,{n}}}")).expect("a regex")
    };
    (word(first), prop::collection::vec(word(each), 0..=more))
        .prop_map(|(a, rest)| std::iter::once(a).chain(rest).collect::<Vec<_>>().join(" "))
}

#[derive(Debug, Clone)]
struct Valid {
    pix: StaticPix,
    cents: i64,
}

fn valid() -> impl Strategy<Value = Valid> {
    (
        key(),
        words(8, 2, 7),
        words(7, 1, 6),
        1i64..1_000_000_000_000,
        prop::option::of("[A-Za-z0-9:,.-]{1,10}( [A-Za-z0-9:,.-]{1,10}){0,5}"),
        prop::option::of("[A-Za-z0-9]{1,25}"),
    )
        .prop_map(|(key, name, city, cents, description, txid)| Valid {
            pix: StaticPix {
                key,
                merchant_name: name,
                merchant_city: city,
                amount: Some(Decimal::new(cents, 2)),
                description,
                txid,
            },
            cents,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_input_gives_a_well_formed_code_or_a_refusal(
        key in prop_oneof![key(), any::<String>()], name in any::<String>(), city in any::<String>(),
        description in prop::option::of(any::<String>()), txid in prop::option::of(any::<String>()),
        lo in any::<u32>(), mid in any::<u32>(), negative in any::<bool>(), scale in 0u32..=28,
        with_amount in any::<bool>(),
    ) {
        let amount = with_amount.then(|| Decimal::from_parts(lo, mid, 0, negative, scale));
        let p = StaticPix { key, merchant_name: name, merchant_city: city, amount, description, txid };
        match brcode(&p) {
            Ok(code) => assert_well_formed(&code),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn a_code_decodes_to_the_inputs_it_was_built_from(v in valid()) {
        let code = brcode(&v.pix).unwrap();
        assert_well_formed(&code);
        let fields = decode(&code);
        let ids: Vec<&str> = fields.iter().map(|f| f.0.as_str()).collect();
        prop_assert_eq!(ids, ["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
        let get = |id: &str| fields.iter().find(|f| f.0 == id).map(|f| f.1.clone()).unwrap();
        prop_assert_eq!(get("00"), "01");
        prop_assert_eq!(get("52"), "0000");
        prop_assert_eq!(get("53"), "986");
        prop_assert_eq!(get("54"), format!("{}.{:02}", v.cents / 100, v.cents % 100));
        prop_assert_eq!(get("58"), "BR");
        prop_assert_eq!(get("59"), v.pix.merchant_name.to_ascii_uppercase());
        prop_assert_eq!(get("60"), v.pix.merchant_city.to_ascii_uppercase());

        let account = decode(&get("26"));
        prop_assert_eq!(&account[0], &("00".to_owned(), "br.gov.bcb.pix".to_owned()));
        prop_assert_eq!(&account[1], &("01".to_owned(), v.pix.key.clone()));
        // The description is cut to what the template has room for (72 at most).
        let room = (99 - 26 - v.pix.key.len()).min(72);
        let description = v.pix.description.as_deref().map(|d| d[..d.len().min(room)].trim_end());
        match description.filter(|d| !d.is_empty()) {
            Some(d) => prop_assert_eq!(&account[2], &("02".to_owned(), d.to_owned())),
            None => prop_assert_eq!(account.len(), 2),
        }
        let additional = decode(&get("62"));
        let txid = v.pix.txid.clone().unwrap_or_else(|| "***".to_owned());
        prop_assert_eq!(additional, vec![("05".to_owned(), txid)]);
    }

    #[test]
    fn any_changed_character_breaks_the_crc(v in valid(), at in any::<prop::sample::Index>(), to in 0x20u8..0x7f) {
        let code = brcode(&v.pix).unwrap();
        let mut bytes = code.into_bytes();
        let i = at.index(bytes.len());
        prop_assume!(bytes[i] != to);
        bytes[i] = to;
        let changed = String::from_utf8(bytes).unwrap();
        prop_assert!(!verify_crc(&changed), "{changed}");
    }

    #[test]
    fn accents_and_case_are_folded_the_same_way_every_time(v in valid(), accented in "[a-zà-öø-ÿ ]{1,30}") {
        let mut p = v.pix.clone();
        p.merchant_name = accented;
        if let Ok(code) = brcode(&p) {
            assert_well_formed(&code);
            let name = decode(&code).into_iter().find(|f| f.0 == "59").unwrap().1;
            // Folding what was folded changes nothing.
            prop_assert_eq!(fold_ascii(&name).to_ascii_uppercase(), name.clone());
            prop_assert!(name.len() <= 25 && !name.ends_with(' '), "{name:?}");
        }
    }
}

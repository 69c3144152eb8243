//! Properties of the CPF, mobile phone and CEP validators over generated input: never a
//! panic, every well-formed value in every accepted shape is valid, a broken one is not,
//! and formatting is idempotent and keeps a valid value valid.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use super::*;
use crate::domain::reference;

/// Mod-11 check digit, written again here from the rule (weights len+1 down to 2; a rest
/// under 2 gives 0) so the validator is checked against the rule, not against itself.
fn check(digits: &[u8]) -> u8 {
    let sum: usize = digits
        .iter()
        .enumerate()
        .map(|(i, &d)| usize::from(d) * (digits.len() + 1 - i))
        .sum();
    match sum % 11 {
        0 | 1 => 0,
        r => u8::try_from(11 - r).unwrap(),
    }
}

fn text(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// The 11 digits of a valid CPF (not one repeated digit).
fn cpf() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..10, 9)
        .prop_filter("one repeated digit", |d| d.iter().any(|&x| x != d[0]))
        .prop_map(|mut d| {
            d.push(check(&d));
            d.push(check(&d));
            d
        })
}

/// `(ddd, subscriber)` of a valid mobile: an assigned area code, 9 and 8 more digits, not
/// one repeated digit.
fn mobile() -> impl Strategy<Value = (u16, String)> {
    (
        prop::sample::select(reference::area_codes().to_vec()),
        "9[0-9]{8}".prop_filter("one repeated digit", |n| n != "999999999"),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_validators_never_panic(s in any::<String>(), t in "[0-9 ().+/-]{0,20}") {
        for v in [&s, &t] {
            let _ = (is_valid_cpf(v), format_cpf(v), mask_cpf(v));
            let _ = (is_valid_mobile_phone(v), split_phone(v), format_phone_br(v));
            let _ = (is_valid_cep(v), digits_only(v));
        }
    }

    #[test]
    fn a_cpf_is_valid_in_every_accepted_shape(d in cpf(), sep in "[ ./-]{0,2}") {
        let t = text(&d);
        let shaped = format!("{}{sep}{}{sep}{}{sep}{}", &t[0..3], &t[3..6], &t[6..9], &t[9..11]);
        prop_assert!(is_valid_cpf(&t), "{t}");
        prop_assert!(is_valid_cpf(&shaped), "{shaped:?}");
        let padded = format!(" {shaped}\u{a0}");
        prop_assert!(is_valid_cpf(&padded), "{padded:?}");
        // Formatting is idempotent and keeps it valid.
        let f = format_cpf(&shaped);
        prop_assert_eq!(&f, &format!("{}.{}.{}-{}", &t[0..3], &t[3..6], &t[6..9], &t[9..11]));
        prop_assert_eq!(format_cpf(&f), f.clone());
        prop_assert!(is_valid_cpf(&f), "{f}");
        prop_assert_eq!(mask_cpf(&f), format!("***.{}.{}-**", &t[3..6], &t[6..9]));
    }

    #[test]
    fn any_eleven_digits_are_valid_exactly_when_the_rule_says_so(
        any in prop::collection::vec(0u8..10, 11),
    ) {
        let rule = any[9] == check(&any[..9])
            && any[10] == check(&any[..10])
            && any.iter().any(|&x| x != any[0]);
        prop_assert_eq!(is_valid_cpf(&text(&any)), rule, "{}", text(&any));
    }

    #[test]
    fn a_cpf_with_a_wrong_check_digit_or_shape_is_refused(
        d in cpf(), at in 9usize..11, bump in 1u8..10, letter in "[a-zA-Z]",
    ) {
        let mut wrong = d.clone();
        wrong[at] = (wrong[at] + bump) % 10;
        prop_assert!(!is_valid_cpf(&text(&wrong)), "{}", text(&wrong));
        let t = text(&d);
        let with_letter = format!("{t}{letter}");
        prop_assert!(!is_valid_cpf(&with_letter), "{with_letter:?}");
        prop_assert!(!is_valid_cpf(&t[..10]), "{}", &t[..10]);
        let longer = format!("{t}0");
        prop_assert!(!is_valid_cpf(&longer), "{longer}");
        let dotted = format!(".{t}");
        prop_assert!(!is_valid_cpf(&dotted), "{dotted}");
    }

    #[test]
    fn a_mobile_is_valid_in_every_accepted_shape((ddd, n) in mobile(), plus in any::<bool>()) {
        let bare = format!("{ddd}{n}");
        let country = if plus { "+55 " } else { "55 " };
        let shapes = [
            bare.clone(),
            format!("({ddd}) {}-{}", &n[..5], &n[5..]),
            format!("{country}({ddd}) {} {}", &n[..5], &n[5..]),
            format!(" {ddd}.{n} "),
        ];
        for s in &shapes {
            prop_assert!(is_valid_mobile_phone(s), "{s:?}");
            prop_assert_eq!(split_phone(s), Some((ddd.to_string(), n.clone())));
            let f = format_phone_br(s);
            prop_assert_eq!(&f, &format!("({ddd}) {}-{}", &n[..5], &n[5..]));
            prop_assert_eq!(format_phone_br(&f), f.clone());
            prop_assert!(is_valid_mobile_phone(&f), "{f}");
        }
    }

    #[test]
    fn a_broken_mobile_is_refused(
        (ddd, n) in mobile(), letter in "[a-zA-Z/*]", first in "[0-8]", at in 0usize..11,
    ) {
        let bare = format!("{ddd}{n}");
        let mut with_letter = bare.clone();
        with_letter.insert_str(at, &letter);
        prop_assert!(!is_valid_mobile_phone(&with_letter), "{with_letter:?}");
        let not_nine = format!("{ddd}{first}{}", &n[1..]);
        prop_assert!(!is_valid_mobile_phone(&not_nine), "{not_nine}");
        prop_assert!(!is_valid_mobile_phone(&bare[..10]), "{}", &bare[..10]);
        let plus_no_country = format!("+{bare}");
        prop_assert!(!is_valid_mobile_phone(&plus_no_country), "{plus_no_country}");
        prop_assert!(split_phone(&with_letter).is_none(), "{with_letter:?}");
    }

    #[test]
    fn a_cep_is_eight_digits_with_or_without_its_marks(
        d in "[0-9]{8}", dot in any::<bool>(), dash in any::<bool>(), short in "[0-9]{0,7}",
        long in "[0-9]{9,12}", letter in "[a-zA-Z]",
    ) {
        let shaped = format!(
            "{}{}{}{}{}",
            &d[..2], if dot { "." } else { "" }, &d[2..5], if dash { "-" } else { "" }, &d[5..]
        );
        prop_assert!(is_valid_cep(&d), "{d}");
        let padded = format!(" {shaped} ");
        prop_assert!(is_valid_cep(&padded), "{padded:?}");
        prop_assert!(!is_valid_cep(&short), "{short}");
        prop_assert!(!is_valid_cep(&long), "{long}");
        let with_letter = format!("{shaped}{letter}");
        prop_assert!(!is_valid_cep(&with_letter), "{with_letter:?}");
    }

    #[test]
    fn one_control_or_bidi_character_anywhere_takes_a_value_off_a_line(
        before in "[^\\p{Cc}]{0,12}", after in "[^\\p{Cc}]{0,12}",
        bad in prop_oneof![
            prop::char::range('\u{0}', '\u{1f}'),
            prop::char::range('\u{7f}', '\u{9f}'),
            prop::sample::select(vec!['\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}',
                '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}']),
        ],
    ) {
        let bidi = |c: char| matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        prop_assert_eq!(is_single_line(&before), !before.chars().any(bidi));
        let value = format!("{before}{bad}{after}");
        prop_assert!(!is_single_line(&value), "{value:?}");
        prop_assert!(!is_valid_rg(&value), "{value:?}");
    }

    #[test]
    fn an_rg_of_letters_digits_dots_and_dashes_is_valid(rg in "[A-Za-z0-9.-]{1,16}") {
        prop_assert!(is_valid_rg(&rg));
        prop_assert!(is_single_line(&rg));
    }
}

//! Brazilian mobile numbers.
//!
//! The product rule is the one that defines `valid` in
//! tests/fixtures/phone_vectors.json: strip formatting and an optional `+55`/`55`
//! prefix; exactly 11 digits; the DDD is one of the 67 assigned area codes; the subscriber
//! number starts with 9 and is not one repeated digit; no letters.
//!
//! Only a leading 9 is accepted: 6/7/8-prefixed 11-digit numbers (an older,
//! landline-like style) are refused because since 2016 every Brazilian mobile
//! has the leading 9, libphonenumber classifies the others as non-mobile, the
//! vectors (which define the product rule) reject `(11) 81234-5678`, and the
//! sign-up stores the number as phone type 2 (mobile).

use crate::domain::reference;

/// Formatting a person may type around a phone number. Anything else (`/`,
/// `*`, letters…) makes the input invalid instead of being silently dropped.
fn is_phone_formatting(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\t' | '(' | ')' | '-' | '.')
}

/// The national 11 digits (DDD + subscriber) of a typed phone, or `None`
/// when the text is not a plausibly formatted Brazilian number.
fn national_digits(s: &str) -> Option<String> {
    let s = s.trim();
    // A `+` is only meaningful as the very first character; it then must
    // introduce Brazil's country code.
    let (plus, rest) = match s.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let mut digits = String::with_capacity(13);
    for c in rest.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if !is_phone_formatting(c) {
            return None;
        }
    }
    match digits.len() {
        13 if digits.starts_with("55") => Some(digits.split_off(2)),
        11 if !plus => Some(digits),
        _ => None,
    }
}

/// `(ddd, subscriber)` of a valid mobile, e.g. `("11", "912345678")`.
fn mobile_parts(s: &str) -> Option<(String, String)> {
    let mut d = national_digits(s)?;
    let number = d.split_off(2);
    let ddd: u16 = d.parse().ok()?;
    let first = number.chars().next()?;
    let repeated = number.chars().all(|c| c == first);
    (reference::is_area_code(ddd) && first == '9' && !repeated).then_some((d, number))
}

/// Whether `s` is a valid Brazilian mobile number under the product rule
/// described in the module documentation.
pub fn is_valid_mobile_phone(s: &str) -> bool {
    mobile_parts(s).is_some()
}

/// Area code and number of a valid mobile (`("11", "912345678")`), as the
/// sign-up sends them separately; `None` when the phone is not valid.
pub fn split_phone(s: &str) -> Option<(String, String)> {
    mobile_parts(s)
}

/// `(11) 91234-5678` (or `(11) 3234-5678` for 10 digits) from any typed
/// form; input that is neither is returned trimmed, unchanged, so the form
/// can show it back.
pub fn format_phone_br(s: &str) -> String {
    let Some(d) = national_digits(s).or_else(|| {
        let d = super::digits_only(s);
        (d.len() == 10 && !s.contains(char::is_alphabetic)).then_some(d)
    }) else {
        return s.trim().to_owned();
    };
    let split = d.len() - 4;
    format!("({}) {}-{}", &d[..2], &d[2..split], &d[split..])
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[derive(serde::Deserialize)]
    struct Vector {
        phone: String,
        valid: bool,
        why: String,
    }

    #[test]
    fn every_fixture_vector() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../../../tests/fixtures/phone_vectors.json"))
                .unwrap();
        assert_eq!(vectors.len(), 53);
        for v in vectors {
            assert_eq!(
                is_valid_mobile_phone(&v.phone),
                v.valid,
                "{:?}: {}",
                v.phone,
                v.why
            );
        }
    }

    #[test]
    fn every_area_code_and_only_those() {
        for ddd in 0..=99u16 {
            let phone = format!("({ddd:02}) 91234-5678");
            assert_eq!(
                is_valid_mobile_phone(&phone),
                reference::is_area_code(ddd),
                "{phone}"
            );
        }
    }

    #[test]
    fn prefixes_and_formatting() {
        for ok in [
            "+55 (11) 91234-5678",
            "+5511912345678",
            "55 11 91234 5678",
            "11.91234.5678",
            "\t(11)\u{a0}91234-5678 ",
            "(55) 91234-5678",
            "5555912345678",
            // Only a single digit repeated nine times is policy-rejected.
            "(11) 90000-0000",
        ] {
            assert!(is_valid_mobile_phone(ok), "{ok:?}");
        }
        for bad in [
            "+11 91234-5678",
            "+1 11 91234-5678",
            "11 +91234-5678",
            "+54 11 91234-5678",
            "0055 11 91234-5678",
            "011912345678",
            "11/91234/5678",
            "11912345678!",
            "(11) 9 1234-567x",
        ] {
            assert!(!is_valid_mobile_phone(bad), "{bad:?}");
        }
    }

    #[test]
    fn split_and_format() {
        assert_eq!(
            split_phone("+55 (11) 91234-5678"),
            Some(("11".to_owned(), "912345678".to_owned()))
        );
        assert_eq!(split_phone("(11) 81234-5678"), None);
        assert_eq!(format_phone_br("11912345678"), "(11) 91234-5678");
        assert_eq!(format_phone_br("+55 11 91234 5678"), "(11) 91234-5678");
        assert_eq!(format_phone_br("1132345678"), "(11) 3234-5678");
        assert_eq!(format_phone_br(" 1234 "), "1234");
        assert_eq!(format_phone_br("abc"), "abc");
    }
}

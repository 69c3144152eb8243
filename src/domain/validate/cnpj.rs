//! CNPJ (a company's taxpayer number): 14 digits, the last two mod-11 check digits with
//! the weights 2..9 repeated from the right, as the Receita Federal defines them (and
//! cpf-cnpj-validator checks). Only the numeric form: the alphanumeric CNPJ begins in 2026
//! for new registrations, and no issuer here has one.

/// The 14 digits of `s` when it is a bare CNPJ or `dd.ddd.ddd/dddd-dd`; `None` otherwise.
fn cnpj_digits(s: &str) -> Option<[u8; 14]> {
    let s = s.trim();
    let bare = s.len() == 14 && s.bytes().all(|b| b.is_ascii_digit());
    let masked = s.len() == 18
        && s.bytes().enumerate().all(|(i, b)| match i {
            2 | 6 => b == b'.',
            10 => b == b'/',
            15 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !bare && !masked {
        return None;
    }
    let mut digits = [0u8; 14];
    for (slot, b) in digits.iter_mut().zip(s.bytes().filter(u8::is_ascii_digit)) {
        *slot = b - b'0';
    }
    Some(digits)
}

/// Mod-11 check digit over `digits`, weights 2, 3, …, 9, 2, 3, … from the rightmost digit.
fn check_digit(digits: &[u8]) -> u8 {
    let sum: u32 = digits
        .iter()
        .rev()
        .zip((2..=9).cycle())
        .map(|(&d, w)| u32::from(d) * w)
        .sum();
    let rest = sum % 11;
    if rest < 2 { 0 } else { (11 - rest) as u8 }
}

/// Valid CNPJ: 14 digits, bare or masked (`dd.ddd.ddd/dddd-dd`), not one repeated digit,
/// both check digits right.
pub fn is_valid_cnpj(s: &str) -> bool {
    let Some(d) = cnpj_digits(s) else {
        return false;
    };
    if d.iter().all(|&x| x == d[0]) {
        return false;
    }
    check_digit(&d[..12]) == d[12] && check_digit(&d[..13]) == d[13]
}

/// `dd.ddd.ddd/dddd-dd` when `s` holds 14 digits; otherwise its digits as they are.
pub fn format_cnpj(s: &str) -> String {
    let d = super::digits_only(s);
    if d.len() != 14 {
        return d;
    }
    format!(
        "{}.{}.{}/{}-{}",
        &d[0..2],
        &d[2..5],
        &d[5..8],
        &d[8..12],
        &d[12..14]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_cnpjs_bare_and_masked() {
        // The Receita Federal's published example and two public companies' numbers.
        for ok in [
            "11.222.333/0001-81",
            "11222333000181",
            "00.000.000/0001-91",
            "33.000.167/0001-01",
            " 45.723.174/0001-10 ",
        ] {
            assert!(is_valid_cnpj(ok), "{ok:?}");
        }
    }

    #[test]
    fn wrong_digits_shapes_and_repeated_digits_are_refused() {
        for bad in [
            "11.222.333/0001-80",
            "11.222.333/0001-18",
            "11222333000182",
            "1122233300018",
            "112223330001811",
            "11.222.333.0001-81",
            "11-222-333/0001.81",
            "11.222.333/000181",
            "00000000000000",
            "11111111111111",
            "",
            "11.222.333/0001-8a",
            "１１２２２３３３０００１８１",
        ] {
            assert!(!is_valid_cnpj(bad), "{bad:?}");
        }
    }

    #[test]
    fn check_digits_textbook() {
        assert_eq!(check_digit(&[1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1]), 8);
        assert_eq!(check_digit(&[1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1, 8]), 1);
    }

    #[test]
    fn format_masks_fourteen_digits_only() {
        assert_eq!(format_cnpj("11222333000181"), "11.222.333/0001-81");
        assert_eq!(format_cnpj("11.222.333/0001-81"), "11.222.333/0001-81");
        assert_eq!(format_cnpj("123"), "123");
    }
}

#[cfg(test)]
mod proptests {
    #![allow(clippy::unwrap_used)]
    use proptest::prelude::*;

    use super::*;

    /// The rule written again from its definition (weights 5,4,3,2,9,…,2 then 6,5,…,2), so
    /// the validator is checked against the rule, not against itself.
    fn check(digits: &[u8]) -> u8 {
        let weights: &[u32] = if digits.len() == 12 {
            &[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        } else {
            &[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        };
        let sum: u32 = digits
            .iter()
            .zip(weights)
            .map(|(&d, w)| u32::from(d) * w)
            .sum();
        match sum % 11 {
            0 | 1 => 0,
            r => u8::try_from(11 - r).unwrap(),
        }
    }

    fn cnpj() -> impl Strategy<Value = String> {
        prop::collection::vec(0u8..10, 12)
            .prop_filter("one repeated digit", |d| d.iter().any(|&x| x != d[0]))
            .prop_map(|mut d| {
                d.push(check(&d));
                d.push(check(&d));
                d.iter().map(|x| char::from(b'0' + x)).collect()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn never_panics(s in any::<String>()) {
            let _ = (is_valid_cnpj(&s), format_cnpj(&s));
        }

        #[test]
        fn a_valid_cnpj_is_valid_bare_and_masked_and_formats_idempotently(c in cnpj()) {
            prop_assert!(is_valid_cnpj(&c));
            let masked = format_cnpj(&c);
            prop_assert!(is_valid_cnpj(&masked));
            prop_assert_eq!(format_cnpj(&masked), masked);
        }

        /// A check digit of 0 stands for a remainder of 0 or 1, so a few
        /// changes in the first twelve digits keep both check digits right
        /// (45639218418000 → 45633218418000): the rule must agree with the
        /// oracle there, not claim every change is caught.
        #[test]
        fn changing_a_base_digit_is_valid_exactly_when_the_check_digits_still_match(
            c in cnpj(), i in 0usize..12, delta in 1u8..10,
        ) {
            let mut d: Vec<u8> = c.bytes().map(|b| b - b'0').collect();
            d[i] = (d[i] + delta) % 10;
            let first = check(&d[..12]);
            let second = check(&[&d[..12], &[first]].concat());
            let expected = d[12] == first && d[13] == second && d.iter().any(|&x| x != d[0]);
            let s: String = d.iter().map(|x| char::from(b'0' + x)).collect();
            prop_assert_eq!(is_valid_cnpj(&s), expected, "{}", s);
        }

        #[test]
        fn changing_a_check_digit_makes_it_invalid(c in cnpj(), i in 12usize..14, delta in 1u8..10) {
            let mut b = c.into_bytes();
            b[i] = b'0' + (b[i] - b'0' + delta) % 10;
            let s = String::from_utf8(b).unwrap();
            prop_assert!(!is_valid_cnpj(&s), "{}", s);
        }
    }

    #[test]
    fn a_remainder_of_one_collides_with_zero_as_the_rule_says() {
        assert!(is_valid_cnpj("45639218418000"));
        assert!(is_valid_cnpj("45633218418000"));
    }
}

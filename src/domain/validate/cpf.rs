//! CPF (individual taxpayer number) with brazilian-utils 2.4.0 semantics,
//! which define `valid` in tests/fixtures/cpf_vectors.json.

/// Whitespace as JavaScript's `\s` and `String.prototype.trim` see it, so
/// this validator agrees with brazilian-utils on odd input (NBSP, BOM, …).
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// The CPF's 11 digits, or `None` unless the trimmed input matches
/// `^\d{3}[\s.\-/]*\d{3}[\s.\-/]*\d{3}[\s.\-/]*\d{2}$`: separators (any run
/// of whitespace, `.`, `-`, `/`) may only sit between the 3-3-3-2 groups.
fn cpf_digits(s: &str) -> Option<[u8; 11]> {
    let mut digits = [0u8; 11];
    let mut n = 0usize;
    for c in s.trim_matches(is_js_space).chars() {
        if let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            *digits.get_mut(n)? = u8::try_from(d).ok()?;
            n += 1;
        } else if is_js_space(c) || matches!(c, '.' | '-' | '/') {
            // Also rejects leading/trailing separators (n = 0 or 11).
            if !matches!(n, 3 | 6 | 9) {
                return None;
            }
        } else {
            return None;
        }
    }
    (n == 11).then_some(digits)
}

/// Mod-11 check digit over `digits` (weights len+1 down to 2).
fn check_digit(digits: &[u8]) -> u8 {
    let len = digits.len() as u32;
    let sum: u32 = digits
        .iter()
        .zip((2..=len + 1).rev())
        .map(|(&d, w)| u32::from(d) * w)
        .sum();
    let rest = sum % 11;
    if rest < 2 { 0 } else { (11 - rest) as u8 }
}

/// Valid CPF: 11 digits in the accepted shapes (bare, `ddd.ddd.ddd-dd`,
/// spaces, `/`), not all the same digit, both check digits right.
/// `123.456.789-09` is accepted like brazilian-utils does: it is
/// checksum-valid and the product has no blacklist.
pub fn is_valid_cpf(s: &str) -> bool {
    let Some(d) = cpf_digits(s) else {
        return false;
    };
    if d.iter().all(|&x| x == d[0]) {
        return false;
    }
    check_digit(&d[..9]) == d[9] && check_digit(&d[..10]) == d[10]
}

/// `ddd.ddd.ddd-dd` when `s` holds 11 digits; otherwise its digits as typed,
/// so a bad value is shown back unchanged in substance.
pub fn format_cpf(s: &str) -> String {
    let d = super::digits_only(s);
    if d.len() != 11 {
        return d;
    }
    format!("{}.{}.{}-{}", &d[0..3], &d[3..6], &d[6..9], &d[9..11])
}

/// A CPF safe for logs: `***.456.789-**`. Anything that is not 11 digits
/// becomes `***.***.***-**`, so nothing of a mistyped value leaks either.
pub fn mask_cpf(s: &str) -> String {
    let d = super::digits_only(s);
    if d.len() != 11 {
        return "***.***.***-**".to_owned();
    }
    format!("***.{}.{}-**", &d[3..6], &d[6..9])
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[derive(serde::Deserialize)]
    struct Vector {
        cpf: String,
        valid: bool,
        why: String,
    }

    #[test]
    fn every_fixture_vector() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../../../tests/fixtures/cpf_vectors.json")).unwrap();
        assert_eq!(vectors.len(), 71);
        for v in vectors {
            assert_eq!(is_valid_cpf(&v.cpf), v.valid, "{:?}: {}", v.cpf, v.why);
        }
    }

    #[test]
    fn shapes_and_separators() {
        for ok in [
            "88339488899",
            "883.394.888-99",
            "883..394--888//99",
            "883\t394\u{a0}888 99",
            "\u{feff}883.394.888-99\n",
            "883.394.888 - 99",
        ] {
            assert!(is_valid_cpf(ok), "{ok:?}");
        }
        for bad in [
            ".88339488899",
            "88339488899.",
            "8833.94888-99",
            "883.394.8889-9",
            "88.3394.888-99",
            "883_394_888_99",
            "883.394.888-9\u{0669}",
            "８８３３９４８８８９９",
        ] {
            assert!(!is_valid_cpf(bad), "{bad:?}");
        }
    }

    #[test]
    fn check_digits_textbook() {
        assert_eq!(check_digit(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), 0);
        assert_eq!(check_digit(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 0]), 9);
    }

    #[test]
    fn format_and_mask() {
        assert_eq!(format_cpf("88339488899"), "883.394.888-99");
        assert_eq!(format_cpf("883.394.888-99"), "883.394.888-99");
        assert_eq!(format_cpf("1234"), "1234");
        assert_eq!(mask_cpf("123.456.789-09"), "***.456.789-**");
        assert_eq!(mask_cpf("12345678909"), "***.456.789-**");
        assert_eq!(mask_cpf("123"), "***.***.***-**");
        assert_eq!(mask_cpf(""), "***.***.***-**");
    }
}

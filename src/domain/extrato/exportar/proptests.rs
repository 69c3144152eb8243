//! Properties of the CSV and OFX text over generated input: a CSV field read back (as a
//! spreadsheet reads it) is the text, with an apostrophe before a formula sign; numbers
//! keep their sign and two decimals; XML text holds no raw markup.

use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;

/// Reads one CSV field as a spreadsheet does.
fn ler(f: &str) -> String {
    match f.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => f.to_owned(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_field_reads_back_as_its_text(s in "[a-zA-Zçã0-9 ;,\"=+@\n-]{0,40}") {
        let f = campo(&s);
        let lido = ler(&f);
        let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']);
        if formula {
            prop_assert_eq!(lido, format!("'{s}"));
        } else {
            prop_assert_eq!(lido, s.clone());
        }
        // Unquoted, a field never holds the separator, a quote or a line break.
        if !f.starts_with('"') {
            prop_assert!(!f.contains([';', '"', '\n', '\r']));
        }
    }

    #[test]
    fn numbers_keep_sign_and_two_decimals(cents in any::<i64>()) {
        let v = Decimal::new(cents, 2);
        let t = numero_planilha(v);
        let back: Decimal = t.replace(',', ".").parse().unwrap_or_default();
        prop_assert_eq!(back, v);
        prop_assert_eq!(t.split(',').nth(1).map(str::len), Some(2));
        prop_assert!(!t.contains('.'));
    }

    #[test]
    fn xml_text_holds_no_markup(s in any::<String>()) {
        let x = xml(&s);
        prop_assert!(!x.contains(['<', '>', '"', '\'']));
        prop_assert!(x.chars().all(|c| !c.is_control()));
    }
}

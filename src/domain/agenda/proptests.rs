//! Properties of the agenda's filter reader and of the calendar file's text over generated
//! input: never a panic, a valid filter reads back as itself, anything else is refused with
//! the message; escaped text holds no raw separator or line break, folded lines are at most
//! 75 octets and unfold to the line.

use proptest::prelude::*;

use super::ical::{dobrar, escapar};
use super::*;

/// Undoes [`escapar`] (what a calendar app reads).
fn desescapar(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn reading_the_filter_never_panics(c in any::<String>(), s in any::<String>()) {
        let _ = filtro(&FiltroDigitado { captacao: c, situacao: s });
    }

    #[test]
    fn a_valid_filter_reads_back(id in 1i64..=i64::MAX, i in 0usize..3, pad in "[ ]{0,2}") {
        let s = Situacao::ALL[i];
        let t = FiltroDigitado {
            captacao: format!("{pad}{id}{pad}"),
            situacao: format!("{pad}{}", s.code().to_uppercase()),
        };
        prop_assert_eq!(filtro(&t), Ok(Filtro { captacao: Some(id), situacao: Some(s) }));
    }

    #[test]
    fn anything_else_is_refused_with_the_message(c in "[a-z.,-]{1,8}", s in "[0-9]{1,4}") {
        prop_assert_eq!(filtro(&FiltroDigitado { captacao: c, situacao: String::new() }), Err(MSG_OPCAO));
        prop_assert_eq!(filtro(&FiltroDigitado { captacao: String::new(), situacao: s }), Err(MSG_OPCAO));
    }

    #[test]
    fn escaped_text_keeps_its_meaning_and_no_raw_separator(s in "[a-zA-Zçãé;,\\\\\n ]{0,60}") {
        let e = escapar(&s);
        prop_assert!(!e.contains('\n'));
        prop_assert_eq!(desescapar(&e), s.clone());
        for (i, c) in e.char_indices() {
            if c == ';' || c == ',' {
                let before = e[..i].chars().rev().take_while(|b| *b == '\\').count();
                prop_assert!(before % 2 == 1, "an unescaped {c} in {e}");
            }
        }
    }

    #[test]
    fn folded_lines_are_short_and_unfold_to_the_line(s in "\\PC{0,300}") {
        let d = dobrar(&s);
        prop_assert!(d.ends_with("\r\n"));
        for l in d.trim_end_matches("\r\n").split("\r\n") {
            prop_assert!(l.len() <= 75, "{} octets", l.len());
        }
        prop_assert_eq!(d.trim_end_matches("\r\n").replace("\r\n ", ""), s);
    }
}

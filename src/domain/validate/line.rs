//! What a single-line text field may hold. A control character (a NUL, a line break, a
//! tab) or a bidirectional formatting character (which reorders what is shown around it:
//! a file name or an address can then read backwards) is never part of a name, an address
//! or a document number; stored, it would travel into headers, CSV cells, PDFs and logs.

/// Free text with a control or bidi character.
pub const MSG_PLAIN_TEXT: &str = "Use apenas letras, números e sinais comuns.";
/// An RG number with something else than letters, digits, dots and dashes.
pub const MSG_RG: &str = "Informe o RG com letras, números, pontos ou traços.";

/// The bidirectional formatting characters: the marks (LRM, RLM), the embeddings and
/// overrides (LRE…RLO) and the isolates (LRI…PDI).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `s` fits a single-line field: no control character (Unicode Cc, tab included)
/// and no bidirectional formatting character.
pub fn is_single_line(s: &str) -> bool {
    !s.chars().any(|c| c.is_control() || is_bidi_control(c))
}

/// An RG number: letters, digits, dots and dashes, once the surrounding spaces are
/// removed (issuers write it `12.345.678-9`, `MG-12.345.678`, `324187659`).
pub fn is_valid_rg(s: &str) -> bool {
    let t = s.trim_matches(' ');
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
}

/// The first of `fields` (name, value) that does not fit a single line, with
/// [`MSG_PLAIN_TEXT`].
pub fn first_not_single_line(fields: &[(&'static str, &str)]) -> Option<super::FieldError> {
    fields
        .iter()
        .find(|(_, v)| !is_single_line(v))
        .map(|(f, _)| super::FieldError::new(f, MSG_PLAIN_TEXT))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn control_and_bidi_characters_do_not_fit_a_line() {
        for ok in [
            "Rua São João, 12",
            "Apto 3 – bloco B",
            "",
            "José d'Ávila",
            "ação",
        ] {
            assert!(is_single_line(ok), "{ok:?}");
        }
        for bad in [
            "a\0b",
            "a\r\nX-Injected: 1",
            "a\tb",
            "a\nb",
            "\u{7f}",
            "\u{85}",
            "abc\u{202E}gpj.exe",
            "\u{200E}x",
            "\u{200F}",
            "\u{202A}",
            "\u{2066}x\u{2069}",
        ] {
            assert!(!is_single_line(bad), "{bad:?}");
        }
    }

    #[test]
    fn an_rg_is_letters_digits_dots_and_dashes() {
        for ok in [
            "324187659",
            "12.345.678-9",
            "MG-12.345.678",
            " 18427635 ",
            "1234567X",
        ] {
            assert!(is_valid_rg(ok), "{ok:?}");
        }
        for bad in [
            "",
            "  ",
            "a\r\nX-Injected: 1",
            "12 345",
            "12/345",
            "1\0",
            "12\u{202E}3",
            "１２３",
        ] {
            assert!(!is_valid_rg(bad), "{bad:?}");
        }
    }

    #[test]
    fn the_first_field_that_does_not_fit_is_named() {
        let got = first_not_single_line(&[("rua", "Rua A"), ("bairro", "B\n"), ("cidade", "\t")]);
        assert_eq!(
            got,
            Some(super::super::FieldError::new("bairro", MSG_PLAIN_TEXT))
        );
        assert_eq!(first_not_single_line(&[("rua", "Rua A")]), None);
    }
}

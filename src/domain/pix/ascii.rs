//! Folding free text to printable ASCII for BR Code fields.
//!
//! Accents go as pix-utils strips them (canonical decomposition, marks dropped:
//! `domain::texto::sem_acentos`); the Latin letters that do not decompose get a sensible
//! ASCII base here (`ß` → `ss`, `Ł` → `L`), typographic punctuation its ASCII twin, and
//! anything else is dropped.

use crate::domain::texto::sem_acentos;

/// ASCII replacement of one non-ASCII character left after the accents are stripped;
/// `None` drops it.
fn fold_char(c: char) -> Option<&'static str> {
    Some(match c {
        'Æ' => "AE",
        'Ð' | 'Đ' => "D",
        'Ø' => "O",
        'Þ' => "TH",
        'ß' => "ss",
        'æ' => "ae",
        'ð' | 'đ' => "d",
        'ø' | 'º' => "o",
        'ª' => "a",
        'þ' => "th",
        'Ħ' => "H",
        'ħ' => "h",
        'ı' => "i",
        'Ĳ' => "IJ",
        'ĳ' => "ij",
        'ĸ' => "k",
        'Ŀ' | 'Ł' => "L",
        'ŀ' | 'ł' => "l",
        'ŉ' | 'ŋ' => "n",
        'Ŋ' => "N",
        'Œ' => "OE",
        'œ' => "oe",
        'Ŧ' => "T",
        'ŧ' => "t",
        'ſ' => "s",
        '‘' | '’' | '´' | '`' => "'",
        '“' | '”' => "\"",
        '–' | '—' => "-",
        '…' => "...",
        // Any other white space (NBSP, tab, new line) is a space.
        c if c.is_whitespace() => " ",
        // Emoji, other scripts, control characters: dropped.
        _ => return None,
    })
}

/// Printable ASCII (U+0020–U+007E) version of `s`: accents stripped, other
/// characters dropped, runs of white space collapsed to one space, trimmed.
pub fn fold_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut push = |piece: &str| {
        for c in piece.chars() {
            if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
                continue;
            }
            out.push(c);
        }
    };
    for c in sem_acentos(s).chars() {
        if (' '..='~').contains(&c) {
            let mut buf = [0u8; 4];
            push(c.encode_utf8(&mut buf));
        } else if let Some(r) = fold_char(c) {
            push(r);
        }
    }
    let trimmed_len = out.trim_end().len();
    out.truncate(trimmed_len);
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn strips_portuguese_accents() {
        assert_eq!(fold_ascii("João da Silva"), "Joao da Silva");
        assert_eq!(fold_ascii("São Paulo"), "Sao Paulo");
        assert_eq!(fold_ascii("Brasília"), "Brasilia");
        assert_eq!(
            fold_ascii("ÁÀÂÃÄ áàâãä ÉÊ éê ÍÓÔÕÚÜ íóôõúü Çç Ññ"),
            "AAAAA aaaaa EE ee IOOOUU iooouu Cc Nn"
        );
        assert_eq!(
            fold_ascii("Captação: Fazenda Santa Luzia — Soja 2027"),
            "Captacao: Fazenda Santa Luzia - Soja 2027"
        );
    }

    #[test]
    fn other_latin_letters_and_symbols() {
        assert_eq!(
            fold_ascii("Łódź Straße Œuvre Ĳssel"),
            "Lodz Strasse OEuvre IJssel"
        );
        assert_eq!(fold_ascii("1º andar, 2ª via"), "1o andar, 2a via");
        assert_eq!(fold_ascii("d’Ávila “x”"), "d'Avila \"x\"");
        assert_eq!(fold_ascii("日本 emoji 😀 ok"), "emoji ok");
    }

    #[test]
    fn nfd_input_and_white_space() {
        assert_eq!(fold_ascii("Joa\u{303}o"), "Joao");
        assert_eq!(fold_ascii("  a\u{a0}\t\n b  "), "a b");
        assert_eq!(fold_ascii("\u{7f}\u{0}x"), "x");
    }

    #[test]
    fn table_covers_latin_extended_a_with_letters() {
        for cp in 0x100u32..0x180 {
            let c = char::from_u32(cp).unwrap();
            let f = fold_ascii(&c.to_string());
            assert!(
                !f.is_empty() && f.bytes().all(|b| b.is_ascii_alphabetic()),
                "{c}"
            );
            assert_eq!(
                c.is_uppercase(),
                f.chars().all(|x| x.is_ascii_uppercase()),
                "{c} → {f}"
            );
        }
    }

    #[test]
    fn output_is_always_printable_ascii() {
        let mut s = String::new();
        for cp in (0u32..0x3000).step_by(7) {
            if let Some(c) = char::from_u32(cp) {
                s.push(c);
            }
        }
        assert!(fold_ascii(&s).bytes().all(|b| (0x20..=0x7e).contains(&b)));
    }
}

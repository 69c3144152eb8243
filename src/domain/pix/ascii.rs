//! Folding free text to printable ASCII for BR Code fields.
//!
//! pix-utils strips diacritics with NFD; we have no Unicode-normalisation
//! crate, so Latin-1 and Latin Extended-A letters are mapped by table (the
//! same result as NFD + dropping U+0300–U+036F for every letter that
//! decomposes, plus sensible bases for those that do not, like `Ł`).

/// Base letter of U+0100..=U+017F, one ASCII letter per code point
/// (generated from Python's `unicodedata` NFD, gaps filled by hand).
const LATIN_EXT_A: &[u8; 128] = b"AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

/// ASCII replacement of one non-ASCII character; `None` drops it.
fn fold_char(c: char) -> Option<&'static str> {
    Some(match c {
        'À'..='Å' => "A",
        'Æ' => "AE",
        'Ç' => "C",
        'È'..='Ë' => "E",
        'Ì'..='Ï' => "I",
        'Ð' => "D",
        'Ñ' => "N",
        'Ò'..='Ö' | 'Ø' => "O",
        'Ù'..='Ü' => "U",
        'Ý' => "Y",
        'Þ' => "TH",
        'ß' => "ss",
        'à'..='å' | 'ª' => "a",
        'æ' => "ae",
        'ç' => "c",
        'è'..='ë' => "e",
        'ì'..='ï' => "i",
        'ð' => "d",
        'ñ' => "n",
        'ò'..='ö' | 'ø' | 'º' => "o",
        'ù'..='ü' => "u",
        'ý' | 'ÿ' => "y",
        'þ' => "th",
        'Œ' => "OE",
        'œ' => "oe",
        'Ĳ' => "IJ",
        'ĳ' => "ij",
        '\u{100}'..='\u{17f}' => {
            let i = (c as usize).checked_sub(0x100)?;
            let b = LATIN_EXT_A.get(i..=i)?;
            std::str::from_utf8(b).ok()?
        }
        '‘' | '’' | '´' | '`' => "'",
        '“' | '”' => "\"",
        '–' | '—' => "-",
        '…' => "...",
        // Any other white space (NBSP, tab, new line) is a space.
        c if c.is_whitespace() => " ",
        // Combining accents of NFD text, emoji, other scripts: dropped.
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
    for c in s.chars() {
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

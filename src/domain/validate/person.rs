//! E-mail and personal-name rules.

/// A DNS label: 1–63 of `[A-Za-z0-9-]`, not starting or ending with `-`.
fn is_dns_label(l: &str) -> bool {
    !l.is_empty()
        && l.len() <= 63
        && !l.starts_with('-')
        && !l.ends_with('-')
        && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// A "standard address pattern": `local@domain.tld`, ASCII only. The address must pass
/// the HTML e-mail rule (`validator`'s check), and what the platform also refuses:
///
/// - a dot at either end of the local part, or two in a row;
/// - a domain that is not at least two ASCII DNS labels with a TLD of letters only, ≥ 2
///   (no IP literals, no internationalised domains);
/// - a whole address over 254 characters (the SMTP path limit).
///
/// Surrounding spaces are ignored.
pub fn is_valid_email(s: &str) -> bool {
    use validator::ValidateEmail;
    let s = s.trim();
    if s.len() > 254 || !s.validate_email() {
        return false;
    }
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let local_ok = local.is_ascii()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let tld_ok = labels
        .last()
        .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && labels.len() >= 2 && tld_ok && labels.iter().all(|l| is_dns_label(l))
}

/// A letter of a Portuguese (or other Latin-script) name: ASCII letters and
/// the accented letters of Latin-1 Supplement / Latin Extended-A/B.
/// `×` and `÷` sit in that block but are not alphabetic.
fn is_name_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (('\u{c0}'..='\u{24f}').contains(&c) && c.is_alphabetic())
}

/// Combining accents (U+0300–U+036F): a name typed in NFD form, as some
/// macOS/iOS keyboards send it, still counts as letters.
fn is_combining_accent(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

/// The words of a name, or `None` when anything but letters and spaces
/// appears. Spaces are U+0020 and the no-break space a paste may bring.
fn name_words(s: &str) -> Option<Vec<&str>> {
    let mut prev_letter = false;
    for c in s.chars() {
        if is_name_letter(c) {
            prev_letter = true;
        } else if is_combining_accent(c) && prev_letter {
            // stays a letter
        } else if c == ' ' || c == '\u{a0}' {
            prev_letter = false;
        } else {
            return None;
        }
    }
    Some(s.split([' ', '\u{a0}']).filter(|w| !w.is_empty()).collect())
}

/// Valid name: letters (accents included) and spaces only, at least two
/// words, the first word longer than one letter. Surrounding spaces are
/// ignored. Hyphens and apostrophes are refused: a name is letters and
/// spaces only.
pub fn is_valid_name(s: &str) -> bool {
    let Some(words) = name_words(s.trim()) else {
        return false;
    };
    let first_len = words.first().map_or(0, |w| {
        w.chars().filter(|c| !is_combining_accent(*c)).count()
    });
    words.len() >= 2 && first_len > 1
}

/// The name as it should be stored: trimmed, single spaces between words.
pub fn normalize_name(s: &str) -> String {
    s.split([' ', '\u{a0}'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn emails() {
        for ok in [
            "fulano@example.com",
            "Fulano.De.Tal+invest@sub.example.com.br",
            " maria_souza@exemplo.com.br ",
            "a@b.co",
            "o'neil@example.org",
            "x-y@my-domain.io",
        ] {
            assert!(is_valid_email(ok), "{ok:?}");
        }
        for bad in [
            "",
            "fulano",
            "fulano@",
            "@example.com",
            "fulano@example",
            "fulano@example.c",
            "fulano@example.c0m",
            "fulano@@example.com",
            "ful ano@example.com",
            "fulano@exa mple.com",
            ".fulano@example.com",
            "fulano.@example.com",
            "ful..ano@example.com",
            "fulano@-example.com",
            "fulano@example-.com",
            "fulano@example..com",
            "fulano@.example.com",
            "joão@example.com",
            "fulano@exámple.com",
            "fulano@example.com.",
        ] {
            assert!(!is_valid_email(bad), "{bad:?}");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(!is_valid_email(&long_local));
    }

    #[test]
    fn names() {
        for ok in [
            "João da Silva",
            "Maria Souza",
            "  José  Antônio   Conceição ",
            "Jo D",
            "ÉRICA ÇÃO",
            "Joa\u{301}o Silva",
            "Ana\u{a0}Lima",
            "Łukasz Øster",
        ] {
            assert!(is_valid_name(ok), "{ok:?}");
        }
        for bad in [
            "",
            "João",
            "  João  ",
            "J Silva",
            "É Silva",
            "João Silva2",
            "João-Pedro Silva",
            "D'Ávila Souza",
            "João\tSilva",
            "João\nSilva",
            "João × Silva",
            "Иван Петров",
            "\u{301}Jo Silva",
            "João 😀",
        ] {
            assert!(!is_valid_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn normalizes_spaces() {
        assert_eq!(
            normalize_name("  José  Antônio\u{a0}Lima "),
            "José Antônio Lima"
        );
    }
}

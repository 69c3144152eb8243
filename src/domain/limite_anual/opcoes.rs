//! One declaration, not two: an adhesion term may ask the investor to choose an option that
//! restates the annual-limit declaration ("Declaro ser investidor qualificado…, ou possuir
//! renda bruta anual ou investimentos financeiros superiores a…" / "Declaro não ser
//! investidor qualificado…"). The option that matches the recorded declaration is the one
//! preselected, and a choice that contradicts it is refused: the declaration is changed in
//! the account area, never by a term's radio button.

/// What an option of a term claims about the investor's annual limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionClaim {
    /// Qualified, or income or investments above the threshold: beyond the base limit.
    QualifiedOrAbove,
    /// Not qualified, within the base limit.
    NotQualified,
}

/// The investor's recorded declaration, as the options restate it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub qualified: bool,
    /// Income or investments declared above the threshold.
    pub above: bool,
}

/// The refusal of an option that contradicts the recorded declaration.
pub const MSG_OPTION_CONTRADICTS: &str = "A opção escolhida não corresponde à sua declaração de investidor. Escolha a opção de acordo com ela ou, se a sua situação mudou, altere a sua declaração de investidor em Minha conta.";

fn folded(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .replace('ã', "a")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the option worded `text` claims, if it restates the declaration at all.
pub fn claim(text: &str) -> Option<OptionClaim> {
    let t = folded(text);
    if t.starts_with("declaro nao ser investidor qualificado") {
        Some(OptionClaim::NotQualified)
    } else if t.starts_with("declaro ser investidor qualificado") {
        Some(OptionClaim::QualifiedOrAbove)
    } else {
        None
    }
}

/// The claim that matches the recorded declaration.
pub fn claim_of(s: Standing) -> OptionClaim {
    if s.qualified || s.above {
        OptionClaim::QualifiedOrAbove
    } else {
        OptionClaim::NotQualified
    }
}

/// Among `(value, text)` options, the value of the one matching the declaration, when the
/// options restate it and exactly one matches.
pub fn matching_option<'a>(options: &[(&'a str, &str)], s: Standing) -> Option<&'a str> {
    let want = claim_of(s);
    let mut matching = options.iter().filter(|(_, text)| claim(text) == Some(want));
    match (matching.next(), matching.next()) {
        (Some((value, _)), None) => Some(value),
        _ => None,
    }
}

/// A chosen option worded `text` agrees with the declaration (an option that restates
/// nothing always does).
pub fn check_option(text: &str, s: Standing) -> Result<(), &'static str> {
    match claim(text) {
        Some(c) if c != claim_of(s) => Err(MSG_OPTION_CONTRADICTS),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SER: &str = "Declaro ser investidor qualificado, nos termos da regulamentação da CVM, ou possuir renda bruta anual ou investimentos financeiros superiores a R$ 200.000,00.";
    const NAO_SER: &str = "Declaro não ser investidor qualificado e que, somado a esta reserva, não ultrapasso o limite de R$ 20.000,00 investidos em ofertas de crowdfunding neste ano-calendário.";
    const OUTRA: &str = "Li e compreendi este termo.";

    const QUALIFIED: Standing = Standing {
        qualified: true,
        above: false,
    };
    const ABOVE: Standing = Standing {
        qualified: false,
        above: true,
    };
    const BASE: Standing = Standing {
        qualified: false,
        above: false,
    };

    #[test]
    fn the_options_are_read_by_what_they_declare() {
        assert_eq!(claim(SER), Some(OptionClaim::QualifiedOrAbove));
        assert_eq!(claim(NAO_SER), Some(OptionClaim::NotQualified));
        assert_eq!(
            claim("  DECLARO NAO SER  investidor qualificado"),
            Some(OptionClaim::NotQualified)
        );
        assert_eq!(claim(OUTRA), None);
    }

    #[test]
    fn the_option_matching_the_declaration_is_preselected() {
        let options = [("1", SER), ("2", NAO_SER)];
        assert_eq!(matching_option(&options, QUALIFIED), Some("1"));
        assert_eq!(matching_option(&options, ABOVE), Some("1"));
        assert_eq!(matching_option(&options, BASE), Some("2"));
        assert_eq!(matching_option(&[("1", OUTRA)], BASE), None);
        // Two options claiming the same: no guess.
        assert_eq!(matching_option(&[("1", SER), ("2", SER)], QUALIFIED), None);
    }

    #[test]
    fn a_choice_contradicting_the_declaration_is_refused() {
        assert_eq!(
            check_option(NAO_SER, QUALIFIED),
            Err(MSG_OPTION_CONTRADICTS)
        );
        assert_eq!(check_option(NAO_SER, ABOVE), Err(MSG_OPTION_CONTRADICTS));
        assert_eq!(check_option(SER, BASE), Err(MSG_OPTION_CONTRADICTS));
        assert_eq!(check_option(SER, QUALIFIED), Ok(()));
        assert_eq!(check_option(NAO_SER, BASE), Ok(()));
        assert_eq!(check_option(OUTRA, BASE), Ok(()));
    }
}

//! Accent folding, written once: the sandbox's search, the status names and the Pix fields
//! all strip accents the same way, through Unicode's canonical decomposition.

use unicode_normalization::UnicodeNormalization;

/// `s` without its accents: canonical decomposition (NFD), the combining diacritical marks
/// (U+0300–U+036F) dropped, the rest composed again (NFC). "São José" becomes "Sao Jose";
/// letters that have no decomposition (`ß`, `Ł`, `Æ`) and other scripts stay as they are, so
/// each caller decides what else to do with them.
pub fn sem_acentos(s: &str) -> String {
    s.nfd()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .nfc()
        .collect()
}

/// `s` the way a search compares it: lower case and without accents, so that "soja sao
/// jose" finds "Soja São José" and "EM ANALISE" names "Em análise".
pub fn dobrar(s: &str) -> String {
    sem_acentos(&s.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_every_portuguese_accent() {
        assert_eq!(
            sem_acentos("ç ã õ á é í ó ú â ê ô à ü"),
            "c a o a e i o u a e o a u"
        );
        assert_eq!(
            sem_acentos("Ç Ã Õ Á É Í Ó Ú Â Ê Ô À Ü"),
            "C A O A E I O U A E O A U"
        );
        assert_eq!(sem_acentos("Captação São José"), "Captacao Sao Jose");
    }

    #[test]
    fn keeps_case_letters_without_decomposition_and_other_scripts() {
        assert_eq!(sem_acentos("Straße Łódź Æon"), "Straße Łodz Æon");
        assert_eq!(sem_acentos("日本 한국 😀"), "日本 한국 😀");
        assert_eq!(sem_acentos("ASCII stays, 123!"), "ASCII stays, 123!");
    }

    #[test]
    fn decomposed_input_folds_like_composed_input() {
        assert_eq!(sem_acentos("Joa\u{303}o"), "Joao");
        assert_eq!(sem_acentos("Joa\u{303}o"), sem_acentos("João"));
    }

    #[test]
    fn empty_stays_empty() {
        assert_eq!(sem_acentos(""), "");
        assert_eq!(dobrar(""), "");
    }

    #[test]
    fn dobrar_ignores_case_and_accents() {
        assert_eq!(dobrar("Soja SÃO José Açaí"), "soja sao jose acai");
        assert_eq!(dobrar("EM ANÁLISE"), dobrar("Em analise"));
        assert!(dobrar("Fazenda Ribeirão").contains(&dobrar("RIBEIRAO")));
        assert_eq!(dobrar("ÑANDÚ"), "nandu");
    }
}

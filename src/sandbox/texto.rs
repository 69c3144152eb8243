//! Text helpers for searching Portuguese text the way a user types it.

/// Lower-cases and strips the accents used in Portuguese, so that "soja sao jose"
/// finds "Soja São José".
pub(crate) fn dobrar(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            outro => outro,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::dobrar;

    #[test]
    fn dobrar_ignora_acentos_e_caixa() {
        assert_eq!(dobrar("Soja SÃO José Açaí"), "soja sao jose acai");
        assert!(dobrar("Fazenda Ribeirão").contains(&dobrar("RIBEIRAO")));
    }
}

//! The seed's texts promise nothing: an investment in these offerings may lose money, so
//! no word of the seed may state or imply a certain return. Collateral is named as such
//! ("garantia", "tem como garantia"); a verb that assures a payment is not.

use crate::domain::texto::dobrar;

/// The seed's files with text an investor reads.
const TEXTOS: &[(&str, &str)] = &[
    ("offerings.json", super::OFERTAS_JSON),
    ("emissores.json", include_str!("emissores.json")),
    ("notificacoes.rs", include_str!("notificacoes.rs")),
    ("produtos.rs", include_str!("produtos.rs")),
];

/// Words (accents folded) that promise: to guarantee or assure as a verb, certainty,
/// solidity.
const PALAVRAS: &[&str] = &[
    "garante",
    "garantem",
    "garantido",
    "garantida",
    "garantidos",
    "garantidas",
    "garantir",
    "assegura",
    "asseguram",
    "assegurado",
    "assegurada",
    "certo",
    "certa",
    "certeza",
    "solida",
    "solidas",
    "solido",
    "solidos",
    "infalivel",
];

/// Phrases (accents folded) that promise.
const FRASES: &[&str] = &[
    "sem risco",
    "risco zero",
    "livre de risco",
    "nao depende",
    "sem perda",
    "nao ha risco",
    "retorno garantido",
    "100% seguro",
];

/// Every promise in `texto`: the word or phrase and its surroundings.
fn promessas(texto: &str) -> Vec<String> {
    let dobrado = dobrar(texto);
    let mut achadas: Vec<String> = FRASES
        .iter()
        .filter(|f| dobrado.contains(*f))
        .map(|f| (*f).to_owned())
        .collect();
    // `_` joins a word: `garantido_fgc` names the deposit insurance's cover, no promise.
    let palavras = dobrado.split(|c: char| !c.is_alphanumeric() && c != '_');
    achadas.extend(palavras.filter(|p| PALAVRAS.contains(p)).map(str::to_owned));
    achadas
}

#[test]
fn the_seed_promises_no_return() {
    for (arquivo, texto) in TEXTOS {
        let achadas = promessas(texto);
        assert!(achadas.is_empty(), "{arquivo}: {achadas:?}");
    }
}

#[test]
fn the_check_finds_the_promises_it_is_for() {
    assert_eq!(
        promessas("O pagamento aos investidores não depende de uma safra específica."),
        ["nao depende"]
    );
    assert_eq!(
        promessas("O pagamento anual é garantido pela cessão."),
        ["garantido"]
    );
    assert_eq!(promessas("Investimento SEM RISCO"), ["sem risco"]);
    assert!(
        promessas("A operação tem como garantia a hipoteca; as garantias são reais.").is_empty()
    );
}

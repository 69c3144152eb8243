//! Static reference lists that are part of the product: area codes,
//! states, banks, countries, professions and guarantee types, and (in `cadastro`) the
//! registration's closed lists and the statement's.
//!
//! The JSON files under `domain/data/` (each list with the public source it was copied from,
//! in `domain/data/README.md`) are compiled into the binary with `include_str!`, so the app
//! never reads them from disk and cannot start without them.

mod cadastro;

pub use cadastro::{
    CategoriaInvestimento, EmissorRg, Escolaridade, Genero, Nacionalidade, StatusMovimento,
    TipoConta, TipoDocumento, TipoMovimento,
};

use std::sync::LazyLock;

use serde::Deserialize;

/// A Brazilian bank with its 3-digit COMPE code (`"001"`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Bank {
    pub code: String,
    pub name: String,
}

/// A Brazilian state (UF).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct State {
    pub uf: String,
    pub name: String,
    pub ibge: u8,
    pub region: String,
}

/// A country: ISO 3166-1 numeric code (3-digit string), alpha-2, alpha-3 and
/// its Brazilian Portuguese name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Country {
    pub code: String,
    pub alpha2: String,
    pub alpha3: String,
    pub name: String,
}

/// A CBO 2002 occupation offered in the "profissão" field.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Profession {
    pub code: String,
    pub family: String,
    pub name: String,
}

/// A telephone area code (DDD) and the states it covers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AreaCode {
    pub ddd: u16,
    pub uf: String,
    pub also_in: Vec<String>,
}

// A malformed embedded file would be a build-time mistake, caught by the
// count tests below; at run time an empty list is the total fallback (every
// lookup then answers "unknown") instead of a panic.
fn load<T: for<'de> Deserialize<'de>>(json: &str) -> Vec<T> {
    serde_json::from_str(json).unwrap_or_default()
}

static AREA_CODE_LIST: LazyLock<Vec<AreaCode>> =
    LazyLock::new(|| load(include_str!("data/area_codes.json")));
static AREA_CODES: LazyLock<Vec<u16>> = LazyLock::new(|| {
    let mut v: Vec<u16> = AREA_CODE_LIST.iter().map(|a| a.ddd).collect();
    v.sort_unstable();
    v
});
static BANKS: LazyLock<Vec<Bank>> = LazyLock::new(|| load(include_str!("data/banks.json")));
static STATES: LazyLock<Vec<State>> = LazyLock::new(|| load(include_str!("data/states.json")));
static COUNTRIES: LazyLock<Vec<Country>> =
    LazyLock::new(|| load(include_str!("data/countries.json")));
static PROFESSIONS: LazyLock<Vec<Profession>> =
    LazyLock::new(|| load(include_str!("data/professions.json")));

/// The 67 valid DDDs, ascending.
pub fn area_codes() -> &'static [u16] {
    &AREA_CODES
}

/// The DDDs with the states they cover, ascending.
pub fn area_code_list() -> &'static [AreaCode] {
    &AREA_CODE_LIST
}

/// Whether `ddd` is an assigned Brazilian area code.
pub fn is_area_code(ddd: u16) -> bool {
    AREA_CODES.binary_search(&ddd).is_ok()
}

/// Banks sorted by code.
pub fn banks() -> &'static [Bank] {
    &BANKS
}

/// The bank's name for a COMPE code. Accepts `"1"`, `"01"` or `"001"`,
/// because the platform sends the code as a number in some places.
pub fn bank_name(code: &str) -> Option<&'static str> {
    let code = code.trim();
    if code.is_empty() || code.len() > 3 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let padded = format!("{code:0>3}");
    BANKS
        .binary_search_by(|b| b.code.as_str().cmp(padded.as_str()))
        .ok()
        .and_then(|i| BANKS.get(i))
        .map(|b| b.name.as_str())
}

/// States sorted by name.
pub fn states() -> &'static [State] {
    &STATES
}

/// A state by its UF (`"SP"`), case-insensitive.
pub fn state_by_uf(uf: &str) -> Option<&'static State> {
    let uf = uf.trim();
    STATES.iter().find(|s| s.uf.eq_ignore_ascii_case(uf))
}

/// Countries sorted by their pt-BR name.
pub fn countries() -> &'static [Country] {
    &COUNTRIES
}

/// A country by its alpha-3 code (`"BRA"`), case-insensitive; the platform
/// stores nationality and RG country this way.
pub fn country_by_alpha3(alpha3: &str) -> Option<&'static Country> {
    let a = alpha3.trim();
    COUNTRIES.iter().find(|c| c.alpha3.eq_ignore_ascii_case(a))
}

/// Professions sorted by name.
pub fn professions() -> &'static [Profession] {
    &PROFESSIONS
}

/// A profession by its 6-digit CBO code.
pub fn profession_by_code(code: &str) -> Option<&'static Profession> {
    let code = code.trim();
    PROFESSIONS.iter().find(|p| p.code == code)
}

/// Guarantee types of an offering, each with its platform id and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Guarantee {
    Aval,
    PenhorAgricola,
    CessaoFiduciaria,
    AlienacaoFiduciariaProdutosAgropecuarios,
    AlienacaoFiduciariaBensMoveis,
    AlienacaoFiduciariaImovelRural,
    AlienacaoFiduciariaImovelUrbano,
    Hipoteca,
}

impl Guarantee {
    /// Every guarantee, in the order the platform lists them.
    pub const ALL: [Guarantee; 8] = [
        Guarantee::Aval,
        Guarantee::PenhorAgricola,
        Guarantee::CessaoFiduciaria,
        Guarantee::AlienacaoFiduciariaProdutosAgropecuarios,
        Guarantee::AlienacaoFiduciariaBensMoveis,
        Guarantee::AlienacaoFiduciariaImovelRural,
        Guarantee::AlienacaoFiduciariaImovelUrbano,
        Guarantee::Hipoteca,
    ];

    /// The platform's id (`"PenhorAgricola"`).
    pub fn id(self) -> &'static str {
        match self {
            Guarantee::Aval => "Aval",
            Guarantee::PenhorAgricola => "PenhorAgricola",
            Guarantee::CessaoFiduciaria => "CessaoFiduciaria",
            Guarantee::AlienacaoFiduciariaProdutosAgropecuarios => {
                "AlienacaoFiduciariaProdutosAgropecuarios"
            }
            Guarantee::AlienacaoFiduciariaBensMoveis => "AlienacaoFiduciariaBensMoveis",
            Guarantee::AlienacaoFiduciariaImovelRural => "AlienacaoFiduciariaImovelRural",
            Guarantee::AlienacaoFiduciariaImovelUrbano => "AlienacaoFiduciariaImovelUrbano",
            Guarantee::Hipoteca => "Hipoteca",
        }
    }

    /// The label shown to investors (`"Penhor agrícola"`).
    pub fn label(self) -> &'static str {
        match self {
            Guarantee::Aval => "Aval",
            Guarantee::PenhorAgricola => "Penhor agrícola",
            Guarantee::CessaoFiduciaria => "Cessão fiduciária de recebíveis",
            Guarantee::AlienacaoFiduciariaProdutosAgropecuarios => {
                "Alienação fiduciária de produtos agropecuários"
            }
            Guarantee::AlienacaoFiduciariaBensMoveis => "Alienação fiduciária de bens móveis",
            Guarantee::AlienacaoFiduciariaImovelRural => "Alienação fiduciária de imóvel rural",
            Guarantee::AlienacaoFiduciariaImovelUrbano => "Alienação fiduciária de imóvel urbano",
            Guarantee::Hipoteca => "Hipoteca",
        }
    }

    /// From the platform's id, exactly as spelled.
    pub fn from_id(id: &str) -> Option<Guarantee> {
        Guarantee::ALL.into_iter().find(|g| g.id() == id.trim())
    }

    /// From a label, ignoring case and surrounding spaces (offerings carry
    /// `garantias` as labels joined by `"; "`).
    pub fn from_label(label: &str) -> Option<Guarantee> {
        let l = label.trim().to_lowercase();
        Guarantee::ALL
            .into_iter()
            .find(|g| g.label().to_lowercase() == l)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn lists_have_the_documented_sizes() {
        assert_eq!(area_codes().len(), 67);
        assert_eq!(area_code_list().len(), 67);
        assert_eq!(banks().len(), 513);
        assert_eq!(states().len(), 27);
        assert_eq!(countries().len(), 250);
        assert_eq!(professions().len(), 195);
    }

    #[test]
    fn area_codes_are_sorted_and_in_range() {
        let a = area_codes();
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(a.first(), Some(&11));
        assert_eq!(a.last(), Some(&99));
        assert!(is_area_code(61) && is_area_code(47));
        for bad in [
            0, 10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 60, 70, 90, 100,
        ] {
            assert!(!is_area_code(bad), "{bad}");
        }
    }

    #[test]
    fn banks_are_sorted_and_found_by_code() {
        assert!(banks().windows(2).all(|w| w[0].code < w[1].code));
        assert_eq!(bank_name("001"), Some("Banco do Brasil S.A."));
        assert_eq!(bank_name("1"), Some("Banco do Brasil S.A."));
        assert_eq!(bank_name(" 003 "), Some("Banco da Amazônia S.A."));
        assert_eq!(bank_name("999x"), None);
        assert_eq!(bank_name(""), None);
        assert_eq!(bank_name("0001"), None);
        assert_eq!(bank_name("-01"), None);
    }

    #[test]
    fn states_countries_professions_lookups() {
        assert_eq!(
            state_by_uf("sp").map(|s| s.name.as_str()),
            Some("São Paulo")
        );
        assert_eq!(state_by_uf("XX"), None);
        let br = country_by_alpha3("bra").unwrap();
        assert_eq!((br.alpha2.as_str(), br.name.as_str()), ("BR", "Brasil"));
        assert_eq!(
            profession_by_code("252105").map(|p| p.name.as_str()),
            Some("Administrador")
        );
        assert!(professions().iter().all(|p| p.code.starts_with(&p.family)));
    }

    #[test]
    fn guarantee_ids_and_labels_round_trip() {
        for g in Guarantee::ALL {
            assert_eq!(Guarantee::from_id(g.id()), Some(g));
            assert_eq!(Guarantee::from_label(g.label()), Some(g));
        }
        assert_eq!(Guarantee::PenhorAgricola.label(), "Penhor agrícola");
        assert_eq!(
            Guarantee::from_label(" cessão fiduciária de recebíveis "),
            Some(Guarantee::CessaoFiduciaria)
        );
        assert_eq!(Guarantee::from_id("hipoteca"), None);
    }
}

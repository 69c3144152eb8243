//! Each offering's issuer, from `seed/emissores.json` (by the offering's slug; a synthetic
//! offering, `<slug>-lote-N`, has its model's issuer). Filled for every offering that has
//! none, at every start: a database seeded before issuers existed gets them too. An issuer
//! whose CNPJ's check digits are wrong stops the start-up: the documents would name a
//! company that cannot exist.

use std::collections::HashMap;
use std::str::FromStr;

use rusqlite::{Transaction, params};
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::domain::validate::{digits_only, is_valid_cnpj};
use crate::sandbox::erro::SandboxError;

const EMISSORES_JSON: &str = include_str!("emissores.json");

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct EmissorSeed {
    pub(super) razao_social: String,
    pub(super) cnpj: String,
    pub(super) sede: SedeSeed,
    pub(super) projeto: String,
    pub(super) uso_recursos: String,
    /// Percent of the amount raised, a decimal string ("3.50").
    pub(super) taxa_plataforma: String,
    /// How the investor declares the security in the IRPF.
    pub(super) tributacao: TributacaoSeed,
}

/// The IRPF program's codes for the security: the 'Bens e Direitos' group and code, and the
/// income's section with its line.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TributacaoSeed {
    pub(super) bens_grupo: String,
    pub(super) bens_codigo: String,
    pub(super) rendimentos: crate::domain::irpf::Rendimentos,
    pub(super) rendimentos_codigo: String,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct SedeSeed {
    pub(super) endereco: String,
    pub(super) cidade: String,
    pub(super) uf: String,
}

/// A checked issuer, ready to store.
#[derive(Debug)]
struct Valido<'a> {
    e: &'a EmissorSeed,
    cnpj: String,
    taxa_centesimos: i64,
}

/// Refuses what no issuer may have: a CNPJ with wrong check digits, an empty razão social,
/// seat or use of the funds, a fee that is not a percent with at most two decimals.
fn validar<'a>(slug: &str, e: &'a EmissorSeed) -> Result<Valido<'a>, SandboxError> {
    let erro = |msg: &str| SandboxError::Seed(format!("emissor de {slug}: {msg}"));
    if !is_valid_cnpj(&e.cnpj) {
        return Err(erro(&format!("CNPJ inválido {:?}", e.cnpj)));
    }
    for (campo, valor) in [
        ("razão social", &e.razao_social),
        ("endereço da sede", &e.sede.endereco),
        ("cidade da sede", &e.sede.cidade),
        ("UF da sede", &e.sede.uf),
        ("projeto", &e.projeto),
        ("uso dos recursos", &e.uso_recursos),
    ] {
        if valor.trim().is_empty() {
            return Err(erro(&format!("{campo} vazio")));
        }
    }
    let taxa = Decimal::from_str(e.taxa_plataforma.trim())
        .ok()
        .and_then(|t| t.checked_mul(Decimal::ONE_HUNDRED))
        .filter(|t| t.fract().is_zero() && *t >= Decimal::ZERO && *t <= Decimal::from(10_000))
        .and_then(|t| i64::try_from(t).ok())
        .ok_or_else(|| {
            erro(&format!(
                "taxa da plataforma inválida {:?}",
                e.taxa_plataforma
            ))
        })?;
    Ok(Valido {
        e,
        cnpj: digits_only(&e.cnpj),
        taxa_centesimos: taxa,
    })
}

pub(super) fn ler() -> Result<HashMap<String, EmissorSeed>, SandboxError> {
    serde_json::from_str(EMISSORES_JSON)
        .map_err(|e| SandboxError::Seed(format!("emissores.json: {e}")))
}

/// The seed's slug an offering's issuer comes from: its own, or its model's for a lote.
fn modelo(slug: &str) -> &str {
    match slug.rfind("-lote-") {
        Some(i) if slug[i + 6..].bytes().all(|b| b.is_ascii_digit()) => &slug[..i],
        _ => slug,
    }
}

/// Stores the issuer of every offering that has none and whose slug (or model's) the seed
/// knows. Runs inside the start-up transaction; answers how many it stored.
pub(in crate::sandbox) fn completar(tx: &Transaction<'_>) -> Result<usize, SandboxError> {
    completar_com(tx, &ler()?)
}

fn completar_com(
    tx: &Transaction<'_>,
    emissores: &HashMap<String, EmissorSeed>,
) -> Result<usize, SandboxError> {
    let sem_emissor: Vec<(i64, String)> = tx
        .prepare(
            "SELECT c.id, c.url_amigavel FROM captacoes c
             WHERE NOT EXISTS (SELECT 1 FROM captacao_emissores e WHERE e.captacao_id = c.id)
             ORDER BY c.id",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut inseridos = 0;
    for (id, slug) in sem_emissor {
        let Some(e) = emissores.get(modelo(&slug)) else {
            continue;
        };
        let v = validar(&slug, e)?;
        tx.prepare_cached(
            "INSERT INTO captacao_emissores (captacao_id, razao_social, cnpj, sede_endereco,
                sede_cidade, sede_uf, projeto, uso_recursos, taxa_plataforma_centesimos,
                irpf_bens_grupo, irpf_bens_codigo, irpf_rendimentos, irpf_rendimentos_codigo)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        )?
        .execute(params![
            id,
            v.e.razao_social,
            v.cnpj,
            v.e.sede.endereco,
            v.e.sede.cidade,
            v.e.sede.uf,
            v.e.projeto,
            v.e.uso_recursos,
            v.taxa_centesimos,
            v.e.tributacao.bens_grupo,
            v.e.tributacao.bens_codigo,
            v.e.tributacao.rendimentos.as_sql(),
            v.e.tributacao.rendimentos_codigo,
        ])?;
        inseridos += 1;
    }
    Ok(inseridos)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn exemplo(cnpj: &str) -> EmissorSeed {
        EmissorSeed {
            razao_social: "Agropecuária Exemplo Ltda.".into(),
            cnpj: cnpj.into(),
            sede: SedeSeed {
                endereco: "Rodovia MT-242, km 30, Zona Rural".into(),
                cidade: "Sorriso".into(),
                uf: "MT".into(),
            },
            projeto: "Fazenda Exemplo".into(),
            uso_recursos: "Custeio da soja.".into(),
            taxa_plataforma: "3.50".into(),
            tributacao: TributacaoSeed {
                bens_grupo: "04".into(),
                bens_codigo: "03".into(),
                rendimentos: crate::domain::irpf::Rendimentos::Isento,
                rendimentos_codigo: "12".into(),
            },
        }
    }

    #[test]
    fn every_seeded_issuer_has_a_valid_cnpj_and_a_company_name() {
        let todos = ler().unwrap();
        assert!(!todos.is_empty());
        let mut cnpjs = std::collections::HashSet::new();
        for (slug, e) in &todos {
            assert!(is_valid_cnpj(&e.cnpj), "{slug}: {}", e.cnpj);
            assert!(cnpjs.insert(digits_only(&e.cnpj)), "{slug}: CNPJ repetido");
            // A company, never a person: the name carries its legal form.
            assert!(
                [" Ltda.", " S.A.", " Eireli", " ME"]
                    .iter()
                    .any(|f| e.razao_social.contains(f)),
                "{slug}: {:?} não é razão social de empresa",
                e.razao_social
            );
            validar(slug, e).unwrap();
        }
    }

    #[test]
    fn every_seeded_offering_has_an_issuer() {
        let ofertas: Vec<serde_json::Value> =
            serde_json::from_str(super::super::OFERTAS_JSON).unwrap();
        let emissores = ler().unwrap();
        for o in ofertas {
            let slug = o["slug"].as_str().unwrap();
            assert!(emissores.contains_key(slug), "{slug} sem emissor");
        }
    }

    #[test]
    fn an_invalid_cnpj_is_refused_with_the_offering_named() {
        for ruim in ["63.520.805/0001-87", "11111111111111", "123", ""] {
            let e = exemplo(ruim);
            let erro = validar("fazenda-x", &e).unwrap_err().to_string();
            assert!(
                erro.contains("fazenda-x") && erro.contains("CNPJ inválido"),
                "{erro}"
            );
        }
        assert!(validar("fazenda-x", &exemplo("63.520.805/0001-86")).is_ok());
    }

    #[test]
    fn an_invalid_cnpj_stops_the_load_and_a_valid_one_is_stored_once() {
        let mut c = crate::sandbox::db::testing::em_memoria();
        let tx = c.transaction().unwrap();
        let ofertas: Vec<super::super::OfertaSeed> =
            serde_json::from_str(super::super::OFERTAS_JSON).unwrap();
        let o = &ofertas[0];
        super::super::ofertas::inserir_oferta(
            &tx,
            o,
            crate::domain::cvm::TargetRatio::TWO_THIRDS,
            crate::domain::captacao::RegrasOferta::CVM_88,
            jiff::Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let ruim = HashMap::from([(o.slug.clone(), exemplo("63.520.805/0001-87"))]);
        let erro = completar_com(&tx, &ruim).unwrap_err().to_string();
        assert!(erro.contains("CNPJ inválido"), "{erro}");
        let bom = HashMap::from([(o.slug.clone(), exemplo("63.520.805/0001-86"))]);
        assert_eq!(completar_com(&tx, &bom).unwrap(), 1);
        // Once stored, the next start adds nothing.
        assert_eq!(completar_com(&tx, &bom).unwrap(), 0);
        let cnpj: String = tx
            .query_row("SELECT cnpj FROM captacao_emissores", [], |r| r.get(0))
            .unwrap();
        assert_eq!(cnpj, "63520805000186");
    }

    #[test]
    fn a_lote_takes_its_models_issuer() {
        assert_eq!(modelo("fazenda-x-lote-3"), "fazenda-x");
        assert_eq!(modelo("fazenda-x"), "fazenda-x");
        assert_eq!(modelo("fazenda-lote-x"), "fazenda-lote-x");
    }
}

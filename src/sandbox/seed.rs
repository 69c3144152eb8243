//! First-start data: the offerings of `seed/offerings.json`, the demo investors with their
//! registration documents and investor profile, and their reservations. Dates are relative to the seeding day
//! in America/Sao_Paulo, so a fresh database always looks current.

pub(super) mod carga;
mod declaracoes;
mod documentos;
mod emissores;
mod extras;
pub(super) mod investimentos;
mod notificacoes;
mod ofertas;
mod perfil;
mod pessoas;
mod produtos;
#[cfg(test)]
mod promessas;
mod reservas;

#[cfg(test)]
pub(super) use documentos::png;
#[cfg(test)]
pub(super) use pessoas::cpf_com_digitos;

use ofertas::inserir_oferta;

use std::str::FromStr;

use jiff::Timestamp;
use rusqlite::{Transaction, params};
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::sandbox::erro::SandboxError;
use crate::sandbox::{SandboxConfig, tempo};

const OFERTAS_JSON: &str = include_str!("seed/offerings.json");

/// Money or a percent as written in the seed file: a decimal string ("1500.00") or,
/// tolerated, a JSON number. Parsed exactly as a decimal, never through f64 arithmetic.
#[derive(Debug, Clone, Copy, Default)]
struct Valor(Decimal);

impl<'de> Deserialize<'de> for Valor {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Cru {
            Texto(String),
            Numero(serde_json::Number),
        }
        let texto = match Cru::deserialize(d)? {
            Cru::Texto(t) => t,
            Cru::Numero(n) => n.to_string(),
        };
        Decimal::from_str(texto.trim())
            .or_else(|_| Decimal::from_scientific(texto.trim()))
            .map(Valor)
            .map_err(|_| serde::de::Error::custom(format!("valor decimal inválido: {texto}")))
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OfertaSeed {
    slug: String,
    nome_captacao: String,
    descricao_produto: String,
    status: String,
    vencimento_meses: i64,
    rendimento_anual: Valor,
    rendimento_descricao: String,
    rating: String,
    descricao_rating: String,
    classificacao_esg: String,
    limite: Valor,
    /// The minimum target (CVM 88): below it at the close the offering fails and refunds.
    valor_alvo_minimo: Valor,
    /// Whether the offering may close between the minimum and the whole target.
    distribuicao_parcial: bool,
    arrecadado: Valor,
    #[serde(default)]
    reservado: Valor,
    inicio_captacao_dias: i64,
    fim_captacao_dias: i64,
    #[serde(default)]
    pre_lancamento: bool,
    #[serde(default)]
    data_pre_lancamento_dias: Option<i64>,
    /// How the close was settled ('Sucesso' | 'Malsucedida'), for an offering that ended.
    #[serde(default)]
    resultado: Option<String>,
    /// The day (relative) the offering was cancelled, for a cancelled one.
    #[serde(default)]
    cancelada_dias: Option<i64>,
    investimento_minimo: Valor,
    descricao_pagamento: String,
    periodicidade_meses: i64,
    #[serde(default)]
    garantias: Vec<String>,
    cidade: String,
    uf: String,
    latitude: Option<f64>,
    longitude: Option<f64>,
    empreendedor: EmpreendedorSeed,
    #[serde(default)]
    sobre: String,
    #[serde(default)]
    faq: Vec<FaqSeed>,
    #[serde(default)]
    galeria: Vec<MidiaSeed>,
    #[serde(default)]
    documentos: Vec<DocumentoSeed>,
    /// For an offering of the track record whose whole story the seed tells (its
    /// background investors' holdings only): what became of it.
    #[serde(default)]
    desfecho: Option<investimentos::Desfecho>,
}

#[derive(Debug, Clone, Deserialize)]
struct EmpreendedorSeed {
    nome: String,
    #[serde(default)]
    descricao: String,
}

#[derive(Debug, Clone, Deserialize)]
struct FaqSeed {
    pergunta: String,
    resposta: String,
}

#[derive(Debug, Clone, Deserialize)]
struct MidiaSeed {
    tipo: String,
    #[serde(default)]
    arquivo: Option<String>,
    #[serde(default)]
    video: Option<String>,
    #[serde(default)]
    descricao: String,
}

#[derive(Debug, Clone, Deserialize)]
struct DocumentoSeed {
    tipo: String,
    nome: String,
}

/// What the reservation planner needs to know about a seeded offering.
#[derive(Debug, Clone)]
pub(super) struct OfertaSemeada {
    pub(super) id: i64,
    pub(super) status: String,
    pub(super) arrecadado: i64,
    pub(super) reservado: i64,
    pub(super) minimo: i64,
    pub(super) limite: i64,
    /// The minimum target: an offering whose period ended with at least this much raised
    /// closes with success.
    pub(super) alvo_minimo: i64,
    pub(super) inicio: Timestamp,
    pub(super) fim: Timestamp,
    pub(super) prazo_meses: i64,
    /// Months between interest payments.
    pub(super) periodicidade_meses: i64,
    /// What became of it, when the seed tells its whole story (then the demo investors
    /// hold none of it).
    pub(super) desfecho: Option<investimentos::Desfecho>,
}

/// Seeds what the database lacks, in the caller's transaction: everything on a new database
/// (no offerings yet), and on one seeded by an earlier version the data added since (the
/// products, the investors' annual-limit declarations).
pub(super) fn completar_banco(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    let vazia = |tabela: &str| -> rusqlite::Result<bool> {
        tx.query_row(&format!("SELECT COUNT(*) = 0 FROM {tabela}"), [], |r| {
            r.get(0)
        })
    };
    if vazia("captacoes")? {
        semear(tx, cfg, agora)?;
        extras::inserir(
            tx,
            cfg.extra_offerings,
            cfg.minimum_target_ratio,
            cfg.offering_rules,
            agora,
        )?;
        carga::inserir(tx, cfg.extra_investors, agora)?;
        // After the synthetic investors, so they get theirs too.
        declaracoes::inserir(tx, agora)?;
        tracing::info!("sandbox: banco criado e semeado");
    }
    if vazia("produtos")? {
        complementar(tx, agora)?;
    }
    if vazia("declaracoes_investidor")? {
        // A database from before the annual-limit declarations.
        declaracoes::inserir(tx, agora)?;
    }
    // Every start: also a database seeded before offerings had an issuer.
    emissores::completar(tx)?;
    Ok(())
}

/// Fills an empty database. Runs inside the caller's transaction: all or nothing.
fn semear(tx: &Transaction<'_>, cfg: &SandboxConfig, agora: Timestamp) -> Result<(), SandboxError> {
    let ofertas: Vec<OfertaSeed> = serde_json::from_str(OFERTAS_JSON)
        .map_err(|e| SandboxError::Seed(format!("offerings.json: {e}")))?;
    let mut semeadas = Vec::with_capacity(ofertas.len());
    for oferta in &ofertas {
        semeadas.push(inserir_oferta(
            tx,
            oferta,
            cfg.minimum_target_ratio,
            cfg.offering_rules,
            agora,
        )?);
    }
    let usuarios = pessoas::inserir(tx, agora)?;
    documentos::inserir(tx, agora)?;
    perfil::inserir(tx, agora)?;
    let (ajustes, casos) = reservas::inserir(tx, cfg, agora, &semeadas, &usuarios)?;
    // The seed's arrecadado is what the offering shows; the part that came from seeded
    // Pago/Aprovado reservations is taken out of the stored base so it is not counted twice.
    for (captacao_id, centavos) in ajustes {
        tx.execute(
            "UPDATE captacoes SET arrecadado_base_centavos = arrecadado_base_centavos - ?1 WHERE id = ?2",
            params![centavos, captacao_id],
        )?;
    }
    let desfechos: Vec<_> = semeadas
        .iter()
        .filter_map(|o| o.desfecho.map(|d| (o.id, d)))
        .collect();
    investimentos::inserir(tx, agora, usuarios.investidor, &casos, &desfechos)?;
    tx.execute(
        "INSERT INTO meta (chave, valor) VALUES ('semeado_em', ?1)",
        params![tempo::rfc3339(agora)],
    )?;
    Ok(())
}

/// The data added with the statement, the notifications and the category products: the
/// product catalogue, the demo investors' notifications and their income report document.
/// Runs after [`semear`] on a new database, and once on a database seeded before these
/// existed (its `produtos` table is empty), so an upgraded sandbox shows them too.
fn complementar(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), SandboxError> {
    produtos::inserir(tx, agora)?;
    notificacoes::inserir(tx, agora)?;
    Ok(())
}

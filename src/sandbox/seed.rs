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

use std::str::FromStr;

use jiff::Timestamp;
use rusqlite::{Transaction, params};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Deserialize;

use crate::domain::captacao::RegrasOferta;
use crate::domain::reference::Guarantee;
use crate::domain::texto::dobrar;
use crate::domain::{cvm, dates};
use crate::sandbox::captacoes::TIPO_INFORMACOES_ESSENCIAIS;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::{SandboxConfig, tempo};

const OFERTAS_JSON: &str = include_str!("seed/offerings.json");

const STATUS_SEED: &[&str] = &[
    "Captação no ar",
    "Finalizado",
    "Rascunho",
    "Captado",
    "Aberto",
];
const TIPOS_MIDIA: &[&str] = &["Principal", "Galeria", "Empreendedor"];

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

fn inserir_oferta(
    tx: &Transaction<'_>,
    o: &OfertaSeed,
    razao_minima: crate::domain::cvm::TargetRatio,
    regras: RegrasOferta,
    agora: Timestamp,
) -> Result<OfertaSemeada, SandboxError> {
    let erro = |msg: &str| SandboxError::Seed(format!("{}: {msg}", o.slug));
    if !STATUS_SEED.contains(&o.status.as_str()) {
        return Err(erro(&format!("status desconhecido {:?}", o.status)));
    }
    for g in &o.garantias {
        if Guarantee::from_id(g).is_none() {
            return Err(erro(&format!("garantia desconhecida {g:?}")));
        }
    }
    let hoje = dates::today_in_sao_paulo(agora);
    let dia =
        |dias: i64| tempo::somar_dias(hoje, dias).ok_or_else(|| erro("data fora do intervalo"));
    let inicio =
        tempo::no_dia(dia(o.inicio_captacao_dias)?, 0, 0, 0).ok_or_else(|| erro("início"))?;
    let fim = tempo::no_dia(dia(o.fim_captacao_dias)?, 23, 59, 59).ok_or_else(|| erro("fim"))?;
    regras
        .validar(
            o.limite.0,
            dia(o.inicio_captacao_dias)?,
            dia(o.fim_captacao_dias)?,
        )
        .map_err(|msg| erro(&msg))?;
    // A told story is one of money that went to the issuer: a closed, successful offering.
    if o.desfecho.is_some()
        && !(matches!(o.status.as_str(), "Finalizado" | "Captado") && o.fim_captacao_dias < 0)
    {
        return Err(erro("desfecho só para captação encerrada com sucesso"));
    }
    let resultado = match o.resultado.as_deref() {
        None => None,
        Some(r @ ("Sucesso" | "Malsucedida")) if o.fim_captacao_dias < 0 => Some(r),
        Some(r) => {
            return Err(erro(&format!(
                "resultado {r:?} antes do fim ou desconhecido"
            )));
        }
    };
    let cancelada = match o.cancelada_dias {
        Some(d) => Some(tempo::ms(
            tempo::no_dia(dia(d)?, 12, 0, 0).ok_or_else(|| erro("cancelamento"))?,
        )),
        None => None,
    };
    let pre = match o.data_pre_lancamento_dias {
        Some(d) => Some(tempo::ms(
            tempo::no_dia(dia(d)?, 0, 0, 0).ok_or_else(|| erro("pré-lançamento"))?,
        )),
        None => None,
    };
    let limite = centavos(o.limite.0).ok_or_else(|| erro("limite"))?;
    let arrecadado = centavos(o.arrecadado.0).ok_or_else(|| erro("arrecadado"))?;
    let reservado = centavos(o.reservado.0).ok_or_else(|| erro("reservado"))?;
    let minimo = centavos(o.investimento_minimo.0).ok_or_else(|| erro("investimento mínimo"))?;
    let rendimento = centavos(o.rendimento_anual.0).ok_or_else(|| erro("rendimento"))?;
    let alvo_minimo = centavos(o.valor_alvo_minimo.0).ok_or_else(|| erro("valor alvo mínimo"))?;
    if limite <= 0 || minimo <= 0 || arrecadado < 0 || reservado < 0 || alvo_minimo < 0 {
        return Err(erro("valores devem ser positivos"));
    }
    // Without partial distribution the minimum target is the whole target, by definition.
    if alvo_minimo > limite || (!o.distribuicao_parcial && alvo_minimo != limite) {
        return Err(erro("valor alvo mínimo incompatível com o limite"));
    }
    if !razao_minima.holds(o.valor_alvo_minimo.0, o.limite.0) {
        return Err(erro(&format!(
            "valor alvo mínimo abaixo de {}",
            razao_minima.describe()
        )));
    }
    tx.prepare_cached(
        "INSERT INTO captacoes (url_amigavel, nome, descricao_produto, status, vencimento_meses,
            rendimento_centesimos, rendimento_descricao, rating, descricao_rating, classificacao_esg,
            limite_centavos, arrecadado_base_centavos, inicio_captacao, fim_captacao, pre_lancamento,
            data_pre_lancamento, investimento_minimo_centavos, descricao_pagamento,
            periodicidade_meses, garantias, cidade, uf, latitude, longitude, empreendedor_nome,
            empreendedor_descricao, sobre, nome_dobrado, descricao_dobrada, cidade_dobrada,
            rating_dobrado, valor_alvo_minimo_centavos, distribuicao_parcial, resultado,
            encerrada_em, cancelada_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
            ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34,
            ?35, ?36)",
    )?
    .execute(params![
            o.slug,
            o.nome_captacao,
            o.descricao_produto,
            o.status,
            o.vencimento_meses,
            rendimento,
            o.rendimento_descricao,
            o.rating,
            o.descricao_rating,
            o.classificacao_esg,
            limite,
            arrecadado,
            tempo::ms(inicio),
            tempo::ms(fim),
            o.pre_lancamento,
            pre,
            minimo,
            o.descricao_pagamento,
            o.periodicidade_meses,
            o.garantias.join(","),
            o.cidade,
            o.uf,
            o.latitude,
            o.longitude,
            o.empreendedor.nome,
            o.empreendedor.descricao,
            o.sobre,
            dobrar(&o.nome_captacao),
            dobrar(&o.descricao_produto),
            dobrar(&o.cidade),
            dobrar(&o.rating),
            alvo_minimo,
            o.distribuicao_parcial,
            resultado,
            resultado.map(|_| tempo::ms(fim)),
            cancelada,
        ])?;
    let id = tx.last_insert_rowid();
    for (ordem, f) in o.faq.iter().enumerate() {
        tx.prepare_cached(
            "INSERT INTO captacao_faq (captacao_id, ordem, pergunta, resposta) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, ordem, f.pergunta, f.resposta])?;
    }
    for (ordem, m) in o.galeria.iter().enumerate() {
        if !TIPOS_MIDIA.contains(&m.tipo.as_str()) || m.arquivo.is_some() == m.video.is_some() {
            return Err(erro(&format!(
                "mídia {ordem}: tipo ou arquivo/vídeo inválido"
            )));
        }
        tx.prepare_cached(
            "INSERT INTO captacao_midias (captacao_id, ordem, tipo, arquivo, video, descricao)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![id, ordem, m.tipo, m.arquivo, m.video, m.descricao])?;
    }
    for (ordem, d) in o.documentos.iter().enumerate() {
        tx.prepare_cached(
            "INSERT INTO captacao_documentos (captacao_id, ordem, tipo, nome) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, ordem, d.tipo, d.nome])?;
    }
    // Every offering has its essential information (CVM 88); the platform writes it from the
    // offering itself, so the seed file does not list it.
    tx.prepare_cached(
        "INSERT INTO captacao_documentos (captacao_id, ordem, tipo, nome) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![
        id,
        o.documentos.len(),
        TIPO_INFORMACOES_ESSENCIAIS,
        cvm::INFORMACOES_ESSENCIAIS
    ])?;
    Ok(OfertaSemeada {
        id,
        // Neither open nor closed with investors: the planner puts no reservation there.
        status: if cancelada.is_some() {
            "Cancelado".to_owned()
        } else {
            o.status.clone()
        },
        arrecadado,
        reservado,
        minimo,
        limite,
        alvo_minimo,
        inicio,
        fim,
        prazo_meses: o.vencimento_meses,
        periodicidade_meses: o.periodicidade_meses,
        desfecho: o.desfecho,
    })
}

/// Exact hundredths as an integer (R$ 1.234,56 → 123456; 17,50 % → 1750); `None` when the
/// value has more than two decimals or does not fit.
fn centavos(valor: Decimal) -> Option<i64> {
    let cem = valor.checked_mul(Decimal::ONE_HUNDRED)?;
    if cem.fract() != Decimal::ZERO {
        return None;
    }
    cem.to_i64()
}

//! The allocation answers (`/v1/reservas/alocacao/resumida` and `/detalhada`) as typed
//! structs, so every amount goes out as an exact JSON number (`domain::money::json`).

use std::collections::BTreeMap;

use jiff::Timestamp;
use rust_decimal::Decimal;
use serde::Serialize;

use super::{Grupo, por_garantia};
use crate::domain::money;
use crate::domain::percentual::percentuais;
use crate::sandbox::reservas::reserva::ReservaJson;

/// A holding's situation as the allocation shows it (computed by the holdings' module).
#[derive(Debug, Clone)]
pub(crate) struct SituacaoDoGrupo {
    pub(crate) situacao: &'static str,
    pub(crate) dias_em_atraso: i32,
    pub(crate) valor_em_atraso: Decimal,
    /// What is still expected of a holding in recovery (zero otherwise).
    pub(crate) em_recuperacao: Decimal,
}

impl SituacaoDoGrupo {
    fn de(situacoes: &BTreeMap<i64, SituacaoDoGrupo>, captacao: i64) -> SituacaoDoGrupo {
        situacoes
            .get(&captacao)
            .cloned()
            .unwrap_or(SituacaoDoGrupo {
                situacao: "EM_CAPTACAO",
                dias_em_atraso: 0,
                valor_em_atraso: Decimal::ZERO,
                em_recuperacao: Decimal::ZERO,
            })
    }
}

fn totais(situacoes: &BTreeMap<i64, SituacaoDoGrupo>) -> (Decimal, Decimal) {
    (
        situacoes.values().map(|s| s.valor_em_atraso).sum(),
        situacoes.values().map(|s| s.em_recuperacao).sum(),
    )
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResumoJson<'a> {
    lista: Vec<ItemJson<'a>>,
    #[serde(with = "money::json")]
    valor_em_atraso: Decimal,
    #[serde(with = "money::json")]
    valor_em_recuperacao: Decimal,
    #[serde(with = "money::json")]
    alocacao_total: Decimal,
    #[serde(with = "money::json")]
    valor_total: Decimal,
    #[serde(with = "money::json")]
    rendimento_total: Decimal,
    #[serde(with = "money::json")]
    rendimento_percentual: Decimal,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ItemJson<'a> {
    id_captacao: i64,
    nome_captacao: &'a str,
    url_amigavel: &'a str,
    #[serde(with = "money::json")]
    alocacao: Decimal,
    #[serde(with = "money::json")]
    percentual_alocacao: Decimal,
    #[serde(with = "money::json")]
    rendimento: Decimal,
    #[serde(with = "money::json")]
    valor: Decimal,
    liquidacao_ativa: bool,
    lista_reservas: Vec<ReservaJson<'a>>,
    situacao: &'static str,
    dias_em_atraso: i32,
    #[serde(with = "money::json")]
    valor_em_atraso: Decimal,
}

/// The summary: each offering with its share, and the totals.
pub(crate) fn resumo<'a>(
    grupos: &'a [Grupo],
    situacoes: &BTreeMap<i64, SituacaoDoGrupo>,
    agora: Timestamp,
) -> ResumoJson<'a> {
    let pct = percentuais(&grupos.iter().map(|g| g.alocacao).collect::<Vec<_>>());
    let alocacao_total: i64 = grupos.iter().map(|g| g.alocacao).sum();
    let rendimento_total: Decimal = grupos.iter().map(|g| g.rendimento).sum();
    let alocacao_total = Decimal::new(alocacao_total, 2);
    let lista = grupos
        .iter()
        .zip(pct)
        .filter_map(|(g, pct)| {
            let r = g.primeira()?;
            let s = SituacaoDoGrupo::de(situacoes, r.captacao_id);
            let alocacao = Decimal::new(g.alocacao, 2);
            Some(ItemJson {
                id_captacao: r.captacao_id,
                nome_captacao: &r.oferta.nome,
                url_amigavel: &r.oferta.url_amigavel,
                alocacao,
                percentual_alocacao: pct,
                rendimento: g.rendimento,
                valor: alocacao + g.rendimento,
                liquidacao_ativa: g.reservas.iter().any(|r| r.tipo_pagamento == 2),
                lista_reservas: g.reservas.iter().map(|r| r.json(agora)).collect(),
                situacao: s.situacao,
                dias_em_atraso: s.dias_em_atraso,
                valor_em_atraso: s.valor_em_atraso,
            })
        })
        .collect();
    let rendimento_percentual = if alocacao_total.is_zero() {
        Decimal::ZERO
    } else {
        (rendimento_total * Decimal::ONE_HUNDRED / alocacao_total).round_dp(2)
    };
    let (valor_em_atraso, valor_em_recuperacao) = totais(situacoes);
    ResumoJson {
        lista,
        valor_em_atraso,
        valor_em_recuperacao,
        alocacao_total,
        valor_total: alocacao_total + rendimento_total,
        rendimento_total,
        rendimento_percentual,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DetalheJson<'a> {
    #[serde(with = "money::json")]
    alocacao_total: Decimal,
    #[serde(with = "money::json")]
    valor_em_atraso: Decimal,
    #[serde(with = "money::json")]
    valor_em_recuperacao: Decimal,
    por_captacao: Vec<PorCaptacaoJson<'a>>,
    por_garantia: Vec<PorGarantiaJson>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PorCaptacaoJson<'a> {
    id_captacao: i64,
    nome_captacao: &'a str,
    url_amigavel: &'a str,
    rating: &'a str,
    classificacao_esg: &'a str,
    #[serde(with = "money::json")]
    rendimento: Decimal,
    prazo: i64,
    garantias: Vec<&'static str>,
    #[serde(with = "money::json")]
    valor: Decimal,
    #[serde(with = "money::json")]
    percentual: Decimal,
    quantidade_reservas: usize,
    situacao: &'static str,
    dias_em_atraso: i32,
    #[serde(with = "money::json")]
    valor_em_atraso: Decimal,
}

#[derive(Debug, Serialize)]
struct PorGarantiaJson {
    garantia: String,
    #[serde(with = "money::json")]
    valor: Decimal,
    #[serde(with = "money::json")]
    percentual: Decimal,
    captacoes: Vec<String>,
}

/// The detail: by offering and by guarantee type, each with its share.
pub(crate) fn detalhe<'a>(
    grupos: &'a [Grupo],
    situacoes: &BTreeMap<i64, SituacaoDoGrupo>,
) -> DetalheJson<'a> {
    let pct = percentuais(&grupos.iter().map(|g| g.alocacao).collect::<Vec<_>>());
    let por_captacao = grupos
        .iter()
        .zip(pct)
        .filter_map(|(g, pct)| {
            let r = g.primeira()?;
            let s = SituacaoDoGrupo::de(situacoes, r.captacao_id);
            Some(PorCaptacaoJson {
                id_captacao: r.captacao_id,
                nome_captacao: &r.oferta.nome,
                url_amigavel: &r.oferta.url_amigavel,
                rating: &r.oferta.rating,
                classificacao_esg: &r.oferta.classificacao_esg,
                rendimento: r.oferta.taxa,
                prazo: r.oferta.prazo,
                garantias: r.oferta.rotulos_garantias(),
                valor: Decimal::new(g.alocacao, 2),
                percentual: pct,
                quantidade_reservas: g.reservas.len(),
                situacao: s.situacao,
                dias_em_atraso: s.dias_em_atraso,
                valor_em_atraso: s.valor_em_atraso,
            })
        })
        .collect();
    let garantias = por_garantia(grupos);
    let pct = percentuais(&garantias.iter().map(|g| g.1).collect::<Vec<_>>());
    let por_garantia = garantias
        .into_iter()
        .zip(pct)
        .map(|((garantia, valor, captacoes), pct)| PorGarantiaJson {
            garantia,
            valor: Decimal::new(valor, 2),
            percentual: pct,
            captacoes,
        })
        .collect();
    let (valor_em_atraso, valor_em_recuperacao) = totais(situacoes);
    DetalheJson {
        valor_em_atraso,
        valor_em_recuperacao,
        alocacao_total: Decimal::new(grupos.iter().map(|g| g.alocacao).sum(), 2),
        por_captacao,
        por_garantia,
    }
}

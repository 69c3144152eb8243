//! The holding's answer (`GET /v1/investimentos/{urlAmigavel}`) as typed structs: every
//! amount an exact JSON number, every day `AAAA-MM-DD`, every state its code.

use jiff::civil::Date;
use rust_decimal::Decimal;
use serde::Serialize;

use super::modelo::{EstadoParcela, TipoEvento, codigo_situacao};
use super::posicao::Posicao;
use crate::domain::money;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InvestimentoJson<'a> {
    id_captacao: i64,
    nome_captacao: &'a str,
    url_amigavel: &'a str,
    situacao: &'static str,
    dias_em_atraso: i32,
    inicio_rendimento: Option<Date>,
    proximo_pagamento: Option<ProximoJson>,
    #[serde(with = "money::json")]
    investido: Decimal,
    #[serde(with = "money::json")]
    recebido: Decimal,
    #[serde(with = "money::json")]
    a_receber: Decimal,
    #[serde(with = "money::json")]
    em_atraso: Decimal,
    #[serde(with = "money::json")]
    baixado: Decimal,
    reservas: Vec<ReservaJson>,
    parcelas: Vec<ParcelaJson>,
    eventos: Vec<EventoJson>,
}

#[derive(Serialize)]
struct ProximoJson {
    data: Date,
    #[serde(with = "money::json")]
    valor: Decimal,
}

#[derive(Serialize)]
struct ReservaJson {
    id: i64,
    #[serde(with = "money::json")]
    valor: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ParcelaJson {
    numero: u32,
    vencimento: Date,
    #[serde(with = "money::json")]
    valor: Decimal,
    #[serde(with = "money::json")]
    pago: Decimal,
    pago_em: Option<Date>,
    estado: EstadoParcela,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventoJson {
    data: Date,
    tipo: TipoEvento,
    titulo: String,
    descricao: String,
    #[serde(with = "money::json::option")]
    valor: Option<Decimal>,
    parcela: Option<u32>,
    dias_de_atraso: Option<i32>,
}

pub(crate) fn investimento(p: &Posicao) -> Option<InvestimentoJson<'_>> {
    let r = p.reservas.first()?;
    Some(InvestimentoJson {
        id_captacao: r.captacao_id,
        nome_captacao: &r.oferta.nome,
        url_amigavel: &r.oferta.url_amigavel,
        situacao: codigo_situacao(p.situacao),
        dias_em_atraso: p.dias_em_atraso,
        inicio_rendimento: p.inicio_rendimento,
        proximo_pagamento: p.proximo.map(|(data, valor)| ProximoJson { data, valor }),
        investido: p.investido,
        recebido: p.recebido,
        a_receber: p.a_receber,
        em_atraso: p.em_atraso,
        baixado: p.baixado,
        reservas: p
            .reservas
            .iter()
            .map(|r| ReservaJson {
                id: r.id,
                valor: r.investimento(),
            })
            .collect(),
        parcelas: p
            .parcelas
            .iter()
            .map(|pp| ParcelaJson {
                numero: pp.numero,
                vencimento: pp.parcela.vencimento,
                valor: pp.parcela.valor,
                pago: pp.parcela.pago,
                pago_em: pp.parcela.pago_em,
                estado: pp.estado,
            })
            .collect(),
        eventos: p
            .eventos()
            .into_iter()
            .map(|e| EventoJson {
                data: e.data,
                tipo: e.tipo,
                titulo: e.titulo,
                descricao: e.descricao,
                valor: e.valor,
                parcela: e.parcela,
                dias_de_atraso: e.dias_de_atraso,
            })
            .collect(),
    })
}

//! A reservation's JSON (CONTRACTS.md "Reservation JSON"), its Pix data and the
//! confirmation answer, as typed structs: money goes out as exact JSON numbers
//! (`domain::money::json`), which a `json!` value cannot hold.

use jiff::Timestamp;
use rust_decimal::Decimal;
use serde::Serialize;

use super::status::{MOTIVO_DESISTENCIA, MOTIVO_OFERTA_MALSUCEDIDA, ReservaStatus};
use super::{Reserva, cor_status, descricao_pagamento, dia_rfc3339, recebedor};
use crate::domain::money;
use crate::sandbox::reservas::fluxo;
use crate::sandbox::tempo;

/// The Pix data of a reservation awaiting payment.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PixJson {
    chave: &'static str,
    data_vencimento: String,
    conta: &'static str,
    agencia: &'static str,
    nome: &'static str,
    cnpj: &'static str,
    instituicao: &'static str,
    txid: String,
    #[serde(with = "money::json")]
    valor: Decimal,
}

/// `PATCH /v1/reservas/{id}/confirmarinvestimento`'s answer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ConfirmacaoJson<'a> {
    id_reserva: i64,
    status: &'a str,
    inicio_rendimento: String,
    #[serde(with = "money::json")]
    investimento: Decimal,
    pix: Option<PixJson>,
    /// Before the offering opens: when the payment will be asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pagamento_a_partir_de: Option<String>,
}

#[derive(Debug, Serialize)]
struct StatusJson<'a> {
    name: &'a str,
    color: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ParcelaJson {
    numero: u32,
    data_pagamento: String,
    #[serde(with = "money::json")]
    valor: Decimal,
    status_pagamento: crate::domain::status::ParcelaStatus,
}

/// The Reservation JSON.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReservaJson<'a> {
    id: i64,
    id_captacao: i64,
    data: String,
    nome_captacao: &'a str,
    url_amigavel: &'a str,
    #[serde(with = "money::json")]
    investimento: Decimal,
    #[serde(with = "money::json")]
    rendimento: Decimal,
    rendimento_descricao: &'a str,
    prazo: i64,
    data_vencimento: Option<String>,
    status: StatusJson<'a>,
    tipo_do_pagamento: i64,
    tipo_do_pagamento_descricao: &'static str,
    inicio_rendimento: String,
    parcelas_anuais: i64,
    termo_aceito: bool,
    fluxo_recebimento_amortizacao: Vec<ParcelaJson>,
    pix: Option<PixJson>,
    /// The first instant the investor can no longer withdraw (null before confirmation).
    desistencia_ate: Option<String>,
    desistencia_permitida: bool,
    /// Why it was cancelled, when the investor's withdrawal or the offering's failure did it.
    motivo_cancelamento: Option<&'static str>,
    /// When the paid amount left the escrow for the issuer.
    data_repasse: Option<String>,
    /// Before the offering opens: when the payment will be asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pagamento_a_partir_de: Option<String>,
}

/// The reason's text for a stored `motivo_cancelamento`.
pub(crate) fn motivo(codigo: Option<&str>) -> Option<&'static str> {
    match codigo? {
        MOTIVO_DESISTENCIA => Some("Desistência do investidor"),
        MOTIVO_OFERTA_MALSUCEDIDA => Some("Captação encerrada sem atingir o valor alvo mínimo"),
        _ => None,
    }
}

impl Reserva {
    /// The Pix data while the payment is awaited, else None (also before the offering
    /// opens: no money is asked for then).
    pub(crate) fn pix(&self, agora: Timestamp) -> Option<PixJson> {
        if *self.estado(agora) != ReservaStatus::AportePendente
            || self.pagamento_a_partir_de(agora).is_some()
        {
            return None;
        }
        Some(PixJson {
            chave: recebedor::CHAVE,
            data_vencimento: tempo::rfc3339(tempo::de_ms(self.pix_vencimento?)),
            conta: recebedor::CONTA,
            agencia: recebedor::AGENCIA,
            nome: recebedor::NOME,
            cnpj: recebedor::CNPJ,
            instituicao: recebedor::INSTITUICAO,
            txid: format!("COLHEITA{}", self.id),
            valor: self.investimento(),
        })
    }

    /// The opening, for a confirmed reservation awaiting its money before the offering
    /// opens: its payment is asked for from then.
    pub(crate) fn pagamento_a_partir_de(&self, agora: Timestamp) -> Option<String> {
        let aguarda = matches!(
            self.estado(agora),
            ReservaStatus::AportePendente | ReservaStatus::EmAnalise
        );
        (aguarda && tempo::ms(agora) < self.oferta.abertura)
            .then(|| tempo::rfc3339(tempo::de_ms(self.oferta.abertura)))
    }

    /// The confirmation answer (also repeated when a confirmation is retried).
    pub(crate) fn confirmacao_json(&self, agora: Timestamp) -> ConfirmacaoJson<'_> {
        ConfirmacaoJson {
            id_reserva: self.id,
            status: self.status(agora),
            inicio_rendimento: tempo::rfc3339(self.inicio_rendimento(agora)),
            investimento: self.investimento(),
            pix: self.pix(agora),
            pagamento_a_partir_de: self.pagamento_a_partir_de(agora),
        }
    }

    pub(crate) fn json(&self, agora: Timestamp) -> ReservaJson<'_> {
        let status = self.status(agora);
        // Each instalment as the issuer paid it: paid, overdue from the day after its due
        // date, still to come, or written off with its credit.
        let fluxo = self
            .parcelas(agora)
            .into_iter()
            .map(|p| ParcelaJson {
                numero: p.numero,
                data_pagamento: dia_rfc3339(p.parcela.vencimento),
                valor: p.parcela.valor,
                status_pagamento: p.status_pagamento(),
            })
            .collect();
        ReservaJson {
            id: self.id,
            id_captacao: self.captacao_id,
            data: tempo::rfc3339(tempo::de_ms(self.criada_em)),
            nome_captacao: &self.oferta.nome,
            url_amigavel: &self.oferta.url_amigavel,
            investimento: self.investimento(),
            rendimento: self.oferta.taxa,
            rendimento_descricao: &self.oferta.rendimento_descricao,
            prazo: self.oferta.prazo,
            // The request's validity: the Pix deadline (kept once paid or lapsed, so the
            // reservation still says until when it was valid); a partner debit has none.
            data_vencimento: self.pix_vencimento.map(|v| tempo::rfc3339(tempo::de_ms(v))),
            status: StatusJson {
                name: status,
                color: cor_status(self.estado(agora)),
            },
            tipo_do_pagamento: self.tipo_pagamento,
            tipo_do_pagamento_descricao: descricao_pagamento(self.tipo_pagamento),
            inicio_rendimento: tempo::rfc3339(self.inicio_rendimento(agora)),
            parcelas_anuais: fluxo::parcelas_anuais(self.oferta.prazo, self.oferta.periodicidade),
            termo_aceito: self.termo_aceito_em.is_some(),
            fluxo_recebimento_amortizacao: fluxo,
            pix: self.pix(agora),
            desistencia_ate: self
                .desistencia_ate
                .map(|v| tempo::rfc3339(tempo::de_ms(v))),
            desistencia_permitida: self.pode_desistir(agora),
            motivo_cancelamento: motivo(self.motivo_cancelamento.as_deref()),
            data_repasse: self.repassada_em.map(|v| tempo::rfc3339(tempo::de_ms(v))),
            pagamento_a_partir_de: self.pagamento_a_partir_de(agora),
        }
    }
}

//! A reservation as loaded with its offering, and its JSON (CONTRACTS.md "Reservation
//! JSON"), shared by the order flow, the wallet and the documents.

use jiff::Timestamp;
use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::domain::dates;
use crate::domain::reference::Guarantee;
use crate::domain::reserva::PARTNER_DEBIT;
use crate::domain::situacao::TipoRecuperacao;
use crate::domain::status::ReservaStatus;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::fluxo::{self, Parcela};
use crate::sandbox::tempo;

mod json;
pub(crate) mod parcelas;

pub(crate) use json::ReservaJson;

/// The states the reservation resource reads and writes (stored through `ToSql`/`FromSql`),
/// and the texts of the other stored codes.
pub(crate) mod status {
    pub(crate) use crate::domain::status::{CadastroStatus, CaptacaoStatus, ReservaStatus};

    /// Why a reservation was cancelled, when a withdrawal or a failed offering did it.
    pub(crate) const MOTIVO_DESISTENCIA: &str = "Desistencia";
    pub(crate) const MOTIVO_OFERTA_MALSUCEDIDA: &str = "OfertaMalsucedida";

    /// How a closed offering ended.
    pub(crate) const RESULTADO_SUCESSO: &str = "Sucesso";
    pub(crate) const RESULTADO_MALSUCEDIDA: &str = "Malsucedida";
}

pub(crate) const NAO_ENCONTRADA: &str = "Reserva não encontrada.";

/// The receiver of every Pix: the segregated account of the platform's affiliate, which
/// holds the money until it may go to the issuer (fictional, with a CNPJ whose check
/// digits are right so that key validators accept it).
pub(crate) mod recebedor {
    pub(crate) const CHAVE: &str = "45723174000110";
    pub(crate) const CNPJ: &str = "45.723.174/0001-10";
    pub(crate) const NOME: &str = crate::sandbox::emissor::AFILIADA;
    pub(crate) const INSTITUICAO: &str = "Banco Cooperativo Sicredi S.A. (748)";
    pub(crate) const AGENCIA: &str = "0001";
    pub(crate) const CONTA: &str = "48213-7";
}

/// The offering fields a reservation needs.
#[derive(Debug, Clone)]
pub(crate) struct OfertaDaReserva {
    pub(crate) nome: String,
    pub(crate) url_amigavel: String,
    pub(crate) taxa: Decimal,
    pub(crate) rendimento_descricao: String,
    pub(crate) prazo: i64,
    pub(crate) periodicidade: i64,
    pub(crate) rating: String,
    pub(crate) classificacao_esg: String,
    /// Guarantee ids of the offering (`Hipoteca`, `CessaoFiduciaria`, …).
    pub(crate) garantias: Vec<String>,
    pub(crate) descricao_pagamento: String,
    pub(crate) cidade: String,
    pub(crate) uf: String,
    /// When the fundraising opens (Unix ms): no money is asked for before.
    pub(crate) abertura: i64,
    /// When the fundraising ends (Unix ms): no money goes to the issuer before.
    pub(crate) fim: i64,
    /// The company that issues the offering's securities; `None` when none is stored.
    pub(crate) emissor: Option<crate::sandbox::emissor::Emissor>,
}

impl OfertaDaReserva {
    /// 'Agropecuária Santa Luzia Ltda. (CNPJ 63.520.805/0001-86)', or a plain 'não
    /// informado': a document never names a person as the issuer.
    pub(crate) fn emissor_identificado(&self) -> String {
        self.emissor
            .as_ref()
            .map_or_else(|| "não informado".to_owned(), |e| e.identificacao())
    }

    pub(crate) fn rotulos_garantias(&self) -> Vec<&'static str> {
        self.garantias
            .iter()
            .filter_map(|g| Guarantee::from_id(g).map(Guarantee::label))
            .collect()
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Reserva {
    pub(crate) id: i64,
    pub(crate) captacao_id: i64,
    /// As stored; see [`Reserva::status`] for the one shown.
    pub(crate) status_gravado: ReservaStatus,
    pub(crate) tipo_pagamento: i64,
    pub(crate) centavos: i64,
    pub(crate) termo_opcao: Option<String>,
    pub(crate) termo_aceito_em: Option<i64>,
    pub(crate) confirmada_em: Option<i64>,
    pub(crate) pix_vencimento: Option<i64>,
    pub(crate) paga_em: Option<i64>,
    /// The day the yield started, stored when the money went to the issuer (`repassada_em`);
    /// see [`Reserva::inicio_rendimento`].
    pub(crate) inicio_rendimento: Option<i64>,
    pub(crate) criada_em: i64,
    /// 'Desistencia' or 'OfertaMalsucedida' when one of them cancelled it.
    pub(crate) motivo_cancelamento: Option<String>,
    pub(crate) desistencia_ate: Option<i64>,
    pub(crate) repassada_em: Option<i64>,
    /// The investor who holds it.
    pub(crate) usuario_id: i64,
    /// What the issuer paid of each instalment, as recorded.
    pub(crate) pagamentos: Vec<parcelas::PagamentoGravado>,
    /// From this day on the offering's issuer pays only what is recorded.
    pub(crate) suspensos_desde: Option<Date>,
    /// The recovery steps the investor's holding in this offering went through (any of
    /// its reservations'), by day: they decide whether an unpaid instalment is still
    /// expected ([`Reserva::parcelas`]).
    pub(crate) recuperacoes: Vec<(Date, TipoRecuperacao)>,
    pub(crate) oferta: OfertaDaReserva,
}

pub(crate) fn nao_encontrada() -> ApiError {
    ApiError::new(axum::http::StatusCode::NOT_FOUND, NAO_ENCONTRADA)
}

/// Badge colours (white text on them passes AA).
pub(crate) fn cor_status(status: &ReservaStatus) -> &'static str {
    match status {
        ReservaStatus::Aberto => "#1f5fbf",
        ReservaStatus::AportePendente => "#8a5a00",
        ReservaStatus::EmAnalise => "#5b3fa0",
        ReservaStatus::Aprovado => "#1b7f3b",
        ReservaStatus::Pago => "#0f5132",
        ReservaStatus::Rejeitado => "#b02a37",
        _ => "#5c636a",
    }
}

pub(crate) fn descricao_pagamento(tipo: i64) -> &'static str {
    if tipo == PARTNER_DEBIT {
        "Débito em conta na corretora parceira"
    } else {
        "Pix"
    }
}

/// Midnight (São Paulo) of the day after `ts`: earnings start the day after the money
/// goes to the issuer.
pub(crate) fn dia_seguinte(ts: Timestamp) -> Timestamp {
    tempo::somar_dias(dates::today_in_sao_paulo(ts), 1)
        .and_then(|d| tempo::no_dia(d, 0, 0, 0))
        .unwrap_or(ts)
}

impl Reserva {
    /// The status shown: an Aporte pendente past its Pix deadline is already Cancelado,
    /// whether or not the sweep has run.
    pub(crate) fn estado(&self, agora: Timestamp) -> &ReservaStatus {
        if self.status_gravado == ReservaStatus::AportePendente
            && self.pix_vencimento.is_none_or(|v| v <= tempo::ms(agora))
        {
            return &ReservaStatus::Cancelado;
        }
        &self.status_gravado
    }

    /// The state shown, as the platform spells it.
    pub(crate) fn status(&self, agora: Timestamp) -> &str {
        self.estado(agora).label()
    }

    /// Whether the investor may still withdraw: a confirmed reservation (awaiting payment
    /// or analysis, or paid) inside its withdrawal period, whose money has not left the
    /// escrow for the issuer.
    pub(crate) fn pode_desistir(&self, agora: Timestamp) -> bool {
        self.confirmada(agora)
            && self.repassada_em.is_none()
            && self
                .desistencia_ate
                .is_some_and(|ate| tempo::ms(agora) < ate)
    }

    /// Confirmed and standing: awaiting payment or analysis, or paid.
    pub(crate) fn confirmada(&self, agora: Timestamp) -> bool {
        matches!(
            self.estado(agora),
            ReservaStatus::AportePendente
                | ReservaStatus::EmAnalise
                | ReservaStatus::Aprovado
                | ReservaStatus::Pago
        )
    }

    /// Standing, confirmed or not: neither cancelled nor rejected.
    pub(crate) fn viva(&self, agora: Timestamp) -> bool {
        *self.estado(agora) == ReservaStatus::Aberto || self.confirmada(agora)
    }

    /// The money is in (Pago) or guaranteed (Aprovado).
    pub(crate) fn investida(&self, agora: Timestamp) -> bool {
        matches!(
            self.estado(agora),
            ReservaStatus::Pago | ReservaStatus::Aprovado
        )
    }

    pub(crate) fn investimento(&self) -> Decimal {
        Decimal::new(self.centavos, 2)
    }

    /// When the yield starts. The money earns only once it went to the issuer: then the
    /// start stored at the transfer (the day after it). Until then an estimate: the day after
    /// the later of the offering's end and this reservation's withdrawal deadline, the
    /// earliest the transfer can happen; never before tomorrow, so that nothing accrues on
    /// money still held, however late the transfer comes.
    pub(crate) fn inicio_rendimento(&self, agora: Timestamp) -> Timestamp {
        if let Some(repasse) = self.repassada_em {
            return self
                .inicio_rendimento
                .map_or_else(|| dia_seguinte(tempo::de_ms(repasse)), tempo::de_ms);
        }
        let ultimo_dia_retido = self
            .desistencia_ate
            .map_or(self.oferta.fim, |ate| ate.max(self.oferta.fim))
            .max(tempo::ms(agora));
        dia_seguinte(tempo::de_ms(ultimo_dia_retido))
    }

    pub(crate) fn inicio_dia(&self, agora: Timestamp) -> Date {
        dates::today_in_sao_paulo(self.inicio_rendimento(agora))
    }

    pub(crate) fn vencimento(&self, agora: Timestamp) -> Date {
        fluxo::vencimento(self.inicio_dia(agora), self.oferta.prazo)
    }

    /// Installments, only once the money is in (Pago) or guaranteed (Aprovado).
    pub(crate) fn fluxo(&self, agora: Timestamp) -> Vec<Parcela> {
        if !self.investida(agora) {
            return Vec::new();
        }
        fluxo::fluxo(
            self.investimento(),
            self.oferta.taxa,
            self.oferta.prazo,
            self.oferta.periodicidade,
            self.inicio_dia(agora),
        )
    }
}

/// A calendar day as the contract's instant: midnight in São Paulo.
pub(crate) fn dia_rfc3339(d: Date) -> String {
    tempo::no_dia(d, 0, 0, 0)
        .map(tempo::rfc3339)
        .unwrap_or_else(|| format!("{d}T00:00:00-03:00"))
}

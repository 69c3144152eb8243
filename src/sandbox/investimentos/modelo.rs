//! The states of a holding as the platform spells them (SCREAMING_SNAKE on the wire and in
//! SQL): its situation, its instalments, its events and the issuer's updates.

use serde::Serialize;

use crate::domain::situacao::Situacao;

/// The situation's code (`domain::situacao::Situacao` without the days).
pub(crate) fn codigo_situacao(s: Situacao) -> &'static str {
    match s {
        Situacao::EmCaptacao => "EM_CAPTACAO",
        Situacao::EmDia => "EM_DIA",
        Situacao::Atrasado { .. } => "ATRASADO",
        Situacao::EmRecuperacao => "EM_RECUPERACAO",
        Situacao::Inadimplente => "INADIMPLENTE",
        Situacao::Liquidado => "LIQUIDADO",
    }
}

pub(crate) use crate::domain::situacao::{EstadoParcela, TipoRecuperacao};

/// An event of a holding's timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum TipoEvento {
    Reserva,
    Confirmacao,
    InicioRendimento,
    ParcelaPaga,
    ParcelaEmAtraso,
    NotificacaoEmissora,
    RenegociacaoProposta,
    RenegociacaoAcordada,
    GarantiaExecutada,
    ValorRecuperado,
    Baixa,
}

impl From<TipoRecuperacao> for TipoEvento {
    fn from(t: TipoRecuperacao) -> Self {
        match t {
            TipoRecuperacao::NotificacaoEmissora => TipoEvento::NotificacaoEmissora,
            TipoRecuperacao::RenegociacaoProposta => TipoEvento::RenegociacaoProposta,
            TipoRecuperacao::RenegociacaoAcordada => TipoEvento::RenegociacaoAcordada,
            TipoRecuperacao::GarantiaExecutada => TipoEvento::GarantiaExecutada,
            TipoRecuperacao::ValorRecuperado => TipoEvento::ValorRecuperado,
            TipoRecuperacao::Baixa => TipoEvento::Baixa,
        }
    }
}

/// The kind of an issuer's update: periodic reports carry a PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum TipoAtualizacao {
    Trimestral,
    Anual,
    Comunicado,
}

impl TipoAtualizacao {
    pub(crate) fn codigo(self) -> &'static str {
        match self {
            TipoAtualizacao::Trimestral => "TRIMESTRAL",
            TipoAtualizacao::Anual => "ANUAL",
            TipoAtualizacao::Comunicado => "COMUNICADO",
        }
    }

    pub(crate) fn de_codigo(texto: &str) -> Option<TipoAtualizacao> {
        [
            TipoAtualizacao::Trimestral,
            TipoAtualizacao::Anual,
            TipoAtualizacao::Comunicado,
        ]
        .into_iter()
        .find(|t| t.codigo() == texto)
    }
}

//! Serde models of an investor's holding after the money goes in: its situation (as the
//! wallet and the holding's page read it), its instalments and story, and the issuer's
//! updates.

use jiff::civil::Date;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::money;
use crate::domain::situacao::Situacao;

/// The situation as the platform names it on the wire; with the days late it is one
/// [`Situacao`] (see [`situacao`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoSituacao {
    EmCaptacao,
    EmDia,
    Atrasado,
    EmRecuperacao,
    Inadimplente,
    Liquidado,
}

/// The situation the platform stated, with how late when it is late (at least one day:
/// the platform only says late from the day after a due date).
pub fn situacao(estado: EstadoSituacao, dias_em_atraso: i32) -> Situacao {
    match estado {
        EstadoSituacao::EmCaptacao => Situacao::EmCaptacao,
        EstadoSituacao::EmDia => Situacao::EmDia,
        EstadoSituacao::Atrasado => Situacao::Atrasado {
            dias: dias_em_atraso.max(1),
        },
        EstadoSituacao::EmRecuperacao => Situacao::EmRecuperacao,
        EstadoSituacao::Inadimplente => Situacao::Inadimplente,
        EstadoSituacao::Liquidado => Situacao::Liquidado,
    }
}

/// The next instalment the investor should receive.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProximoPagamento {
    pub data: Option<Date>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
}

/// One reservation making up the holding.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReservaInvestida {
    pub id: i64,
    #[serde(with = "money::json")]
    pub valor: Decimal,
}

/// Where an instalment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoParcela {
    Paga,
    PagaComAtraso,
    EmAtraso,
    AVencer,
    /// Unpaid and due before an agreed renegotiation: paid as the agreement says.
    Renegociada,
    /// Unpaid when the credit was written off: no longer expected.
    Baixada,
    /// A state this app does not know yet.
    #[serde(other)]
    Outro,
}

/// One instalment of the holding: due on `vencimento`, and what was paid of it.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ParcelaInvestida {
    pub numero: i64,
    pub vencimento: Option<Date>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    #[serde(with = "money::json")]
    pub pago: Decimal,
    pub pago_em: Option<Date>,
    pub estado: Option<EstadoParcela>,
}

/// What a step of the holding's story is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoEvento {
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
    /// A step this app does not know yet: still shown, with the platform's words.
    #[serde(other)]
    Outro,
}

/// One dated step of the holding's story, in the platform's plain words.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Evento {
    pub data: Option<Date>,
    pub tipo: Option<TipoEvento>,
    pub titulo: String,
    pub descricao: String,
    #[serde(with = "money::json::option")]
    pub valor: Option<Decimal>,
    pub parcela: Option<i64>,
    pub dias_de_atraso: Option<i32>,
}

/// `GET /v1/investimentos/{urlAmigavel}`: the investor's position in one offering.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Investimento {
    pub id_captacao: i64,
    pub nome_captacao: String,
    pub url_amigavel: String,
    pub situacao: EstadoSituacao,
    #[serde(default)]
    pub dias_em_atraso: i32,
    #[serde(default)]
    pub inicio_rendimento: Option<Date>,
    #[serde(default)]
    pub proximo_pagamento: Option<ProximoPagamento>,
    #[serde(with = "money::json")]
    pub investido: Decimal,
    #[serde(with = "money::json")]
    pub recebido: Decimal,
    #[serde(with = "money::json")]
    pub a_receber: Decimal,
    #[serde(with = "money::json")]
    pub em_atraso: Decimal,
    #[serde(default, with = "money::json")]
    pub baixado: Decimal,
    #[serde(default)]
    pub reservas: Vec<ReservaInvestida>,
    #[serde(default)]
    pub parcelas: Vec<ParcelaInvestida>,
    /// Newest first, as the platform orders them.
    #[serde(default)]
    pub eventos: Vec<Evento>,
}

impl Investimento {
    pub fn situacao(&self) -> Situacao {
        situacao(self.situacao, self.dias_em_atraso)
    }
}

/// The kind of an issuer's update: the periodic reports carry a PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoAtualizacao {
    Trimestral,
    Anual,
    Comunicado,
    /// A kind this app does not know yet.
    #[serde(other)]
    Outro,
}

/// The report file of an update.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Relatorio {
    pub nome: String,
    pub tamanho_bytes: u64,
}

/// One update the issuer published about its offering.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Atualizacao {
    pub id: i64,
    pub data: Option<Date>,
    pub tipo: Option<TipoAtualizacao>,
    pub titulo: String,
    pub texto: String,
    pub relatorio: Option<Relatorio>,
}

/// `GET /v1/captacoes/{id}/atualizacoes`: newest first.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Atualizacoes {
    pub atualizacoes: Vec<Atualizacao>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOLDING: &str = r#"{"idCaptacao":12,"nomeCaptacao":"CPR Soja","urlAmigavel":"cpr-soja",
        "situacao":"ATRASADO","diasEmAtraso":12,"inicioRendimento":"2026-03-01",
        "proximoPagamento":{"data":"2026-12-10","valor":123.45},
        "investido":5000.00,"recebido":812.30,"aReceber":4500.00,"emAtraso":61.20,"baixado":0.00,
        "reservas":[{"id":31,"valor":5000.00}],
        "parcelas":[{"numero":1,"vencimento":"2026-04-01","valor":61.20,"pago":61.20,
            "pagoEm":"2026-04-03","estado":"PAGA_COM_ATRASO"},
            {"numero":2,"vencimento":"2026-05-01","valor":61.20,"pago":0,"pagoEm":null,
            "estado":"ESTADO_NOVO"},
            {"numero":3,"vencimento":"2026-06-01","valor":61.20,"pago":0,"pagoEm":null,
            "estado":"BAIXADA"}],
        "eventos":[{"data":"2026-04-03","tipo":"PARCELA_PAGA","titulo":"Parcela 1 paga",
            "descricao":"Recebido.","valor":61.20,"parcela":1,"diasDeAtraso":2},
            {"data":"2026-03-01","tipo":"PASSO_NOVO","titulo":"Algo novo","descricao":"x",
            "valor":null,"parcela":null,"diasDeAtraso":null}],
        "campoNovo":true}"#;

    #[test]
    fn a_holding_reads_exact_money_dates_and_states() {
        let h: Investimento = serde_json::from_str(HOLDING).unwrap();
        assert_eq!(h.situacao(), Situacao::Atrasado { dias: 12 });
        assert_eq!(h.recebido, Decimal::new(81230, 2));
        assert_eq!(h.em_atraso, Decimal::new(6120, 2));
        let next = h.proximo_pagamento.unwrap();
        assert_eq!(next.data, Some(jiff::civil::date(2026, 12, 10)));
        assert_eq!(next.valor, Decimal::new(12345, 2));
        assert_eq!(h.parcelas[0].estado, Some(EstadoParcela::PagaComAtraso));
        assert_eq!(h.parcelas[1].estado, Some(EstadoParcela::Outro));
        assert_eq!(h.parcelas[2].estado, Some(EstadoParcela::Baixada));
        assert_eq!(h.eventos[0].tipo, Some(TipoEvento::ParcelaPaga));
        assert_eq!(h.eventos[0].valor, Some(Decimal::new(6120, 2)));
        assert_eq!(h.eventos[1].tipo, Some(TipoEvento::Outro));
        assert_eq!(h.eventos[1].valor, None);
    }

    #[test]
    fn every_wire_state_is_one_situation() {
        let read = |s: &str, d: i32| {
            let e: EstadoSituacao = serde_json::from_str(&format!("\"{s}\"")).unwrap();
            situacao(e, d)
        };
        assert_eq!(read("EM_CAPTACAO", 0), Situacao::EmCaptacao);
        assert_eq!(read("EM_DIA", 0), Situacao::EmDia);
        assert_eq!(read("ATRASADO", 3), Situacao::Atrasado { dias: 3 });
        // Late says at least one day, whatever the count sent.
        assert_eq!(read("ATRASADO", 0), Situacao::Atrasado { dias: 1 });
        assert_eq!(read("EM_RECUPERACAO", 0), Situacao::EmRecuperacao);
        assert_eq!(read("INADIMPLENTE", 120), Situacao::Inadimplente);
        assert_eq!(read("LIQUIDADO", 0), Situacao::Liquidado);
        assert!(serde_json::from_str::<EstadoSituacao>("\"Atrasado\"").is_err());
    }

    #[test]
    fn updates_read_with_and_without_a_report() {
        let body = r#"{"atualizacoes":[{"id":7,"data":"2026-10-15","tipo":"TRIMESTRAL",
            "titulo":"Relatório do 3º trimestre de 2026","texto":"Safra colhida.",
            "relatorio":{"nome":"relatorio-3t-2026.pdf","tamanhoBytes":12345}},
            {"id":6,"data":"2026-09-01","tipo":"COMUNICADO","titulo":"Aviso","texto":"t",
            "relatorio":null}]}"#;
        let a: Atualizacoes = serde_json::from_str(body).unwrap();
        assert_eq!(a.atualizacoes.len(), 2);
        assert_eq!(a.atualizacoes[0].tipo, Some(TipoAtualizacao::Trimestral));
        assert_eq!(
            a.atualizacoes[0]
                .relatorio
                .as_ref()
                .map(|r| r.tamanho_bytes),
            Some(12345)
        );
        assert!(a.atualizacoes[1].relatorio.is_none());
    }
}

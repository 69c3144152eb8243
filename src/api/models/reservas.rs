//! Serde models of the platform's reservations: the order's term and confirmation, a
//! reservation with its Pix data, and the wallet's allocation.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::Parcela;
use super::investimento::{EstadoSituacao, situacao};
use crate::domain::money;
use crate::domain::situacao::Situacao;
use crate::domain::status::ReservaStatus;

/// Status object of a reservation (name + badge colour).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct StatusColor {
    pub name: ReservaStatus,
    pub color: Option<String>,
}

/// Receiver's Pix data, as a reservation or an order confirmation carries it.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PixInfo {
    pub chave: String,
    pub data_vencimento: Option<String>,
    pub conta: Option<String>,
    pub agencia: Option<String>,
    pub nome: Option<String>,
    pub cnpj: Option<String>,
    pub instituicao: Option<String>,
    pub txid: Option<String>,
    #[serde(with = "money::json::option")]
    pub valor: Option<Decimal>,
}

/// One option of a term.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct TermoOpcao {
    pub descricao: String,
    #[serde(deserialize_with = "string_or_number")]
    pub opcao: String,
}

/// Accepts `"1"` or `1` (the platform is not consistent about option ids).
fn string_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(match v {
        serde_json::Value::String(s) => s,
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    })
}

/// The order's term with the order's ids, as created or re-read.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReservaTermo {
    pub id: Option<i64>,
    pub id_reserva: Option<i64>,
    pub id_captacao: Option<i64>,
    #[serde(with = "money::json")]
    pub investimento: Decimal,
    pub tipo_pagamento: Option<i64>,
    pub status: Option<ReservaStatus>,
    pub titulo: String,
    pub descricao: Option<String>,
    pub conteudo: String,
    pub termos: Vec<TermoOpcao>,
    pub opcao_aceita: Option<String>,
    pub inicio_rendimento: Option<String>,
    /// The Termo de Ciência de Risco accepted with the term; a platform without it has none.
    pub ciencia_risco: Option<CienciaRisco>,
}

/// The Termo de Ciência de Risco of an order, in the version in force.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CienciaRisco {
    pub titulo: String,
    pub versao: String,
    /// Paragraphs separated by a blank line.
    pub conteudo: String,
    pub aceito_em: Option<String>,
}

impl ReservaTermo {
    /// The reservation id: `idReserva`, else `id`.
    pub fn reserva_id(&self) -> Option<i64> {
        self.id_reserva.or(self.id)
    }
}

/// Confirmacao answer: Pix data (or none for partner debit) and the yield start.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Confirmacao {
    pub id_reserva: Option<i64>,
    pub status: Option<ReservaStatus>,
    pub inicio_rendimento: Option<String>,
    #[serde(with = "money::json::option")]
    pub investimento: Option<Decimal>,
    pub pix: Option<PixInfo>,
}

/// Reservation. `P` is how its schedule is read: whole ([`Parcela`]) or skipped
/// ([`Skipped`], lists that show no schedule).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(
    rename_all = "camelCase",
    default,
    bound(deserialize = "P: Deserialize<'de> + Default")
)]
pub struct Reserva<P = Parcela> {
    pub id: i64,
    pub id_captacao: Option<i64>,
    pub data: Option<String>,
    pub nome_captacao: String,
    pub url_amigavel: Option<String>,
    #[serde(with = "money::json")]
    pub investimento: Decimal,
    /// Net yield: the annual rate in percent.
    #[serde(with = "money::json::option")]
    pub rendimento: Option<Decimal>,
    pub prazo: Option<i64>,
    /// The request's validity (the Pix deadline); none for a partner debit.
    pub data_vencimento: Option<String>,
    pub status: StatusColor,
    pub tipo_do_pagamento: Option<i64>,
    pub tipo_do_pagamento_descricao: Option<String>,
    pub inicio_rendimento: Option<String>,
    pub parcelas_anuais: Option<i64>,
    /// Whether the terms were accepted; a platform that does not say leaves it to the
    /// confirmation to refuse.
    pub termo_aceito: Option<bool>,
    pub fluxo_recebimento_amortizacao: Vec<P>,
    pub pix: Option<PixInfo>,
    /// The first instant the investor can no longer withdraw.
    pub desistencia_ate: Option<String>,
    /// Whether the withdrawal is open now (the platform decides; absent → no).
    pub desistencia_permitida: Option<bool>,
    /// Why it was cancelled (the investor's withdrawal, the offering's failure).
    pub motivo_cancelamento: Option<String>,
    /// Recorded before its offering opened: the payment is asked for from this instant.
    pub pagamento_a_partir_de: Option<String>,
}

/// A pending reservation as the home's table shows it: the request's date, the offering,
/// the amount, the yield and term, the validity and the status. serde walks past the rest
/// (the Pix data, the schedule, the withdrawal terms) without allocating; a reservation's
/// own page reads the whole [`Reserva`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReservaPendente {
    pub id: i64,
    pub data: Option<String>,
    pub nome_captacao: String,
    #[serde(with = "money::json")]
    pub investimento: Decimal,
    /// Net yield: the annual rate in percent.
    #[serde(with = "money::json::option")]
    pub rendimento: Option<Decimal>,
    pub prazo: Option<i64>,
    /// The request's validity (the Pix deadline); none for a partner debit.
    pub data_vencimento: Option<String>,
    pub status: StatusColor,
}

/// One offering of the allocation summary. `R` is how its reservations are read: whole
/// ([`Reserva`], the wallet and the agenda) or skipped ([`Skipped`], the home, which
/// shows the offerings' totals only: serde then walks past them without allocating).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(
    rename_all = "camelCase",
    default,
    bound(deserialize = "R: Deserialize<'de> + Default")
)]
pub struct AlocacaoItem<R = Reserva> {
    pub id_captacao: Option<i64>,
    pub nome_captacao: String,
    pub url_amigavel: Option<String>,
    #[serde(with = "money::json")]
    pub alocacao: Decimal,
    #[serde(with = "money::json")]
    pub percentual_alocacao: Decimal,
    #[serde(with = "money::json")]
    pub rendimento: Decimal,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    pub liquidacao_ativa: bool,
    pub lista_reservas: Vec<R>,
    /// Whether the issuer is paying this holding as agreed; absent from a platform that
    /// does not say (no badge then).
    pub situacao: Option<EstadoSituacao>,
    pub dias_em_atraso: i32,
    #[serde(with = "money::json")]
    pub valor_em_atraso: Decimal,
}

impl<R> AlocacaoItem<R> {
    /// The holding's situation, when the platform stated one.
    pub fn situacao(&self) -> Option<Situacao> {
        self.situacao.map(|e| situacao(e, self.dias_em_atraso))
    }
}

/// A part of an answer a page does not show: parsed past, never kept (a list of them keeps
/// only its length, without allocating).
pub type Skipped = serde::de::IgnoredAny;

/// `GET /v1/reservas/alocacao/resumida`: the offerings and the totals (value, yield and its
/// percent); what was invested is the sum of the items' `alocacao`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(
    rename_all = "camelCase",
    default,
    bound(deserialize = "R: Deserialize<'de> + Default")
)]
pub struct AlocacaoResumida<R = Reserva> {
    pub lista: Vec<AlocacaoItem<R>>,
    #[serde(with = "money::json")]
    pub valor_total: Decimal,
    #[serde(with = "money::json")]
    pub rendimento_total: Decimal,
    #[serde(with = "money::json")]
    pub rendimento_percentual: Decimal,
    /// What fell due and was not paid, over every holding.
    #[serde(with = "money::json")]
    pub valor_em_atraso: Decimal,
    /// What is still to be received from holdings in recovery.
    #[serde(with = "money::json")]
    pub valor_em_recuperacao: Decimal,
}

impl<R> AlocacaoResumida<R> {
    /// What was invested: the sum of the offerings' `alocacao` (saturating: a hostile
    /// platform number must not panic the page).
    pub fn invested(&self) -> Decimal {
        self.lista
            .iter()
            .fold(Decimal::ZERO, |sum, i| sum.saturating_add(i.alocacao))
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AlocacaoPorCaptacao {
    pub id_captacao: Option<i64>,
    pub nome_captacao: String,
    pub url_amigavel: Option<String>,
    pub rating: Option<String>,
    pub classificacao_esg: Option<String>,
    #[serde(with = "money::json::option")]
    pub rendimento: Option<Decimal>,
    pub prazo: Option<i64>,
    pub garantias: Vec<String>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    #[serde(with = "money::json")]
    pub percentual: Decimal,
    pub quantidade_reservas: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AlocacaoPorGarantia {
    pub garantia: String,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    #[serde(with = "money::json")]
    pub percentual: Decimal,
    pub captacoes: Vec<String>,
}

/// `GET /v1/reservas/alocacao/detalhada`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AlocacaoDetalhada {
    #[serde(with = "money::json")]
    pub alocacao_total: Decimal,
    pub por_captacao: Vec<AlocacaoPorCaptacao>,
    pub por_garantia: Vec<AlocacaoPorGarantia>,
}

/// A reservation document: id and titulo.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct ReservaDocumento {
    pub id: i64,
    pub titulo: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invested_sum_saturates_on_hostile_numbers() {
        let item = AlocacaoItem::<Reserva> {
            alocacao: Decimal::MAX,
            ..Default::default()
        };
        let s = AlocacaoResumida {
            lista: vec![item.clone(), item],
            ..Default::default()
        };
        assert_eq!(s.invested(), Decimal::MAX);
    }

    /// The home reads the summary without its reservations: the same offerings and totals,
    /// whatever the reservations hold.
    #[test]
    fn the_totals_read_skips_the_reservations_and_keeps_everything_else() {
        let body = r#"{"lista":[{"idCaptacao":7,"nomeCaptacao":"CPR Soja","alocacao":1000.50,
            "percentualAlocacao":100,"rendimento":12.5,"valor":1100,"liquidacaoAtiva":true,
            "listaReservas":[{"id":1,"nomeCaptacao":"CPR Soja","investimento":1000.50,
            "fluxoRecebimentoAmortizacao":[{"parcela":1,"valor":"x","nested":[1,{"a":null}]}]},
            {"unexpected":"shape"}]}],
            "valorTotal":1100,"rendimentoTotal":99.5,"rendimentoPercentual":9.95}"#;
        let slim: AlocacaoResumida<Skipped> = serde_json::from_str(body).unwrap();
        assert_eq!(slim.lista.len(), 1);
        assert_eq!(slim.lista[0].nome_captacao, "CPR Soja");
        assert_eq!(slim.lista[0].alocacao, Decimal::new(100050, 2));
        assert_eq!(slim.lista[0].lista_reservas.len(), 2);
        assert!(slim.lista[0].liquidacao_ativa);
        assert_eq!(slim.valor_total, Decimal::new(1100, 0));
        assert_eq!(slim.rendimento_percentual, Decimal::new(995, 2));
        assert_eq!(slim.invested(), Decimal::new(100050, 2));
        // The whole read refuses what the slim one never looks at.
        assert!(serde_json::from_str::<AlocacaoResumida>(body).is_err());
    }

    /// Lists that show no schedule read a reservation without it.
    #[test]
    fn a_reservation_read_without_its_schedule_keeps_the_rest() {
        let body = r#"[{"id":3,"nomeCaptacao":"CPR Milho","investimento":"2500.00",
            "status":{"nome":"Pago","cor":"green"},
            "fluxoRecebimentoAmortizacao":[{"valor":{"not":"a number"}}]}]"#;
        let slim: Vec<Reserva<Skipped>> = serde_json::from_str(body).unwrap();
        assert_eq!(slim[0].id, 3);
        assert_eq!(slim[0].investimento, Decimal::new(250000, 2));
        assert_eq!(slim[0].fluxo_recebimento_amortizacao.len(), 1);
        assert!(serde_json::from_str::<Vec<Reserva>>(body).is_err());
    }

    /// The home's pending list reads what its table shows and walks past the rest, however
    /// it is shaped.
    #[test]
    fn a_pending_reservation_reads_what_the_home_shows() {
        let body = r##"[{"id":1,"idCaptacao":1,"data":"2026-11-24T20:09:07-03:00",
            "nomeCaptacao":"Fazenda Santa Luzia","urlAmigavel":"santa-luzia","investimento":5000.0,
            "rendimento":17.5,"prazo":12,"dataVencimento":"2026-11-25T20:09:07-03:00",
            "status":{"name":"Aporte pendente","color":"#8a5a00"},"tipoDoPagamento":1,
            "pix":{"chave":"45723174000110","valor":{"not":"a number"}},
            "fluxoRecebimentoAmortizacao":[{"valor":"x"}],"desistenciaAte":7}]"##;
        let list: Vec<ReservaPendente> = serde_json::from_str(body).unwrap();
        assert_eq!(list.len(), 1);
        let r = &list[0];
        assert_eq!(r.id, 1);
        assert_eq!(r.data.as_deref(), Some("2026-11-24T20:09:07-03:00"));
        assert_eq!(r.nome_captacao, "Fazenda Santa Luzia");
        assert_eq!(r.investimento, Decimal::new(5000, 0));
        assert_eq!(r.rendimento, Some(Decimal::new(175, 1)));
        assert_eq!(r.prazo, Some(12));
        assert_eq!(
            r.data_vencimento.as_deref(),
            Some("2026-11-25T20:09:07-03:00")
        );
        assert_eq!(r.status.name, ReservaStatus::AportePendente);
        assert_eq!(r.status.color.as_deref(), Some("#8a5a00"));
        // The whole reservation refuses what the pending list never looks at.
        assert!(serde_json::from_str::<Vec<Reserva>>(body).is_err());
    }
}

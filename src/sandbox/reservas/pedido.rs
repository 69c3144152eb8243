//! Reading the bodies of the order calls leniently (numbers or numeric strings), so that
//! every refusal is one of the contract's messages rather than a deserializer's.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::domain::money;
use crate::domain::reserva::{MSG_FILL, MSG_MINIMUM, MSG_TOO_LARGE, PARTNER_DEBIT, PIX};
use crate::sandbox::erro::ApiError;

/// The body of `POST /v1/reservas`.
pub(super) struct Pedido {
    pub(super) id_captacao: i64,
    /// `None`: present but not a number.
    investimento: Option<Decimal>,
    pub(super) origem: String,
    pub(super) simulado: bool,
    /// `None`: absent (Pix); `Some(None)`: present but not an integer.
    tipo_pagamento: Option<Option<i64>>,
}

fn inteiro(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The amount as its raw JSON text: a number reaches us with every digit it was sent
/// with (a `Value` would hold it as an f64, which has neither most cents nor anything
/// past 2^53).
#[derive(Deserialize)]
struct Bruto {
    #[serde(default)]
    investimento: Option<Box<RawValue>>,
}

impl Pedido {
    pub(super) fn parse(corpo: &[u8]) -> Result<Pedido, ApiError> {
        let v: Value = serde_json::from_slice(corpo).map_err(|_| ApiError::requisicao(MSG_FILL))?;
        let id_captacao = v
            .get("idCaptacao")
            .and_then(inteiro)
            .ok_or_else(|| ApiError::requisicao(MSG_FILL))?;
        let bruto: Bruto =
            serde_json::from_slice(corpo).map_err(|_| ApiError::requisicao(MSG_FILL))?;
        let investimento = match bruto.investimento.as_deref().map(RawValue::get) {
            None | Some("null") => return Err(ApiError::requisicao(MSG_FILL)),
            Some(texto)
                if serde_json::from_str::<String>(texto).is_ok_and(|s| s.trim().is_empty()) =>
            {
                return Err(ApiError::requisicao(MSG_FILL));
            }
            // A number, or a string holding one; anything else is `None`.
            Some(texto) => money::json::from_raw(texto),
        };
        let origem = v
            .get("origem")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= 40)
            .unwrap_or("Ativa")
            .to_owned();
        let simulado = matches!(v.get("simulado"), Some(Value::Bool(true)));
        let tipo_pagamento = match v.get("tipoPagamento") {
            None | Some(Value::Null) => None,
            Some(x) => Some(inteiro(x)),
        };
        Ok(Pedido {
            id_captacao,
            investimento,
            origem,
            simulado,
            tipo_pagamento,
        })
    }

    /// The amount in cents: filled and > 0, then at least the minimum, at most two decimals,
    /// and one the cents can count (else too large).
    pub(super) fn centavos(&self, minimo: i64) -> Result<i64, ApiError> {
        let erro = || ApiError::requisicao(MSG_MINIMUM);
        let valor = self
            .investimento
            .filter(|v| *v > Decimal::ZERO)
            .ok_or_else(|| ApiError::requisicao(MSG_FILL))?;
        let grande = || ApiError::requisicao(MSG_TOO_LARGE);
        let cem = valor.checked_mul(Decimal::ONE_HUNDRED).ok_or_else(grande)?;
        if cem.fract() != Decimal::ZERO {
            return Err(erro());
        }
        let centavos = cem.to_i64().ok_or_else(grande)?;
        if centavos <= 0 || centavos < minimo {
            return Err(erro());
        }
        Ok(centavos)
    }

    /// 1 (Pix) or 2 (partner debit, only when permitted).
    pub(super) fn tipo_pagamento(&self, permite_ativa: bool) -> Result<i64, ApiError> {
        match self.tipo_pagamento {
            None | Some(Some(PIX)) => Ok(PIX),
            Some(Some(PARTNER_DEBIT)) if permite_ativa => Ok(PARTNER_DEBIT),
            Some(Some(PARTNER_DEBIT)) => Err(ApiError::requisicao(
                "Débito em conta na corretora parceira não está disponível para a sua conta.",
            )),
            _ => Err(ApiError::requisicao("Forma de pagamento inválida.")),
        }
    }
}

/// The body of `PATCH …/assinarcontrato`; unreadable means not accepted.
pub(super) struct Aceite {
    pub(super) opcao: Option<String>,
    pub(super) aceite: bool,
    /// The version of the Termo de Ciência de Risco accepted with the term, if it was.
    pub(super) versao_ciencia_risco: Option<String>,
    /// The investor confirmed the annual-limit declaration in force.
    pub(super) declaracao_confirmada: bool,
}

impl Aceite {
    pub(super) fn parse(corpo: &[u8]) -> Aceite {
        let v: Value = serde_json::from_slice(corpo).unwrap_or(Value::Null);
        let aceite = match v.get("aceite") {
            Some(Value::Bool(b)) => *b,
            Some(Value::String(s)) => s.eq_ignore_ascii_case("true"),
            _ => false,
        };
        let opcao = match v.get("opcao") {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let versao_ciencia_risco = match v.get("versaoCienciaRisco") {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            _ => None,
        };
        let declaracao_confirmada =
            matches!(v.get("declaracaoConfirmada"), Some(Value::Bool(true)));
        Aceite {
            opcao,
            aceite,
            versao_ciencia_risco,
            declaracao_confirmada,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn valor(investimento: &str) -> Result<Option<String>, String> {
        let corpo = format!(r#"{{"idCaptacao":1,"investimento":{investimento}}}"#);
        Pedido::parse(corpo.as_bytes())
            .map(|p| p.investimento.map(|d| d.to_string()))
            .map_err(|e| e.mensagem().to_owned())
    }

    #[test]
    fn the_amount_is_read_with_every_digit_it_was_sent_with() {
        for (enviado, lido) in [
            ("1000.10", "1000.10"),
            ("0.1", "0.1"),
            // Past 2^53: an f64 would have made it ...09.94.
            ("90071992547409.93", "90071992547409.93"),
            ("1e3", "1000"),
            (r#"" 12.50 ""#, "12.50"),
        ] {
            assert_eq!(valor(enviado), Ok(Some(lido.to_owned())), "{enviado}");
        }
        let p = Pedido::parse(br#"{"idCaptacao":1,"investimento":1000.10}"#).unwrap();
        assert_eq!(p.centavos(100).unwrap(), 100_010);
    }

    #[test]
    fn an_absent_null_or_blank_amount_asks_to_fill_every_field() {
        assert_eq!(valor("null"), Err(MSG_FILL.to_owned()));
        assert_eq!(valor(r#""  ""#), Err(MSG_FILL.to_owned()));
        let sem = Pedido::parse(br#"{"idCaptacao":1}"#)
            .map(|_| ())
            .unwrap_err();
        assert_eq!(sem.mensagem(), MSG_FILL);
    }

    #[test]
    fn an_amount_that_is_not_a_number_is_read_as_none() {
        for lixo in [r#""abc""#, r#""12,50""#, "true", "[1]", r#"{"v":1}"#] {
            assert_eq!(valor(lixo), Ok(None), "{lixo}");
        }
    }
}

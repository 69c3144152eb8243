//! The order's rules for a new reserva: the amount (filled, at least the minimum
//! investment, within what is still available) and the terms (the declaration ticked,
//! one option chosen when there are several), in that order, each failure naming its
//! field and the message shown under 'Atenção!'.

use rust_decimal::Decimal;

use super::money;
use super::validate::FieldError;

pub const MSG_FILL: &str = "Necessário preencher todos os campos para prosseguir.";
pub const MSG_MINIMUM: &str =
    "O valor informado precisa ser maior que zero, e igual ou maior que o investimento mínimo.";
pub const MSG_NOT_AVAILABLE: &str = "O valor da sua reserva não está mais disponível para investir. Verifique a quantia disponível na página da operação.";
/// An amount above the whole offering (or above what the platform can count).
pub const MSG_TOO_LARGE: &str = "O valor informado é grande demais.";
pub const MSG_TERMS: &str = "Necessário concordar com os termos para prosseguir.";
/// The order's confirmation without the Termo de Ciência de Risco accepted.
pub const MSG_RISK: &str = "Aceite o Termo de Ciência de Risco para confirmar o investimento.";
/// For a missing choice among several term options (the platform's own words).
pub const MSG_OPTION: &str = "Selecione uma das opções do termo para prosseguir.";

/// Payment types: 1 Pix, 2 debit at the partner brokerage.
pub const PIX: i64 = 1;
pub const PARTNER_DEBIT: i64 = 2;

/// What the amount is checked against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AmountLimits {
    pub investimento_minimo: Decimal,
    pub disponivel: Decimal,
    pub reservado: Decimal,
    /// The offering's whole target: no order can be above it (zero when unknown).
    pub maximo: Decimal,
}

/// The amount as typed ('1.234,56', max 20 characters) → the amount, or the failure with its message.
/// The amount must be filled and greater than zero: empty, unreadable, zero and negative
/// input all ask to fill the fields; the minimum-investment message is only for a positive
/// amount below the minimum; an amount above the offering's whole target is too large.
pub fn validate_amount(typed: &str, limits: AmountLimits) -> Result<Decimal, FieldError> {
    let refuse = |message| Err(FieldError::new("valor", message));
    let amount = match money::parse_brl(typed) {
        Ok(v) if v > Decimal::ZERO => v,
        _ => return refuse(MSG_FILL),
    };
    if amount < limits.investimento_minimo {
        return refuse(MSG_MINIMUM);
    }
    if limits.reservado > Decimal::ZERO && amount > limits.disponivel - limits.reservado {
        return refuse(MSG_NOT_AVAILABLE);
    }
    if limits.maximo > Decimal::ZERO && amount > limits.maximo {
        return refuse(MSG_TOO_LARGE);
    }
    Ok(amount)
}

/// Payment type: 2 when the platform permits partner liquidation, else 1.
pub fn payment_type(partner_permitted: bool) -> i64 {
    if partner_permitted {
        PARTNER_DEBIT
    } else {
        PIX
    }
}

/// The declaration must be ticked; with several options, one must be chosen.
pub fn validate_terms(
    accepted: bool,
    chosen: Option<&str>,
    options: &[String],
) -> Result<Option<String>, FieldError> {
    if !accepted {
        return Err(FieldError::new("aceite", MSG_TERMS));
    }
    match (options.len(), chosen) {
        (0, _) => Ok(None),
        (1, _) => Ok(options.first().cloned()),
        (_, Some(c)) if options.iter().any(|o| o == c) => Ok(Some(c.to_owned())),
        _ => Err(FieldError::new("opcao", MSG_OPTION)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validate_amount(typed: &str, limits: AmountLimits) -> Result<Decimal, &'static str> {
        super::validate_amount(typed, limits).map_err(|e| {
            assert_eq!(e.field(), "valor");
            e.message()
        })
    }

    fn validate_terms(
        accepted: bool,
        chosen: Option<&str>,
        options: &[String],
    ) -> Result<Option<String>, &'static str> {
        super::validate_terms(accepted, chosen, options).map_err(|e| e.message())
    }
    use rust_decimal_macros::dec;

    const LIMITS: AmountLimits = AmountLimits {
        investimento_minimo: dec!(1000),
        disponivel: dec!(50000),
        reservado: dec!(0),
        maximo: dec!(100000),
    };

    #[test]
    fn empty_unreadable_zero_and_negative_amounts_ask_to_fill_the_fields() {
        let long = "9".repeat(21);
        for typed in [
            "",
            "   ",
            "abc",
            "1,2,3",
            &long,
            "0",
            "0,00",
            "R$ 0,00",
            "-5",
            "-1.000,00",
        ] {
            assert_eq!(validate_amount(typed, LIMITS), Err(MSG_FILL), "{typed:?}");
        }
    }

    #[test]
    fn positive_amounts_below_the_minimum_mention_the_minimum() {
        for typed in ["0,01", "1", "999,99"] {
            assert_eq!(
                validate_amount(typed, LIMITS),
                Err(MSG_MINIMUM),
                "{typed:?}"
            );
        }
    }

    #[test]
    fn the_minimum_itself_and_more_are_accepted() {
        assert_eq!(validate_amount("1.000,00", LIMITS), Ok(dec!(1000)));
        assert_eq!(validate_amount("R$ 12.345,67", LIMITS), Ok(dec!(12345.67)));
    }

    #[test]
    fn with_something_reserved_the_amount_must_fit_what_is_left() {
        let l = AmountLimits {
            reservado: dec!(45000),
            ..LIMITS
        };
        assert_eq!(validate_amount("5.000,00", l), Ok(dec!(5000)));
        assert_eq!(validate_amount("5.000,01", l), Err(MSG_NOT_AVAILABLE));
        // With nothing reserved, the rule does not apply (the platform decides).
        assert_eq!(validate_amount("60.000,00", LIMITS), Ok(dec!(60000)));
    }

    #[test]
    fn an_amount_above_the_whole_offering_is_too_large_not_below_the_minimum() {
        let twenty = "9".repeat(20);
        for typed in [twenty.as_str(), "100.000,01", "12.345.678.901.234"] {
            assert_eq!(
                validate_amount(typed, LIMITS),
                Err(MSG_TOO_LARGE),
                "{typed:?}"
            );
        }
        assert_eq!(validate_amount("100.000,00", LIMITS), Ok(dec!(100000)));
        let unknown = AmountLimits {
            maximo: dec!(0),
            ..LIMITS
        };
        assert!(validate_amount(&twenty, unknown).is_ok());
    }

    #[test]
    fn the_checks_run_in_the_rules_order() {
        let l = AmountLimits {
            reservado: dec!(49500),
            ..LIMITS
        };
        // Below the minimum and above what is left: the minimum comes first.
        assert_eq!(validate_amount("600,00", l), Err(MSG_MINIMUM));
    }

    #[test]
    fn partner_liquidation_decides_the_payment_type() {
        assert_eq!(payment_type(true), 2);
        assert_eq!(payment_type(false), 1);
    }

    #[test]
    fn terms_need_the_declaration_and_a_valid_choice() {
        let two = vec!["A".to_owned(), "B".to_owned()];
        assert_eq!(validate_terms(false, Some("A"), &two), Err(MSG_TERMS));
        assert_eq!(validate_terms(true, None, &two), Err(MSG_OPTION));
        assert_eq!(validate_terms(true, Some("C"), &two), Err(MSG_OPTION));
        assert_eq!(validate_terms(true, Some("B"), &two), Ok(Some("B".into())));
        assert_eq!(
            validate_terms(true, None, &["X".to_owned()]),
            Ok(Some("X".into()))
        );
        assert_eq!(validate_terms(true, None, &[]), Ok(None));
    }
}

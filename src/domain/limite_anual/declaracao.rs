//! The investor's annual-limit declaration as typed in the account area, and the checks
//! the platform applies to it too: whether the investor is qualified, whether income or
//! investments pass the threshold (then the greater of the two must be given, above it),
//! and how much was invested on other platforms this calendar year.

use rust_decimal::Decimal;

use super::qualificado::{Band, check_qualified_band};
use super::{AnnualLimitRules, Declaration, Qualification};
use crate::domain::money::{self, format_brl};

pub const MSG_QUALIFICATION: &str = "Informe se você é investidor qualificado.";
pub const MSG_AMOUNT: &str = "Informe os valores no formato 1.234,56.";
pub const MSG_ELSEWHERE: &str = "Informe quanto você já investiu em outras plataformas de investimento participativo neste ano (0,00 se nada).";
pub const MSG_TRUTH: &str = "Confirme que as informações declaradas são verdadeiras.";
/// Being qualified removes the limit, so it takes the signed declaration, not a choice.
pub const MSG_QUALIFIED_TERM: &str =
    "Para se declarar investidor qualificado, assine a Declaração de investidor qualificado.";
/// The declaration signed is not the one in force (it changed while the page was open).
pub const MSG_QUALIFIED_TERM_CHANGED: &str = "A Declaração de investidor qualificado foi atualizada. Leia a versão atual e assine novamente.";
/// The version of the declaration's wording, recorded with every declaration.
pub const DECLARATION_VERSION: &str = "2026.1";

/// A refused declaration: the field (the input's `name`) and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationError {
    pub field: &'static str,
    pub message: String,
}

impl DeclarationError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

/// The band question's message, with the threshold in force.
pub fn msg_band(rules: &AnnualLimitRules) -> String {
    format!(
        "Informe se a sua renda bruta anual ou os seus investimentos financeiros passam de {}.",
        format_brl(rules.threshold)
    )
}

/// Above the band, the greater of income and investments must pass the threshold.
pub fn msg_above(rules: &AnnualLimitRules) -> String {
    format!(
        "Informe a renda bruta anual ou os investimentos financeiros acima de {}.",
        format_brl(rules.threshold)
    )
}

/// The form as typed: radio values `sim`/`nao` and `ate`/`acima`, money as `1.234,56`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeclarationForm {
    pub qualificado: Option<String>,
    pub faixa: Option<String>,
    pub renda: String,
    pub investimentos: String,
    pub outras: String,
    /// The Declaração de investidor qualificado ticked as signed.
    pub termo_qualificado: bool,
    pub veracidade: bool,
}

fn amount(typed: &str, field: &'static str) -> Result<Decimal, DeclarationError> {
    if typed.trim().is_empty() {
        return Ok(Decimal::ZERO);
    }
    money::parse_brl(typed).map_err(|_| DeclarationError::new(field, MSG_AMOUNT))
}

/// The form → the declaration, or the first failure in the form's order.
/// `qualified_investments`: the financial investments that qualify a natural person.
pub fn parse_declaration(
    f: &DeclarationForm,
    rules: &AnnualLimitRules,
    qualified_investments: Decimal,
) -> Result<Declaration, DeclarationError> {
    let qualification = match f.qualificado.as_deref() {
        Some("sim") => Qualification::Qualified,
        Some("nao") => Qualification::NotQualified,
        _ => return Err(DeclarationError::new("qualificado", MSG_QUALIFICATION)),
    };
    if qualification == Qualification::Qualified && !f.termo_qualificado {
        return Err(DeclarationError::new(
            "termo_qualificado",
            MSG_QUALIFIED_TERM,
        ));
    }
    let band = match f.faixa.as_deref() {
        Some("ate") => Some(Band::UpTo),
        Some("acima") => Some(Band::Above),
        _ => None,
    };
    check_qualified_band(qualification, band, rules, qualified_investments)?;
    let mut d = Declaration {
        qualification,
        gross_annual_income: Decimal::ZERO,
        financial_investments: Decimal::ZERO,
        invested_elsewhere_this_year: Decimal::ZERO,
    };
    if qualification == Qualification::NotQualified {
        match f.faixa.as_deref() {
            Some("ate") => {}
            Some("acima") => {
                d.gross_annual_income = amount(&f.renda, "renda")?;
                d.financial_investments = amount(&f.investimentos, "investimentos")?;
            }
            _ => return Err(DeclarationError::new("faixa", msg_band(rules))),
        }
        if f.outras.trim().is_empty() {
            return Err(DeclarationError::new("outras", MSG_ELSEWHERE));
        }
        d.invested_elsewhere_this_year = amount(&f.outras, "outras")?;
    }
    check_declaration(&d, f.faixa.as_deref() == Some("acima"), rules)?;
    if !f.veracidade {
        return Err(DeclarationError::new("veracidade", MSG_TRUTH));
    }
    Ok(d)
}

/// The rules a declaration must meet however it arrives (the form, or the platform's API):
/// no negative amount, at most two decimals, and a band above the threshold backed by an
/// amount above it.
pub fn check_declaration(
    d: &Declaration,
    above: bool,
    rules: &AnnualLimitRules,
) -> Result<(), DeclarationError> {
    let fields = [
        ("renda", d.gross_annual_income),
        ("investimentos", d.financial_investments),
        ("outras", d.invested_elsewhere_this_year),
    ];
    for (field, v) in fields {
        if v < Decimal::ZERO || v.round_dp(2) != v {
            return Err(DeclarationError::new(field, MSG_AMOUNT));
        }
    }
    let greater = d.gross_annual_income.max(d.financial_investments);
    if d.qualification == Qualification::NotQualified && above && greater <= rules.threshold {
        let field = if d.gross_annual_income >= d.financial_investments {
            "renda"
        } else {
            "investimentos"
        };
        return Err(DeclarationError::new(field, msg_above(rules)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    const RULES: AnnualLimitRules = AnnualLimitRules::CVM_88;

    fn form(q: &str, faixa: &str, renda: &str, inv: &str, outras: &str) -> DeclarationForm {
        DeclarationForm {
            qualificado: (!q.is_empty()).then(|| q.to_owned()),
            faixa: (!faixa.is_empty()).then(|| faixa.to_owned()),
            renda: renda.into(),
            investimentos: inv.into(),
            outras: outras.into(),
            termo_qualificado: q == "sim",
            veracidade: true,
        }
    }

    fn parse(f: &DeclarationForm) -> Result<Declaration, DeclarationError> {
        parse_declaration(f, &RULES, super::super::QUALIFIED_INVESTMENTS)
    }

    fn err(f: &DeclarationForm) -> (&'static str, String) {
        let e = parse(f).expect_err("refused");
        (e.field, e.message)
    }

    #[test]
    fn a_qualified_investor_needs_nothing_else() {
        let d = parse(&form("sim", "", "", "", "")).expect("ok");
        assert_eq!(d.qualification, Qualification::Qualified);
        assert_eq!(d.invested_elsewhere_this_year, Decimal::ZERO);
    }

    #[test]
    fn a_qualified_investor_must_sign_the_qualified_declaration() {
        let mut f = form("sim", "", "", "", "");
        f.termo_qualificado = false;
        assert_eq!(
            err(&f),
            ("termo_qualificado", MSG_QUALIFIED_TERM.to_owned())
        );
        // Not qualified: the declaration is not asked for.
        let mut f = form("nao", "ate", "", "", "0");
        f.termo_qualificado = false;
        assert!(parse(&f).is_ok());
    }

    #[test]
    fn a_qualified_investor_up_to_the_threshold_contradicts_itself() {
        let (field, message) = err(&form("sim", "ate", "", "", "0"));
        assert_eq!(field, "faixa");
        assert!(message.starts_with("Você respondeu que é investidor qualificado"));
        // Qualified by certification (no band) or with a band above it: accepted.
        assert!(parse(&form("sim", "", "", "", "")).is_ok());
        assert!(parse(&form("sim", "acima", "", "", "")).is_ok());
    }

    #[test]
    fn up_to_the_threshold_only_elsewhere_is_asked_and_typed_amounts_are_ignored() {
        let d = parse(&form("nao", "ate", "999.999,00", "", "1.500,50")).expect("ok");
        assert_eq!(d.gross_annual_income, Decimal::ZERO);
        assert_eq!(d.invested_elsewhere_this_year, dec!(1500.50));
    }

    #[test]
    fn above_the_threshold_the_greater_amount_must_pass_it() {
        let d = parse(&form("nao", "acima", "350.000,00", "", "0")).expect("ok");
        assert_eq!(d.gross_annual_income, dec!(350000.00));
        assert_eq!(
            err(&form("nao", "acima", "200.000,00", "150.000,00", "0")),
            (
                "renda",
                "Informe a renda bruta anual ou os investimentos financeiros acima de R$ 200.000,00."
                    .to_owned()
            )
        );
        assert_eq!(
            err(&form("nao", "acima", "", "1,00", "0")).0,
            "investimentos"
        );
    }

    #[test]
    fn each_missing_answer_has_its_message_in_the_forms_order() {
        assert_eq!(
            err(&form("", "", "", "", "")),
            ("qualificado", MSG_QUALIFICATION.to_owned())
        );
        assert_eq!(err(&form("talvez", "ate", "", "", "0")).0, "qualificado");
        assert_eq!(
            err(&form("nao", "", "", "", "0")),
            (
                "faixa",
                "Informe se a sua renda bruta anual ou os seus investimentos financeiros passam de R$ 200.000,00."
                    .to_owned()
            )
        );
        assert_eq!(
            err(&form("nao", "ate", "", "", "  ")),
            ("outras", MSG_ELSEWHERE.to_owned())
        );
        assert_eq!(
            err(&form("nao", "ate", "", "", "abc")),
            ("outras", MSG_AMOUNT.to_owned())
        );
        assert_eq!(
            err(&form("nao", "acima", "1.23", "", "0")),
            ("renda", MSG_AMOUNT.to_owned())
        );
        let mut f = form("nao", "ate", "", "", "0");
        f.veracidade = false;
        assert_eq!(err(&f), ("veracidade", MSG_TRUTH.to_owned()));
    }

    #[test]
    fn the_threshold_in_the_messages_is_the_parameter() {
        let rules = AnnualLimitRules {
            threshold: dec!(300000.00),
            ..RULES
        };
        let e = parse_declaration(
            &form("nao", "acima", "250.000,00", "", "0"),
            &rules,
            super::super::QUALIFIED_INVESTMENTS,
        )
        .expect_err("refused");
        assert!(
            e.message.ends_with("acima de R$ 300.000,00."),
            "{}",
            e.message
        );
    }

    #[test]
    fn the_platform_refuses_negative_or_sub_cent_amounts() {
        let mut d = Declaration {
            qualification: Qualification::NotQualified,
            gross_annual_income: Decimal::ZERO,
            financial_investments: Decimal::ZERO,
            invested_elsewhere_this_year: dec!(-1),
        };
        assert_eq!(
            check_declaration(&d, false, &RULES).map_err(|e| e.field),
            Err("outras")
        );
        d.invested_elsewhere_this_year = dec!(0.001);
        assert!(check_declaration(&d, false, &RULES).is_err());
        d.invested_elsewhere_this_year = dec!(10.5);
        assert!(check_declaration(&d, false, &RULES).is_ok());
    }
}

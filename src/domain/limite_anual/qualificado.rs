//! A qualified investor's declaration must not contradict itself. Under Resolução CVM nº 30
//! a natural person is qualified by financial investments above an amount (R$ 1.000.000,00
//! today; the platform supplies it) or by a professional certification the CVM approves.
//! An investor who declares being qualified and, in the same declaration, income and
//! investments at or below the annual-limit threshold (R$ 200.000,00) has declared
//! investments too small for the first way: the declaration is refused and the investor
//! told how to correct it. A certified investor leaves the band unanswered (the band is
//! the question of those who are not qualified).

use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::{AnnualLimitRules, DeclarationError, Qualification};
use crate::domain::money::format_brl;

/// The financial investments above which a natural person is qualified (Resolução CVM
/// nº 30, art. 12), when the platform does not say its own.
pub const QUALIFIED_INVESTMENTS: Decimal = dec!(1000000.00);

/// The band the investor answered about income and financial investments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Band {
    /// Both at or below the threshold.
    UpTo,
    /// One of them above it.
    Above,
}

/// The refusal of a qualification contradicted by the band, with the amounts in force.
pub fn msg_qualified_band(rules: &AnnualLimitRules, qualified_investments: Decimal) -> String {
    format!(
        "Você respondeu que é investidor qualificado e também que a sua renda bruta anual e os \
         seus investimentos financeiros são de até {}. Para ser investidor qualificado é \
         preciso ter investimentos financeiros superiores a {} ou certificação profissional \
         aprovada pela CVM. Se não for o seu caso, responda que não é investidor qualificado; \
         se a sua qualificação vem de certificação, deixe a faixa de renda e investimentos \
         sem resposta.",
        format_brl(rules.threshold),
        format_brl(qualified_investments)
    )
}

/// A qualification the band contradicts is refused (on the band's field); anything else
/// passes. The band contradicts it only when its ceiling is below the qualifying amount.
pub fn check_qualified_band(
    qualification: Qualification,
    band: Option<Band>,
    rules: &AnnualLimitRules,
    qualified_investments: Decimal,
) -> Result<(), DeclarationError> {
    let contradicts = qualification == Qualification::Qualified
        && band == Some(Band::UpTo)
        && rules.threshold < qualified_investments;
    if contradicts {
        Err(DeclarationError {
            field: "faixa",
            message: msg_qualified_band(rules, qualified_investments),
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: AnnualLimitRules = AnnualLimitRules::CVM_88;

    #[test]
    fn qualified_with_income_and_investments_up_to_the_threshold_is_refused() {
        let e = check_qualified_band(
            Qualification::Qualified,
            Some(Band::UpTo),
            &R,
            QUALIFIED_INVESTMENTS,
        )
        .expect_err("refused");
        assert_eq!(e.field, "faixa");
        assert!(e.message.contains("de até R$ 200.000,00"), "{}", e.message);
        assert!(
            e.message.contains("superiores a R$ 1.000.000,00"),
            "{}",
            e.message
        );
        assert!(e.message.contains("certificação profissional"));
    }

    #[test]
    fn every_consistent_declaration_passes() {
        let ok = |q, b| check_qualified_band(q, b, &R, QUALIFIED_INVESTMENTS).is_ok();
        assert!(ok(Qualification::Qualified, None), "certified");
        assert!(ok(Qualification::Qualified, Some(Band::Above)));
        assert!(ok(Qualification::NotQualified, Some(Band::UpTo)));
        assert!(ok(Qualification::NotQualified, Some(Band::Above)));
        assert!(ok(Qualification::NotQualified, None));
    }

    #[test]
    fn the_amounts_are_parameters() {
        // A qualifying amount not above the band's ceiling contradicts nothing.
        let r = AnnualLimitRules {
            threshold: dec!(1000000.00),
            ..R
        };
        assert!(
            check_qualified_band(
                Qualification::Qualified,
                Some(Band::UpTo),
                &r,
                dec!(1000000.00)
            )
            .is_ok()
        );
        let e = check_qualified_band(
            Qualification::Qualified,
            Some(Band::UpTo),
            &R,
            dec!(1500000.00),
        )
        .expect_err("refused");
        assert!(e.message.contains("superiores a R$ 1.500.000,00"));
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    fn money() -> impl Strategy<Value = Decimal> {
        (0i64..10_000_000_000).prop_map(|c| Decimal::new(c, 2))
    }

    fn qualification() -> impl Strategy<Value = Qualification> {
        prop_oneof![
            Just(Qualification::Qualified),
            Just(Qualification::NotQualified)
        ]
    }

    fn band() -> impl Strategy<Value = Option<Band>> {
        prop_oneof![Just(None), Just(Some(Band::UpTo)), Just(Some(Band::Above))]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Refused exactly when qualified, up to the threshold, and the threshold is below
        /// the qualifying amount; the refusal names both amounts, on the band's field.
        #[test]
        fn refused_exactly_when_the_band_contradicts_the_qualification(
            q in qualification(),
            b in band(),
            threshold in money(),
            qualifying in money(),
        ) {
            let rules = AnnualLimitRules { threshold, ..AnnualLimitRules::CVM_88 };
            let r = check_qualified_band(q, b, &rules, qualifying);
            let expected = q == Qualification::Qualified
                && b == Some(Band::UpTo)
                && threshold < qualifying;
            prop_assert_eq!(r.is_err(), expected);
            if let Err(e) = r {
                prop_assert_eq!(e.field, "faixa");
                prop_assert!(e.message.contains(&format_brl(threshold)));
                prop_assert!(e.message.contains(&format_brl(qualifying)));
            }
        }

        /// The web form never lets a qualified "até" band through, whatever else is typed.
        #[test]
        fn the_form_refuses_a_qualified_investor_up_to_the_threshold(
            renda in "[0-9.,]{0,12}",
            outras in "[0-9.,]{0,12}",
            termo in any::<bool>(),
        ) {
            let f = super::super::DeclarationForm {
                qualificado: Some("sim".into()),
                faixa: Some("ate".into()),
                renda,
                investimentos: String::new(),
                outras,
                termo_qualificado: termo,
                veracidade: true,
            };
            let r = super::super::parse_declaration(
                &f,
                &AnnualLimitRules::CVM_88,
                QUALIFIED_INVESTMENTS,
            );
            prop_assert!(r.is_err());
        }
    }
}

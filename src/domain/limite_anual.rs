//! The annual investment limit of an investor in crowdfunding offerings (investimento
//! participativo), as Resolução CVM nº 88/2022 sets it and platforms apply it today:
//!
//! - a qualified investor (investidor qualificado) has no limit;
//! - an investor who declares gross annual income or financial investments above
//!   R$ 200.000,00 may invest up to 10 % of the greater of the two per calendar year;
//! - anyone else, up to R$ 20.000,00 per calendar year, across all platforms.
//!
//! The amounts are parameters ([`AnnualLimitRules`]), never constants in a view: the CVM
//! has consulted on changing them, and the platform supplies them. What counts against the
//! limit is what the investor declares having invested on other platforms this calendar
//! year plus the confirmed reservations here in the same year (the year is taken in
//! America/Sao_Paulo by the caller).

use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::money::format_brl;

mod declaracao;
pub mod opcoes;
mod qualificado;

pub use declaracao::{
    DECLARATION_VERSION, DeclarationError, DeclarationForm, MSG_AMOUNT, MSG_ELSEWHERE,
    MSG_QUALIFICATION, MSG_QUALIFIED_TERM, MSG_QUALIFIED_TERM_CHANGED, MSG_TRUTH,
    check_declaration, msg_above, msg_band, parse_declaration,
};
pub use qualificado::{Band, QUALIFIED_INVESTMENTS, check_qualified_band, msg_qualified_band};

/// The parameters of the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnnualLimitRules {
    /// The limit of an investor below the threshold (R$ 20.000,00).
    pub base: Decimal,
    /// Income or investments above this raise the limit (R$ 200.000,00).
    pub threshold: Decimal,
    /// The share of the greater of income and investments allowed above the threshold (10 %).
    pub fraction: Decimal,
}

impl AnnualLimitRules {
    /// The values platforms apply today.
    pub const CVM_88: Self = Self {
        base: dec!(20000.00),
        threshold: dec!(200000.00),
        fraction: dec!(0.10),
    };
}

/// Whether the investor declared being a qualified investor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Qualification {
    NotQualified,
    Qualified,
}

/// What the investor declares once in the account area and confirms in the order flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    pub qualification: Qualification,
    pub gross_annual_income: Decimal,
    pub financial_investments: Decimal,
    /// Invested in crowdfunding offerings on other platforms this calendar year.
    pub invested_elsewhere_this_year: Decimal,
}

/// How much an investor may invest in a calendar year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnnualLimit {
    Unlimited,
    UpTo(Decimal),
}

/// What is left of the limit this year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    Unlimited,
    Left(Decimal),
}

/// An order above the room left: the message says how much can still be invested.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverLimit {
    pub room: Decimal,
}

impl OverLimit {
    pub fn message(&self) -> String {
        format!(
            "O valor ultrapassa o seu limite anual de investimento. Você ainda pode investir {} neste ano.",
            format_brl(self.room)
        )
    }
}

/// Negative declared amounts count as zero: a declaration cannot raise the room by them.
fn non_negative(v: Decimal) -> Decimal {
    v.max(Decimal::ZERO)
}

/// The investor's limit for the calendar year. Above the threshold it is the fraction of
/// the greater of income and investments, and never less than the base (with today's
/// values it is always more; the floor keeps changed parameters from punishing the
/// wealthier investor).
pub fn annual_limit(rules: &AnnualLimitRules, d: &Declaration) -> AnnualLimit {
    if d.qualification == Qualification::Qualified {
        return AnnualLimit::Unlimited;
    }
    let greater = non_negative(d.gross_annual_income).max(non_negative(d.financial_investments));
    if greater > rules.threshold {
        let share = greater.checked_mul(rules.fraction).unwrap_or(Decimal::MAX);
        AnnualLimit::UpTo(share.max(rules.base).round_dp(2))
    } else {
        AnnualLimit::UpTo(rules.base)
    }
}

/// The room left this year: the limit less what was declared elsewhere and what was
/// confirmed here, never below zero.
pub fn room(rules: &AnnualLimitRules, d: &Declaration, invested_here_this_year: Decimal) -> Room {
    match annual_limit(rules, d) {
        AnnualLimit::Unlimited => Room::Unlimited,
        AnnualLimit::UpTo(limit) => {
            let used = non_negative(d.invested_elsewhere_this_year)
                .checked_add(non_negative(invested_here_this_year))
                .unwrap_or(Decimal::MAX);
            Room::Left(
                limit
                    .checked_sub(used)
                    .unwrap_or(Decimal::ZERO)
                    .max(Decimal::ZERO),
            )
        }
    }
}

/// An order of `amount` fits the room, or is refused with the room left.
pub fn check_order(
    rules: &AnnualLimitRules,
    d: &Declaration,
    invested_here_this_year: Decimal,
    amount: Decimal,
) -> Result<(), OverLimit> {
    match room(rules, d, invested_here_this_year) {
        Room::Unlimited => Ok(()),
        Room::Left(left) if amount <= left => Ok(()),
        Room::Left(left) => Err(OverLimit { room: left }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: AnnualLimitRules = AnnualLimitRules::CVM_88;

    fn retail(income: Decimal, investments: Decimal, elsewhere: Decimal) -> Declaration {
        Declaration {
            qualification: Qualification::NotQualified,
            gross_annual_income: income,
            financial_investments: investments,
            invested_elsewhere_this_year: elsewhere,
        }
    }

    #[test]
    fn a_qualified_investor_has_no_limit() {
        let d = Declaration {
            qualification: Qualification::Qualified,
            ..retail(Decimal::ZERO, Decimal::ZERO, dec!(1000000))
        };
        assert_eq!(annual_limit(&R, &d), AnnualLimit::Unlimited);
        assert_eq!(room(&R, &d, dec!(5000000)), Room::Unlimited);
        assert_eq!(check_order(&R, &d, Decimal::ZERO, Decimal::MAX), Ok(()));
    }

    #[test]
    fn at_or_below_the_threshold_the_limit_is_the_base() {
        for (income, investments) in [
            (Decimal::ZERO, Decimal::ZERO),
            (dec!(199999.99), dec!(10)),
            (dec!(200000.00), dec!(200000.00)),
        ] {
            assert_eq!(
                annual_limit(&R, &retail(income, investments, Decimal::ZERO)),
                AnnualLimit::UpTo(dec!(20000.00)),
                "{income} {investments}"
            );
        }
    }

    #[test]
    fn above_the_threshold_it_is_ten_percent_of_the_greater_of_the_two() {
        let up_to = |i, v| annual_limit(&R, &retail(i, v, Decimal::ZERO));
        assert_eq!(
            up_to(dec!(200000.01), Decimal::ZERO),
            AnnualLimit::UpTo(dec!(20000.00))
        );
        assert_eq!(
            up_to(dec!(350000), dec!(500000)),
            AnnualLimit::UpTo(dec!(50000.00))
        );
        assert_eq!(
            up_to(dec!(900000), dec!(250000)),
            AnnualLimit::UpTo(dec!(90000.00))
        );
        assert_eq!(
            up_to(dec!(1234567.89), Decimal::ZERO),
            AnnualLimit::UpTo(dec!(123456.79))
        );
    }

    #[test]
    fn changed_parameters_never_give_the_wealthier_investor_less_than_the_base() {
        let rules = AnnualLimitRules {
            fraction: dec!(0.05),
            ..R
        };
        assert_eq!(
            annual_limit(&rules, &retail(dec!(300000), Decimal::ZERO, Decimal::ZERO)),
            AnnualLimit::UpTo(dec!(20000.00))
        );
        let rules = AnnualLimitRules {
            base: dec!(30000),
            ..R
        };
        assert_eq!(
            annual_limit(&rules, &retail(dec!(100), dec!(100), Decimal::ZERO)),
            AnnualLimit::UpTo(dec!(30000))
        );
    }

    #[test]
    fn the_room_is_the_limit_less_elsewhere_and_here_never_negative() {
        let d = retail(Decimal::ZERO, Decimal::ZERO, dec!(7500));
        assert_eq!(room(&R, &d, dec!(2500)), Room::Left(dec!(10000.00)));
        assert_eq!(room(&R, &d, dec!(12500)), Room::Left(dec!(0.00)));
        assert_eq!(room(&R, &d, dec!(99999)), Room::Left(Decimal::ZERO));
    }

    #[test]
    fn an_order_fits_up_to_the_cent_and_is_refused_above_with_the_room() {
        let d = retail(Decimal::ZERO, Decimal::ZERO, dec!(15000));
        assert_eq!(check_order(&R, &d, Decimal::ZERO, dec!(5000.00)), Ok(()));
        let refused = check_order(&R, &d, Decimal::ZERO, dec!(5000.01));
        assert_eq!(
            refused,
            Err(OverLimit {
                room: dec!(5000.00)
            })
        );
        assert_eq!(
            refused.map_err(|e| e.message()),
            Err("O valor ultrapassa o seu limite anual de investimento. Você ainda pode investir R$ 5.000,00 neste ano.".to_owned())
        );
        let full = retail(Decimal::ZERO, Decimal::ZERO, dec!(20000));
        assert!(check_order(&R, &full, Decimal::ZERO, dec!(0.01)).is_err());
    }

    #[test]
    fn hostile_numbers_neither_panic_nor_raise_the_room() {
        let huge = retail(Decimal::MAX, Decimal::MAX, Decimal::MAX);
        assert_eq!(room(&R, &huge, Decimal::MAX), Room::Left(Decimal::ZERO));
        let negative = retail(dec!(-1000000), dec!(-5), dec!(-20000));
        assert_eq!(room(&R, &negative, dec!(-1)), Room::Left(dec!(20000.00)));
        assert_eq!(
            annual_limit(&R, &retail(Decimal::MAX, Decimal::ZERO, Decimal::ZERO)),
            AnnualLimit::UpTo((Decimal::MAX * dec!(0.10)).round_dp(2))
        );
    }
}

//! The minimum target of an offering with partial distribution: at least a fraction of the
//! maximum (two thirds under Resolução CVM nº 88/2022 as platforms apply it today; a
//! parameter, since the CVM has consulted on changing it).

use rust_decimal::Decimal;

/// The least share of the maximum target the minimum target may be, as a fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetRatio {
    pub num: u32,
    pub den: u32,
}

impl TargetRatio {
    pub const TWO_THIRDS: Self = Self { num: 2, den: 3 };

    /// Whether `minimum` is at least this share of `maximum`, exactly (no rounding).
    pub fn holds(&self, minimum: Decimal, maximum: Decimal) -> bool {
        let lhs = minimum.checked_mul(Decimal::from(self.den));
        let rhs = maximum.checked_mul(Decimal::from(self.num));
        matches!((lhs, rhs), (Some(l), Some(r)) if l >= r)
    }

    /// The least minimum target for `maximum`, rounded up to the cent.
    pub fn least_minimum(&self, maximum: Decimal) -> Decimal {
        if self.den == 0 {
            return maximum;
        }
        (maximum * Decimal::from(self.num) / Decimal::from(self.den))
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::AwayFromZero)
    }

    /// "2/3" → two thirds; a fraction in (0, 1] with a non-zero denominator.
    pub fn parse(text: &str) -> Option<Self> {
        let (n, d) = text.trim().split_once('/')?;
        let r = Self {
            num: n.trim().parse().ok()?,
            den: d.trim().parse().ok()?,
        };
        (r.den > 0 && r.num > 0 && r.num <= r.den).then_some(r)
    }

    /// How the essential information states it: "2/3 do valor alvo máximo".
    pub fn describe(&self) -> String {
        format!("{}/{} do valor alvo máximo", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    const R: TargetRatio = TargetRatio::TWO_THIRDS;

    #[test]
    fn the_minimum_is_at_least_two_thirds_of_the_maximum() {
        assert!(R.holds(dec!(800000), dec!(1200000)));
        assert!(!R.holds(dec!(480000), dec!(1200000)), "40 % is below");
        assert!(R.holds(dec!(466666.67), dec!(700000)));
        assert!(!R.holds(dec!(466666.66), dec!(700000)));
        assert_eq!(R.least_minimum(dec!(700000)), dec!(466666.67));
        assert!(R.holds(R.least_minimum(dec!(700000)), dec!(700000)));
        assert!(
            !R.holds(Decimal::MAX, Decimal::MAX),
            "overflow refuses, never panics"
        );
    }

    #[test]
    fn the_ratio_is_read_as_a_fraction() {
        assert_eq!(TargetRatio::parse("2/3"), Some(R));
        assert_eq!(
            TargetRatio::parse(" 1 / 2 "),
            Some(TargetRatio { num: 1, den: 2 })
        );
        for bad in ["", "2", "3/2", "1/0", "0/3", "a/b"] {
            assert_eq!(TargetRatio::parse(bad), None, "{bad}");
        }
        assert_eq!(R.describe(), "2/3 do valor alvo máximo");
    }
}

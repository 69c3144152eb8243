//! The limits every offering keeps, checked where offerings are created (the platform's
//! seed and additions): the most one offering may raise and the longest its fundraising
//! may last. Parameters, like the other CVM amounts; `CVM_88` holds today's values.

use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::domain::money;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegrasOferta {
    /// The most one offering may raise (its maximum target).
    pub teto: Decimal,
    /// The longest fundraising period, in calendar days from the start to the end.
    pub dias_captacao: u16,
}

impl RegrasOferta {
    /// R$ 15.000.000,00 per offering, 180 days of fundraising.
    pub const CVM_88: RegrasOferta = RegrasOferta {
        teto: Decimal::from_parts(1_500_000_000, 0, 0, false, 2),
        dias_captacao: 180,
    };

    /// Whether an offering of maximum target `limite` raising from `inicio` to `fim`
    /// (São Paulo days) keeps the limits; the refusal says which one and why.
    pub fn validar(&self, limite: Decimal, inicio: Date, fim: Date) -> Result<(), String> {
        if limite > self.teto {
            return Err(format!(
                "O valor alvo máximo da oferta ({}) ultrapassa o limite de {} por oferta.",
                money::format_brl(limite),
                money::format_brl(self.teto)
            ));
        }
        if fim < inicio {
            return Err("O fim da captação deve ser depois do início.".into());
        }
        let dias = inicio
            .until(fim)
            .map(|s| i64::from(s.get_days()))
            .unwrap_or(i64::MAX);
        if dias > i64::from(self.dias_captacao) {
            return Err(format!(
                "O período de captação ({dias} dias) ultrapassa o máximo de {} dias.",
                self.dias_captacao
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use jiff::civil::date;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    use super::*;

    const R: RegrasOferta = RegrasOferta::CVM_88;

    #[test]
    fn the_cap_and_the_period_are_inclusive_and_refused_past_them() {
        let inicio = date(2026, 12, 9);
        assert_eq!(R.teto, dec!(15000000.00));
        assert_eq!(
            R.validar(dec!(15000000.00), inicio, date(2027, 6, 7)),
            Ok(())
        );
        assert_eq!(
            R.validar(dec!(15000000.01), inicio, date(2027, 1, 9)),
            Err(
                "O valor alvo máximo da oferta (R$ 15.000.000,01) ultrapassa o limite de \
                 R$ 15.000.000,00 por oferta."
                    .into()
            )
        );
        assert_eq!(
            R.validar(dec!(1000000), inicio, date(2027, 6, 8)),
            Err("O período de captação (181 dias) ultrapassa o máximo de 180 dias.".into())
        );
        assert!(R.validar(dec!(1000000), inicio, date(2026, 12, 8)).is_err());
    }

    proptest! {
        #[test]
        fn a_period_is_refused_exactly_past_the_maximum(dias in 0i64..400, centavos in 1i64..3_000_000_000) {
            let inicio = date(2026, 1, 1);
            let fim = inicio.checked_add(jiff::Span::new().days(dias)).unwrap();
            let limite = Decimal::new(centavos, 2);
            let ok = R.validar(limite, inicio, fim).is_ok();
            prop_assert_eq!(ok, dias <= 180 && limite <= R.teto);
        }
    }
}

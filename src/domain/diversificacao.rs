//! Where the wallet's money is: the invested amount split by one trait of each holding
//! (issuer, state, guarantee type, rating, maturity year), each share in percent with two
//! places, the shares adding up to exactly 100,00 %.

use rust_decimal::Decimal;

use super::percentual::percentuais;

/// One group of the split: its name, the amount invested in it and its share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fatia {
    pub rotulo: String,
    pub valor: Decimal,
    /// In percent (25.5 = 25,50 %).
    pub percentual: Decimal,
}

/// The amount in each group, largest first (then by name), with the shares. Amounts in the
/// same group add up; negative amounts count as nothing.
pub fn fatias(itens: impl IntoIterator<Item = (String, Decimal)>) -> Vec<Fatia> {
    let mut grupos: std::collections::BTreeMap<String, Decimal> = Default::default();
    for (rotulo, valor) in itens {
        *grupos.entry(rotulo).or_default() += valor.max(Decimal::ZERO);
    }
    let mut lista: Vec<(String, Decimal)> = grupos.into_iter().collect();
    lista.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let centavos: Vec<i64> = lista.iter().map(|(_, v)| centavos(*v)).collect();
    lista
        .into_iter()
        .zip(percentuais(&centavos))
        .map(|((rotulo, valor), percentual)| Fatia {
            rotulo,
            valor,
            percentual,
        })
        .collect()
}

fn centavos(v: Decimal) -> i64 {
    let mut c = v.round_dp(2);
    c.rescale(2);
    i64::try_from(c.mantissa()).unwrap_or(i64::MAX)
}

/// `valor` split equally among `partes` groups (a holding with several guarantees), to the
/// cent, the cents left over to the first so the parts add up to `valor`.
pub fn repartir(valor: Decimal, partes: usize) -> Vec<Decimal> {
    let n = i64::try_from(partes.max(1)).unwrap_or(1);
    let total = centavos(valor);
    (0..n)
        .map(|i| Decimal::new(total / n + if i == 0 { total % n } else { 0 }, 2))
        .collect()
}

/// The groups holding more than `limite` percent of the wallet.
pub fn concentradas(fatias: &[Fatia], limite: Decimal) -> impl Iterator<Item = &Fatia> {
    fatias.iter().filter(move |f| f.percentual > limite)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    use super::*;

    #[test]
    fn groups_add_up_and_come_largest_first() {
        let f = fatias([
            ("B".to_owned(), dec!(100)),
            ("A".to_owned(), dec!(100)),
            ("B".to_owned(), dec!(100)),
        ]);
        assert_eq!(
            f,
            vec![
                Fatia {
                    rotulo: "B".into(),
                    valor: dec!(200),
                    percentual: dec!(66.67)
                },
                Fatia {
                    rotulo: "A".into(),
                    valor: dec!(100),
                    percentual: dec!(33.33)
                },
            ]
        );
        let acima: Vec<&str> = concentradas(&f, dec!(50))
            .map(|f| f.rotulo.as_str())
            .collect();
        assert_eq!(acima, vec!["B"]);
        assert_eq!(concentradas(&f, dec!(66.67)).count(), 0);
        assert!(fatias([]).is_empty());
    }

    #[test]
    fn a_split_keeps_every_cent() {
        assert_eq!(
            repartir(dec!(100.00), 3),
            vec![dec!(33.34), dec!(33.33), dec!(33.33)]
        );
        assert_eq!(repartir(dec!(5), 0), vec![dec!(5.00)]);
    }

    proptest! {
        #[test]
        fn shares_sum_to_exactly_one_hundred(
            itens in proptest::collection::vec((0u8..6, 1i64..100_000_000), 1..20)
        ) {
            let f = fatias(itens.iter().map(|(g, c)| (format!("g{g}"), Decimal::new(*c, 2))));
            let soma: Decimal = f.iter().map(|x| x.percentual).sum();
            prop_assert_eq!(soma, dec!(100.00));
            prop_assert!(f.iter().all(|x| x.percentual.scale() <= 2));
            prop_assert!(f.windows(2).all(|w| w[0].valor >= w[1].valor));
        }

        #[test]
        fn a_split_adds_up(centavos in 0i64..1_000_000_000, partes in 1usize..8) {
            let v = Decimal::new(centavos, 2);
            let p = repartir(v, partes);
            prop_assert_eq!(p.len(), partes);
            prop_assert_eq!(p.iter().copied().sum::<Decimal>(), v);
        }
    }
}

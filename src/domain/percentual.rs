//! Shares in percent with 2 decimals that add up to exactly 100.00 (largest remainder):
//! each part gets the floor of its share in hundredths of a percent, and the hundredths
//! still missing go to the parts with the largest remainders (earlier parts win ties).

use rust_decimal::Decimal;

pub fn percentuais(valores: &[i64]) -> Vec<Decimal> {
    let total: i128 = valores.iter().map(|&v| i128::from(v.max(0))).sum();
    if total == 0 {
        return vec![Decimal::ZERO; valores.len()];
    }
    let mut partes: Vec<(i128, i128)> = valores
        .iter()
        .map(|&v| {
            let escalado = i128::from(v.max(0)) * 10_000;
            (escalado / total, escalado % total)
        })
        .collect();
    let faltam = 10_000 - partes.iter().map(|p| p.0).sum::<i128>();
    let mut ordem: Vec<usize> = (0..partes.len()).collect();
    ordem.sort_by(|&a, &b| partes[b].1.cmp(&partes[a].1).then(a.cmp(&b)));
    for &i in ordem.iter().take(usize::try_from(faltam).unwrap_or(0)) {
        partes[i].0 += 1;
    }
    partes
        .into_iter()
        .map(|(centesimos, _)| Decimal::new(i64::try_from(centesimos).unwrap_or(0), 2))
        .collect()
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;
    use rust_decimal_macros::dec;

    use super::percentuais;

    fn soma(v: &[Decimal]) -> Decimal {
        v.iter().copied().sum()
    }

    #[test]
    fn tres_tercos_somam_cem() {
        let p = percentuais(&[1, 1, 1]);
        assert_eq!(p, vec![dec!(33.34), dec!(33.33), dec!(33.33)]);
        assert_eq!(soma(&p), dec!(100.00));
    }

    #[test]
    fn casos_diversos_somam_cem() {
        for valores in [
            vec![500_000, 1_000_000, 2_500_000, 800_000],
            vec![1, 2, 3, 4, 5, 6, 7],
            vec![999_999, 1],
            vec![7],
            vec![123_456, 654_321, 111_111, 0],
        ] {
            let p = percentuais(&valores);
            assert_eq!(soma(&p), dec!(100.00), "{valores:?} → {p:?}");
            assert!(p.iter().all(|x| x.scale() <= 2));
        }
        assert!(percentuais(&[]).is_empty());
        assert_eq!(percentuais(&[0, 0]), vec![Decimal::ZERO, Decimal::ZERO]);
    }
}

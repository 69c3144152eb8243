//! How the seeded reservations are sized.

use super::{dividir, valor};

#[test]
fn divisao_em_multiplos_do_minimo_soma_o_total() {
    assert_eq!(dividir(2_000_000, 100_000), vec![700_000, 700_000, 600_000]);
    assert_eq!(dividir(150_000, 100_000), vec![150_000]);
    assert_eq!(dividir(50_000, 100_000), vec![50_000]);
    assert_eq!(dividir(200_050, 100_000), vec![100_000, 100_050]);
    for (total, minimo) in [
        (2_500_000, 100_000),
        (800_000, 50_000),
        (12_000_000, 2_500_000),
    ] {
        assert_eq!(dividir(total, minimo).iter().sum::<i64>(), total);
    }
}

#[test]
fn valor_respeita_minimo_e_teto() {
    assert_eq!(valor(500_000, 100_000, 2_500_000), Some(500_000));
    assert_eq!(valor(300_000, 2_500_000, 10_000_000), Some(2_500_000));
    assert_eq!(valor(500_000, 100_000, 250_000), Some(200_000));
    assert_eq!(valor(500_000, 100_000, 50_000), None);
}

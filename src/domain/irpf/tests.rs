use super::*;
use rust_decimal_macros::dec;

#[test]
fn the_balance_is_the_cost_while_held_on_the_day() {
    let (liq, venc) = (date(2024, 6, 10), date(2026, 6, 10));
    let s = |dia| saldo(dec!(5000), liq, venc, dia);
    assert_eq!(s(fim_do_ano(2023)), dec!(0), "not yet bought");
    assert_eq!(s(date(2024, 6, 9)), dec!(0));
    assert_eq!(s(date(2024, 6, 10)), dec!(5000), "settled that day");
    assert_eq!(s(fim_do_ano(2024)), dec!(5000));
    assert_eq!(s(fim_do_ano(2025)), dec!(5000));
    assert_eq!(s(date(2026, 6, 10)), dec!(0), "repaid at maturity");
    assert_eq!(s(fim_do_ano(2026)), dec!(0));
}

#[test]
fn the_description_names_the_security_the_issuer_and_the_dates() {
    let d = discriminacao(
        "Fazenda Santa Luzia",
        "Agropecuária Santa Luzia Ltda.",
        "63520805000186",
        dec!(12345.6),
        date(2024, 6, 10),
        date(2026, 6, 10),
    );
    assert_eq!(
        d,
        "Cédula de Produto Rural com liquidação financeira (CPR-F) \"Fazenda Santa Luzia\", \
         emitida por Agropecuária Santa Luzia Ltda., CNPJ 63.520.805/0001-86, subscrita por \
         meio da plataforma Colheita em 10/06/2024, valor aplicado de R$ 12.345,60, \
         vencimento em 10/06/2026."
    );
}

#[test]
fn the_income_section_round_trips_through_its_stored_name() {
    for r in [Rendimentos::Isento, Rendimentos::TributacaoExclusiva] {
        assert_eq!(Rendimentos::from_sql(r.as_sql()), Some(r));
    }
    assert_eq!(Rendimentos::from_sql("isento"), None);
    assert_eq!(
        Rendimentos::Isento.ficha(),
        "Rendimentos Isentos e Não Tributáveis"
    );
}

//! Formatters as markup: money (masked on demand), percents, dates.

use rust_decimal::Decimal;

use crate::domain::{dates, money};

/// A money value. Both the value and its mask are rendered; CSS shows one of them by
/// the `valores-ocultos` class on `<html>`, so the visibility toggle works without a
/// reload when JavaScript is on, and by the cookie alone when it is off.
pub fn money(v: Decimal) -> Money {
    Money(v)
}

/// An amount as the page shows it: the value, and its mask for when values are hidden.
/// Rendered straight into the page (the digits, `R$`, `.`, `,` and `-` need no escaping),
/// with no string of its own: a wallet page shows dozens.
#[derive(Debug, Clone, Copy)]
pub struct Money(pub Decimal);

impl maud::Render for Money {
    fn render_to(&self, buf: &mut String) {
        buf.push_str(r#"<span class="valor"><span class="valor-real">"#);
        money::write_brl(buf, self.0);
        buf.push_str(concat!(
            r#"</span><span class="valor-mascarado">R$ •••••"#,
            r#"<span class="sr-only"> (valor oculto)</span></span></span>"#
        ));
    }
}

pub fn percent(v: Decimal) -> String {
    money::format_percent(v)
}

/// Net yield of a reservation ("17,50% a.a."); '-' when the platform sent none.
pub fn net_yield(rate: Option<Decimal>) -> String {
    rate.map(money::format_annual_rate)
        .unwrap_or_else(|| "-".into())
}

/// "21/11/2026" in São Paulo time, from a platform date string; '-' when absent.
pub fn date(s: Option<&str>) -> String {
    s.and_then(dates::parse_platform_datetime)
        .map(dates::format_date_br)
        .unwrap_or_else(|| "-".into())
}

/// The last day of a withdrawal period that ends at `s` (its first instant past), as
/// "29/11/2026"; '-' when absent.
pub fn withdrawal_last_day(s: Option<&str>) -> String {
    s.and_then(dates::parse_platform_datetime)
        .map(|t| dates::format_civil_date_br(crate::domain::desistencia::last_day(t)))
        .unwrap_or_else(|| "-".into())
}

/// "21/11/2026 às 18:05" in São Paulo time; '-' when absent.
pub fn datetime(s: Option<&str>) -> String {
    s.and_then(dates::parse_platform_datetime)
        .map(dates::format_datetime_br)
        .unwrap_or_else(|| "-".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::html;

    /// The amount renders as the same markup maud would write for it, value and mask.
    #[test]
    fn an_amount_renders_its_value_and_its_mask() {
        for v in [
            Decimal::new(123456, 2),
            Decimal::new(-5, 3),
            Decimal::new(-100000001, 2),
            Decimal::ZERO,
        ] {
            let expected = html! {
                span.valor {
                    span.valor-real { (money::format_brl(v)) }
                    span.valor-mascarado { "R$ •••••" span.sr-only { " (valor oculto)" } }
                }
            };
            assert_eq!(html! { (money(v)) }.into_string(), expected.into_string());
        }
        assert!(
            html! { (money(Decimal::new(-100000001, 2))) }
                .into_string()
                .contains(">-R$ 1.000.000,01<")
        );
    }
}

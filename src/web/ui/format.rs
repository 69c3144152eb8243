//! Formatters for pages: money (masked on demand), percents, dates.

use maud::{Markup, Render, html};
use rust_decimal::Decimal;

use crate::domain::{dates, money};

/// A money value. Both the value and its mask are rendered; CSS shows one of them by
/// the `valores-ocultos` class on `<html>`, so the visibility toggle works without a
/// reload when JavaScript is on, and by the cookie alone when it is off.
pub fn money(v: Decimal) -> Money {
    Money(v)
}

/// An amount as the page shows it: the value, and its mask for when values are hidden.
#[derive(Debug, Clone, Copy)]
pub struct Money(pub Decimal);

impl Render for Money {
    fn render(&self) -> Markup {
        html! {
            span.valor {
                span.valor-real { (money::format_brl(self.0)) }
                span.valor-mascarado { "R$ •••••" span.sr-only { " (valor oculto)" } }
            }
        }
    }
}

/// A share or rate in percent: 12.5 → "12,50%".
pub fn percent(v: Decimal) -> String {
    money::format_percent(v)
}

/// Net yield of a reservation ("17,50% a.a."); '-' when the platform sent none.
pub fn net_yield(rate: Option<Decimal>) -> String {
    match rate {
        Some(v) => format!("{} a.a.", money::format_percent(v)),
        None => "-".to_owned(),
    }
}

/// "21/11/2026" in São Paulo time, from a platform date string; '-' when absent.
pub fn date(s: Option<&str>) -> String {
    instant(s, dates::format_date_br)
}

/// The last day of a withdrawal period that ends at `s` (its first instant past), as
/// "29/11/2026"; '-' when absent.
pub fn withdrawal_last_day(s: Option<&str>) -> String {
    instant(s, |t| {
        dates::format_civil_date_br(crate::domain::desistencia::last_day(t))
    })
}

/// "21/11/2026 às 18:05" in São Paulo time; '-' when absent.
pub fn datetime(s: Option<&str>) -> String {
    instant(s, dates::format_datetime_br)
}

/// The platform's instant `s` as `write` writes it; '-' when absent or unreadable.
fn instant(s: Option<&str>, write: impl Fn(jiff::Timestamp) -> String) -> String {
    s.and_then(dates::parse_platform_datetime)
        .map_or_else(|| "-".to_owned(), write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_renders_its_value_and_its_mask() {
        let html = html! { (money(Decimal::new(-100000001, 2))) }.into_string();
        assert_eq!(
            html,
            concat!(
                r#"<span class="valor"><span class="valor-real">-R$ 1.000.000,01</span>"#,
                r#"<span class="valor-mascarado">R$ •••••"#,
                r#"<span class="sr-only"> (valor oculto)</span></span></span>"#
            )
        );
    }

    #[test]
    fn percents_and_dates_read_as_brazilians_write_them() {
        assert_eq!(percent(Decimal::new(125, 1)), "12,50%");
        assert_eq!(net_yield(Some(Decimal::new(175, 1))), "17,50% a.a.");
        assert_eq!(net_yield(None), "-");
        assert_eq!(date(Some("2026-11-21T23:30:00Z")), "21/11/2026");
        assert_eq!(date(Some("2026-11-22T02:30:00Z")), "21/11/2026");
        assert_eq!(
            datetime(Some("2026-11-21T21:05:00Z")),
            "21/11/2026 às 18:05"
        );
        assert_eq!(
            withdrawal_last_day(Some("2026-11-30T03:00:00Z")),
            "29/11/2026"
        );
        for absent in [None, Some(""), Some("amanhã")] {
            assert_eq!(date(absent), "-");
            assert_eq!(datetime(absent), "-");
            assert_eq!(withdrawal_last_day(absent), "-");
        }
    }
}

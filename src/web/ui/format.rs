//! Formatters as markup: money (masked on demand), percents, dates.

use maud::{Markup, html};
use rust_decimal::Decimal;

use crate::domain::{dates, money};

/// A money value. Both the value and its mask are rendered; CSS shows one of them by
/// the `valores-ocultos` class on `<html>`, so the visibility toggle works without a
/// reload when JavaScript is on, and by the cookie alone when it is off.
pub fn money(v: Decimal) -> Markup {
    html! {
        span.valor {
            span.valor-real { (money::format_brl(v)) }
            span.valor-mascarado { "R$ •••••" span.sr-only { " (valor oculto)" } }
        }
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

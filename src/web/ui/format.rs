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

/// Text a formatter below writes straight into the page: what they write (digits,
/// `,` `.` `/` `:` `%` `-`, `a.a.`, `às`) needs no escaping, so it takes no string of its
/// own and no escaping pass (a wallet page shows dozens); `Display` gives the same text.
/// A test holds each to what maud writes for its text.
pub struct Written<F>(F);

impl<F: Fn(&mut String)> maud::Render for Written<F> {
    fn render_to(&self, buf: &mut String) {
        (self.0)(buf);
    }
}

impl<F: Fn(&mut String)> std::fmt::Display for Written<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::with_capacity(24);
        (self.0)(&mut text);
        f.write_str(&text)
    }
}

/// A share or rate in percent: 12.5 → "12,50%".
pub fn percent(v: Decimal) -> Written<impl Fn(&mut String)> {
    Written(move |out: &mut String| money::write_percent(out, v))
}

/// Net yield of a reservation ("17,50% a.a."); '-' when the platform sent none.
pub fn net_yield(rate: Option<Decimal>) -> Written<impl Fn(&mut String)> {
    Written(move |out: &mut String| match rate {
        Some(v) => {
            money::write_percent(out, v);
            out.push_str(" a.a.");
        }
        None => out.push('-'),
    })
}

/// "21/11/2026" in São Paulo time, from a platform date string; '-' when absent.
pub fn date(s: Option<&str>) -> Written<impl Fn(&mut String)> {
    instant(s, dates::write_date_br)
}

/// The last day of a withdrawal period that ends at `s` (its first instant past), as
/// "29/11/2026"; '-' when absent.
pub fn withdrawal_last_day(s: Option<&str>) -> Written<impl Fn(&mut String)> {
    instant(s, |out, t| {
        dates::write_civil_date_br(out, crate::domain::desistencia::last_day(t));
    })
}

/// "21/11/2026 às 18:05" in São Paulo time; '-' when absent.
pub fn datetime(s: Option<&str>) -> Written<impl Fn(&mut String)> {
    instant(s, dates::write_datetime_br)
}

/// The platform's instant `s` as `write` writes it; '-' when absent or unreadable.
fn instant(
    s: Option<&str>,
    write: fn(&mut String, jiff::Timestamp),
) -> Written<impl Fn(&mut String)> {
    let t = s.and_then(dates::parse_platform_datetime);
    Written(move |out: &mut String| match t {
        Some(t) => write(out, t),
        None => out.push('-'),
    })
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

    /// Each formatter writes into the page what maud writes for its text (so it never
    /// holds anything to escape), and `Display` gives that text.
    #[test]
    fn written_text_needs_no_escaping_and_displays_the_same() {
        fn same(written: &impl maud::Render, text: &str) {
            let page = html! { (written) }.into_string();
            assert_eq!(page, html! { (text) }.into_string());
            assert_eq!(page, text);
        }
        for v in [
            Decimal::new(125, 1),
            Decimal::new(-5, 3),
            Decimal::new(123_456_789, 4),
            Decimal::ZERO,
            Decimal::MAX,
        ] {
            same(&percent(v), &money::format_percent(v));
            same(&percent(v), &percent(v).to_string());
            same(
                &net_yield(Some(v)),
                &format!("{} a.a.", money::format_percent(v)),
            );
        }
        same(&net_yield(None), "-");
        same(&date(Some("2026-11-21T23:30:00Z")), "21/11/2026");
        same(&date(Some("2026-11-22T02:30:00Z")), "21/11/2026");
        same(
            &datetime(Some("2026-11-21T21:05:00Z")),
            "21/11/2026 às 18:05",
        );
        same(
            &withdrawal_last_day(Some("2026-11-30T03:00:00Z")),
            "29/11/2026",
        );
        for absent in [None, Some(""), Some("amanhã")] {
            same(&date(absent), "-");
            same(&datetime(absent), "-");
            same(&withdrawal_last_day(absent), "-");
        }
    }
}

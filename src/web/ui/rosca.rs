//! The donut of the wallet, drawn by the server as an SVG: what an investor without JS sees (a
//! chart, not only the table or list beside it), and what every investor sees until the `rosca`
//! island (chart.js, with tooltips) takes over when the chart is touched or hovered. The
//! geometry follows chart.js's doughnut (clockwise from the top, a 50% hole, white borders), so
//! the swap does not move anything.

use std::f64::consts::{FRAC_PI_2, TAU};

use maud::{Markup, html};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::island::{self, Load, RoscaProps};
use crate::domain::money;

/// 18 colours, the same as the chart island's, each ≥ 3:1 against white; slice `i` takes
/// colour `i % 18`.
pub const PALETTE: [&str; 18] = [
    "#1b5e20", "#0d47a1", "#b71c1c", "#e65100", "#4a148c", "#006064", "#827717", "#880e4f",
    "#3e2723", "#2e7d32", "#1565c0", "#c62828", "#bf360c", "#6a1b9a", "#00838f", "#5d4037",
    "#ad1457", "#37474f",
];

/// The legend swatch's class of slice `i`: `amostra cor-N`, N its colour in [`PALETTE`].
pub fn swatch(i: usize) -> String {
    format!("amostra cor-{}", i % PALETTE.len())
}

/// The drawing's box is `0 0 200 200`, centred at (100, 100). The outer radius leaves room
/// for the half of the 2-unit border that falls outside; the hole is half the radius.
const OUTER: f64 = 99.0;
const INNER: f64 = 49.5;

/// A slice that is the whole total: each edge as two half-circle arcs (an arc cannot end
/// where it starts), the hole cut by the even-odd rule.
const FULL_RING: &str = "M100.00 1.00A99 99 0 1 1 100.00 199.00A99 99 0 1 1 100.00 1.00Z\
     M100.00 50.50A49.5 49.5 0 1 0 100.00 149.50A49.5 49.5 0 1 0 100.00 50.50Z";

/// One slice of the donut.
#[derive(Clone, Copy, Debug)]
pub struct Slice<'a> {
    pub label: &'a str,
    pub value: Decimal,
}

/// What a slice counts for: amounts at zero or below are empty slices.
fn counted(s: &Slice) -> Decimal {
    s.value.max(Decimal::ZERO)
}

fn total(slices: &[Slice]) -> Decimal {
    slices
        .iter()
        .fold(Decimal::ZERO, |sum, s| sum.saturating_add(counted(s)))
}

/// The chart's accessible name: its title, then each slice with its exact share
/// ("Alocação: Captação A, 40,00%; Captação B, 60,00%").
pub fn description(title: &str, slices: &[Slice]) -> String {
    let total = total(slices);
    let shares: Vec<String> = slices
        .iter()
        .map(|s| {
            let share = money::percent_of(s.value, total);
            format!("{}, {}", s.label, money::format_percent(share))
        })
        .collect();
    if shares.is_empty() {
        title.to_owned()
    } else {
        format!("{title}: {}", shares.join("; "))
    }
}

/// The point at `radius` a fraction `turn` of the way round, clockwise from the top.
fn point(radius: f64, turn: f64) -> String {
    let angle = TAU * turn - FRAC_PI_2;
    let (x, y) = (100.0 + radius * angle.cos(), 100.0 + radius * angle.sin());
    format!("{x:.2} {y:.2}")
}

/// Each slice's path (`None` for an empty one): the outer edge clockwise from where the
/// previous slice ended, then the inner edge back. Floats only place the drawing.
fn paths(slices: &[Slice]) -> Vec<Option<String>> {
    let total = total(slices).to_f64().unwrap_or(0.0);
    let mut start = 0.0;
    slices
        .iter()
        .map(|s| {
            let f = counted(s).to_f64().unwrap_or(0.0) / total;
            if total <= 0.0 || f <= 0.0 {
                return None;
            }
            if f >= 1.0 - 1e-9 {
                return Some(FULL_RING.to_owned());
            }
            let end = start + f;
            let large = u8::from(f > 0.5);
            let d = format!(
                "M{}A{OUTER} {OUTER} 0 {large} 1 {}L{}A{INNER} {INNER} 0 {large} 0 {}Z",
                point(OUTER, start),
                point(OUTER, end),
                point(INNER, end),
                point(INNER, start),
            );
            start = end;
            Some(d)
        })
        .collect()
}

/// The donut as an inline SVG image, `height` CSS pixels tall, named by its shares.
fn svg(title: &str, slices: &[Slice], height: u32) -> Markup {
    html! {
        svg.rosca viewBox="0 0 200 200" width="100%" height=(height) role="img"
            aria-label=(description(title, slices)) {
            @for (i, d) in paths(slices).iter().enumerate() {
                @if let Some(d) = d {
                    path d=(d) fill=(PALETTE[i % PALETTE.len()]) fill-rule="evenodd"
                        stroke="#fff" stroke-width="2" {}
                }
            }
        }
    }
}

/// The donut island: the server's SVG (and `note`, e.g. where the same data is in text), with
/// chart.js taking over when the investor touches or hovers it.
pub fn island(title: &str, slices: &[Slice], note: Markup) -> Markup {
    const HEIGHT: u32 = 280;
    let values: Vec<String> = slices.iter().map(|s| s.value.to_string()).collect();
    let props = RoscaProps {
        height: HEIGHT,
        title,
        labels: slices.iter().map(|s| s.label).collect(),
        values: values.iter().map(String::as_str).collect(),
        // The chart also takes colour `i % len`: the slices' own colours are enough.
        colors: Some(PALETTE.iter().take(slices.len()).copied().collect()),
    };
    island::mount_when(
        &props,
        Load::Touch,
        html! { (svg(title, slices, HEIGHT)) (note) },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn named<'a>(slices: &[(&'a str, Decimal)]) -> Vec<Slice<'a>> {
        slices
            .iter()
            .map(|&(label, value)| Slice { label, value })
            .collect()
    }

    fn drawn(values: &[Decimal]) -> Vec<Option<String>> {
        let slices: Vec<Slice> = values
            .iter()
            .map(|&value| Slice { label: "x", value })
            .collect();
        paths(&slices)
    }

    #[test]
    fn two_equal_slices_are_the_right_and_the_left_half() {
        let right =
            "M100.00 1.00A99 99 0 0 1 100.00 199.00L100.00 149.50A49.5 49.5 0 0 0 100.00 50.50Z";
        let left =
            "M100.00 199.00A99 99 0 0 1 100.00 1.00L100.00 50.50A49.5 49.5 0 0 0 100.00 149.50Z";
        assert_eq!(
            drawn(&[dec!(50), dec!(50)]),
            [Some(right.into()), Some(left.into())]
        );
    }

    #[test]
    fn a_quarter_ends_at_three_o_clock_and_a_big_slice_takes_the_large_arc() {
        let p = drawn(&[dec!(1), dec!(3)]);
        let outer: Vec<&str> = p
            .iter()
            .flatten()
            .filter_map(|d| d.split('L').next())
            .collect();
        let quarter = "M100.00 1.00A99 99 0 0 1 199.00 100.00";
        assert_eq!(outer, [quarter, "M199.00 100.00A99 99 0 1 1 100.00 1.00"]);
    }

    #[test]
    fn one_slice_is_the_ring_and_empty_ones_draw_nothing() {
        let ring = Some(FULL_RING.to_owned());
        assert_eq!(drawn(&[dec!(1234.56)]), std::slice::from_ref(&ring));
        assert!(drawn(&[]).is_empty());
        assert_eq!(drawn(&[dec!(0), dec!(0)]), [None, None]);
        assert_eq!(drawn(&[dec!(-5), dec!(10), dec!(0)]), [None, ring, None]);
        assert_eq!(drawn(&[Decimal::MAX, Decimal::MAX]).len(), 2);
    }

    #[test]
    fn the_svg_is_an_image_named_by_exact_shares() {
        let thirds = named(&[
            ("Soja", dec!(1)),
            ("Milho <2027>", dec!(1)),
            ("Café", dec!(1)),
        ]);
        let html = svg("Alocação", &thirds, 280).into_string();
        assert!(html.starts_with(r#"<svg class="rosca" viewBox="0 0 200 200" width="100%" height="280" role="img" aria-label="Alocação: Soja, 33,33%; Milho &lt;2027&gt;, 33,33%; Café, 33,33%">"#), "{html}");
        assert_eq!(html.matches("<path ").count(), 3);
        assert!(html.contains(r##"fill="#1b5e20""##) && html.contains(r##"fill="#b71c1c""##));
        assert_eq!(description("Alocação", &[]), "Alocação");
    }

    #[test]
    fn the_island_carries_the_svg_values_and_only_its_slices_colours() {
        let two = named(&[("Soja", dec!(1.5)), ("Café", dec!(2))]);
        let html = island("Alocação", &two, html! { p { "nota" } }).into_string();
        assert!(html.starts_with(r#"<div data-island="rosca""#), "{html}");
        assert!(html.contains(r#"data-carregar="toque""#) && html.contains("<svg class=\"rosca\""));
        assert!(html.contains(r#""values":["1.5","2"]"#) && html.contains("<p>nota</p>"));
        assert!(
            html.contains(r##""colors":["#1b5e20","#0d47a1"]"##),
            "{html}"
        );
        let many: Vec<(&str, Decimal)> = (1..=20).map(|i| ("x", Decimal::from(i))).collect();
        let html = island("Alocação", &named(&many), html! {}).into_string();
        assert!(html.contains(&format!("\"colors\":[\"{}\"]", PALETTE.join("\",\""))));
        assert_eq!(swatch(19), "amostra cor-1");
    }
}

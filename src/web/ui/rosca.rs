//! The donut of the wallet, drawn by the server as an SVG: what an investor without JS sees (a
//! chart, not only the table or list beside it), and what every investor sees until the `rosca`
//! island (chart.js, with tooltips) takes over when the chart is touched or hovered. The
//! geometry follows chart.js's doughnut (clockwise from the top, a 50% hole, white borders), so
//! the swap does not move anything.

use maud::{Markup, html};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::format;
use super::island::{self, Load, RoscaProps};

/// 18 colours, the same as the chart island's, each ≥ 3:1 against white.
pub const PALETTE: [&str; 18] = [
    "#1b5e20", "#0d47a1", "#b71c1c", "#e65100", "#4a148c", "#006064", "#827717", "#880e4f",
    "#3e2723", "#2e7d32", "#1565c0", "#c62828", "#bf360c", "#6a1b9a", "#00838f", "#5d4037",
    "#ad1457", "#37474f",
];

/// The drawing's coordinate box (`viewBox="0 0 200 200"`); the centre is at (100, 100).
const CENTRE: f64 = 100.0;
/// Outer radius: 1 unit inside the box, for the half of the 2-unit border that falls outside.
const OUTER: f64 = 99.0;
/// chart.js's default doughnut cutout is 50% of the radius.
const INNER: f64 = 49.5;

/// One slice of the donut.
#[derive(Clone, Debug)]
pub struct Slice {
    pub label: String,
    pub value: Decimal,
}

/// The shares of the total, as fractions (0 to 1); slices at zero or below count as empty, and
/// an empty or zero total gives no shares at all.
fn shares(values: &[Decimal]) -> Vec<Decimal> {
    let total = values
        .iter()
        .filter(|v| v.is_sign_positive())
        .fold(Decimal::ZERO, |sum, v| sum.saturating_add(*v));
    values
        .iter()
        .map(|v| {
            if v.is_sign_positive() {
                v.checked_div(total).unwrap_or(Decimal::ZERO)
            } else {
                Decimal::ZERO
            }
        })
        .collect()
}

fn point(radius: f64, angle: f64) -> (f64, f64) {
    (CENTRE + radius * angle.cos(), CENTRE + radius * angle.sin())
}

/// Writes `x` with two decimals, as `{x:.2}` does for the coordinates of the box (rounded to
/// the nearest hundredth), from integers: float formatting was most of the cost
/// of drawing the donut on every home and wallet page.
fn push_fixed2(out: &mut String, x: f64) {
    use std::fmt::Write as _;
    let scaled = x * 100.0;
    // Near a tie the product's own rounding can decide it otherwise than the exact value
    // does, and far outside the box nothing is drawn anyway: there, the general path.
    let near_tie = (scaled.fract().abs() - 0.5).abs() < 1e-6;
    if !scaled.is_finite() || scaled.abs() >= 1e15 || near_tie || x < 0.0 {
        let _ = write!(out, "{x:.2}");
        return;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let h = scaled.round() as u64;
    let _ = write!(out, "{}.{:02}", h / 100, h % 100);
}

/// Pushes `M x y` / `L x y` style commands: the letter, then the point.
fn push_point(out: &mut String, command: char, (x, y): (f64, f64)) {
    out.push(command);
    push_fixed2(out, x);
    out.push(' ');
    push_fixed2(out, y);
}

/// The whole ring, outer then inner edge, each as two half-circle arcs from the top.
const FULL_RING: &str = "M100.00 1.00A99 99 0 1 1 100.00 199.00A99 99 0 1 1 100.00 1.00Z\
     M100.00 50.50A49.5 49.5 0 1 0 100.00 149.50A49.5 49.5 0 1 0 100.00 50.50Z";

/// The outer and inner radii as the arcs write them (`{OUTER}`, `{INNER}`).
const OUTER_ARC: &str = "A99 99 0 ";
const INNER_ARC: &str = "A49.5 49.5 0 ";

/// The SVG path (`d`) of each slice, in order: a ring segment from the top, clockwise, or `None`
/// for an empty slice. A slice that is the whole total is a full ring (two half-circle arcs per
/// edge, since an arc cannot end where it starts), holed by the even-odd rule.
pub fn paths(values: &[Decimal]) -> Vec<Option<String>> {
    let mut start = 0.0_f64;
    shares(values)
        .into_iter()
        .map(|share| {
            let f = share.to_f64().unwrap_or(0.0);
            if f <= 0.0 {
                return None;
            }
            if f >= 1.0 - 1e-9 {
                return Some(FULL_RING.to_owned());
            }
            let mut d = String::with_capacity(112);
            let a0 = std::f64::consts::TAU * start - std::f64::consts::FRAC_PI_2;
            let a1 = a0 + std::f64::consts::TAU * f;
            start += f;
            let large = if f > 0.5 { "1 " } else { "0 " };
            push_point(&mut d, 'M', point(OUTER, a0));
            d.push_str(OUTER_ARC);
            d.push_str(large);
            d.push_str("1 ");
            let (x1, y1) = point(OUTER, a1);
            push_fixed2(&mut d, x1);
            d.push(' ');
            push_fixed2(&mut d, y1);
            push_point(&mut d, 'L', point(INNER, a1));
            d.push_str(INNER_ARC);
            d.push_str(large);
            d.push_str("0 ");
            let (ix0, iy0) = point(INNER, a0);
            push_fixed2(&mut d, ix0);
            d.push(' ');
            push_fixed2(&mut d, iy0);
            d.push('Z');
            Some(d)
        })
        .collect()
}

/// The chart's accessible name: its title, then each slice with its share ("Captação A,
/// 40,00%; Captação B, 60,00%").
pub fn description(title: &str, slices: &[Slice]) -> String {
    let values: Vec<Decimal> = slices.iter().map(|s| s.value).collect();
    let parts: Vec<String> = slices
        .iter()
        .zip(shares(&values))
        .map(|(s, share)| {
            let percent = share.saturating_mul(Decimal::ONE_HUNDRED).round_dp(2);
            format!("{}, {}", s.label, format::percent(percent))
        })
        .collect();
    if parts.is_empty() {
        title.to_owned()
    } else {
        format!("{title}: {}", parts.join("; "))
    }
}

/// The donut as an inline SVG, `height` CSS pixels tall, slice `i` in `palette[i % len]` (the
/// colours of the legend swatches beside it).
pub fn svg(title: &str, slices: &[Slice], palette: &[&str], height: u32) -> Markup {
    let values: Vec<Decimal> = slices.iter().map(|s| s.value).collect();
    html! {
        svg.rosca viewBox="0 0 200 200" width="100%" height=(height) role="img"
            aria-label=(description(title, slices)) {
            @for (i, d) in paths(&values).into_iter().enumerate() {
                @if let Some(d) = d {
                    path d=(d) fill=(palette.get(i % palette.len().max(1)).copied().unwrap_or("#37474f"))
                        fill-rule="evenodd" stroke="#fff" stroke-width="2" {}
                }
            }
        }
    }
}

/// The donut island: the server's SVG (and `note`, e.g. where the same data is in text), with
/// chart.js taking over when the investor touches or hovers it.
pub fn island(title: &str, slices: &[Slice], palette: &[&str], note: Markup) -> Markup {
    const HEIGHT: u32 = 280;
    let props = RoscaProps {
        height: HEIGHT,
        title: title.to_owned(),
        labels: slices.iter().map(|s| s.label.clone()).collect(),
        values: slices.iter().map(|s| s.value.to_string()).collect(),
        colors: Some(palette.iter().map(|c| (*c).to_owned()).collect()),
    };
    island::mount_when(
        &props,
        Load::Touch,
        html! { (svg(title, slices, palette, HEIGHT)) (note) },
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use rust_decimal_macros::dec;

    fn slice(label: &str, value: Decimal) -> Slice {
        Slice {
            label: label.into(),
            value,
        }
    }

    #[test]
    fn two_equal_slices_are_the_right_and_the_left_half() {
        let p = paths(&[dec!(50), dec!(50)]);
        assert_eq!(
            p[0].as_deref(),
            Some(
                "M100.00 1.00A99 99 0 0 1 100.00 199.00L100.00 149.50A49.5 49.5 0 0 0 100.00 50.50Z"
            )
        );
        assert_eq!(
            p[1].as_deref(),
            Some(
                "M100.00 199.00A99 99 0 0 1 100.00 1.00L100.00 50.50A49.5 49.5 0 0 0 100.00 149.50Z"
            )
        );
    }

    #[test]
    fn a_quarter_ends_at_three_o_clock_and_a_big_slice_takes_the_large_arc() {
        let p = paths(&[dec!(1), dec!(3)]);
        let first = p[0].as_deref().unwrap();
        assert!(
            first.starts_with("M100.00 1.00A99 99 0 0 1 199.00 100.00L"),
            "{first}"
        );
        let second = p[1].as_deref().unwrap();
        assert!(
            second.starts_with("M199.00 100.00A99 99 0 1 1 100.00 1.00L"),
            "{second}"
        );
    }

    #[test]
    fn a_single_slice_is_a_full_ring() {
        let p = paths(&[dec!(1234.56)]);
        let d = p[0].as_deref().unwrap();
        assert_eq!(d.matches('A').count(), 4, "{d}");
        assert!(
            d.starts_with("M100.00 1.00A99 99 0 1 1 100.00 199.00"),
            "{d}"
        );
    }

    #[test]
    fn empty_and_negative_slices_draw_nothing() {
        assert!(paths(&[]).is_empty());
        assert_eq!(paths(&[dec!(0), dec!(0)]), vec![None, None]);
        let p = paths(&[dec!(-5), dec!(10), dec!(0)]);
        assert!(p[0].is_none() && p[2].is_none());
        assert!(
            p[1].as_deref().unwrap().contains("0 1 1"),
            "the only slice is the ring"
        );
    }

    /// The drawing as `format!` wrote it, the reference for the fixed-point writer.
    fn reference(values: &[Decimal]) -> Vec<Option<String>> {
        let mut start = 0.0_f64;
        shares(values)
            .into_iter()
            .map(|share| {
                let f = share.to_f64().unwrap_or(0.0);
                if f <= 0.0 {
                    return None;
                }
                if f >= 1.0 - 1e-9 {
                    let (top, bottom, itop, ibottom) =
                        (CENTRE - OUTER, CENTRE + OUTER, CENTRE - INNER, CENTRE + INNER);
                    return Some(format!(
                        "M{CENTRE:.2} {top:.2}A{OUTER} {OUTER} 0 1 1 {CENTRE:.2} {bottom:.2}A{OUTER} {OUTER} 0 1 1 {CENTRE:.2} {top:.2}Z\
                         M{CENTRE:.2} {itop:.2}A{INNER} {INNER} 0 1 0 {CENTRE:.2} {ibottom:.2}A{INNER} {INNER} 0 1 0 {CENTRE:.2} {itop:.2}Z"
                    ));
                }
                let a0 = std::f64::consts::TAU * start - std::f64::consts::FRAC_PI_2;
                let a1 = a0 + std::f64::consts::TAU * f;
                start += f;
                let large = u8::from(f > 0.5);
                let (x0, y0) = point(OUTER, a0);
                let (x1, y1) = point(OUTER, a1);
                let (ix1, iy1) = point(INNER, a1);
                let (ix0, iy0) = point(INNER, a0);
                Some(format!(
                    "M{x0:.2} {y0:.2}A{OUTER} {OUTER} 0 {large} 1 {x1:.2} {y1:.2}\
                     L{ix1:.2} {iy1:.2}A{INNER} {INNER} 0 {large} 0 {ix0:.2} {iy0:.2}Z"
                ))
            })
            .collect()
    }

    #[test]
    fn the_paths_are_the_ones_float_formatting_wrote() {
        assert_eq!(paths(&[dec!(7)]), reference(&[dec!(7)]));
        // Slices of every size, from a sliver to most of the ring, in many orders.
        for n in 1..=40u32 {
            let values: Vec<Decimal> = (1..=n).map(|i| Decimal::from(i * i % 97 + 1)).collect();
            assert_eq!(paths(&values), reference(&values), "{values:?}");
        }
        let uneven = [dec!(0.01), dec!(123456.78), dec!(3.3), dec!(0), dec!(50000)];
        assert_eq!(paths(&uneven), reference(&uneven));
    }

    #[test]
    fn two_decimals_round_as_float_formatting_does() {
        for x in [
            0.0,
            0.004,
            0.005,
            0.015,
            0.125,
            0.3,
            1.0049,
            -0.004,
            -0.5,
            -12.345,
            99.995,
            149.5,
            199.999,
            1e16,
            f64::NAN,
        ] {
            let mut out = String::new();
            push_fixed2(&mut out, x);
            assert_eq!(out, format!("{x:.2}"), "{x}");
        }
    }

    #[test]
    fn huge_amounts_do_not_panic() {
        let p = paths(&[Decimal::MAX, Decimal::MAX]);
        assert_eq!(p.len(), 2);
    }

    #[test]
    fn the_svg_is_an_image_named_by_its_shares() {
        let slices = [slice("Soja", dec!(300)), slice("Milho <2027>", dec!(100))];
        let html = svg("Alocação", &slices, &["#111111", "#222222"], 280).into_string();
        assert!(html.starts_with(r#"<svg class="rosca" viewBox="0 0 200 200" width="100%" height="280" role="img" aria-label="Alocação: Soja, 75,00%; Milho &lt;2027&gt;, 25,00%">"#), "{html}");
        assert_eq!(html.matches("<path ").count(), 2);
        assert_eq!(
            html.matches("</path>").count(),
            2,
            "closed: a path holds no other"
        );
        assert!(html.contains(r##"fill="#111111""##) && html.contains(r##"fill="#222222""##));
        assert_eq!(description("Alocação", &[]), "Alocação");
    }

    #[test]
    fn the_island_carries_the_svg_and_loads_on_touch() {
        let html = island(
            "Alocação",
            &[slice("Soja", dec!(1.5))],
            &["#111111"],
            html! {},
        )
        .into_string();
        assert!(html.starts_with(r#"<div data-island="rosca""#), "{html}");
        assert!(html.contains(r#"data-carregar="toque""#));
        assert!(html.contains("<svg class=\"rosca\""));
        assert!(html.contains(r#""values":["1.5"]"#));
    }
}

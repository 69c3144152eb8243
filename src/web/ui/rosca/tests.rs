//! The donut's drawing: its geometry, its fixed-point writer against float formatting, and
//! its markup.

#![allow(clippy::unwrap_used)]

use super::*;
use rust_decimal_macros::dec;

/// The path of each slice of `values`, in order, each in a string of its own (`None` for an
/// empty slice).
fn paths(values: &[Decimal]) -> Vec<Option<String>> {
    let mut start = 0.0_f64;
    fractions(values)
        .into_iter()
        .map(|f| {
            let mut d = String::with_capacity(112);
            push_path(&mut d, &mut start, f).then_some(d)
        })
        .collect()
}

/// The shares of the total as the drawing first took them: each slice's decimal quotient
/// (zero at or below zero, and all zero for a zero total).
fn decimal_shares(values: &[Decimal]) -> Vec<Decimal> {
    let total = total(values);
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

fn slice(label: &str, value: Decimal) -> Slice<'_> {
    Slice { label, value }
}

#[test]
fn two_equal_slices_are_the_right_and_the_left_half() {
    let p = paths(&[dec!(50), dec!(50)]);
    assert_eq!(
        p[0].as_deref(),
        Some("M100.00 1.00A99 99 0 0 1 100.00 199.00L100.00 149.50A49.5 49.5 0 0 0 100.00 50.50Z")
    );
    assert_eq!(
        p[1].as_deref(),
        Some("M100.00 199.00A99 99 0 0 1 100.00 1.00L100.00 50.50A49.5 49.5 0 0 0 100.00 149.50Z")
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

/// The drawing as `format!` wrote it from the decimal quotients, the reference for the
/// fixed-point writer and the float fractions.
fn reference(values: &[Decimal]) -> Vec<Option<String>> {
    use rust_decimal::prelude::ToPrimitive;
    let mut start = 0.0_f64;
    decimal_shares(values)
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
            // Each point from its own cosine and sine, as the drawing first did.
            let at = |radius: f64, angle: f64| {
                (CENTRE + radius * angle.cos(), CENTRE + radius * angle.sin())
            };
            let (x0, y0) = at(OUTER, a0);
            let (x1, y1) = at(OUTER, a1);
            let (ix1, iy1) = at(INNER, a1);
            let (ix0, iy0) = at(INNER, a0);
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
fn hundredths_are_written_as_display_writes_them() {
    for n in [0, 1, 9, 10, 99, 100, 101, 12_345, 1_000_000_007, u64::MAX] {
        let mut out = String::from("x");
        push_hundredths(&mut out, n);
        assert_eq!(out, format!("x{}.{:02}", n / 100, n % 100));
    }
}

proptest::proptest! {
    /// Any value, a coordinate of the drawing or not, is written as `{:.2}` writes it.
    #[test]
    fn two_decimals_are_float_formatting_s_for_any_value(
        x in proptest::prop_oneof![0.0..200.0f64, -1e3..1e16f64, proptest::num::f64::ANY]
    ) {
        let mut out = String::new();
        push_fixed2(&mut out, x);
        proptest::prop_assert_eq!(out, format!("{x:.2}"));
    }
}

#[test]
fn a_path_holds_nothing_that_needs_escaping() {
    let sets = [
        vec![dec!(1)],
        vec![dec!(0.01), dec!(123456.78), dec!(3.3), dec!(0), dec!(50000)],
        (1..=30u32).map(Decimal::from).collect(),
        vec![Decimal::MAX, Decimal::MAX, dec!(-1)],
    ];
    for values in sets {
        for d in paths(&values).into_iter().flatten() {
            assert!(
                d.chars()
                    .all(|c| c.is_ascii_digit() || " .MALZ".contains(c)),
                "{d}"
            );
        }
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

/// The chart takes slice `i`'s colour as `colors[i % len]`: the page carries the slices' own
/// colours, the whole palette only when the slices outnumber it.
#[test]
fn the_island_carries_only_the_colours_its_slices_take() {
    let two = [slice("Soja", dec!(1)), slice("Café", dec!(2))];
    let html = island("Alocação", &two, &PALETTE, html! {}).into_string();
    assert!(
        html.contains(r##""colors":["#1b5e20","#0d47a1"]"##),
        "{html}"
    );
    let many: Vec<Slice> = (0..20).map(|i| slice("x", Decimal::from(i + 1))).collect();
    let html = island("Alocação", &many, &PALETTE, html! {}).into_string();
    let all = format!("\"colors\":[\"{}\"]", PALETTE.join("\",\""));
    assert!(html.contains(&all), "{html}");
}

#[test]
fn each_slice_s_swatch_takes_its_colour_s_class() {
    for i in 0..3 * PALETTE.len() {
        assert_eq!(
            swatch_class(i),
            format!("amostra cor-{}", i % PALETTE.len())
        );
        // Written into an attribute as maud writes the class.
        assert_eq!(
            html! { span class=(Swatch(i)) {} }.into_string(),
            html! { span class=(swatch_class(i)) {} }.into_string()
        );
    }
}

/// The donut as maud wrote it from each slice's own path string and its name from the
/// decimal quotients, before the paths were written straight into the page.
fn svg_as_maud_writes_it(title: &str, slices: &[Slice], palette: &[&str], height: u32) -> String {
    let values: Vec<Decimal> = slices.iter().map(|s| s.value).collect();
    let mut name = String::from(title);
    for (i, (s, share)) in slices.iter().zip(decimal_shares(&values)).enumerate() {
        name.push_str(if i == 0 { ": " } else { "; " });
        name.push_str(s.label);
        name.push_str(", ");
        let percent = share.saturating_mul(Decimal::ONE_HUNDRED).round_dp(2);
        crate::domain::money::write_percent(&mut name, percent);
    }
    html! {
        svg.rosca viewBox="0 0 200 200" width="100%" height=(height) role="img"
            aria-label=(name) {
            @for (i, d) in paths(&values).into_iter().enumerate() {
                @if let Some(d) = d {
                    path d=(d) fill=(palette[i % palette.len()])
                        fill-rule="evenodd" stroke="#fff" stroke-width="2" {}
                }
            }
        }
    }
    .into_string()
}

#[test]
fn the_svg_is_what_maud_writes_for_its_paths() {
    let cases: Vec<Vec<Slice>> = vec![
        vec![],
        vec![slice("Só", dec!(10))],
        vec![slice("A & B", dec!(1)), slice("<C>", dec!(3))],
        vec![
            slice("a", dec!(-5)),
            slice("b", dec!(0)),
            slice("c", dec!(7.5)),
        ],
        (0..20)
            .map(|i| slice("x", Decimal::from(i * 7 % 11)))
            .collect(),
    ];
    for slices in &cases {
        for palette in [&PALETTE[..], &["#111111", "#2\"2"][..]] {
            assert_eq!(
                svg("Alocação \"da\" carteira", slices, palette, 280).into_string(),
                svg_as_maud_writes_it("Alocação \"da\" carteira", slices, palette, 280),
                "{slices:?}"
            );
        }
    }
}

proptest::proptest! {
    /// The float fractions draw, to the hundredth, what the decimal quotients drew, for any
    /// wallet of up to 18 amounts in cents.
    #[test]
    fn the_fractions_draw_what_the_decimal_quotients_drew(
        cents in proptest::collection::vec(0i64..10_000_000_000, 1..18)
    ) {
        let values: Vec<Decimal> = cents.iter().map(|c| Decimal::new(*c, 2)).collect();
        proptest::prop_assert_eq!(paths(&values), reference(&values));
    }
}

//! The donut of the wallet, drawn by the server as an SVG: what an investor without JS sees (a
//! chart, not only the table or list beside it), and what every investor sees until the `rosca`
//! island (chart.js, with tooltips) takes over when the chart is touched or hovered. The
//! geometry follows chart.js's doughnut (clockwise from the top, a 50% hole, white borders), so
//! the swap does not move anything.

use maud::{Markup, html};
use rust_decimal::Decimal;

use crate::domain::money;

use super::island::{self, Load, RoscaProps};

/// 18 colours, the same as the chart island's, each ≥ 3:1 against white.
pub const PALETTE: [&str; 18] = [
    "#1b5e20", "#0d47a1", "#b71c1c", "#e65100", "#4a148c", "#006064", "#827717", "#880e4f",
    "#3e2723", "#2e7d32", "#1565c0", "#c62828", "#bf360c", "#6a1b9a", "#00838f", "#5d4037",
    "#ad1457", "#37474f",
];

/// The drawing's coordinate box (`viewBox="0 0 200 200"`); the centre is at (100, 100).
/// The legend swatch's class of slice `i`: `amostra cor-N`, N its colour in [`PALETTE`].
pub fn swatch_class(i: usize) -> &'static str {
    const CLASSES: [&str; PALETTE.len()] = [
        "amostra cor-0",
        "amostra cor-1",
        "amostra cor-2",
        "amostra cor-3",
        "amostra cor-4",
        "amostra cor-5",
        "amostra cor-6",
        "amostra cor-7",
        "amostra cor-8",
        "amostra cor-9",
        "amostra cor-10",
        "amostra cor-11",
        "amostra cor-12",
        "amostra cor-13",
        "amostra cor-14",
        "amostra cor-15",
        "amostra cor-16",
        "amostra cor-17",
    ];
    CLASSES[i % CLASSES.len()]
}

/// The legend swatch's class of slice `i` ([`swatch_class`]) as an attribute's value: the
/// class is letters, digits, a space and a dash, written as it is (no escaping pass).
#[derive(Clone, Copy, Debug)]
pub struct Swatch(pub usize);

impl maud::Render for Swatch {
    fn render_to(&self, buf: &mut String) {
        buf.push_str(swatch_class(self.0));
    }
}

const CENTRE: f64 = 100.0;
/// Outer radius: 1 unit inside the box, for the half of the 2-unit border that falls outside.
const OUTER: f64 = 99.0;
/// chart.js's default doughnut cutout is 50% of the radius.
const INNER: f64 = 49.5;

/// One slice of the donut.
/// The label is borrowed from the page's data.
#[derive(Clone, Copy, Debug)]
pub struct Slice<'a> {
    pub label: &'a str,
    pub value: Decimal,
}

/// What the slices add up to: those at zero or below count as empty.
fn total(values: &[Decimal]) -> Decimal {
    values
        .iter()
        .filter(|v| v.is_sign_positive())
        .fold(Decimal::ZERO, |sum, v| sum.saturating_add(*v))
}

/// Each slice's fraction of the turn (0 to 1), for the drawing only: floats, since a
/// coordinate is written to the hundredth of a unit of a 200-unit box. Slices at zero or
/// below are empty, and with nothing above zero there is no slice at all.
fn fractions(values: &[Decimal]) -> Vec<f64> {
    let total: f64 = values
        .iter()
        .filter(|v| v.is_sign_positive())
        .map(|v| approx(*v))
        .sum();
    values
        .iter()
        .map(|v| {
            if v.is_sign_positive() && total > 0.0 {
                approx(*v) / total
            } else {
                0.0
            }
        })
        .collect()
}

/// `v` as the nearest float or next to it: the mantissa over the power of ten.
/// `Decimal::to_f64` rounds exactly, digit by digit, at some 400 instructions a value.
fn approx(v: Decimal) -> f64 {
    const POWERS: [f64; 29] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28,
    ];
    #[allow(clippy::cast_precision_loss)]
    let mantissa = v.mantissa() as f64;
    mantissa / POWERS[(v.scale() as usize).min(POWERS.len() - 1)]
}

/// The point at `radius` in the direction whose sine and cosine are `(sin, cos)`: each
/// boundary's sine and cosine are computed once for both radii.
fn point(radius: f64, (sin, cos): (f64, f64)) -> (f64, f64) {
    (CENTRE + radius * cos, CENTRE + radius * sin)
}

/// Writes `x` with two decimals, as `{x:.2}` does for the coordinates of the box (rounded to
/// the nearest hundredth), from integers: float formatting was most of the cost
/// of drawing the donut on every home and wallet page.
fn push_fixed2(out: &mut String, x: f64) {
    use std::fmt::Write as _;
    let scaled = x * 100.0;
    // The short way takes values from 0 to 10^13: there `as` truncates exactly, so
    // `scaled - whole` is exactly `scaled.fract()` and rounding half away from zero is
    // `whole + 1` from one half up, without the calls into libm that `fract` and `round`
    // are on baseline x86-64. A value within a millionth of a tie, negative (-0 too), huge or not
    // a number goes the formatter's way, whose rounding is the reference.
    if !(0.0..1e15).contains(&scaled) || x.is_sign_negative() {
        let _ = write!(out, "{x:.2}");
        return;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = scaled as u64;
    #[allow(clippy::cast_precision_loss)]
    let fraction = scaled - whole as f64;
    if (fraction - 0.5).abs() < 1e-6 {
        let _ = write!(out, "{x:.2}");
        return;
    }
    push_hundredths(out, if fraction >= 0.5 { whole + 1 } else { whole });
}

/// `h` hundredths as `int.dd`.
fn push_hundredths(out: &mut String, h: u64) {
    // A single digit.
    #[allow(clippy::cast_possible_truncation)]
    let digit = |d: u64| char::from(b'0' + (d % 10) as u8);
    let whole = h / 100;
    // The drawing's coordinates (0 to 200) are written digit by digit; `itoa` and a copy
    // of its text cost more than the three digits.
    if whole < 1000 {
        if whole >= 100 {
            out.push(digit(whole / 100));
        }
        if whole >= 10 {
            out.push(digit(whole / 10));
        }
        out.push(digit(whole));
    } else {
        out.push_str(itoa::Buffer::new().format(whole));
    }
    out.push('.');
    out.push(digit(h / 10));
    out.push(digit(h));
}

fn push_point(out: &mut String, command: char, at: (f64, f64)) {
    out.push(command);
    push_xy(out, at);
}

fn push_xy(out: &mut String, (x, y): (f64, f64)) {
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

/// Writes the path (`d`) of the slice of fraction `f` that begins at `start` (a fraction of the
/// turn), and moves `start` past it; false, writing nothing, for an empty slice. A slice is
/// a ring segment from the top, clockwise; one that is the whole total is a full ring (two
/// half-circle arcs per edge, since an arc cannot end where it starts), holed by the
/// even-odd rule.
fn push_path(d: &mut String, start: &mut f64, f: f64) -> bool {
    if f <= 0.0 {
        return false;
    }
    if f >= 1.0 - 1e-9 {
        d.push_str(FULL_RING);
        return true;
    }
    let a0 = std::f64::consts::TAU * *start - std::f64::consts::FRAC_PI_2;
    let a1 = a0 + std::f64::consts::TAU * f;
    *start += f;
    let large = if f > 0.5 { "1 " } else { "0 " };
    let (start_dir, end_dir) = (a0.sin_cos(), a1.sin_cos());
    // The outer edge clockwise, then the inner one back.
    push_edge(
        d,
        'M',
        point(OUTER, start_dir),
        OUTER_ARC,
        large,
        "1 ",
        point(OUTER, end_dir),
    );
    push_edge(
        d,
        'L',
        point(INNER, end_dir),
        INNER_ARC,
        large,
        "0 ",
        point(INNER, start_dir),
    );
    d.push('Z');
    true
}

/// One edge of a slice: `command` to `from`, then the arc `arc` (its radii), with the
/// large-arc flag `large` and the direction `sweep`, to `to`.
fn push_edge(
    d: &mut String,
    command: char,
    from: (f64, f64),
    arc: &str,
    large: &str,
    sweep: &str,
    to: (f64, f64),
) {
    push_point(d, command, from);
    d.push_str(arc);
    d.push_str(large);
    d.push_str(sweep);
    push_xy(d, to);
}

/// The slices' `path` elements, written straight into the page: each path's data is
/// digits, spaces, '.' and the letters M, A, L and Z only (nothing to escape; a test holds
/// it to that), so no slice takes a string of its own.
struct SlicePaths<'a> {
    fractions: &'a [f64],
    palette: &'a [&'a str],
}

impl maud::Render for SlicePaths<'_> {
    fn render_to(&self, buf: &mut String) {
        let mut start = 0.0_f64;
        for (i, &f) in self.fractions.iter().enumerate() {
            let open = buf.len();
            buf.push_str("<path d=\"");
            if !push_path(buf, &mut start, f) {
                buf.truncate(open);
                continue;
            }
            buf.push_str("\" fill=\"");
            let colour = self
                .palette
                .get(i % self.palette.len().max(1))
                .copied()
                .unwrap_or("#37474f");
            maud::Render::render_to(&super::text::Text(colour), buf);
            buf.push_str("\" fill-rule=\"evenodd\" stroke=\"#fff\" stroke-width=\"2\"></path>");
        }
    }
}

/// The chart's accessible name: its title, then each slice with its share ("Captação A,
/// 40,00%; Captação B, 60,00%").
pub fn description(title: &str, slices: &[Slice]) -> String {
    let values: Vec<Decimal> = slices.iter().map(|s| s.value).collect();
    description_of(title, slices, total(&values))
}

/// [`description`], `total` being what the slices add up to.
fn description_of(title: &str, slices: &[Slice], total: Decimal) -> String {
    let labels: usize = slices.iter().map(|s| s.label.len() + 12).sum();
    let mut out = String::with_capacity(title.len() + 2 + labels);
    out.push_str(title);
    for (i, s) in slices.iter().enumerate() {
        out.push_str(if i == 0 { ": " } else { "; " });
        out.push_str(s.label);
        out.push_str(", ");
        money::write_percent(&mut out, money::percent_of(s.value, total));
    }
    out
}

/// The donut as an inline SVG, `height` CSS pixels tall, slice `i` in `palette[i % len]` (the
/// colours of the legend swatches beside it).
pub fn svg(title: &str, slices: &[Slice], palette: &[&str], height: u32) -> Markup {
    let values: Vec<Decimal> = slices.iter().map(|s| s.value).collect();
    let name = description_of(title, slices, total(&values));
    html! {
        // Room for the name and the paths (some 190 bytes each) at once.
        (super::Reserve(name.len() + 192 * slices.len() + 256))
        svg.rosca viewBox="0 0 200 200" width="100%" height=(height) role="img"
            aria-label=(super::text::Text(&name)) {
            (SlicePaths { fractions: &fractions(&values), palette })
        }
    }
}

/// The donut island: the server's SVG (and `note`, e.g. where the same data is in text), with
/// chart.js taking over when the investor touches or hovers it.
pub fn island(title: &str, slices: &[Slice], palette: &[&str], note: Markup) -> Markup {
    const HEIGHT: u32 = 280;
    // The values' texts, written one after another into one string, each slice's the
    // range it took.
    let mut texts = String::with_capacity(16 * slices.len());
    let ends: Vec<usize> = slices
        .iter()
        .map(|s| {
            money::write_decimal_plain(&mut texts, s.value);
            texts.len()
        })
        .collect();
    let props = RoscaProps {
        height: HEIGHT,
        title,
        labels: slices.iter().map(|s| s.label).collect(),
        values: ends
            .iter()
            .scan(0, |start, &end| {
                let text = texts.get(*start..end).unwrap_or_default();
                *start = end;
                Some(text)
            })
            .collect(),
        // Slice `i` takes colour `i % len`: with no more slices than colours, only the
        // slices' own colours need to travel in the page.
        colors: Some(
            palette
                .iter()
                .take(slices.len().max(1).min(palette.len()))
                .copied()
                .collect(),
        ),
    };
    let drawing = svg(title, slices, palette, HEIGHT);
    island::mount_when(
        &props,
        Load::Touch,
        html! { (super::Reserve(drawing.0.len() + note.0.len())) (drawing) (note) },
    )
}

#[cfg(test)]
mod tests;

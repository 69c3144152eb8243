//! A bar chart drawn by the server as an accessible SVG: a title and a description (every
//! bar's label and value in words) name the image, and the page puts the table it is drawn
//! from beside it. No JavaScript: an investor without it sees the same chart.

use maud::{Markup, html};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

/// The drawing's box: `viewBox="0 0 480 200"`.
const LARGURA: f64 = 480.0;
const ALTURA: f64 = 200.0;
/// The bars stand on this line; the labels go under it.
const BASE: f64 = 176.0;
/// The tallest bar's height.
const TOPO: f64 = 160.0;
/// A bar's share of its slot.
const OCUPACAO: f64 = 0.64;

/// One bar.
#[derive(Debug, Clone)]
pub struct Barra {
    /// Under the bar (`nov/26`).
    pub rotulo: String,
    pub valor: Decimal,
}

/// Each bar's height in the drawing: proportional to the largest value; zero, negative or
/// all-zero values draw nothing.
pub fn alturas(valores: &[Decimal]) -> Vec<f64> {
    let maximo = valores
        .iter()
        .copied()
        .filter(|v| v.is_sign_positive())
        .max()
        .unwrap_or(Decimal::ZERO);
    valores
        .iter()
        .map(|v| {
            if !v.is_sign_positive() || maximo.is_zero() {
                return 0.0;
            }
            let f = v
                .checked_div(maximo)
                .and_then(|f| f.to_f64())
                .unwrap_or(0.0);
            (f * TOPO).clamp(0.0, TOPO)
        })
        .collect()
}

/// The chart: `id` names its title and description (`{id}-titulo`, `{id}-descricao`).
pub fn svg(id: &str, titulo: &str, descricao: &str, barras: &[Barra]) -> Markup {
    let valores: Vec<Decimal> = barras.iter().map(|b| b.valor).collect();
    let passo = LARGURA / barras.len().max(1) as f64;
    let largura = passo * OCUPACAO;
    let titulo_id = format!("{id}-titulo");
    let descricao_id = format!("{id}-descricao");
    html! {
        svg.grafico-barras #(id) viewBox=(format!("0 0 {LARGURA} {ALTURA}")) width="100%" role="img"
            aria-labelledby=(format!("{titulo_id} {descricao_id}")) {
            title #(titulo_id) { (titulo) }
            desc #(descricao_id) { (descricao) }
            line x1="0" y1=(BASE) x2=(LARGURA) y2=(BASE) stroke="#5f6b5f" stroke-width="1" {}
            @for (i, (b, h)) in barras.iter().zip(alturas(&valores)).enumerate() {
                @let x = passo * i as f64 + (passo - largura) / 2.0;
                @if h > 0.0 {
                    rect x=(format!("{x:.2}")) y=(format!("{:.2}", BASE - h)) width=(format!("{largura:.2}"))
                        height=(format!("{h:.2}")) fill="#1b5e20" {}
                }
                text x=(format!("{:.2}", passo * i as f64 + passo / 2.0)) y=(ALTURA - 6.0)
                    text-anchor="middle" font-size="12" fill="#2f3a2f" { (b.rotulo) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn heights_are_proportional_to_the_largest() {
        assert_eq!(
            alturas(&[dec!(10), dec!(5), dec!(0)]),
            vec![TOPO, TOPO / 2.0, 0.0]
        );
        assert_eq!(alturas(&[dec!(0), dec!(0)]), vec![0.0, 0.0]);
        assert_eq!(alturas(&[dec!(-3), dec!(3)]), vec![0.0, TOPO]);
        assert!(alturas(&[]).is_empty());
        assert_eq!(alturas(&[Decimal::MAX, Decimal::MAX]), vec![TOPO, TOPO]);
    }

    #[test]
    fn the_svg_is_an_image_named_by_its_title_and_description() {
        let barras = [
            Barra {
                rotulo: "nov/26".into(),
                valor: dec!(2),
            },
            Barra {
                rotulo: "dez/26".into(),
                valor: dec!(0),
            },
        ];
        let html = svg("g", "Título <x>", "Descrição", &barras).into_string();
        assert!(html.starts_with(r#"<svg class="grafico-barras" id="g" viewBox="0 0 480 200" width="100%" role="img" aria-labelledby="g-titulo g-descricao">"#), "{html}");
        assert!(html.contains(r#"<title id="g-titulo">Título &lt;x&gt;</title>"#));
        assert!(html.contains(r#"<desc id="g-descricao">Descrição</desc>"#));
        assert_eq!(html.matches("<rect ").count(), 1, "a zero month has no bar");
        assert_eq!(html.matches("<text ").count(), 2);
    }
}

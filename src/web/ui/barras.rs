//! A bar chart drawn by the server as an accessible SVG: a title and a description (every
//! bar's label and value in words) name the image, and the page puts the table it is drawn
//! from beside it. No JavaScript: an investor without it sees the same chart.
//!
//! The bars lie across, one row each, with the label before the bar and the value after it:
//! twelve month labels side by side run together on a phone, rows do not, and the value
//! written at each bar's end is the scale a reader needs.

use maud::{Markup, html};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::domain::money;

/// The drawing's width: a phone's column, so the text is drawn near its own size there and at
/// most a third larger where the chart's box (CSS `max-width`) lets it grow.
const LARGURA: f64 = 360.0;
/// One row's height and the text's size in it.
const LINHA: f64 = 28.0;
const FONTE: f64 = 14.0;
/// The bars start at this line (the axis), after the labels.
const EIXO: f64 = 64.0;
/// The longest bar: what is left after the axis and room for the value after it.
const TOPO: f64 = 160.0;
/// A bar's share of its row.
const OCUPACAO: f64 = 0.64;

/// One bar.
#[derive(Debug, Clone)]
pub struct Barra {
    /// Before the bar (`nov/26`).
    pub rotulo: String,
    pub valor: Decimal,
}

/// Each bar's length in the drawing: proportional to the largest value; zero, negative or
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
    let altura = LINHA * barras.len().max(1) as f64;
    let espessura = LINHA * OCUPACAO;
    let titulo_id = format!("{id}-titulo");
    let descricao_id = format!("{id}-descricao");
    html! {
        svg.grafico-barras #(id) viewBox=(format!("0 0 {LARGURA} {altura}")) width="100%" role="img"
            aria-labelledby=(format!("{titulo_id} {descricao_id}")) {
            title #(titulo_id) { (titulo) }
            desc #(descricao_id) { (descricao) }
            line x1=(EIXO) y1="0" x2=(EIXO) y2=(altura) stroke="#5f6b5f" stroke-width="1" {}
            @for (i, (b, comprimento)) in barras.iter().zip(alturas(&valores)).enumerate() {
                @let topo = LINHA * i as f64;
                @let meio = format!("{:.2}", topo + LINHA / 2.0 + FONTE / 3.0);
                text x=(EIXO - 6.0) y=(meio) text-anchor="end" font-size=(FONTE) fill="#2f3a2f" { (b.rotulo) }
                @if comprimento > 0.0 {
                    rect x=(EIXO) y=(format!("{:.2}", topo + (LINHA - espessura) / 2.0))
                        width=(format!("{comprimento:.2}")) height=(format!("{espessura:.2}")) fill="#1b5e20" {}
                }
                text x=(format!("{:.2}", EIXO + comprimento + 6.0)) y=(meio) font-size=(FONTE) fill="#2f3a2f" {
                    (money::format_brl(b.valor))
                }
            }
        }
    }
}

/// Longest label drawn in full above a share's bar at a phone's width; longer ones end in
/// "…" (the table beside the chart and the description carry the whole name).
const ROTULO_MAX: usize = 44;

/// Shares in percent (issuer names and the like): each label on its own line above its bar,
/// so a long name keeps the whole width, and the share written after the bar.
pub fn svg_percentuais(id: &str, titulo: &str, descricao: &str, barras: &[Barra]) -> Markup {
    let valores: Vec<Decimal> = barras.iter().map(|b| b.valor).collect();
    let linha = LINHA * 2.0;
    let altura = linha * barras.len().max(1) as f64;
    let espessura = LINHA * OCUPACAO;
    // The bars take the whole width but for room for the value after them.
    let escala = (LARGURA - 72.0) / TOPO;
    let titulo_id = format!("{id}-titulo");
    let descricao_id = format!("{id}-descricao");
    html! {
        svg.grafico-barras #(id) viewBox=(format!("0 0 {LARGURA} {altura}")) width="100%" role="img"
            aria-labelledby=(format!("{titulo_id} {descricao_id}")) {
            title #(titulo_id) { (titulo) }
            desc #(descricao_id) { (descricao) }
            @for (i, (b, comprimento)) in barras.iter().zip(alturas(&valores)).enumerate() {
                @let topo = linha * i as f64;
                @let comprimento = comprimento * escala;
                @let meio = format!("{:.2}", topo + LINHA + LINHA / 2.0 + FONTE / 3.0);
                text x="0" y=(format!("{:.2}", topo + LINHA / 2.0 + FONTE / 3.0)) font-size=(FONTE) fill="#2f3a2f" { (abreviado(&b.rotulo)) }
                @if comprimento > 0.0 {
                    rect x="0" y=(format!("{:.2}", topo + LINHA + (LINHA - espessura) / 2.0))
                        width=(format!("{comprimento:.2}")) height=(format!("{espessura:.2}")) fill="#1b5e20" {}
                }
                text x=(format!("{:.2}", comprimento + 6.0)) y=(meio) font-size=(FONTE) fill="#2f3a2f" {
                    (money::format_percent(b.valor))
                }
            }
        }
    }
}

fn abreviado(rotulo: &str) -> String {
    if rotulo.chars().count() <= ROTULO_MAX {
        return rotulo.to_owned();
    }
    let mut curto: String = rotulo.chars().take(ROTULO_MAX - 1).collect();
    curto.push('…');
    curto
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn lengths_are_proportional_to_the_largest() {
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
        assert!(html.starts_with(r#"<svg class="grafico-barras" id="g" viewBox="0 0 360 56" width="100%" role="img" aria-labelledby="g-titulo g-descricao">"#), "{html}");
        assert!(html.contains(r#"<title id="g-titulo">Título &lt;x&gt;</title>"#));
        assert!(html.contains(r#"<desc id="g-descricao">Descrição</desc>"#));
        assert_eq!(html.matches("<rect ").count(), 1, "a zero month has no bar");
        // Each row: its label and its value, the scale a reader needs.
        assert_eq!(html.matches("<text ").count(), 4);
        assert!(html.contains(">nov/26</text>") && html.contains(">R$ 2,00</text>"));
        assert!(html.contains(">dez/26</text>") && html.contains(">R$ 0,00</text>"));
    }

    #[test]
    fn shares_put_each_label_above_its_bar_and_shorten_long_ones() {
        let longo = "Cooperativa Agroindustrial dos Produtores do Vale do Rio Verde Ltda";
        let barras = [
            Barra {
                rotulo: longo.into(),
                valor: dec!(75.5),
            },
            Barra {
                rotulo: "GO".into(),
                valor: dec!(24.5),
            },
        ];
        let html = svg_percentuais("d", "T", "D", &barras).into_string();
        assert!(html.contains(r#"viewBox="0 0 360 112""#), "{html}");
        assert!(html.contains(">75,50%</text>") && html.contains(">24,50%</text>"));
        assert!(!html.contains(longo));
        let curto: String = longo.chars().take(ROTULO_MAX - 1).collect();
        assert!(html.contains(&format!(">{curto}…</text>")));
        assert!(html.contains(">GO</text>"));
        // The largest bar spans the width but for the value's room.
        assert!(html.contains(r#"width="288.00""#), "{html}");
    }
}

//! Status badges: every status name has a colour. The colour comes from a CSS class of the
//! palette, never an inline style, and the name is always written: colour is never the
//! only signal.

use maud::Render;

use super::text::Text;
use crate::domain::status::{Estado, Tone};

/// A status badge, written straight into the page as `span.badge.(class) { (label) }`
/// would write it: a home shows one per pending reservation, and each took a string of its
/// own, escaped byte by byte, then copied into the page.
pub struct Badge<'a> {
    tone: Tone,
    label: &'a str,
}

impl Render for Badge<'_> {
    fn render_to(&self, buf: &mut String) {
        buf.push_str("<span class=\"badge ");
        // A class of the palette: letters and a dash, nothing to escape.
        buf.push_str(self.tone.class());
        buf.push_str("\">");
        Text(self.label).render_to(buf);
        buf.push_str("</span>");
    }
}

/// The badge of a status. A colour sent by the platform (`status.color`) picks the nearest
/// tone of the palette, whose pairs keep the contrast readable; without one, the name does.
pub fn status<'a>(status: &'a impl Estado, color: Option<&str>) -> Badge<'a> {
    let tone = color
        .and_then(Tone::nearest)
        .unwrap_or_else(|| status.tone());
    Badge {
        tone,
        label: status.label(),
    }
}

#[cfg(test)]
mod tests {
    use maud::html;

    use super::*;
    use crate::domain::status::ReservaStatus;

    #[test]
    fn the_name_picks_the_class_unless_the_platform_sends_a_colour() {
        let html = status(&ReservaStatus::Pago, None).render().into_string();
        assert!(
            html.contains("badge-sucesso") && html.contains("Pago"),
            "{html}"
        );
        let html = status(&ReservaStatus::Pago, Some("#c62828"))
            .render()
            .into_string();
        assert!(html.contains("badge-erro"), "{html}");
        let novo = ReservaStatus::Outro("Novo".into());
        let html = status(&novo, Some("azul")).render().into_string();
        assert!(
            html.contains("badge-neutro") && html.contains("Novo"),
            "{html}"
        );
    }

    /// Byte for byte what maud writes for the same badge, names to escape included.
    #[test]
    fn a_badge_is_what_maud_writes_for_it() {
        let names = [
            ReservaStatus::Pago,
            ReservaStatus::Outro("Em <análise> & \"revisão\"".into()),
            ReservaStatus::Outro(String::new()),
        ];
        for name in &names {
            for color in [None, Some("#c62828"), Some("#2e7d32"), Some("x")] {
                let tone = color.and_then(Tone::nearest).unwrap_or_else(|| name.tone());
                let expected = html! { span.badge.(tone.class()) { (name.label()) } };
                assert_eq!(
                    status(name, color).render().into_string(),
                    expected.into_string()
                );
            }
        }
    }
}

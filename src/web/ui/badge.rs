//! Status badges: every status name has a colour. The colour comes from a CSS class of the
//! palette, never an inline style, and the name is always written: colour is never the
//! only signal.

use maud::{Markup, html};

use crate::domain::status::{Estado, Tone};

/// The badge of a status. A colour sent by the platform (`status.color`) picks the nearest
/// tone of the palette, whose pairs keep the contrast readable; without one, the name does.
pub fn status(status: &impl Estado, color: Option<&str>) -> Markup {
    let tone = color
        .and_then(Tone::nearest)
        .unwrap_or_else(|| status.tone());
    html! { span.badge.(tone.class()) { (status.label()) } }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::status::ReservaStatus;

    #[test]
    fn the_name_picks_the_class_unless_the_platform_sends_a_colour() {
        let html = status(&ReservaStatus::Pago, None).into_string();
        assert_eq!(html, r#"<span class="badge badge-sucesso">Pago</span>"#);
        let html = status(&ReservaStatus::Pago, Some("#c62828")).into_string();
        assert!(html.contains("badge-erro"), "{html}");
        let novo = ReservaStatus::Outro("Novo <b>".into());
        let html = status(&novo, Some("azul")).into_string();
        assert_eq!(
            html,
            r#"<span class="badge badge-neutro">Novo &lt;b&gt;</span>"#
        );
    }
}

//! Status badges: every status name has a colour. The colour comes from a CSS class of the
//! palette, never an inline style, and the name is always written: colour is never the
//! only signal.

use maud::{Markup, html};

use crate::domain::situacao::Situacao;
use crate::domain::status::{Estado, Tone};

/// The badge of a status. A colour sent by the platform (`status.color`) picks the nearest
/// tone of the palette, whose pairs keep the contrast readable; without one, the name does.
pub fn status(status: &impl Estado, color: Option<&str>) -> Markup {
    let tone = color
        .and_then(Tone::nearest)
        .unwrap_or_else(|| status.tone());
    html! { span.badge.(tone.class()) { (status.label()) } }
}

/// The badge of a holding's situation: its tone by what it means for the investor's money
/// (on time or paid off reassure, late and in recovery warn, default alarms), its text
/// always written ('Atrasado há 12 dias').
pub fn situacao(s: Situacao) -> Markup {
    let tone = match s {
        Situacao::EmCaptacao => Tone::Info,
        Situacao::EmDia => Tone::Sucesso,
        Situacao::Atrasado { .. } | Situacao::EmRecuperacao => Tone::Aviso,
        Situacao::Inadimplente => Tone::Erro,
        Situacao::Liquidado => Tone::Neutro,
    };
    html! { span.badge.badge-situacao.(tone.class()) { (s.rotulo()) } }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::status::ReservaStatus;

    #[test]
    fn a_situation_is_written_and_toned_by_its_meaning() {
        let late = situacao(Situacao::Atrasado { dias: 12 }).into_string();
        assert_eq!(
            late,
            r#"<span class="badge badge-situacao badge-aviso">Atrasado há 12 dias</span>"#
        );
        assert!(
            situacao(Situacao::EmDia)
                .into_string()
                .contains("badge-sucesso")
        );
        assert!(
            situacao(Situacao::Inadimplente)
                .into_string()
                .contains(">Inadimplente<")
        );
    }

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

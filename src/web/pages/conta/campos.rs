//! The account forms' fields: a label, the control with the typed value, and the invalid
//! mark from the form's failure.

use maud::{Markup, html};

use crate::domain::validate::FormError;

/// What a text field needs besides its name and label.
pub struct Text<'a> {
    pub value: &'a str,
    pub max: usize,
    pub autocomplete: &'a str,
    pub inputmode: Option<&'a str>,
    pub readonly: bool,
    pub required: bool,
    pub help: Option<&'a str>,
    /// The live mask an island applies while typing (`data-mascara`), e.g. "cep".
    pub mascara: Option<&'a str>,
}

impl<'a> Text<'a> {
    pub fn new(value: &'a str, max: usize) -> Self {
        Text {
            value,
            max,
            autocomplete: "off",
            inputmode: None,
            readonly: false,
            required: true,
            help: None,
            mascara: None,
        }
    }
}

fn id(name: &str) -> String {
    format!("campo-{}", name.replace('_', "-"))
}

pub fn invalid<'e>(error: Option<&'e FormError>) -> impl Fn(&str) -> Option<&'static str> + 'e {
    move |field| error.is_some_and(|e| e.marks(field)).then_some("true")
}

pub fn text(name: &str, label: &str, t: Text<'_>, error: Option<&FormError>) -> Markup {
    let id = id(name);
    let help_id = format!("{id}-ajuda");
    html! {
        div.campo {
            label for=(id) { (label) @if !t.required { span.texto-secundario { " (opcional)" } } }
            input id=(id) type="text" name=(name) value=(t.value) maxlength=(t.max)
                autocomplete=(t.autocomplete) inputmode=[t.inputmode] readonly[t.readonly]
                data-mascara=[t.mascara]
                required[t.required && !t.readonly]
                aria-describedby=[t.help.map(|_| help_id.as_str())]
                aria-invalid=[invalid(error)(name)];
            @if let Some(h) = t.help { p.campo-ajuda id=(help_id) { (h) } }
        }
    }
}

/// A native select (works without JS; typing a name jumps to it). The first option asks
/// to choose and sends nothing.
pub fn select(
    name: &str,
    label: &str,
    value: &str,
    options: &[(String, String)],
    error: Option<&FormError>,
) -> Markup {
    let id = id(name);
    html! {
        div.campo {
            label for=(id) { (label) }
            select id=(id) name=(name) required aria-invalid=[invalid(error)(name)] {
                option value="" selected[value.is_empty()] { "Selecione" }
                @for (code, text) in options {
                    option value=(code) selected[code == value] { (text) }
                }
            }
        }
    }
}

/// Options of the states list: (UF, "Nome (UF)").
pub fn state_options() -> Vec<(String, String)> {
    crate::domain::reference::states()
        .iter()
        .map(|s| (s.uf.clone(), format!("{} ({})", s.name, s.uf)))
        .collect()
}

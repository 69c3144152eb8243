//! The alert dialog of the page shell: a title, a message and 'Fechar'. It is a native
//! `<dialog open>` closed by a `method="dialog"` form, so it works without JavaScript.

use maud::{Markup, html};

#[derive(Debug, Clone)]
pub struct Alert {
    pub titulo: String,
    pub mensagem: String,
    /// Where 'Fechar' leads; `None` just closes the dialog.
    pub fechar_para: Option<String>,
}

/// The title of a refusal, here and in the modal islands.
pub const ATTENTION: &str = "Atenção!";

impl Alert {
    /// 'Atenção!' + message: validation and platform errors.
    pub fn atencao(mensagem: impl Into<String>) -> Self {
        Alert {
            titulo: ATTENTION.into(),
            mensagem: mensagem.into(),
            fechar_para: None,
        }
    }

    pub fn new(titulo: impl Into<String>, mensagem: impl Into<String>) -> Self {
        Alert {
            titulo: titulo.into(),
            mensagem: mensagem.into(),
            fechar_para: None,
        }
    }

    pub fn closing_to(mut self, href: impl Into<String>) -> Self {
        self.fechar_para = Some(href.into());
        self
    }
}

pub fn dialog(alert: &Alert) -> Markup {
    html! {
        dialog.alerta open aria-labelledby="alerta-titulo" aria-describedby="alerta-mensagem" {
            h2 #alerta-titulo { (alert.titulo) }
            p #alerta-mensagem role="alert" { (alert.mensagem) }
            @match &alert.fechar_para {
                Some(href) => form method="get" action=(href) {
                    button.botao.botao-primario type="submit" autofocus { "Fechar" }
                },
                None => form method="dialog" {
                    button.botao.botao-primario type="submit" autofocus { "Fechar" }
                },
            }
        }
    }
}

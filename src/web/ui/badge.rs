//! Reservation and offering status badges (spec §4: every status name has a colour). The
//! colour comes from a CSS class, never an inline style (CSP), and the name is always
//! written: colour is never the only signal.

use maud::{Markup, html};

/// The badge class of a status name.
pub fn status_class(name: &str) -> &'static str {
    match name.trim() {
        "Aporte pendente" | "Pagamento atrasado" | "Pré-lançamento" | "Em andamento" => {
            "badge-aviso"
        }
        "Em análise" | "Aberto" | "Simulado" | "Extra" | "Captado" => "badge-info",
        "Aprovado" | "Aprovada" | "Pago" | "Quitada" | "Vigente" | "Captação no ar"
        | "Concluído" => "badge-sucesso",
        "Cancelado" | "Rejeitado" | "Excluida" | "Mercado fechado" => "badge-erro",
        _ => "badge-neutro",
    }
}

pub fn status(name: &str) -> Markup {
    html! { span.badge.(status_class(name)) { (name) } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_of_the_spec_has_a_class() {
        for s in [
            "Em análise",
            "Aprovado",
            "Aporte pendente",
            "Pago",
            "Rascunho",
            "Aprovada",
            "Captação no ar",
            "Vigente",
            "Quitada",
            "Pagamento atrasado",
            "Excluida",
            "Simulado",
            "Cancelado",
            "Captado",
            "Em andamento",
            "Aberto",
            "Finalizado",
            "Concluído",
            "Extra",
            "Fechado para aplicação",
            "Rejeitado",
            "Mercado fechado",
        ] {
            assert!(status_class(s).starts_with("badge-"), "{s}");
        }
        assert_eq!(status_class("Pago"), "badge-sucesso");
        assert_eq!(status_class("Cancelado"), "badge-erro");
    }
}

//! Error, empty and not-found cards: what a list, a search or an address shows when it fails,
//! finds nothing or does not exist.

use crate::api::request_id::RequestId;
use maud::{Markup, html};

pub const ERROR_TITLE: &str = "Ops! Houve uma falha.";
/// The text shown when a list could not be loaded.
pub const LIST_ERROR_TEXT: &str =
    "Algo de inesperado ocorreu ao coletarmos suas informações. Por favor, tente novamente.";
pub const EMPTY_TITLE: &str = "Nenhum item encontrado.";
pub const EMPTY_TEXT: &str = "Não há resultado para os parâmetros informados.";
pub const NOT_FOUND_TEXT: &str = "Infelizmente não encontramos a página que você procurou.";

/// 'Ops! Houve uma falha.' with 'Tentar novamente', which reloads the page: a link to
/// the same address works with or without JavaScript.
pub fn error_card(here: &str, text: Option<&str>) -> Markup {
    html! {
        section.cartao.cartao-erro role="alert" aria-labelledby="erro-titulo" {
            h2 #erro-titulo { (ERROR_TITLE) }
            p { (text.unwrap_or(LIST_ERROR_TEXT)) }
            a.botao.botao-primario href=(here) { "Tentar novamente" }
        }
        // The request's id, for support to find this failure's log lines.
        @if let Some(id) = RequestId::current() {
            p.campo-ajuda.codigo-erro { "Código do erro: " code { (id) } }
        }
    }
}

/// 'Nenhum item encontrado.' (or another empty-state title) with its text, as a card of
/// its own section: the title is an h2.
pub fn empty_card(title: &str, text: &str) -> Markup {
    html! {
        section.cartao.cartao-vazio {
            h2 { (title) }
            p { (text) }
        }
    }
}

/// The empty card inside a section that already has its h2 (the home's blocks, the
/// wallet): the title is an h3, and `action` (e.g. 'Ver oportunidades') follows the text.
pub fn empty_card_in_section(title: &str, text: &str, action: Option<Markup>) -> Markup {
    html! {
        div.cartao.cartao-vazio {
            h3 { (title) }
            p { (text) }
            @if let Some(a) = action { p { (a) } }
        }
    }
}

pub fn not_found() -> Markup {
    html! {
        section.cartao.nao-encontrado aria-labelledby="nao-encontrado-titulo" {
            h1 #nao-encontrado-titulo { "Página não encontrada" }
            p { (NOT_FOUND_TEXT) }
            a.botao.botao-primario href=(crate::web::routes::HOME) { "Voltar à página inicial" }
        }
    }
}

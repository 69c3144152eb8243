//! The pagination of a list: 'Anterior', a window of 5 page links, 'Próxima', and the
//! page-size choice of the lists that offer one. Each list says how its addresses are built.

use maud::{Markup, html};

use crate::domain::paging;

/// The page links (nothing when everything fits on one page); `href(p)` is page `p`'s address.
pub fn links(current: u32, pages: u32, href: impl Fn(u32) -> String) -> Markup {
    if pages <= 1 {
        return html! {};
    }
    let current = current.min(pages);
    html! {
        nav.paginacao aria-label="Paginação" {
            ul {
                @if current > 1 { li { a href=(href(current - 1)) { "Anterior" } } }
                @for p in paging::window(current, pages, 5) {
                    li {
                        @if p == current { a href=(href(p)) aria-current="page" { (p) } }
                        @else { a href=(href(p)) aria-label={ "Página " (p) } { (p) } }
                    }
                }
                @if current < pages { li { a href=(href(current + 1)) { "Próxima" } } }
            }
        }
    }
}

/// 'Itens por página' with the offered sizes; `id` names the select (the form around it
/// carries the rest of the list's address).
pub fn size_choice(id: &str, chosen: u32) -> Markup {
    html! {
        div.campo {
            label for=(id) { "Itens por página" }
            select #(id) name="PageSize" {
                @for n in paging::PAGE_SIZES { option value=(n) selected[n == chosen] { (n) } }
            }
        }
        button.botao.botao-secundario type="submit" { "Mostrar" }
    }
}

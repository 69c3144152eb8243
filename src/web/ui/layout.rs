//! The document around every page: head, header, alert, main, chat button, overlay.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::{Page, alert, header};
use crate::web::{Ctx, assets, routes};

/// What a search result says of any page without a description of its own.
pub const DEFAULT_DESCRIPTION: &str = "Invista no agronegócio brasileiro: captações rurais com prazo definido e rendimento líquido, pagas por Pix ou débito na corretora parceira.";

/// The whole document, in one piece (see [`document_pieces`]).
pub fn document(ctx: &Ctx, page: Page) -> Markup {
    PreEscaped(document_pieces(ctx, page).concat())
}

/// The document in three pieces: the shell up to the opening of `<main>`, the page's main
/// content as the handler drew it (not copied), and the rest of the shell. A response
/// sends them one after the other (`web::pieces`).
pub fn document_pieces(ctx: &Ctx, page: Page) -> [String; 3] {
    let product = &ctx.app.cfg.product_name;
    let title = if page.title.is_empty() {
        product.clone()
    } else {
        format!("{} | {}", page.title, product)
    };
    // The visibility toggle of the full header is an island too.
    let islands = page.islands || ctx.session.is_some();
    let flash = ctx
        .flash
        .as_ref()
        .map(|f| alert::Alert::new(f.titulo.clone(), f.mensagem.clone()));
    // `html`, `body` and `main` open in the first piece and close in the last: they are
    // written as text there, the elements between them as markup.
    let before = html! {
        (DOCTYPE)
        (PreEscaped(if ctx.values_hidden { r#"<html lang="pt-BR" class="valores-ocultos">"# } else { r#"<html lang="pt-BR">"# }))
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            meta name="description" content=(page.description.as_deref().unwrap_or(DEFAULT_DESCRIPTION));
            link rel="icon" type="image/svg+xml" href=(assets::asset_url("img/favicon.svg"));
            link rel="stylesheet" href=(assets::asset_url("css/app.css"));
            @if islands {
                script type="module" src=(assets::asset_url("islands/loader.js")) {}
            }
        }
        (PreEscaped("<body>"))
        a.pular-conteudo href="#conteudo" { "Pular para o conteúdo" }
        @match &ctx.session {
            Some(s) => (header::full_header(ctx, s)),
            None => (header::public_header(ctx)),
        }
        (PreEscaped(r#"<main id="conteudo" tabindex="-1">"#))
        @if let Some(a) = page.alert.as_ref().or(flash.as_ref()) {
            (alert::dialog(a))
        }
    };
    let after = html! {
        (PreEscaped("</main>"))
        footer.rodape {
            p { "© " (product) " — investimentos no agronegócio. Investimentos envolvem riscos." }
            p {
                a href=(routes::ANTES_DE_INVESTIR) { "Antes de investir: entenda os riscos" }
                " · "
                a href=(routes::TRANSPARENCIA) { "Histórico da plataforma" }
            }
        }
        a.chat-flutuante href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
            span.sr-only { "Fale com um especialista (abre em nova janela)" }
            (chat_icon())
        }
        div #carregando hidden role="status" aria-live="polite" {
            span.carregando-roda aria-hidden="true" {}
            span { "Carregando…" }
        }
        (PreEscaped("</body></html>"))
    };
    [
        before.into_string(),
        page.main.into_string(),
        after.into_string(),
    ]
}

/// The page's main content alone (with its alert), for islands that load it into a modal.
pub fn fragment(ctx: &Ctx, page: Page) -> Markup {
    let flash = ctx
        .flash
        .as_ref()
        .map(|f| alert::Alert::new(f.titulo.clone(), f.mensagem.clone()));
    html! {
        @if let Some(a) = page.alert.as_ref().or(flash.as_ref()) { (alert::dialog(a)) }
        (page.main)
    }
}

/// A speech-bubble icon drawn inline (no emoji font needed).
fn chat_icon() -> PreEscaped<&'static str> {
    PreEscaped(
        r#"<svg aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 24 24"><path fill="currentColor" d="M12 3C6.5 3 2 6.6 2 11c0 2.1 1 4 2.7 5.4L4 21l4.6-2.3c1.1.3 2.2.4 3.4.4 5.5 0 10-3.6 10-8s-4.5-8-10-8zm-4 9.3a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z"/></svg>"#,
    )
}

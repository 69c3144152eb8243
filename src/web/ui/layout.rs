//! The document around every page: head, header, alert, main, chat button, overlay.

use maud::{DOCTYPE, Markup, html};

use super::{Page, alert, header};
use crate::web::{Ctx, assets};

pub fn document(ctx: &Ctx, page: Page) -> Markup {
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
    html! {
        (DOCTYPE)
        html lang="pt-BR" class=[ctx.values_hidden.then_some("valores-ocultos")] {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="icon" type="image/svg+xml" href=(assets::asset_url("img/favicon.svg"));
                link rel="stylesheet" href=(assets::asset_url("css/app.css"));
                @if islands {
                    script type="module" src=(assets::asset_url("islands/loader.js")) {}
                }
            }
            body {
                a.pular-conteudo href="#conteudo" { "Pular para o conteúdo" }
                @match &ctx.session {
                    Some(s) => (header::full_header(ctx, s)),
                    None => (header::public_header(ctx)),
                }
                main #conteudo tabindex="-1" {
                    @if let Some(a) = page.alert.as_ref().or(flash.as_ref()) {
                        (alert::dialog(a))
                    }
                    (page.main)
                }
                footer.rodape {
                    p { "© " (product) " — investimentos no agronegócio. Investimentos envolvem riscos." }
                }
                a.chat-flutuante href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
                    span.sr-only { "Fale com um especialista (abre em nova janela)" }
                    span aria-hidden="true" { "💬" }
                }
                div #carregando hidden role="status" aria-live="polite" {
                    span.carregando-roda aria-hidden="true" {}
                    span { "Carregando…" }
                }
            }
        }
    }
}

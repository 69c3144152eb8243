//! One holding (/carteira/investimentos/{url}): its situation and what it means, the
//! amounts, its instalments with their states, the story of its payments and recovery, the issuer's updates with their
//! reports (streamed with the investor's token) and the reservations' documents.

mod parcelas;
mod view;

use maud::html;

use crate::web::error::OnPage;
use crate::web::extract::Path;
use crate::web::ui::{Page, download};
use crate::web::{Ctx, PageResult, routes};

/// The page's name when it fails before the holding is read.
pub const TITLE: &str = "Meu investimento";

pub async fn view_investimento_get(ctx: Ctx, Path(url): Path<String>) -> PageResult {
    let token = ctx.token()?;
    let api = &ctx.app.api;
    // Another investor's holding, or none, is the platform's 404: the site's 404 page.
    let h = api.investimento(token, &url).await.on_page(TITLE)?;
    let updates = api
        .atualizacoes(h.id_captacao, Some(token))
        .await
        .on_page(TITLE)?;
    let main = view::holding(&ctx, &h, &updates.atualizacoes);
    Ok(ctx.render(Page::new(&h.nome_captacao, main)))
}

/// An update's report: only for a holder of the offering (the holding is read first).
pub async fn view_relatorio_get(ctx: Ctx, Path((url, id)): Path<(String, i64)>) -> PageResult {
    let token = ctx.token()?;
    let api = &ctx.app.api;
    let h = api.investimento(token, &url).await.on_page(TITLE)?;
    let r = api
        .atualizacao_relatorio(h.id_captacao, id, Some(token))
        .await;
    let back = Page::new(
        TITLE,
        html! { p { a.botao.botao-secundario href=(routes::carteira_investimento(&url)) { "Voltar para o investimento" } } },
    );
    let name = format!("relatorio-{}-{id}.pdf", h.url_amigavel);
    download::answer(r, back, &name, true, Some(download::FAILED))
}

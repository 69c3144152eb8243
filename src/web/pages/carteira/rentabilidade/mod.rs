//! /carteira/rentabilidade: what each holding and the whole wallet really earned so far (the
//! XIRR of the real payments and of what is still invested, valued today) and with what is
//! expected, beside the contracted rate, and where the money is (the invested
//! amount by issuer, state, guarantee type, rating and maturity year).
//!
//! The wallet's detailed allocation lists the offerings; each holding's payments and each
//! offering's issuer are read concurrently (one call each per offering).

mod dados;
mod view;

use futures::future::join_all;
use jiff::Timestamp;

use crate::api::ApiError;
use crate::domain::dates;
use crate::web::error::OnPage;
use crate::web::ui::Page;
use crate::web::{Ctx, PageResult};

pub const TITLE: &str = "Rentabilidade realizada";

pub async fn view_rentabilidade_get(ctx: Ctx) -> PageResult {
    let token = ctx.token()?;
    let api = &ctx.app.api;
    let hoje = dates::today_in_sao_paulo(Timestamp::now());
    let alocacao = api.alocacao_detalhada(token).await.on_page(TITLE)?;
    let lidas = join_all(alocacao.por_captacao.iter().filter_map(|c| {
        let url = c.url_amigavel.as_deref()?;
        Some(async move {
            let (h, o) = tokio::join!(
                api.investimento(token, url),
                api.captacao_by_url(url, Some(token))
            );
            Ok::<_, ApiError>(dados::Linha::new(c, h?, &*o?, hoje))
        })
    }))
    .await;
    let linhas = lidas
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .on_page(TITLE)?;
    let limite = ctx.app.cfg.concentration_limit;
    let main = view::page(&ctx, &linhas, limite, hoje);
    Ok(ctx.render(Page::new(TITLE, main)))
}

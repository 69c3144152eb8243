//! /renda-variavel: the target of a category search. `CodigoSetor` names an investment
//! category by its code (1 CDB … 10 COE); the page lists that category's products, paged
//! with the statement's page sizes. No code shows the categories to choose from; an unknown
//! code is explained, with the same choice.

use crate::web::extract::Query;
use maud::{Markup, html};
use serde::Deserialize;

use crate::api::ApiError;
use crate::api::models::{ProdutoPagina, ProdutoSetor};
use crate::domain::paging::{self, DEFAULT_PAGE_SIZE};
use crate::domain::reference::CategoriaInvestimento;
use crate::web::partial::Partial;
use crate::web::ui::{self, Page, cards, format};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const UNKNOWN_TITLE: &str = "Categoria não encontrada";
pub const UNKNOWN_TEXT: &str =
    "Não conhecemos a categoria de investimento pedida. Escolha uma das categorias abaixo.";

/// `/renda-variavel` with no category.
pub const CHOOSE_TITLE: &str = "Categorias de investimento";
pub const CHOOSE_TEXT: &str =
    "Escolha uma categoria para ver os produtos oferecidos pelas instituições parceiras.";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct CategoriaQuery {
    #[serde(rename = "CodigoSetor")]
    codigo_setor: String,
    #[serde(rename = "Page")]
    page: String,
    #[serde(rename = "PageSize")]
    page_size: String,
}

fn categories(current: Option<CategoriaInvestimento>) -> Markup {
    html! {
        nav.abas aria-label="Categorias de investimento" {
            ul {
                @for c in CategoriaInvestimento::ALL {
                    li { a href=(routes::renda_variavel(c.code(), 1, DEFAULT_PAGE_SIZE))
                        aria-current=[(Some(*c) == current).then_some("page")] { (c.label()) } }
                }
            }
        }
    }
}

fn row(ctx: &Ctx, p: &ProdutoSetor) -> Markup {
    html! {
        tr {
            th scope="row" { (p.nome.as_deref().unwrap_or("-")) }
            td data-label="Emissor" { (p.emissor.as_deref().unwrap_or("-")) }
            td data-label="Rentabilidade" { (p.rentabilidade.as_deref().unwrap_or("-")) }
            td data-label="Vencimento" { (format::date(p.vencimento.as_deref())) }
            td.num data-label="Aplicação mínima" {
                @match p.aplicacao_minima { Some(v) => (ctx.money(v)), None => "-" }
            }
            td data-label="Liquidez" { (p.liquidez.as_deref().unwrap_or("-")) }
            td data-label="Garantia FGC" {
                (match p.garantido_fgc { Some(true) => "Sim", Some(false) => "Não", None => "-" })
            }
        }
    }
}

fn pagination(code: &str, page: u32, page_size: u32, total: u64) -> Markup {
    if total < u64::from(page_size) {
        return html! {};
    }
    let pages = paging::total_pages(total, page_size);
    html! {
        (ui::paging::links(page, pages, |p| routes::renda_variavel(code, p, page_size)))
        form.form-linha method="get" action=(routes::RENDA_VARIAVEL) {
            input type="hidden" name="CodigoSetor" value=(code);
            (ui::paging::size_choice("PageSize", page_size))
        }
    }
}

fn products(
    ctx: &Ctx,
    code: &str,
    page: u32,
    size: u32,
    r: &Result<ProdutoPagina, ApiError>,
) -> Markup {
    match r {
        Err(_) => cards::error_card(&ctx.here, None),
        Ok(p) if p.dados.is_empty() => cards::empty_card(cards::EMPTY_TITLE, cards::EMPTY_TEXT),
        Ok(p) => html! {
            section.secao aria-labelledby="produtos" {
                h2 #produtos { "Produtos" }
                p.texto-secundario { (p.total_registros) " produtos nesta categoria." }
                div.tabela-rolagem tabindex="0" role="region" aria-labelledby="produtos" {
                    table.tabela.tabela-cartoes {
                        thead { tr {
                            th scope="col" { "Produto" } th scope="col" { "Emissor" } th scope="col" { "Rentabilidade" }
                            th scope="col" { "Vencimento" } th scope="col" { "Aplicação mínima" } th scope="col" { "Liquidez" }
                            th scope="col" { "Garantia FGC" }
                        } }
                        tbody { @for item in &p.dados { (row(ctx, item)) } }
                    }
                }
                (pagination(code, page, size, p.total_registros))
            }
        },
    }
}

/// `GET /renda-variavel?CodigoSetor=&Page=&PageSize=`.
pub async fn view_renda_variavel_get(ctx: Ctx, Query(q): Query<CategoriaQuery>) -> PageResult {
    let token = ctx.token()?;
    // No category asked for: the categories to choose from, no dead end.
    if q.codigo_setor.trim().is_empty() {
        let main = html! {
            h1 { (CHOOSE_TITLE) }
            p { (CHOOSE_TEXT) }
            (categories(None))
        };
        return Ok(ctx.render(Page::new(CHOOSE_TITLE, main)));
    }
    let Some(category) = CategoriaInvestimento::from_code(&q.codigo_setor) else {
        let main = html! {
            h1 { (UNKNOWN_TITLE) }
            p { (UNKNOWN_TEXT) }
            (categories(None))
        };
        return Err(PageError::missing(Page::new(UNKNOWN_TITLE, main)));
    };
    let page = paging::page_number(&q.page);
    let size = paging::page_size(&q.page_size);
    let result = ctx
        .app
        .api
        .produtos(token, category.code(), page, size)
        .await;
    let main = html! {
        h1 { (category.label()) }
        p.subtitulo { "Produtos da categoria " (category.label()) " oferecidos pelas instituições parceiras." }
        (categories(Some(category)))
        (products(&ctx, category.code(), page, size, &result))
    };
    let page = Partial::new()
        .main(&result)
        .finish(Page::new(category.label(), main))?;
    Ok(ctx.render(page))
}

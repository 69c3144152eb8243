//! /carteira/alocacao: the detailed allocation, by offering and by guarantee type, as
//! tables with a donut chart (what an investor
//! needs to see where the money is and what protects it).

use maud::{Markup, html};

use crate::api::models::AlocacaoDetalhada;
use crate::web::error::OnPage;
use crate::web::ui::{Page, aviso_cvm, format, rosca};
use crate::web::{Ctx, PageResult, routes};

pub const TITLE: &str = "Alocação da carteira";

pub async fn view_alocacao_get(ctx: Ctx) -> PageResult {
    let d = ctx
        .app
        .api
        .alocacao_detalhada(ctx.token()?)
        .await
        .on_page(TITLE)?;
    let page = Page::new(TITLE, view(&ctx, &d));
    Ok(ctx.render(if d.por_garantia.is_empty() {
        page
    } else {
        page.with_islands()
    }))
}

fn view(ctx: &Ctx, d: &AlocacaoDetalhada) -> Markup {
    let slices: Vec<rosca::Slice> = d
        .por_garantia
        .iter()
        .map(|g| rosca::Slice {
            label: &g.garantia,
            value: g.valor,
        })
        .collect();
    html! {
        h1 { (TITLE) }
        p { "Total alocado: " (ctx.money(d.alocacao_total)) }
        @if d.por_captacao.is_empty() {
            section.cartao.cartao-vazio {
                h2 { "Nenhum investimento confirmado" }
                p { "Quando um investimento for pago ou aprovado, a alocação aparece aqui." }
                p { a.botao.botao-primario href=(routes::INVESTIR) { "Ver oportunidades" } }
            }
        } @else {
            section.secao aria-labelledby="por-captacao" {
                h2 #por-captacao { "Por captação" }
                // Eight columns: a card per offering on a phone (`.tabela-cartoes`).
                div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela.tabela-cartoes {
                    thead { tr {
                        th scope="col" { "Captação" } th scope="col" { "Rating" } th scope="col" { "ESG" }
                        th scope="col" { "Remuneração (a.a.)" } th scope="col" { "Prazo" } th scope="col" { "Garantias" }
                        th scope="col" { "Valor" } th scope="col" { "Percentual" }
                    } }
                    tbody { @for c in &d.por_captacao { tr {
                        th scope="row" { @match &c.url_amigavel { Some(u) => a href=(routes::captacao(u)) { (c.nome_captacao) }, None => (c.nome_captacao) } }
                        td data-label="Rating" { (c.rating.as_deref().unwrap_or("-")) }
                        td data-label="ESG" { (c.classificacao_esg.as_deref().unwrap_or("-")) }
                        td data-label="Remuneração (a.a.)" { @match c.rendimento { Some(r) => (format::percent(r)), None => "-" } }
                        td data-label="Prazo" { (c.prazo.map(|p| format!("{p} meses")).unwrap_or_else(|| "-".into())) }
                        td data-label="Garantias" { (c.garantias.join("; ")) }
                        td.num data-label="Valor" { (ctx.money(c.valor)) }
                        td.num data-label="Percentual" { (format::percent(c.percentual)) }
                    } } }
                } }
            }
            section.secao aria-labelledby="por-garantia" {
                h2 #por-garantia { "Por tipo de garantia" }
                div.alocacao-grafico {
                    (rosca::island("Alocação por tipo de garantia", &slices,
                        html! { p.sr-only { "Os mesmos dados estão na tabela." } }))
                    div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela {
                        thead { tr { th scope="col" { "Garantia" } th scope="col" { "Valor" } th scope="col" { "Percentual" } th scope="col" { "Captações" } } }
                        tbody { @for (i, g) in d.por_garantia.iter().enumerate() { tr {
                            th scope="row" { span class=(rosca::swatch(i)) aria-hidden="true" {} " " (g.garantia) }
                            td.num { (ctx.money(g.valor)) }
                            td.num { (format::percent(g.percentual)) }
                            td { (g.captacoes.join(", ")) }
                        } } }
                    } }
                }
            }
            // The rows link to each offering's page, where more can be invested.
            (aviso_cvm::aviso_cvm_geral())
        }
        p { a.botao.botao-secundario href=(routes::CARTEIRA) { "Voltar para a carteira" } }
    }
}

//! The statement: the investor's movements (date, value, description, bank) for the filter
//! in the address. The filter panel is a section of the page; with JavaScript the
//! `painel-lateral` island opens it as a side modal. A refused filter shows its message
//! with every typed value kept.

use crate::web::extract::Query;
use maud::{Markup, html};
use serde::Deserialize;

use super::account;
use crate::api::ApiError;
use crate::api::models::{ContaCliente, ExtratoLinha, ExtratoPagina};
use crate::domain::dates;
use crate::domain::extrato::{self, Filter, Period, TypedFilter};
use crate::domain::paging;
use crate::domain::reference::StatusMovimento;
use crate::domain::status::Tone;
use crate::web::partial::Partial;
use crate::web::ui::island;
use crate::web::ui::{self, Page, cards, format};
use crate::web::{Ctx, PageError, PageResult, routes};
use filtro::{filter_panel, shown};

pub const TITLE: &str = "Extrato";
const PANEL_ID: &str = "filtro-extrato";
const PANEL_TITLE: &str = "Filtrar extrato";

/// The address's parameters, with the platform's names.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExtratoQuery {
    #[serde(rename = "Page")]
    page: String,
    #[serde(rename = "PageSize")]
    page_size: String,
    #[serde(rename = "dataInicio")]
    data_inicio: String,
    #[serde(rename = "dataFim")]
    data_fim: String,
    dias: String,
    #[serde(rename = "periodoAnterior")]
    periodo_anterior: String,
    #[serde(rename = "codigoCliente")]
    codigo_cliente: String,
    #[serde(rename = "FieldSearch")]
    field_search: String,
    #[serde(rename = "Tipo")]
    tipo: String,
    #[serde(rename = "Produto")]
    produto: String,
    #[serde(rename = "Status")]
    status: String,
    clear: Option<String>,
}

impl ExtratoQuery {
    fn typed(self) -> TypedFilter {
        TypedFilter {
            page: self.page,
            page_size: self.page_size,
            data_inicio: self.data_inicio,
            data_fim: self.data_fim,
            dias: self.dias,
            periodo_anterior: self.periodo_anterior,
            codigo_cliente: self.codigo_cliente,
            field_search: self.field_search,
            tipo: self.tipo,
            produto: self.produto,
            status: self.status,
            clear: self.clear.is_some(),
        }
    }
}

/// The address of `f` at `page` and `page_size`, in the platform's names (dates dd/mm/aaaa).
fn href(f: &Filter, page: u32, page_size: u32) -> String {
    routes::extrato(&query(f, page, page_size))
}

/// The query of `f` at `page` and `page_size` (also the exports').
fn query(f: &Filter, page: u32, page_size: u32) -> String {
    let mut q: Vec<(&str, String)> = vec![
        ("Page", page.to_string()),
        ("PageSize", page_size.to_string()),
    ];
    match f.period {
        Period::Days(n) => q.push(("dias", n.to_string())),
        Period::Range(a, b) => {
            q.push(("dias", extrato::CUSTOM.to_owned()));
            q.push(("dataInicio", dates::format_civil_date_br(a)));
            q.push(("dataFim", dates::format_civil_date_br(b)));
        }
    }
    q.push(("codigoCliente", f.codigo_cliente.clone()));
    for (k, v) in [
        ("FieldSearch", f.field_search.clone()),
        ("Tipo", f.tipo.map(|t| t.code().to_owned())),
        ("Produto", f.produto.clone()),
        ("Status", f.status.map(|s| s.code().to_owned())),
    ] {
        if let Some(v) = v {
            q.push((k, v));
        }
    }
    serde_urlencoded::to_string(&q).unwrap_or_default()
}

/// A line's status colour follows its meaning, as every status badge does: a pending line
/// still has to move (warning), a cancelled one never will (error).
fn status_tone(s: StatusMovimento) -> Tone {
    match s {
        StatusMovimento::Liquidado => Tone::Sucesso,
        StatusMovimento::Pendente => Tone::Aviso,
        StatusMovimento::Cancelado => Tone::Erro,
    }
}

/// What a line's badge means (the colour alone says nothing to a screen reader).
pub const LEGEND: &str = "Sem etiqueta: movimentação liquidada. Pendente: ainda não liquidada. Cancelado: não será liquidada.";

fn line_row(ctx: &Ctx, l: &ExtratoLinha) -> Markup {
    let value = l.valor.unwrap_or_default();
    let class = if value.is_sign_negative() {
        "num valor-saida"
    } else {
        "num valor-entrada"
    };
    html! {
        tr {
            td data-label="Data" { (format::date(l.data.as_deref())) }
            td class=(class) data-label="Valor" { (ctx.money(value)) }
            td.celula-texto data-label="Descrição" {
                (l.descricao.as_deref().unwrap_or("-"))
                @if let Some(s) = l.status.as_deref().and_then(StatusMovimento::from_api).filter(|s| *s != StatusMovimento::Liquidado) {
                    " " span class=(format!("badge {}", status_tone(s).class())) { (s.label()) }
                }
            }
            td data-label="Banco" { (l.banco.as_deref().unwrap_or("-")) }
        }
    }
}

/// Page links and the page-size choice, once the results reach the page size.
fn pagination(f: &Filter, total: u64) -> Markup {
    if total < u64::from(f.page_size) {
        return html! {};
    }
    let pages = paging::total_pages(total, f.page_size);
    html! {
        div.paginacao-extrato {
            (ui::paging::links(f.page, pages, |p| href(f, p, f.page_size)))
            (page_size_form(f))
        }
    }
}

/// The page-size choice: a GET form carrying the filter, back to page 1.
fn page_size_form(f: &Filter) -> Markup {
    let t = shown(&TypedFilter::default(), Some(f));
    html! {
        form.form-linha method="get" action=(routes::EXTRATO) {
            @for (k, v) in [("dias", &t.dias), ("dataInicio", &t.data_inicio), ("dataFim", &t.data_fim),
                ("codigoCliente", &t.codigo_cliente), ("FieldSearch", &t.field_search), ("Tipo", &t.tipo),
                ("Produto", &t.produto), ("Status", &t.status)] {
                @if !v.is_empty() { input type="hidden" name=(k) value=(v); }
            }
            (ui::paging::size_choice("PageSize-lista", f.page_size))
        }
    }
}

fn results(ctx: &Ctx, f: &Filter, result: &Result<ExtratoPagina, ApiError>) -> Markup {
    match result {
        Err(_) => cards::error_card(&ctx.here, None),
        Ok(p) if p.dados.is_empty() => cards::empty_card(cards::EMPTY_TITLE, cards::EMPTY_TEXT),
        Ok(p) => html! {
            section.secao aria-labelledby="movimentacoes" {
                h2 #movimentacoes { "Movimentações" }
                p.texto-secundario { (extrato::encontradas(p.total_de_registros)) }
                p.texto-secundario.legenda-status { (LEGEND) }
                div.tabela-rolagem tabindex="0" role="region" aria-labelledby="movimentacoes" {
                    table.tabela.tabela-cartoes {
                        thead { tr {
                            th scope="col" { "Data" } th scope="col" { "Valor" }
                            th scope="col" { "Descrição" } th scope="col" { "Banco" }
                        } }
                        tbody { @for l in &p.dados { (line_row(ctx, l)) } }
                    }
                }
                (pagination(f, p.total_de_registros))
            }
        },
    }
}

struct View<'a> {
    typed: &'a TypedFilter,
    filter: Option<&'a Filter>,
    result: Option<&'a Result<ExtratoPagina, ApiError>>,
    accounts: &'a [ContaCliente],
    own: &'a str,
}

fn page(ctx: &Ctx, v: View<'_>) -> Page {
    let form = shown(v.typed, v.filter);
    // A refused filter keeps its panel open (on the page) so the typed values are in view.
    let refused = v.filter.is_none();
    let main = account(
        routes::EXTRATO,
        html! {
            div.titulo-pagina {
                h2 { (TITLE) }
                div.acoes {
                    (island::side_panel(PANEL_TITLE, PANEL_ID, "Filtrar", refused))
                }
            }
            @if let Some(f) = v.filter {
                p.resumo-filtro { "Filtro: " strong { (extrato::summary(f)) } }
                (exportar::links(&query(f, 1, f.page_size)))
            }
            @if let (Some(f), Some(r)) = (v.filter, v.result) { (results(ctx, f, r)) }
            (filter_panel(&form, v.accounts, v.own))
        },
    );
    Page::new(TITLE, main).with_islands()
}

/// The accounts the registration offers for the filter's choice; `None` when the
/// registration did not answer.
async fn listed_accounts(ctx: &Ctx, token: &str) -> Option<Vec<ContaCliente>> {
    let r = ctx.app.api.cadastro(token).await.ok()?;
    Some(r.view().contas.clone())
}

/// The codes of the accounts listed, for [`extrato::check_account`].
fn codes(listed: &Option<Vec<ContaCliente>>) -> Option<Vec<&str>> {
    listed
        .as_ref()
        .map(|a| a.iter().map(|a| a.codigo_cliente.as_str()).collect())
}

/// `GET /minha-conta/extrato`: the statement for the filter in the address, the accounts
/// for the filter's choice fetched alongside.
pub async fn view_extrato_get(ctx: Ctx, Query(q): Query<ExtratoQuery>) -> PageResult {
    let token = ctx.token()?;
    let own = ctx
        .session
        .as_ref()
        .and_then(|s| s.user.codigo.clone())
        .unwrap_or_default();
    let typed = q.typed();
    let today = dates::today_in_sao_paulo(jiff::Timestamp::now());
    let accounts = || listed_accounts(&ctx, token);
    let refused = |accounts: &[ContaCliente], message| {
        let view = View {
            typed: &typed,
            filter: None,
            result: None,
            accounts,
            own: &own,
        };
        PageError::refused(page(&ctx, view), message)
    };
    let filter = match extrato::resolve(&typed, &own, today) {
        Err(message) => return Err(refused(&accounts().await.unwrap_or_default(), message)),
        Ok(f) => f,
    };
    let foreign = filter.codigo_cliente != own;
    let (accounts, result) = if foreign {
        // Another code than the investor's own is checked against the accounts offered
        // before the platform is asked for it.
        let listed = accounts().await;
        let checked =
            extrato::check_account(&filter.codigo_cliente, &own, codes(&listed).as_deref());
        let accounts = listed.unwrap_or_default();
        if let Err(m) = checked {
            return Err(refused(&accounts, m));
        }
        let result = ctx.app.api.extrato(token, &filter).await;
        (accounts, result)
    } else {
        let (listed, result) = tokio::join!(accounts(), ctx.app.api.extrato(token, &filter));
        (listed.unwrap_or_default(), result)
    };
    // The platform's own refusal of an account is the same refused choice.
    if foreign
        && matches!(
            &result,
            Err(ApiError::NotFound { .. } | ApiError::Server { status: 403, .. })
        )
    {
        return Err(refused(&accounts, extrato::MSG_ACCOUNT));
    }
    let view = View {
        typed: &typed,
        filter: Some(&filter),
        result: Some(&result),
        accounts: &accounts,
        own: &own,
    };
    // The accounts only fill the filter's choice: without them the statement is still
    // drawn.
    let page = Partial::new().main(&result).finish(page(&ctx, view))?;
    Ok(ctx.render(page))
}

mod exportar;
mod filtro;
#[cfg(test)]
mod proptests;

pub use exportar::{view_extrato_csv_get, view_extrato_ofx_get, view_extrato_pdf_get};

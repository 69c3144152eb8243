//! The offerings table of /investir and of the home's opportunities.

use std::sync::Arc;

use jiff::Timestamp;
use maud::{Markup, PreEscaped, html};

use super::query::{self, Direction, ListState};
use crate::api::models::{CaptacaoResumo, Drawing, SearchResponse};
use crate::domain::captacao::{self, CaptacaoFacts, DisplayStatus};
use crate::web::ui::{captacao as ui_captacao, format};
use crate::web::{Ctx, routes};

fn invest_href(logged_in: bool, o: &CaptacaoResumo) -> String {
    if logged_in {
        routes::captacao_investir(&o.url_amigavel)
    } else {
        routes::QUERO_INVESTIR.to_owned()
    }
}

/// Which columns sort, and the page the sort links lead to (the list sorts on every
/// column; the home's opportunities only on Status, NomeCaptacao and DataFim).
#[derive(Debug, PartialEq)]
pub struct TableOptions {
    pub sortable: &'static [&'static str],
    pub base: &'static str,
}

impl TableOptions {
    pub const LIST: TableOptions = TableOptions {
        sortable: query::SORT_FIELDS,
        base: routes::INVESTIR,
    };
}

/// The sortable columns, in the table's order: (field, label).
const SORT_COLUMNS: [(&str, &str); 9] = [
    ("Status", "Status"),
    ("NomeCaptacao", "Nome da fazenda"),
    ("Vencimento", "Vencimento"),
    ("Rendimento", "Remuneração líquida"),
    ("Rating", "Rating"),
    ("LimiteArrecadacao", "Valor em captação"),
    ("Acompanhamento", "% Captado"),
    ("Disponivel", "Disponível para aplicação"),
    ("DataFim", "Termina em"),
];

fn column_label(field: &str) -> &'static str {
    SORT_COLUMNS
        .iter()
        .find(|(f, _)| *f == field)
        .map_or("", |(_, l)| l)
}

/// On a phone, where the table is a list of cards and its headers are hidden, the sort is one
/// disclosure ('Ordenar'), folded, its links tall enough to tap.
fn sort_menu(state: &ListState, opts: &TableOptions) -> Markup {
    let current = state.sort.map(|(f, d)| {
        let dir = match d {
            Direction::Asc => "crescente",
            Direction::Desc => "decrescente",
        };
        format!("{} ({dir})", column_label(f))
    });
    html! {
        details.ordenar {
            summary { "Ordenar" @if let Some(c) = &current { ": " (c) } }
            ul {
                @for (field, label) in SORT_COLUMNS.iter().filter(|(f, _)| opts.sortable.contains(f)) {
                    li { a href=(state.with_sort(field).href_on(opts.base))
                        aria-current=[state.sort.is_some_and(|(f, _)| f == *field).then_some("true")] { (label) } }
                }
            }
        }
    }
}

fn sort_header(state: &ListState, opts: &TableOptions, field: &'static str, label: &str) -> Markup {
    if !opts.sortable.contains(&field) {
        return html! { th scope="col" { (label) } };
    }
    let aria = match state.sort {
        Some((f, Direction::Asc)) if f == field => "ascending",
        Some((f, Direction::Desc)) if f == field => "descending",
        _ => "none",
    };
    html! {
        th scope="col" aria-sort=(aria) {
            a href=(state.with_sort(field).href_on(opts.base)) { (label) span.sr-only { " (ordenar)" } }
        }
    }
}

/// Everything the offerings table is drawn from besides the list: of the request, only
/// whether a session is open (the Investir link). Nothing else of the investor can reach a
/// row, which is what lets one drawing serve every page shown the same shared list.
#[derive(PartialEq)]
struct TableKey {
    logged_in: bool,
    state: ListState,
    opts: &'static TableOptions,
}

/// The offerings of `list` as a table, drafts left out; on a phone each row is a card
/// (`.tabela-cartoes` in app.css: the cells stack under their `data-label`, the sortable
/// headers become a row of sort links).
///
/// Drawn once per [`TableKey`] for as long as the list lives and no offering in it opens or
/// closes (`SearchResponse::drawn`): the micro-cache hands the same list to every page for
/// a few seconds.
pub fn table(
    ctx: &Ctx,
    state: &ListState,
    list: &SearchResponse<CaptacaoResumo>,
    opts: &'static TableOptions,
) -> PreEscaped<Arc<str>> {
    let key = TableKey {
        logged_in: ctx.session.is_some(),
        state: state.clone(),
        opts,
    };
    let now = ui_captacao::now();
    PreEscaped(
        list.drawn
            .get_or_draw(key, now, |k| draw_table(k, list, now)),
    )
}

fn draw_table(k: &TableKey, list: &SearchResponse<CaptacaoResumo>, now: Timestamp) -> Drawing {
    let (state, opts) = (&k.state, k.opts);
    let rows: Vec<(&CaptacaoResumo, CaptacaoFacts)> = list
        .dados
        .iter()
        .map(|o| (o, o.facts()))
        .filter(|(_, f)| captacao::display_status(f, now) != DisplayStatus::Rascunho)
        .collect();
    let until = rows.iter().filter_map(|(_, f)| f.muda_em(now)).min();
    let html = html! {
        @if !opts.sortable.is_empty() { (sort_menu(state, opts)) }
        div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" {
            table.tabela-captacoes.tabela-cartoes {
                caption.sr-only { "Captações" }
                thead { tr {
                    (sort_header(state, opts, "Status", "Status"))
                    (sort_header(state, opts, "NomeCaptacao", "Nome da fazenda"))
                    (sort_header(state, opts, "Vencimento", "Vencimento"))
                    (sort_header(state, opts, "Rendimento", "Remuneração líquida"))
                    (sort_header(state, opts, "Rating", "Rating"))
                    th scope="col" { "ESG" }
                    (sort_header(state, opts, "LimiteArrecadacao", "Valor em captação"))
                    (sort_header(state, opts, "Acompanhamento", "% Captado"))
                    (sort_header(state, opts, "Disponivel", "Disponível para aplicação"))
                    (sort_header(state, opts, "DataFim", "Termina em"))
                    th scope="col" { span.sr-only { "Ações" } }
                } }
                tbody {
                    @for (o, f) in &rows {
                        tr.finalizada[captacao::display_status(f, now).is_finished()] {
                            td data-label="Status" { (ui_captacao::status(f, now)) }
                            th scope="row" { a href=(routes::captacao(&o.url_amigavel)) { (o.nome_captacao) } }
                            td data-label="Vencimento" { @if let Some(v) = o.vencimento { (v) " meses" } @else { "-" } }
                            td data-label="Remuneração líquida" { (o.rendimento_descricao.as_deref().unwrap_or("-")) }
                            td data-label="Rating" { (o.rating.as_deref().unwrap_or("-")) }
                            td data-label="ESG" { (o.classificacao_esg.as_deref().unwrap_or("-")) }
                            td data-label="Valor em captação" { (format::money(o.limite_arrecadacao)) }
                            td data-label="% Captado" { (format::percent(captacao::percent_raised(f))) }
                            td data-label="Disponível para aplicação" { (format::money(captacao::available(f))) }
                            td data-label="Termina em" { (format::date(o.fim_captacao.as_deref())) }
                            td.celula-acao { (row_action(k.logged_in, o, f, now)) }
                        }
                    }
                }
            }
        }
    };
    Drawing {
        html: html.into_string(),
        until,
    }
}

/// Investir only where the detail offers it (open, or not open yet to record a
/// reservation); every other row has the arrow to its detail.
pub(super) fn row_action(
    logged_in: bool,
    o: &CaptacaoResumo,
    f: &CaptacaoFacts,
    now: Timestamp,
) -> Markup {
    let detail = routes::captacao(&o.url_amigavel);
    html! {
        @if captacao::closed_reason(f, now).is_some() {
            a.botao-seta href=(detail) aria-label={ "Ver " (o.nome_captacao) } { "→" }
        } @else {
            a.botao.botao-primario href=(invest_href(logged_in, o)) aria-label={ "Investir em " (o.nome_captacao) } { "Investir" }
        }
    }
}

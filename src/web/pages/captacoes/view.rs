//! Views of /investir.

use std::sync::Arc;

use maud::{Markup, html};

use super::query::{
    AVAILABLE_MAX, AVAILABLE_STEP, ListState, PERCENT_MAX, PERCENT_STEP, RATING_OPTIONS, RawQuery,
    STATUS_OPTIONS, TERM_MAX, View,
};
use super::table::{TableOptions, row_action, table};
use crate::api::ApiError;
use crate::api::models::{CaptacaoResumo, Resumo, SearchResponse};
use crate::domain::captacao;
use crate::domain::paging;
use crate::web::ui::{self, aviso_cvm, captacao as ui_captacao, cards, island};
use crate::web::{Ctx, routes};

pub fn page(
    ctx: &Ctx,
    state: &ListState,
    raw: &RawQuery,
    list: Option<&Arc<SearchResponse<CaptacaoResumo>>>,
    failed: bool,
    summary: Option<&Result<Resumo, ApiError>>,
) -> Markup {
    html! {
        h1 { "Investir" }
        p.introducao { "Escolha uma captação do agronegócio, compare prazos e rentabilidades e invista a partir do investimento mínimo." }
        (search_form(state))
        (toolbar(state, list.map(|l| &**l)))
        (filters_panel(state, raw))
        @if let Some(s) = summary { (allocation_block(ctx, s)) }
        @if failed {
            (cards::error_card(&ctx.here, None))
        } @else if let Some(list) = list {
            (offerings(ctx, state, list))
        }
        // CVM 88: the standard warning wherever offerings are presented, whole, right after
        // the list, so that on a phone the first offering is still on the first screen.
        (aviso_cvm::aviso_cvm_geral())
    }
}

fn offerings(ctx: &Ctx, state: &ListState, list: &SearchResponse<CaptacaoResumo>) -> Markup {
    html! {
        @let rows: Vec<&CaptacaoResumo> = list.dados.iter().filter(|o| captacao::display_status(&o.facts(), ui_captacao::now()) != captacao::DisplayStatus::Rascunho).collect();
        @if rows.is_empty() {
            (cards::empty_card(cards::EMPTY_TITLE, cards::EMPTY_TEXT))
        } @else {
            @match state.view {
                View::Lista => (table(ctx, state, list, &TableOptions::LIST)),
                View::Cartoes => (card_grid(ctx, &rows)),
            }
            (pagination(state, list.total_registros, routes::INVESTIR))
        }
    }
}

fn search_form(state: &ListState) -> Markup {
    html! {
        form.busca method="get" action=(routes::INVESTIR) role="search" {
            label for="busca" { "Buscar captação" }
            div.busca-linha {
                input #busca type="search" name="FieldSearch" maxlength="150" value=(state.search)
                    placeholder="Nome, cultura ou cidade";
                @if state.view == View::Cartoes { input type="hidden" name="Visao" value="cartoes"; }
                button.botao.botao-primario type="submit" { "Buscar" }
            }
            p.dica { "A busca limpa os demais filtros." }
        }
    }
}

fn toolbar(state: &ListState, list: Option<&SearchResponse<CaptacaoResumo>>) -> Markup {
    let sim = routes::carteira_simulador(&state.with_page(1).query_string());
    html! {
        div.barra-ferramentas {
            @if let Some(l) = list {
                p.total role="status" { (l.total_registros) @if l.total_registros == 1 { " captação encontrada" } @else { " captações encontradas" } }
            }
            nav aria-label="Modo de exibição" {
                a href=(state.with_view(View::Lista).with_page(1).href()) aria-current=[(state.view == View::Lista).then_some("true")] { "Lista" }
                " "
                a href=(state.with_view(View::Cartoes).with_page(1).href()) aria-current=[(state.view == View::Cartoes).then_some("true")] { "Cartões" }
            }
            @if state.has_filters() {
                a.botao.botao-texto href=(routes::INVESTIR) { "Limpar filtros" }
            }
            a.botao.botao-secundario href=(sim.trim_end_matches('?')) { "Simular carteira" }
        }
    }
}

struct SliderSpec {
    name: &'static str,
    label: &'static str,
    unit: &'static str,
    max: u32,
    step: u32,
}

const SLIDERS: [SliderSpec; 3] = [
    SliderSpec {
        name: "Vencimento",
        label: "Prazo (meses)",
        unit: "meses",
        max: TERM_MAX,
        step: 1,
    },
    SliderSpec {
        name: "Acompanhamento",
        label: "% captado",
        unit: "%",
        max: PERCENT_MAX,
        step: PERCENT_STEP,
    },
    SliderSpec {
        name: "Disponivel",
        label: "Disponível para aplicação (R$)",
        unit: "R$",
        max: AVAILABLE_MAX,
        step: AVAILABLE_STEP,
    },
];

/// Whether the filters panel starts open: a filter is in use, or the form sent its sliders.
fn filters_open(state: &ListState, raw: &RawQuery) -> bool {
    state.vencimento.is_some()
        || state.acompanhamento.is_some()
        || state.disponivel.is_some()
        || state.rating.is_some()
        || state.status.is_some()
        || !state.nome.is_empty()
        || raw.vencimento_de.is_some()
}

fn filters_panel(state: &ListState, raw: &RawQuery) -> Markup {
    let ranges = [state.vencimento, state.acompanhamento, state.disponivel];
    let open = filters_open(state, raw);
    html! {
        details.painel-filtros open[open] {
            summary { "Filtros avançados" }
            form method="get" action=(routes::INVESTIR) {
                @if state.view == View::Cartoes { input type="hidden" name="Visao" value="cartoes"; }
                @if let Some((f, d)) = state.sort {
                    input type="hidden" name="OrderByField" value=(f);
                    input type="hidden" name="OrderByCriteria" value=(d.as_str());
                }
                div.campo {
                    label for="filtro-nome" { "Nome da captação" }
                    input #filtro-nome type="text" name="NomeCaptacao" maxlength="150" value=(state.nome);
                }
                div.campo {
                    label for="filtro-status" { "Status" }
                    select #filtro-status name="StatusCaptacao" {
                        option value="" { "Todos" }
                        @for s in STATUS_OPTIONS { option value=(s) selected[state.status.as_ref() == Some(s)] { (s) } }
                    }
                }
                div.campo {
                    label for="filtro-rating" { "Rating" }
                    select #filtro-rating name="Rating" {
                        option value="" { "Todos" }
                        @for r in RATING_OPTIONS { option value=(r) selected[state.rating == Some(*r)] { (r) } }
                    }
                }
                // React comes only when the panel opens (at once when the server opened it).
                (island::mount_when(&slider_props(&ranges), island::Load::Interaction(Some("details")), html! {
                    @for (spec, range) in SLIDERS.iter().zip(ranges) {
                        @let (lo, hi) = range.unwrap_or((0, spec.max));
                        fieldset.faixa {
                            legend { (spec.label) }
                            label for={ (spec.name) "-de" } { "Mínimo" }
                            input id={ (spec.name) "-de" } type="number" name={ (spec.name) "De" }
                                min="0" max=(spec.max) step=(spec.step) value=(lo) inputmode="numeric";
                            label for={ (spec.name) "-ate" } { "Máximo" }
                            input id={ (spec.name) "-ate" } type="number" name={ (spec.name) "Ate" }
                                min="0" max=(spec.max) step=(spec.step) value=(hi) inputmode="numeric";
                        }
                    }
                }))
                div.acoes {
                    button.botao.botao-primario type="submit" { "Aplicar filtros" }
                    " "
                    a.botao.botao-texto href=(routes::INVESTIR) { "Limpar filtros" }
                }
            }
        }
    }
}

fn slider_props(ranges: &[Option<(u32, u32)>; 3]) -> island::SliderProps {
    let items: Vec<_> = SLIDERS
        .iter()
        .zip(ranges)
        .map(|(s, r)| {
            let (lo, hi) = r.unwrap_or((0, s.max));
            island::Slider {
                name: s.name.into(),
                label: s.label.into(),
                unit: s.unit.into(),
                min: 0,
                max: s.max,
                step: s.step,
                from: lo,
                to: hi,
            }
        })
        .collect();
    island::SliderProps { sliders: items }
}

/// The investor's wallet, folded to one line above the list (open when it says what failed),
/// so it never pushes the first offering off a phone's first screen.
fn allocation_block(ctx: &Ctx, summary: &Result<Resumo, ApiError>) -> Markup {
    html! {
        details.cartao.alocacao open[summary.is_err()] {
            summary { h2 { "Sua carteira" } }
            @match summary {
                // A failing balance shows the message of the error.
                Err(e) => p role="alert" { (e.user_message()) },
                Ok(r) if r.lista_produtos.is_empty() && r.saldo_disponivel <= rust_decimal::Decimal::ZERO => {
                    p { "Você ainda não tem investimentos. Escolha uma captação abaixo para começar." }
                },
                Ok(r) if r.lista_produtos.is_empty() => {
                    p { "Você tem " (ctx.money(r.saldo_disponivel)) " disponíveis para investir." }
                    p { a.botao.botao-secundario href=(routes::CARTEIRA_SIMULADOR) { "Simular investimento" } }
                },
                Ok(r) => {
                    ul.lista-produtos {
                        @for p in &r.lista_produtos {
                            li { (p.nome_captacao.as_deref().unwrap_or("-")) ": " (ctx.money(p.valor)) }
                        }
                    }
                    p { "Saldo disponível: " (ctx.money(r.saldo_disponivel)) }
                },
            }
        }
    }
}

fn card_grid(ctx: &Ctx, rows: &[&CaptacaoResumo]) -> Markup {
    let now = ui_captacao::now();
    html! {
        ul.grade-cartoes {
            @for (i, o) in rows.iter().enumerate() {
                @let f = o.facts();
                @let status = captacao::display_status(&f, now);
                li.cartao.cartao-captacao.finalizada[status.is_finished()] {
                    @if let Some(img) = o.main_image() {
                        img src=(img) alt="" width="400" height="225" loading="lazy";
                    }
                    div.cartao-status { (ui_captacao::status(&f, now)) }
                    h2 { a href=(routes::captacao(&o.url_amigavel)) { (o.nome_captacao) } }
                    dl.fatos {
                        div { dt { "Prazo do investimento" } dd { @if let Some(v) = o.vencimento { (v) " meses" } @else { "-" } } }
                        div { dt { "Remuneração líquida" } dd { (o.rendimento_descricao.as_deref().unwrap_or("-")) } }
                        div { dt { "Rating" } dd { (o.rating.as_deref().unwrap_or("-")) } }
                        div { dt { "Disponível" } dd { (ctx.money(captacao::available(&f))) } }
                    }
                    (ui_captacao::progress(&f, &format!("progresso-{i}")))
                    (row_action(ctx.session.is_some(), o, &f, now))
                }
            }
        }
    }
}

pub fn pagination(state: &ListState, total: i64, base: &str) -> Markup {
    let pages = paging::total_pages(u64::try_from(total).unwrap_or(0), super::query::PAGE_SIZE);
    ui::paging::links(state.page, pages, |p| state.with_page(p).href_on(base))
}

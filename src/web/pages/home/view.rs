//! Views of the home.

use crate::domain::status::ReservaStatus;
use maud::{Markup, html};

use crate::api::ApiError;
use crate::api::models::{
    AlocacaoResumida, CaptacaoResumo, Reserva, ReservaPendente, SearchResponse, Skipped,
};
use crate::domain::captacao;
use crate::web::pages::captacoes::query::ListState;
use crate::web::pages::captacoes::table::{TableOptions, table};
use crate::web::pages::captacoes::view::pagination;
use crate::web::pages::reservas::reserva_panel;
use crate::web::ui::{aviso_cvm, badge, captacao as ui_captacao, cards, format, island, rosca};
use crate::web::{Ctx, routes};

pub struct HomeData {
    pub allocation: Option<AlocacaoResumida<Skipped>>,
    pub pending: Option<Vec<ReservaPendente>>,
    pub offers: Option<std::sync::Arc<SearchResponse<CaptacaoResumo>>>,
    pub reserva: Option<Result<Reserva, ApiError>>,
    pub state: ListState,
}

const HOME_TABLE: TableOptions = TableOptions {
    sortable: super::SORTABLE,
    base: routes::HOME,
};

pub fn home(ctx: &Ctx, d: &HomeData) -> Markup {
    let first = ctx
        .session
        .as_ref()
        .map(|s| s.user.primeiro_nome().to_owned())
        .unwrap_or_default();
    html! {
        h1 { "Olá, " (first) "!" }
        @if let Some(r) = &d.reserva { (side_panel(ctx, r)) }
        (allocation(ctx, d.allocation.as_ref()))
        (pending(ctx, d.pending.as_deref()))
        section.secao aria-labelledby="oportunidades-titulo" {
            h2 #oportunidades-titulo { "Oportunidades" }
            @match &d.offers {
                None => (cards::error_card(&ctx.here, None)),
                Some(list) => (opportunity_rows(ctx, &d.state, list)),
            }
        }
    }
}

fn side_panel(ctx: &Ctx, r: &Result<Reserva, ApiError>) -> Markup {
    html! {
        aside.painel-lateral #detalhe-reserva aria-labelledby="reserva-titulo" {
            @match r {
                Ok(r) => (reserva_panel(ctx, r, 2).0),
                Err(e) => { h2 #reserva-titulo { "Detalhe da reserva" } p role="alert" { (e.user_message()) } },
            }
            p { a.botao.botao-texto href=(routes::HOME) { "Fechar painel" } }
        }
    }
}

pub fn allocation(ctx: &Ctx, a: Option<&AlocacaoResumida<Skipped>>) -> Markup {
    html! {
        section.secao aria-labelledby="alocacao-titulo" {
            h2 #alocacao-titulo { "Alocação da carteira" }
            @match a {
                None => (cards::error_card(&ctx.here, None)),
                Some(a) if a.lista.is_empty() => (cards::empty_card_in_section(
                    cards::EMPTY_TITLE,
                    cards::EMPTY_TEXT,
                    Some(html! { a.botao.botao-primario href=(routes::INVESTIR) { "Ver oportunidades" } }),
                )),
                Some(a) => (donut(ctx, a)),
            }
        }
    }
}

fn donut(ctx: &Ctx, a: &AlocacaoResumida<Skipped>) -> Markup {
    let slices: Vec<rosca::Slice> = a
        .lista
        .iter()
        .map(|i| rosca::Slice {
            label: &i.nome_captacao,
            value: i.alocacao,
        })
        .collect();
    html! {
        div.alocacao-grafico {
            (rosca::island("Alocação da carteira por captação", &slices,
                html! { p.sr-only { "Os mesmos dados estão na lista." } }))
            div {
                ul.lista-alocacao aria-label="Captações da carteira" {
                    @for (i, item) in a.lista.iter().enumerate() {
                        li {
                            span class=(rosca::swatch(i)) aria-hidden="true" {}
                            @match &item.url_amigavel {
                                Some(u) => a href=(routes::captacao(u)) { (item.nome_captacao) },
                                None => span { (item.nome_captacao) },
                            }
                            // Two numbers, each named: the share of what was invested, and
                            // what the investment is worth now (it has grown since).
                            " — " (format::percent(item.percentual_alocacao)) " do total investido · valor atual " (ctx.money(item.valor))
                        }
                    }
                }
                dl.resumo-lista {
                    div { dt { "Total investido" } dd { (ctx.money(a.invested())) } }
                    div { dt { "Rendimento" } dd { (ctx.money(a.rendimento_total)) " (" (format::percent(a.rendimento_percentual)) ")" } }
                    div { dt { "Valor total" } dd { (ctx.money(a.valor_total)) } }
                    (crate::web::pages::carteira::late_totals(ctx, a))
                }
                p { a href=(routes::CARTEIRA_ALOCACAO) { "Ver alocação detalhada" } }
                p { a href=(routes::CARTEIRA_AGENDA) { "Ver agenda de recebimentos" } }
                p { a href=(routes::CARTEIRA_RENTABILIDADE) { "Ver rentabilidade realizada" } }
            }
        }
    }
}

/// Request validity: 'Finalizado' once paid; otherwise a countdown to the request's
/// deadline (`dataVencimento`) whenever it has one ('Prazo encerrado' once past).
fn validity(r: &ReservaPendente) -> Markup {
    match (&r.status.name, &r.data_vencimento) {
        (ReservaStatus::Pago, _) => html! { "Finalizado" },
        (_, Some(deadline)) => island::countdown(
            deadline,
            format::datetime(Some(deadline)),
            "Prazo encerrado",
        ),
        (_, None) => html! { "-" },
    }
}

fn pending(ctx: &Ctx, list: Option<&[ReservaPendente]>) -> Markup {
    html! {
        section.secao aria-labelledby="pendentes-titulo" {
            h2 #pendentes-titulo { "Reservas pendentes" }
            @match list {
                None => (cards::error_card(&ctx.here, None)),
                Some([]) => (cards::empty_card_in_section(cards::EMPTY_TITLE, cards::EMPTY_TEXT, None)),
                Some(list) => div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" {
                    // A card per reservation on a phone (`.tabela-cartoes`, as the opportunities).
                    table.tabela.tabela-cartoes {
                        caption.sr-only { "Reservas pendentes" }
                        thead { tr {
                            th scope="col" { "Data da solicitação" }
                            th scope="col" { "Captação" }
                            th scope="col" { "Valor do investimento" }
                            th scope="col" { "Remuneração líquida" }
                            th scope="col" { "Prazo" }
                            th scope="col" { "Validade da solicitação" }
                            th scope="col" { "Status" }
                            th scope="col" { span.sr-only { "Detalhe" } }
                        } }
                        tbody {
                            @for r in list {
                                tr {
                                    td data-label="Data da solicitação" { (format::date(r.data.as_deref())) }
                                    th scope="row" { (r.nome_captacao) }
                                    td.num data-label="Valor do investimento" { (ctx.money(r.investimento)) }
                                    td data-label="Remuneração líquida" { (format::net_yield(r.rendimento)) }
                                    td data-label="Prazo" { @if let Some(p) = r.prazo { (p) " meses" } @else { "-" } }
                                    td data-label="Validade da solicitação" { (validity(r)) }
                                    td data-label="Status" { (badge::status(&r.status.name, r.status.color.as_deref())) }
                                    td.celula-acao { a.botao.botao-secundario href=(routes::home_reserva(r.id))
                                        aria-label={ "Detalhe da reserva em " (r.nome_captacao) } { "Detalhe" } }
                                }
                            }
                        }
                    }
                },
            }
        }
    }
}

fn opportunity_rows(ctx: &Ctx, state: &ListState, list: &SearchResponse<CaptacaoResumo>) -> Markup {
    let now = ui_captacao::now();
    html! {
        // Whether any row shows (drafts never do); the table draws the rows itself.
        @let shown = list.dados.iter()
            .any(|o| captacao::display_status(&o.facts(), now) != captacao::DisplayStatus::Rascunho);
        @if !shown {
            (cards::empty_card_in_section(cards::EMPTY_TITLE, cards::EMPTY_TEXT, None))
        } @else {
            (table(ctx, state, list, &HOME_TABLE))
            (pagination(state, list.total_registros, routes::HOME))
            // Offerings are presented here with their Investir links, so the
            // investor reads the standard warning here too, not only on /investir.
            (aviso_cvm::aviso_cvm_geral())
        }
    }
}

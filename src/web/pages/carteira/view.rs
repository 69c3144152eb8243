//! The wallet's views.

use maud::{Markup, html};

use super::Panel;
use crate::api::ApiError;
use crate::api::models::{AlocacaoResumida, Parcela, Reserva, ReservaDocumento, Skipped};
use crate::domain::dates;
use crate::domain::status::ParcelaStatus;
use crate::web::ui::{badge, captacao, cards, custodia, format};
use crate::web::{Ctx, routes};

pub use crate::web::ui::download::NO_FILE;

/// Under the schedule of a written-off holding: its 'Baixada' instalments are not owed.
pub const WRITTEN_OFF: &str = "Parcelas “Baixada”: a emissora não pagou e a dívida foi registrada como perda; esses valores não são mais esperados.";

/// The cash-flow panel asked for a reservation that is not in the investor's wallet.
pub const UNKNOWN_RESERVA: &str = "Não encontramos esta reserva na sua carteira.";

fn find<P>(a: &AlocacaoResumida<Reserva<P>>, id: i64) -> Option<&Reserva<P>> {
    a.lista
        .iter()
        .flat_map(|i| i.lista_reservas.iter())
        .find(|r| r.id == id)
}

/// How the wallet read each reservation's payment schedule: whole ([`Parcela`]), when the
/// cash-flow panel shows one, or skipped ([`Skipped`]): the wallet itself never shows it,
/// and reading it was most of the page's parsing.
pub trait Schedule: Sized {
    /// The installments of `r` as the panel draws them.
    fn installments(r: &Reserva<Self>) -> &[Parcela];
}

impl Schedule for Parcela {
    fn installments(r: &Reserva<Parcela>) -> &[Parcela] {
        &r.fluxo_recebimento_amortizacao
    }
}

impl Schedule for Skipped {
    /// Never asked for: the handler reads the schedule whenever the panel is open.
    fn installments(_: &Reserva<Skipped>) -> &[Parcela] {
        &[]
    }
}

pub fn wallet<P: Schedule>(
    ctx: &Ctx,
    a: &AlocacaoResumida<Reserva<P>>,
    open_all: bool,
    panel: &Panel,
    documents: Option<&Result<Vec<ReservaDocumento>, ApiError>>,
    cancelled: &Result<Vec<Reserva<Skipped>>, ApiError>,
) -> Markup {
    html! {
        h1 { "Minha carteira" }
        div.carteira-acoes {
            a.botao.botao-secundario href=(routes::CARTEIRA_ALOCACAO_PDF) target="_blank" rel="noopener" { "Baixar alocação (PDF)" span.sr-only { " (abre em nova janela)" } }
            @if open_all { a.botao.botao-texto href=(routes::CARTEIRA) { "Recolher todas" } }
            @else { a.botao.botao-texto href=(routes::carteira_expandida()) { "Expandir todas" } }
            a.botao.botao-texto href=(routes::CARTEIRA_ALOCACAO) { "Alocação detalhada" }
            a.botao.botao-texto href=(routes::CARTEIRA_AGENDA) { "Agenda de recebimentos" }
            a.botao.botao-texto href=(routes::CARTEIRA_RENTABILIDADE) { "Rentabilidade realizada" }
            a.botao.botao-texto href=(routes::CARTEIRA_SIMULADOR) { "Simulador" }
        }
        dl.resumo-lista {
            div { dt { "Total investido" } dd { (ctx.money(a.invested())) } }
            div { dt { "Rendimento acumulado" } dd { (ctx.money(a.rendimento_total)) " (" (format::percent(a.rendimento_percentual)) ")" } }
            div { dt { "Valor total" } dd { (ctx.money(a.valor_total)) } }
            (late_totals(ctx, a))
        }
        (side_panel(ctx, a, panel, documents))
        @if a.lista.is_empty() {
            section.cartao.cartao-vazio {
                h2 { (cards::EMPTY_TITLE) }
                p { (cards::EMPTY_TEXT) }
                p { a.botao.botao-primario href=(routes::INVESTIR) { "Ver oportunidades" } }
            }
        }
        @for (i, item) in a.lista.iter().enumerate() {
            details.acordeao open[open_all] {
                summary {
                    h2 { (item.nome_captacao) }
                    @if let Some(s) = item.situacao() { " " (badge::situacao(s)) }
                    " " span.texto-secundario { (format::percent(item.percentual_alocacao)) " · " (ctx.money(item.valor)) }
                }
                @if let Some(url) = &item.url_amigavel {
                    p { a.botao.botao-secundario href=(routes::carteira_investimento(url)) {
                        "Acompanhar investimento" span.sr-only { " em " (item.nome_captacao) }
                    } }
                }
                @for r in &item.lista_reservas { (reserva_row(ctx, r, i)) }
            }
        }
        (cancelled_section(ctx, cancelled))
    }
}

/// What is late and what is in recovery over the holdings, each only when there is some.
pub fn late_totals<R>(ctx: &Ctx, a: &AlocacaoResumida<R>) -> Markup {
    html! {
        @if !a.valor_em_atraso.is_zero() {
            div.resumo-alerta { dt { "Em atraso" } dd { (ctx.money(a.valor_em_atraso)) } }
        }
        @if !a.valor_em_recuperacao.is_zero() {
            div.resumo-alerta { dt { "Em recuperação" } dd { (ctx.money(a.valor_em_recuperacao)) } }
        }
    }
}

/// The right of withdrawal of a reservation: until when, and the way to it.
pub fn withdrawal<P>(r: &Reserva<P>) -> Markup {
    html! {
        @if r.desistencia_permitida == Some(true) {
            div.desistencia-aviso {
                p { "Desistência disponível até " strong { (format::withdrawal_last_day(r.desistencia_ate.as_deref())) } ", com devolução integral do valor." }
                p { a.botao.botao-secundario href=(routes::carteira_desistencia(r.id)) { "Desistir do investimento" } }
            }
        }
    }
}

/// Reservations withdrawn, or cancelled because their offering failed, with the refund.
fn cancelled_section(ctx: &Ctx, cancelled: &Result<Vec<Reserva<Skipped>>, ApiError>) -> Markup {
    html! {
        @match cancelled {
            Ok(list) if !list.is_empty() => section.cartao aria-labelledby="canceladas-titulo" {
                h2 #canceladas-titulo { "Desistências e cancelamentos" }
                @for r in list {
                    div.reserva-linha {
                        p { strong { (r.nome_captacao) } " " (badge::status(&r.status.name, r.status.color.as_deref())) }
                        dl.fatos {
                            div { dt { "Valor" } dd { (ctx.money(r.investimento)) } }
                            div { dt { "Motivo" } dd { (r.motivo_cancelamento.as_deref().unwrap_or("-")) } }
                        }
                    }
                }
                p { a href=(routes::EXTRATO) { "Ver os estornos no extrato" } }
            },
            Ok(_) => {},
            // The wallet itself is there; only this list could not be read.
            Err(e) => p.mensagem.mensagem-aviso role="note" { (e.user_message()) },
        }
    }
}

fn reserva_row<P>(ctx: &Ctx, r: &Reserva<P>, _i: usize) -> Markup {
    let hoje = dates::today_in_sao_paulo(captacao::now());
    html! {
        div.reserva-linha {
            p { (badge::status(&r.status.name, r.status.color.as_deref())) }
            dl.fatos {
                (custodia::rendimento(r, hoje))
                div { dt { "Valor investido" } dd { (ctx.money(r.investimento)) } }
                div { dt { "Prazo" } dd { (r.prazo.map(|p| format!("{p} meses")).unwrap_or_else(|| "-".into())) } }
                div { dt { "Remuneração líquida" } dd { (format::net_yield(r.rendimento)) } }
                div { dt { "Parcelas anuais" } dd { (r.parcelas_anuais.map(|p| p.to_string()).unwrap_or_else(|| "-".into())) } }
                div { dt { "Forma de pagamento" } dd { (r.tipo_do_pagamento_descricao.as_deref().unwrap_or("-")) } }
            }
            p.carteira-acoes {
                a.botao.botao-secundario href=(routes::carteira_fluxo(r.id)) { "Fluxo de recebimento" }
                a.botao.botao-secundario href=(routes::carteira_documentos(r.id)) { "Documentos anexos" }
                a.botao.botao-secundario href=(routes::carteira_contrato(r.id)) target="_blank" rel="noopener" {
                    "Visualizar Contrato" span.sr-only { " (abre em nova janela)" }
                }
            }
            (withdrawal(r))
        }
    }
}

fn side_panel<P: Schedule>(
    ctx: &Ctx,
    a: &AlocacaoResumida<Reserva<P>>,
    panel: &Panel,
    documents: Option<&Result<Vec<ReservaDocumento>, ApiError>>,
) -> Markup {
    match panel {
        Panel::None => html! {},
        Panel::CashFlow(id) => html! {
            aside.painel-lateral #painel aria-labelledby="painel-titulo" {
                h2 #painel-titulo { "Fluxo de recebimento" }
                @match find(a, *id) {
                    None => p role="alert" { (UNKNOWN_RESERVA) },
                    Some(r) => {
                        p { (r.nome_captacao) }
                        @if P::installments(r).is_empty() {
                            p { "O fluxo de recebimento aparece quando o investimento é pago ou aprovado." }
                        } @else {
                            div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela.tabela-cartoes {
                                caption.sr-only { "Parcelas" }
                                thead { tr { th scope="col" { "Parcela" } th scope="col" { "Data de pagamento" } th scope="col" { "Valor estimado" } th scope="col" { "Status" } } }
                                tbody {
                                    @for (n, p) in P::installments(r).iter().enumerate() {
                                        tr {
                                            td data-label="Parcela" { (p.numero.unwrap_or(n as i64 + 1)) }
                                            td data-label="Data de pagamento" { (format::date(p.data_pagamento.as_deref())) }
                                            td.num data-label="Valor estimado" { (ctx.money(p.valor)) }
                                            td data-label="Status" { (p.status_pagamento.as_ref().map_or("-", |s| s.label())) }
                                        }
                                    }
                                }
                            } }
                            @if P::installments(r).iter().any(|p| p.status_pagamento == Some(ParcelaStatus::Baixada)) {
                                p { (WRITTEN_OFF) }
                            }
                        }
                    },
                }
                p { a.botao.botao-texto href=(routes::CARTEIRA) { "Fechar painel" } }
            }
        },
        Panel::Documents(id) => html! {
            aside.painel-lateral #painel aria-labelledby="painel-titulo" {
                h2 #painel-titulo { "Documentos anexos" }
                @match documents {
                    Some(Ok(list)) if !list.is_empty() => ul {
                        @for d in list {
                            li { a href=(routes::carteira_documento(*id, d.id)) { (d.titulo) } }
                        }
                    },
                    Some(Err(e)) if !matches!(e, ApiError::NotFound { .. }) => p role="alert" { (e.user_message()) },
                    _ => p { (NO_FILE) },
                }
                p { a.botao.botao-texto href=(routes::CARTEIRA) { "Fechar painel" } }
            }
        },
    }
}

//! /carteira/agenda: every payment of the standing investments (Pago and Aprovado
//! reservations' cash flows), by month, with a server-drawn chart of the next twelve
//! months and a filter by offering and state in the address; /carteira/agenda.ics is the
//! same list, with the same filter, as a calendar file.

use jiff::Timestamp;
use maud::{Markup, html};
use serde::Deserialize;

use crate::api::models::AlocacaoResumida;
use crate::domain::agenda::{self, Agenda, Filtro, FiltroDigitado, Mes, Recebimento, Situacao};
use crate::domain::{dates, money};
use crate::web::error::OnPage;
use crate::web::extract::Query;
use crate::web::ui::barras::{self, Barra};
use crate::web::ui::{Page, download};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Agenda de recebimentos";
pub const EMPTY_TITLE: &str = "Nenhum recebimento na agenda";
pub const EMPTY_TEXT: &str =
    "Quando um investimento for pago ou aprovado, as datas de recebimento aparecem aqui.";
pub const EMPTY_FILTER_TEXT: &str = "Nenhum recebimento para o filtro escolhido.";
const CALENDAR_TYPE: &str = "text/calendar; charset=utf-8";

/// The address's filter (empty means all).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AgendaQuery {
    captacao: String,
    situacao: String,
}

impl AgendaQuery {
    fn typed(self) -> FiltroDigitado {
        FiltroDigitado {
            captacao: self.captacao,
            situacao: self.situacao,
        }
    }
}

/// The filter in the address again (for the calendar link).
fn query(f: &Filtro) -> String {
    let mut q: Vec<(&str, String)> = Vec::new();
    if let Some(c) = f.captacao {
        q.push(("captacao", c.to_string()));
    }
    if let Some(s) = f.situacao {
        q.push(("situacao", s.code().to_owned()));
    }
    serde_urlencoded::to_string(&q).unwrap_or_default()
}

/// Every payment of the wallet's reservations, its state read on `hoje`.
fn recebimentos(a: &AlocacaoResumida, hoje: jiff::civil::Date) -> Vec<Recebimento> {
    a.lista
        .iter()
        .flat_map(|item| {
            item.lista_reservas.iter().flat_map(move |r| {
                r.fluxo_recebimento_amortizacao
                    .iter()
                    .enumerate()
                    .filter_map(move |(i, p)| {
                        let data = dates::today_in_sao_paulo(dates::parse_platform_datetime(
                            p.data_pagamento.as_deref()?,
                        )?);
                        Some(Recebimento {
                            id_reserva: r.id,
                            numero: p.numero.unwrap_or(i64::try_from(i).ok()? + 1),
                            id_captacao: r.id_captacao.or(item.id_captacao),
                            captacao: if r.nome_captacao.is_empty() {
                                item.nome_captacao.clone()
                            } else {
                                r.nome_captacao.clone()
                            },
                            data,
                            valor: p.valor,
                            situacao: agenda::situacao(p.status_pagamento.as_ref(), data, hoje)?,
                        })
                    })
            })
        })
        .collect()
}

/// The offerings the filter offers: each offering of the wallet once, by name.
fn ofertas(a: &AlocacaoResumida) -> Vec<(i64, String)> {
    let mut v: Vec<(i64, String)> = a
        .lista
        .iter()
        .filter_map(|i| {
            let id = i
                .id_captacao
                .or_else(|| i.lista_reservas.iter().find_map(|r| r.id_captacao))?;
            Some((id, i.nome_captacao.clone()))
        })
        .collect();
    v.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    v.dedup_by_key(|o| o.0);
    v
}

/// The filter against the wallet: a well-formed offering number that is not one of the
/// wallet's is not an option either.
fn resolve(typed: &FiltroDigitado, ofertas: &[(i64, String)]) -> Result<Filtro, &'static str> {
    let f = agenda::filtro(typed)?;
    match f.captacao {
        Some(c) if !ofertas.iter().any(|o| o.0 == c) => Err(agenda::MSG_OPCAO),
        _ => Ok(f),
    }
}

/// A filter outside the options: the form again with what was chosen and the message.
fn refused(typed: &FiltroDigitado, ofertas: &[(i64, String)], message: &'static str) -> PageError {
    let main = html! {
        h1 { (TITLE) }
        (filter_form(typed, ofertas))
    };
    PageError::refused(Page::new(TITLE, main), message)
}

pub async fn view_agenda_get(ctx: Ctx, Query(q): Query<AgendaQuery>) -> PageResult {
    let token = ctx.token()?;
    let hoje = dates::today_in_sao_paulo(Timestamp::now());
    let a = ctx.app.api.alocacao_resumida(token).await.on_page(TITLE)?;
    let typed = q.typed();
    let ofertas = ofertas(&a);
    let filtro = resolve(&typed, &ofertas).map_err(|m| refused(&typed, &ofertas, m))?;
    let todos = recebimentos(&a, hoje);
    let itens = agenda::filtrar(&todos, &filtro);
    let main = view(
        &ctx,
        &View {
            typed: &typed,
            filtro: &filtro,
            ofertas: &ofertas,
            vazia: todos.is_empty(),
            itens: &itens,
            hoje,
        },
    );
    Ok(ctx.render(Page::new(TITLE, main)))
}

/// `GET /carteira/agenda.ics`: the page's payments, with its filter, as an iCalendar file.
pub async fn view_agenda_ics_get(ctx: Ctx, Query(q): Query<AgendaQuery>) -> PageResult {
    let token = ctx.token()?;
    let agora = Timestamp::now();
    let hoje = dates::today_in_sao_paulo(agora);
    let a = ctx.app.api.alocacao_resumida(token).await.on_page(TITLE)?;
    let typed = q.typed();
    let ofertas = ofertas(&a);
    let filtro = resolve(&typed, &ofertas).map_err(|m| refused(&typed, &ofertas, m))?;
    let itens = agenda::filtrar(&recebimentos(&a, hoje), &filtro);
    Ok(download::generated(
        agenda::ical::calendario(&itens, agora),
        CALENDAR_TYPE,
        agenda::ical::ARQUIVO,
    ))
}

struct View<'a> {
    typed: &'a FiltroDigitado,
    filtro: &'a Filtro,
    ofertas: &'a [(i64, String)],
    /// The wallet has no payment at all (not only none for the filter).
    vazia: bool,
    itens: &'a [Recebimento],
    hoje: jiff::civil::Date,
}

fn filter_form(t: &FiltroDigitado, ofertas: &[(i64, String)]) -> Markup {
    html! {
        section.painel-filtros aria-labelledby="filtro-agenda-titulo" {
            h2 #filtro-agenda-titulo { "Filtrar agenda" }
            form.formulario method="get" action=(routes::CARTEIRA_AGENDA) {
                div.form-linha {
                    div.campo {
                        label for="captacao" { "Captação" }
                        select #captacao name="captacao" {
                            option value="" { "Todas" }
                            @for (id, nome) in ofertas {
                                option value=(id) selected[t.captacao.trim() == id.to_string()] { (nome) }
                            }
                            @if !t.captacao.trim().is_empty() && !ofertas.iter().any(|o| t.captacao.trim() == o.0.to_string()) {
                                option value=(t.captacao) selected { (t.captacao) }
                            }
                        }
                    }
                    div.campo {
                        label for="situacao" { "Status" }
                        select #situacao name="situacao" {
                            option value="" { "Todos" }
                            @for s in Situacao::ALL {
                                option value=(s.code()) selected[Situacao::from_code(&t.situacao) == Some(s)] { (s.label()) }
                            }
                            @if !t.situacao.trim().is_empty() && Situacao::from_code(&t.situacao).is_none() {
                                option value=(t.situacao) selected { (t.situacao) }
                            }
                        }
                    }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Filtrar" }
                    a.botao.botao-texto href=(routes::CARTEIRA_AGENDA) { "Limpar filtros" }
                }
            }
        }
    }
}

fn badge(s: Situacao) -> Markup {
    let tone = match s {
        Situacao::Pago => "badge-sucesso",
        Situacao::Previsto => "badge-info",
        Situacao::Atrasado => "badge-aviso",
    };
    html! { span class=(format!("badge {tone}")) { (s.label()) } }
}

fn month_table(ctx: &Ctx, m: &Mes, heading: &str) -> Markup {
    let nome = crate::domain::dates::civil_month_year_br(m.inicio);
    let id = format!("mes-{}", m.inicio.strftime("%Y-%m"));
    html! {
        section.secao.agenda-mes aria-labelledby=(id) {
            @if heading == "h3" { h3 #(id) { (nome) } } @else { h2 #(id) { (nome) } }
            p.agenda-total { "Total do mês: " strong { (ctx.money(m.total)) } }
            div.tabela-rolagem tabindex="0" role="region" aria-labelledby=(id) {
                table.tabela.tabela-cartoes {
                    thead { tr {
                        th scope="col" { "Data" } th scope="col" { "Captação" }
                        th scope="col" { "Valor" } th scope="col" { "Status" }
                    } }
                    tbody { @for r in &m.itens { tr {
                        td data-label="Data" { (dates::format_civil_date_br(r.data)) }
                        td data-label="Captação" { (r.captacao) " " span.texto-secundario { "(reserva nº " (r.id_reserva) ", parcela " (r.numero) ")" } }
                        td.num data-label="Valor" { (ctx.money(r.valor)) }
                        td data-label="Status" { (badge(r.situacao)) }
                    } } }
                }
            }
        }
    }
}

fn chart(ctx: &Ctx, itens: &[Recebimento], hoje: jiff::civil::Date) -> Markup {
    let meses = agenda::proximos_meses(itens, hoje);
    let barras: Vec<Barra> = meses
        .iter()
        .map(|(m, v)| Barra {
            rotulo: agenda::mes_curto(*m),
            valor: *v,
        })
        .collect();
    let descricao = meses
        .iter()
        .map(|(m, v)| {
            format!(
                "{}: {}",
                crate::domain::dates::civil_month_year_br(*m),
                money::format_brl(*v)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    html! {
        section.secao aria-labelledby="grafico-titulo" {
            h2 #grafico-titulo { "Próximos 12 meses" }
            // Bars give amounts away by their height: hidden with the values.
            div.agenda-grafico {
                (barras::svg("grafico-agenda", "Recebimentos por mês nos próximos 12 meses",
                    &format!("Total por mês: {descricao}."), &barras))
                p.valores-ocultos-aviso { "Gráfico oculto enquanto os valores estão ocultos." }
            }
            details.agenda-dados {
                summary { "Dados do gráfico" }
                div.tabela-rolagem tabindex="0" role="region" aria-label="Dados do gráfico" {
                    table.tabela {
                        caption.sr-only { "Recebimentos por mês nos próximos 12 meses" }
                        thead { tr { th scope="col" { "Mês" } th scope="col" { "Total" } } }
                        tbody { @for (m, v) in &meses { tr {
                            th scope="row" { (crate::domain::dates::civil_month_year_br(*m)) }
                            td.num { (ctx.money(*v)) }
                        } } }
                    }
                }
            }
        }
    }
}

fn view(ctx: &Ctx, v: &View<'_>) -> Markup {
    let a: Agenda = agenda::agenda(v.itens, v.hoje);
    let ics = routes::carteira_agenda_ics(&query(v.filtro));
    html! {
        h1 { (TITLE) }
        div.carteira-acoes {
            a.botao.botao-secundario href=(ics) { "Baixar calendário (.ics)" }
            a.botao.botao-texto href=(routes::CARTEIRA) { "Voltar para a carteira" }
        }
        (filter_form(v.typed, v.ofertas))
        @if v.vazia {
            section.cartao.cartao-vazio {
                h2 { (EMPTY_TITLE) }
                p { (EMPTY_TEXT) }
                p { a.botao.botao-primario href=(routes::INVESTIR) { "Ver oportunidades" } }
            }
        } @else {
            dl.resumo-lista {
                div { dt { "Total em " (a.ano) } dd { (ctx.money(a.total_ano)) } }
                div { dt { "Recebido em " (a.ano) } dd { (ctx.money(a.recebido_ano)) } }
                div { dt { "A receber em " (a.ano) } dd { (ctx.money(a.a_receber_ano)) } }
            }
            (chart(ctx, v.itens, v.hoje))
            @if v.itens.is_empty() {
                section.cartao.cartao-vazio {
                    h2 { (crate::web::ui::cards::EMPTY_TITLE) }
                    p { (EMPTY_FILTER_TEXT) }
                }
            }
            @for m in &a.proximos { (month_table(ctx, m, "h2")) }
            @if !a.passados.is_empty() {
                details.acordeao.agenda-passados {
                    summary { h2 { "Recebimentos anteriores" } }
                    @for m in &a.passados { (month_table(ctx, m, "h3")) }
                }
            }
        }
    }
}

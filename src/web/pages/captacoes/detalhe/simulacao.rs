//! 'Simule o seu investimento': the amount, then each scenario with its total and a line
//! chart of installments (a data table without JS). Runs only when an amount is entered.
//!
//! The same handler serves the full page (no JS: the sidebar's 'Simular' link) and, with
//! `parcial=1`, only the panel for the modal of islands/simulacao.tsx (`Ctx::partial`
//! drops the shell). The modal has its own 'Simule o seu investimento' heading and
//! 'Fechar', so the fragment leaves out its title and the way back, and its headings
//! start one level lower.

use std::collections::BTreeMap;

use crate::web::extract::Path;

use crate::web::extract::Query;
use maud::{Markup, html};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::{EMPTY_TEXT, EMPTY_TITLE, load};
use crate::api::models::{Captacao, SimulacaoItem};
use crate::domain::captacao::{self, DisplayStatus};
use crate::domain::dates;
use crate::domain::money::{self, MAX_MONEY_INPUT_CHARS};
use crate::web::Ctx;
use crate::web::ui::{Page, aviso_cvm, captacao as ui_captacao, cards, format, island};
use crate::web::{PageError, PageResult, routes};

pub const TITLE: &str = "Simule o seu investimento";
pub const MSG_AMOUNT: &str = "Informe um valor maior que zero no formato 1.234,56.";

#[derive(Deserialize, Default)]
pub struct SimForm {
    #[serde(default)]
    valor: String,
}

pub async fn view_simular_get(
    ctx: Ctx,
    Path(url): Path<String>,
    Query(form): Query<SimForm>,
) -> PageResult {
    let o = load(&ctx, &url, TITLE).await?;
    if captacao::display_status(&o.facts(), ui_captacao::now()) == DisplayStatus::Rascunho {
        return Ok(ctx.page(TITLE, super::draft_card(&ctx, TITLE)));
    }
    let typed = form.valor.trim();
    if typed.is_empty() {
        return Ok(ctx.page(TITLE, panel(&ctx, &o, typed, None)));
    }
    let form_again = || Page::new(TITLE, panel(&ctx, &o, typed, None));
    let amount = match money::parse_brl(typed) {
        Ok(v) if v > Decimal::ZERO => v,
        _ => return Err(PageError::refused(form_again(), MSG_AMOUNT)),
    };
    let items = ctx
        .app
        .api
        .simulate(o.id, amount, ctx.maybe_token())
        .await
        .map_err(|e| PageError::form_failed(form_again(), &e))?;
    let page = Page::new(TITLE, panel(&ctx, &o, typed, Some(&items)));
    Ok(ctx.render(if items.is_empty() {
        page
    } else {
        page.with_islands()
    }))
}

/// `h1`…`h4`: the panel's headings sit one level lower inside the modal.
fn heading(level: u8, id: Option<&str>, content: Markup) -> Markup {
    match level {
        1 => html! { h1 id=[id] { (content) } },
        2 => html! { h2 id=[id] { (content) } },
        3 => html! { h3 id=[id] { (content) } },
        _ => html! { h4 id=[id] { (content) } },
    }
}

fn panel(ctx: &Ctx, o: &Captacao, typed: &str, results: Option<&[SimulacaoItem]>) -> Markup {
    let action = routes::captacao_simular(&o.url_amigavel);
    // In the modal the dialog's own heading (level 2) names the panel.
    let level = if ctx.partial { 3 } else { 2 };
    html! {
        section.painel-simulacao aria-labelledby=[(!ctx.partial).then_some("simulacao-titulo")] aria-label=[ctx.partial.then_some(TITLE)] {
            @if !ctx.partial { h1 #simulacao-titulo { (TITLE) } }
            p.simulacao-operacao { (o.nome_captacao) " — " (o.rendimento_descricao.as_deref().unwrap_or_default()) }
            form method="get" action=(action) {
                div.campo {
                    label for="valor-simulacao" { "Valor do investimento (R$)" }
                    input #valor-simulacao type="text" name="valor" inputmode="decimal" maxlength=(MAX_MONEY_INPUT_CHARS)
                        value=(typed) placeholder="1.234,56" autocomplete="off" data-mascara="dinheiro";
                }
                button.botao.botao-primario type="submit" { "Simular" }
            }
            @if let Some(items) = results {
                @if items.is_empty() {
                    (cards::empty_card(EMPTY_TITLE, EMPTY_TEXT))
                } @else {
                    (scenarios(ctx, items, level))
                }
            }
            @if !ctx.partial {
                // The modal opens over the detail, which carries the warning already.
                (aviso_cvm::aviso_cvm(o))
                p { a.botao.botao-texto href=(routes::captacao(&o.url_amigavel)) { "Voltar para a operação" } }
            }
        }
    }
}

/// The chart's x axis: every payment day of every scenario, in order (the reinvestment
/// scenario pays once, at maturity, so its line is zero until then).
fn chart_props(items: &[SimulacaoItem]) -> island::ChartProps {
    let day = |s: Option<&str>| {
        s.and_then(dates::parse_platform_datetime)
            .map(dates::today_in_sao_paulo)
    };
    let mut days: BTreeMap<jiff::civil::Date, usize> = BTreeMap::new();
    for p in items.iter().flat_map(|s| &s.parcelas) {
        if let Some(d) = day(p.data_pagamento.as_deref()) {
            days.insert(d, 0);
        }
    }
    for (i, slot) in days.values_mut().enumerate() {
        *slot = i;
    }
    let labels: Vec<String> = days
        .keys()
        .map(|d| dates::format_civil_date_br(*d))
        .collect();
    let datasets: Vec<_> = items
        .iter()
        .map(|s| {
            let mut data = vec![Decimal::ZERO; days.len()];
            for p in &s.parcelas {
                if let Some(i) = day(p.data_pagamento.as_deref()).and_then(|d| days.get(&d)) {
                    // Checked: a hostile platform number saturates instead of panicking.
                    data[*i] = data[*i].saturating_add(p.valor);
                }
            }
            island::ChartDataset {
                label: s.nome.clone(),
                data: data.iter().map(Decimal::to_string).collect::<Vec<_>>(),
            }
        })
        .collect();
    island::ChartProps {
        height: 400,
        labels,
        datasets,
        title: "Parcelas previstas por cenário".into(),
        colors: None,
    }
}

fn scenarios(ctx: &Ctx, items: &[SimulacaoItem], level: u8) -> Markup {
    html! {
        (heading(level, Some("simulacao-resultados"), html! { "Resultados" }))
        ul.cenarios {
            @for s in items {
                li.cartao {
                    (heading(level + 1, None, html! { (s.nome) }))
                    p { "Total a receber: " strong { (ctx.money(s.total_receber)) } }
                }
            }
        }
        (island::mount_lazy(&chart_props(items), html! {
            @for s in items {
                div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" {
                    table.tabela {
                        caption { "Parcelas — " (s.nome) }
                        thead { tr { th scope="col" { "Parcela" } th scope="col" { "Data" } th.num scope="col" { "Valor" } } }
                        tbody {
                            @for (i, p) in s.parcelas.iter().enumerate() {
                                tr {
                                    td { (p.numero.unwrap_or(i as i64 + 1)) }
                                    td { (format::date(p.data_pagamento.as_deref())) }
                                    td.num { (ctx.money(p.valor)) }
                                }
                            }
                        }
                    }
                }
            }
        }))
    }
}

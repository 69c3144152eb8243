//! 'Simule o seu investimento': the amount, then each scenario with its total and a line
//! chart of installments (a data table without JS). Runs only when an amount is entered.

use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use maud::{Markup, html};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::view::detail_href;
use super::{EMPTY_TEXT, EMPTY_TITLE, load};
use crate::api::models::{Offering, SimulationItem};
use crate::domain::money::{self, MAX_MONEY_INPUT_CHARS};
use crate::domain::offering::{self, DisplayStatus};
use crate::web::Ctx;
use crate::web::ui::{Page, alert::Alert, cards, format, island, offering as ui_offering};

pub const TITLE: &str = "Simule o seu investimento";
pub const MSG_AMOUNT: &str = "Informe um valor maior que zero no formato 1.234,56.";

#[derive(Deserialize, Default)]
pub struct SimForm {
    #[serde(default)]
    valor: String,
}

pub async fn view_simular_get(ctx: Ctx, Path(url): Path<String>, Query(form): Query<SimForm>) -> Response {
    let o = match load(&ctx, &url, TITLE).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    if offering::display_status(&ui_offering::facts(&o), ui_offering::now()) == DisplayStatus::Rascunho {
        return ctx.page(TITLE, cards::empty_card(EMPTY_TITLE, EMPTY_TEXT));
    }
    let typed = form.valor.trim();
    if typed.is_empty() {
        return ctx.page(TITLE, panel(&ctx, &o, typed, None));
    }
    let amount = match money::parse_brl(typed) {
        Ok(v) if v > Decimal::ZERO => v,
        _ => {
            return ctx.render(
                Page::new(TITLE, panel(&ctx, &o, typed, None))
                    .with_status(StatusCode::UNPROCESSABLE_ENTITY)
                    .with_alert(Alert::atencao(MSG_AMOUNT)),
            );
        }
    };
    match ctx.app.api.simulate(o.id, amount, ctx.token()).await {
        Ok(items) => {
            let page = Page::new(TITLE, panel(&ctx, &o, typed, Some(&items)));
            ctx.render(if items.is_empty() { page } else { page.with_islands() })
        }
        Err(e) => {
            if matches!(e, crate::api::ApiError::Unauthorized) {
                return ctx.failure(TITLE, &e);
            }
            ctx.render(
                Page::new(TITLE, panel(&ctx, &o, typed, None))
                    .with_status(StatusCode::BAD_GATEWAY)
                    .with_alert(Alert::atencao(e.user_message())),
            )
        }
    }
}

fn panel(ctx: &Ctx, o: &Offering, typed: &str, results: Option<&[SimulationItem]>) -> Markup {
    let action = format!("{}/simular", detail_href(o));
    html! {
        section.painel-simulacao aria-labelledby="simulacao-titulo" {
            h1 #simulacao-titulo { (TITLE) }
            p { (o.nome_captacao) " — " (o.rendimento_descricao.as_deref().unwrap_or_default()) }
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
                    (scenarios(ctx, items))
                }
            }
            p { a.botao.botao-texto href=(detail_href(o)) { "Voltar para a operação" } }
        }
    }
}

fn scenarios(ctx: &Ctx, items: &[SimulationItem]) -> Markup {
    let labels: Vec<String> = items
        .first()
        .map(|s| s.parcelas.iter().map(|p| format::date(p.data_pagamento.as_deref())).collect())
        .unwrap_or_default();
    let datasets: Vec<_> = items
        .iter()
        .map(|s| serde_json::json!({"label": s.nome, "data": s.parcelas.iter().map(|p| p.valor.to_string()).collect::<Vec<_>>() }))
        .collect();
    let props = serde_json::json!({"kind": "line", "height": 400, "labels": labels, "datasets": datasets,
        "title": "Parcelas previstas por cenário"});
    html! {
        h2 { "Resultados" }
        ul.cenarios {
            @for s in items {
                li.cartao {
                    h3 { (s.nome) }
                    p { "Total a receber: " strong { (ctx.money(s.total_receber)) } }
                }
            }
        }
        (island::mount_lazy("chart", &props, html! {
            @for s in items {
                div.tabela-rolagem {
                    table {
                        caption { "Parcelas — " (s.nome) }
                        thead { tr { th scope="col" { "Parcela" } th scope="col" { "Data" } th scope="col" { "Valor" } } }
                        tbody {
                            @for (i, p) in s.parcelas.iter().enumerate() {
                                tr {
                                    td { (p.numero.unwrap_or(i as i64 + 1)) }
                                    td { (format::date(p.data_pagamento.as_deref())) }
                                    td { (ctx.money(p.valor)) }
                                }
                            }
                        }
                    }
                }
            }
        }))
    }
}

//! /carteira/simulador: compares offerings for one amount with the simulation endpoint.
//! It accepts the query carried from /investir (the same filters pick the candidates).

use axum::extract::RawQuery as RawQueryString;
use maud::{Markup, html};
use rust_decimal::Decimal;

use crate::api::models::{CaptacaoResumo, SimulacaoItem};
use crate::domain::captacao;
use crate::domain::money::{self, MAX_MONEY_INPUT_CHARS};
use crate::web::error::OnPage;
use crate::web::pages::captacoes::query::{self, RawQuery};
use crate::web::ui::{Page, aviso_cvm, captacao as ui_captacao, cards};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Simulador";
pub const MSG_AMOUNT: &str = "Informe um valor maior que zero no formato 1.234,56.";
/// At most this many offerings are compared at once (each is one platform call).
const MAX_COMPARED: usize = 4;

pub async fn view_simulador_get(ctx: Ctx, RawQueryString(qs): RawQueryString) -> PageResult {
    let qs = qs.unwrap_or_default();
    let raw: RawQuery = serde_urlencoded::from_str(&qs).unwrap_or_default();
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(qs.as_bytes())
        .into_owned()
        .collect();
    let typed = pairs
        .iter()
        .find(|(k, _)| k == "valor")
        .map(|(_, v)| v.trim().to_owned())
        .unwrap_or_default();
    let chosen: Vec<i64> = pairs
        .iter()
        .filter(|(k, _)| k == "c")
        .filter_map(|(_, v)| v.parse().ok())
        .collect();
    let (state, _) = query::parse(&raw);
    let token = ctx.maybe_token();
    let candidates = query::ListState {
        page: 1,
        ..state.clone()
    };
    let list = ctx
        .app
        .api
        .captacoes(&candidates.to_api(), token)
        .await
        .on_page(TITLE)?;
    let now = ui_captacao::now();
    let open: Vec<&CaptacaoResumo> = list
        .dados
        .iter()
        .filter(|o| captacao::closed_reason(&o.facts(), now).is_none())
        .collect();
    let picked: Vec<&CaptacaoResumo> = if chosen.is_empty() {
        open.iter().copied().take(3).collect()
    } else {
        open.iter()
            .copied()
            .filter(|o| chosen.contains(&o.id))
            .take(MAX_COMPARED)
            .collect()
    };
    let carried = state.query_string();
    if typed.is_empty() {
        return Ok(ctx.page(TITLE, view(&ctx, &typed, &open, &picked, &carried, None)));
    }
    let amount = match money::parse_brl(&typed) {
        Ok(v) if v > Decimal::ZERO => v,
        _ => {
            return Err(PageError::refused(
                Page::new(TITLE, view(&ctx, &typed, &open, &picked, &carried, None)),
                MSG_AMOUNT,
            ));
        }
    };
    // One simulation per offering, all at once.
    let results = futures::future::join_all(
        picked
            .iter()
            .map(|o| ctx.app.api.simulate(o.id, amount, token)),
    )
    .await;
    let rows: Vec<(&CaptacaoResumo, Option<SimulacaoItem>)> = picked
        .iter()
        .zip(results)
        .map(|(o, r)| (*o, r.ok().and_then(|v| v.into_iter().next())))
        .collect();
    let main = view(
        &ctx,
        &typed,
        &open,
        &picked,
        &carried,
        Some((amount, &rows)),
    );
    Ok(ctx.page(TITLE, main))
}

type Compared<'a> = (Decimal, &'a [(&'a CaptacaoResumo, Option<SimulacaoItem>)]);

fn view(
    ctx: &Ctx,
    typed: &str,
    open: &[&CaptacaoResumo],
    picked: &[&CaptacaoResumo],
    carried: &str,
    results: Option<Compared<'_>>,
) -> Markup {
    let carried_pairs: Vec<(String, String)> = url::form_urlencoded::parse(carried.as_bytes())
        .into_owned()
        .collect();
    html! {
        h1 { "Simulador de carteira" }
        p { "Compare quanto você receberia em cada captação investindo o mesmo valor." }
        form.formulario method="get" action=(routes::CARTEIRA_SIMULADOR) {
            @for (k, v) in &carried_pairs { input type="hidden" name=(k) value=(v); }
            div.campo {
                label for="valor-simulador" { "Valor do investimento (R$)" }
                input #valor-simulador type="text" name="valor" inputmode="decimal" maxlength=(MAX_MONEY_INPUT_CHARS)
                    value=(typed) placeholder="1.234,56" autocomplete="off";
            }
            @if open.is_empty() {
                (cards::empty_card(cards::EMPTY_TITLE, cards::EMPTY_TEXT))
            } @else {
                fieldset {
                    legend { "Captações para comparar (até 4)" }
                    @for o in open {
                        div.campo-checkbox {
                            input type="checkbox" name="c" value=(o.id) id=(format!("c-{}", o.id)) checked[picked.iter().any(|p| p.id == o.id)];
                            label for=(format!("c-{}", o.id)) { (o.nome_captacao) " — " (o.rendimento_descricao.as_deref().unwrap_or("-")) }
                        }
                    }
                }
            }
            button.botao.botao-primario type="submit" { "Comparar" }
        }
        @if let Some((amount, rows)) = results {
            section.secao aria-labelledby="comparacao" {
                h2 #comparacao { "Resultado para " (ctx.money(amount)) }
                div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela.tabela-cartoes {
                    thead { tr {
                        th scope="col" { "Captação" } th scope="col" { "Prazo" } th scope="col" { "Remuneração líquida" }
                        th scope="col" { "Total a receber" } th scope="col" { "Ganho" } th scope="col" { "Investimento mínimo" }
                    } }
                    tbody { @for (o, sim) in rows { tr {
                        th scope="row" { a href=(routes::captacao(&o.url_amigavel)) { (o.nome_captacao) } }
                        td data-label="Prazo" { (o.vencimento.map(|v| format!("{v} meses")).unwrap_or_else(|| "-".into())) }
                        td data-label="Remuneração líquida" { (o.rendimento_descricao.as_deref().unwrap_or("-")) }
                        @match sim {
                            Some(s) => { td.num data-label="Total a receber" { (ctx.money(s.total_receber)) } td.num data-label="Ganho" { (ctx.money(s.total_receber - amount)) } },
                            None => { td colspan="2" { "Nenhum resultado encontrado" } },
                        }
                        td.num data-label="Investimento mínimo" {
                            (ctx.money(o.rentabilidade.investimento_minimo.unwrap_or_default()))
                            @if o.rentabilidade.investimento_minimo.is_some_and(|m| m > amount) { br; span.badge.badge-aviso { "Abaixo do mínimo" } }
                        }
                    } } }
                } }
                p.texto-secundario { "Valores estimados pelo cenário base de cada captação, sem custos adicionais; rendimento isento de imposto de renda para pessoa física." }
            }
        }
        // The page presents offerings with their yields, whether or not it compared them yet.
        (aviso_cvm::aviso_cvm_geral())
    }
}

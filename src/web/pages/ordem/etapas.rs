//! Steps 1–3 of the order.

use axum::Form;
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use serde::Deserialize;

use super::{MSG_SUCCESS, MSG_SUCCESS_TITLE, TITLE, next, platform_refusal, refuse, reserva_href};
use crate::api::models::{Offering, OrderTerm, Reservation};
use crate::domain::money::MAX_MONEY_INPUT_CHARS;
use crate::domain::offering::{self, available};
use crate::domain::order::{self, AmountLimits};
use crate::web::pages::detalhe::load;
use crate::web::ui::{Page, format, offering as ui_offering};
use crate::web::{Ctx, routes};

const STEPS: [&str; 3] = ["Valor", "Termos", "Confirmação"];

pub fn steps(current: usize) -> Markup {
    html! {
        nav.etapas aria-label="Etapas do investimento" {
            p.etapa-atual { "Passo " (current) " de 3" }
            ol {
                @for (i, s) in STEPS.iter().enumerate() {
                    li aria-current=[(i + 1 == current).then_some("step")] { (s) }
                }
            }
        }
    }
}

fn detail_href(url: &str) -> String {
    format!("{}/{}", routes::INVESTIR, url)
}

/// Who may enter the flow (spec §6): visitors sign up; only Completo invests. `Some` is
/// the page to show instead of the flow.
fn gate(ctx: &Ctx) -> Option<Response> {
    let Some(s) = &ctx.session else {
        return Some(Redirect::to(routes::QUERO_INVESTIR).into_response());
    };
    let (heading, text, cta) = match s.user.cadastro.as_deref().map(str::trim) {
        Some("Completo") => return None,
        Some("Em análise") | Some("Em analise") => (
            "Seu perfil está em análise",
            "Estamos verificando o seu perfil. Em breve, após a análise, você já poderá investir.",
            None,
        ),
        _ => (
            "Complete o seu cadastro para investir",
            "Apenas investidores com perfil completo podem investir. Complete os seus dados, envie os documentos e peça a verificação do seu perfil.",
            Some(("Completar cadastro", routes::DADOS_CADASTRAIS)),
        ),
    };
    Some(ctx.page(TITLE, html! {
        section.cartao aria-labelledby="perfil-titulo" {
            h1 #perfil-titulo { (heading) }
            p { (text) }
            @if let Some((label, href)) = cta { p { a.botao.botao-primario href=(href) { (label) } } }
            p { a.botao.botao-texto href=(routes::INVESTIR) { "Ver captações" } }
        }
    }))
}

fn limits(o: &Offering) -> AmountLimits {
    AmountLimits {
        investimento_minimo: o.rentabilidade.investimento_minimo.unwrap_or_default(),
        disponivel: o.disponivel,
        reservado: o.reservado,
    }
}

fn amount_page(ctx: &Ctx, o: &Offering, typed: &str, partner: bool) -> Page {
    let f = ui_offering::facts(o);
    let main = html! {
        section.ordem aria-labelledby="ordem-titulo" {
            (steps(1))
            h1 #ordem-titulo { "Quanto você quer investir?" }
            p.subtitulo { (o.nome_captacao) }
            dl.fatos {
                div { dt { "Investimento mínimo" } dd { (ctx.money(o.rentabilidade.investimento_minimo.unwrap_or_default())) } }
                div { dt { "Disponível para investir" } dd { (ctx.money(available(&f))) } }
                div { dt { "Remuneração líquida" } dd { (o.rendimento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Forma de pagamento" } dd { (if partner { "Débito em conta na corretora parceira" } else { "Pix" }) } }
            }
            form.formulario method="post" action=(format!("{}/ordem", detail_href(&o.url_amigavel))) {
                div.campo {
                    label for="valor" { "Valor do investimento (R$)" }
                    input #valor type="text" name="valor" inputmode="decimal" maxlength=(MAX_MONEY_INPUT_CHARS)
                        value=(typed) placeholder="1.234,56" autocomplete="off" aria-describedby="valor-ajuda";
                    p.campo-ajuda #valor-ajuda { "Use o formato 1.234,56." }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Continuar" }
                    " "
                    a.botao.botao-texto href=(detail_href(&o.url_amigavel)) { "Cancelar" }
                }
            }
        }
    };
    Page::new(TITLE, main)
}

fn closed_page(ctx: &Ctx, o: &Offering, reason: &offering::ClosedReason) -> Response {
    ctx.page(TITLE, html! {
        section.cartao aria-labelledby="fechado-titulo" {
            h1 #fechado-titulo { "Fechado para investimento" }
            p { (reason.message()) }
            p { a.botao.botao-secundario href=(detail_href(&o.url_amigavel)) { "Voltar para a operação" } }
        }
    })
}

async fn partner_permitted(ctx: &Ctx) -> bool {
    match ctx.token() {
        Some(t) => ctx
            .app
            .api
            .partner_liquidation_permitted(t)
            .await
            .unwrap_or(false),
        None => false,
    }
}

/// Step 1: the amount.
pub async fn view_ordem_get(ctx: Ctx, Path(url): Path<String>) -> Response {
    if let Some(r) = gate(&ctx) {
        return r;
    }
    let (offering, partner) = tokio::join!(load(&ctx, &url, TITLE), partner_permitted(&ctx));
    let o = match offering {
        Ok(o) => o,
        Err(r) => return r,
    };
    if let Some(reason) = offering::closed_reason(&ui_offering::facts(&o), ui_offering::now()) {
        return closed_page(&ctx, &o, &reason);
    }
    ctx.render(amount_page(&ctx, &o, "", partner))
}

#[derive(Deserialize)]
pub struct AmountForm {
    #[serde(default)]
    valor: String,
}

pub async fn view_ordem_post(
    ctx: Ctx,
    headers: HeaderMap,
    Path(url): Path<String>,
    Form(form): Form<AmountForm>,
) -> Response {
    if let Some(r) = gate(&ctx) {
        return r;
    }
    let (offering, partner) = tokio::join!(load(&ctx, &url, TITLE), partner_permitted(&ctx));
    let o = match offering {
        Ok(o) => o,
        Err(r) => return r,
    };
    let typed = form.valor.trim();
    let amount = match order::validate_amount(typed, limits(&o)) {
        Ok(a) => a,
        Err(msg) => return refuse(&ctx, &headers, amount_page(&ctx, &o, typed, partner), msg),
    };
    let Some(token) = ctx.token() else {
        return Redirect::to(routes::QUERO_INVESTIR).into_response();
    };
    match ctx
        .app
        .api
        .create_reservation(token, o.id, amount, order::payment_type(partner))
        .await
    {
        Ok(term) => match term.reservation_id() {
            Some(id) => next(&headers, &format!("/reservas/{id}/termos")),
            None => refuse(
                &ctx,
                &headers,
                amount_page(&ctx, &o, typed, partner),
                crate::api::GENERIC_ERROR,
            ),
        },
        Err(e) => platform_refusal(&ctx, &headers, amount_page(&ctx, &o, typed, partner), &e),
    }
}

fn terms_page(id: i64, term: &OrderTerm, accepted: bool, chosen: Option<&str>) -> Page {
    let main = html! {
        section.ordem aria-labelledby="termos-titulo" {
            (steps(2))
            h1 #termos-titulo { (term.titulo) }
            @if let Some(d) = &term.descricao { p.subtitulo { (d) } }
            div.termo-conteudo tabindex="0" role="region" aria-label="Texto do termo" {
                @for p in term.conteudo.split("\n\n") { p { (p) } }
            }
            form.formulario method="post" action=(format!("/reservas/{id}/termos")) {
                @if term.termos.len() > 1 {
                    fieldset {
                        legend { "Escolha uma opção" }
                        @for (i, t) in term.termos.iter().enumerate() {
                            div.campo-checkbox {
                                input type="radio" id=(format!("opcao-{i}")) name="opcao" value=(t.opcao)
                                    checked[chosen == Some(t.opcao.as_str())];
                                label for=(format!("opcao-{i}")) { (t.descricao) }
                            }
                        }
                    }
                } @else if let Some(t) = term.termos.first() {
                    p { (t.descricao) }
                }
                div.campo-checkbox {
                    input #aceite type="checkbox" name="aceite" value="sim" checked[accepted];
                    label for="aceite" { "Declaro que li e concordo com os termos acima." }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Continuar" }
                }
            }
        }
    };
    Page::new(TITLE, main)
}

fn reservation_id(raw: &str) -> Option<i64> {
    raw.parse().ok()
}

/// Step 2: the terms.
pub async fn view_termos_get(ctx: Ctx, Path(id): Path<String>) -> Response {
    let (Some(id), Some(token)) = (reservation_id(&id), ctx.token()) else {
        return crate::web::pages::not_found::view_not_found(ctx).await;
    };
    match ctx.app.api.reservation_term(token, id).await {
        Ok(term) if term.status.as_deref().is_some_and(|s| s != "Aberto") => {
            Redirect::to(&reserva_href(id)).into_response()
        }
        Ok(term) => ctx.render(terms_page(id, &term, false, term.opcao_aceita.as_deref())),
        Err(crate::api::ApiError::NotFound { .. }) => {
            crate::web::pages::not_found::view_not_found(ctx).await
        }
        Err(e) => ctx.failure(TITLE, &e),
    }
}

#[derive(Deserialize)]
pub struct TermsForm {
    #[serde(default)]
    aceite: Option<String>,
    #[serde(default)]
    opcao: Option<String>,
}

pub async fn view_termos_post(
    ctx: Ctx,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<TermsForm>,
) -> Response {
    let (Some(id), Some(token)) = (reservation_id(&id), ctx.token()) else {
        return crate::web::pages::not_found::view_not_found(ctx).await;
    };
    let term = match ctx.app.api.reservation_term(token, id).await {
        Ok(t) => t,
        Err(e) => return ctx.failure(TITLE, &e),
    };
    let accepted = form.aceite.is_some();
    let options: Vec<String> = term.termos.iter().map(|t| t.opcao.clone()).collect();
    let page = terms_page(id, &term, accepted, form.opcao.as_deref());
    let chosen = match order::validate_terms(accepted, form.opcao.as_deref(), &options) {
        Ok(c) => c,
        Err(msg) => return refuse(&ctx, &headers, page, msg),
    };
    match ctx.app.api.sign_terms(token, id, chosen.as_deref()).await {
        Ok(()) => next(&headers, &format!("/reservas/{id}/confirmar")),
        Err(e) => platform_refusal(&ctx, &headers, page, &e),
    }
}

fn summary_page(ctx: &Ctx, r: &Reservation) -> Page {
    let main = html! {
        section.ordem aria-labelledby="resumo-ordem-titulo" {
            (steps(3))
            h1 #resumo-ordem-titulo { "Confira e confirme" }
            dl.fatos {
                div { dt { "Captação" } dd { (r.nome_captacao) } }
                div { dt { "Valor do investimento" } dd { (ctx.money(r.investimento)) } }
                div { dt { "Remuneração líquida" } dd { (r.rendimento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Prazo" } dd { (r.prazo.map(|p| format!("{p} meses")).unwrap_or_else(|| "-".into())) } }
                div { dt { "Forma de pagamento" } dd { (r.tipo_do_pagamento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Início do rendimento (estimado)" } dd { (format::date(r.inicio_rendimento.as_deref())) } }
            }
            form.formulario method="post" action=(format!("/reservas/{}/confirmar", r.id)) {
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Confirmar investimento" }
                    @if let Some(url) = &r.url_amigavel {
                        " " a.botao.botao-texto href=(detail_href(url)) { "Cancelar" }
                    }
                }
            }
        }
    };
    Page::new(TITLE, main)
}

/// Step 3: summary and confirmation.
pub async fn view_confirmar_get(ctx: Ctx, Path(id): Path<String>) -> Response {
    let (Some(id), Some(token)) = (reservation_id(&id), ctx.token()) else {
        return crate::web::pages::not_found::view_not_found(ctx).await;
    };
    match ctx.app.api.reservation(token, id).await {
        Ok(r) if r.status.name != "Aberto" => Redirect::to(&reserva_href(id)).into_response(),
        Ok(r) if !r.termo_aceito => Redirect::to(&format!("/reservas/{id}/termos")).into_response(),
        Ok(r) => ctx.render(summary_page(&ctx, &r)),
        Err(crate::api::ApiError::NotFound { .. }) => {
            crate::web::pages::not_found::view_not_found(ctx).await
        }
        Err(e) => ctx.failure(TITLE, &e),
    }
}

pub async fn view_confirmar_post(ctx: Ctx, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let (Some(id), Some(token)) = (reservation_id(&id), ctx.token()) else {
        return crate::web::pages::not_found::view_not_found(ctx).await;
    };
    match ctx.app.api.confirm_investment(token, id).await {
        Ok(_) => {
            ctx.jar.set_flash(MSG_SUCCESS_TITLE, MSG_SUCCESS);
            next(&headers, &reserva_href(id))
        }
        Err(e) => {
            // Show the reservation as it now stands (e.g. Cancelado after losing a race).
            let page = match ctx.app.api.reservation(token, id).await {
                Ok(r) => summary_page(&ctx, &r),
                Err(_) => Page::new(
                    TITLE,
                    html! { p { a href=(routes::INVESTIR) { "Voltar para as captações" } } },
                ),
            };
            platform_refusal(&ctx, &headers, page, &e)
        }
    }
}

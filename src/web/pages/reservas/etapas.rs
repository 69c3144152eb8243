//! Steps 1–3 of the order.

use crate::web::extract::Form;
use crate::web::extract::Path;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::limite::{self, Loaded};
use super::{MSG_SUCCESS, MSG_SUCCESS_TITLE, TITLE, next};
use crate::api::models::{Captacao, Reserva};
use crate::domain::captacao::{self, available};
use crate::domain::money::MAX_MONEY_INPUT_CHARS;
use crate::domain::reserva::{self, AmountLimits};
use crate::domain::status::{CadastroStatus, ReservaStatus};
use crate::web::error::{Id, OnPage};
use crate::web::pages::captacoes::detalhe::load;
use crate::web::ui::{Page, aviso_cvm, captacao as ui_captacao, format};
use crate::web::{Ctx, PageError, PageResult, routes};

const STEPS: [&str; 3] = ["Valor", "Termos", "Confirmação"];
/// The terms step's title when the platform gave no term to show.
pub const TERM_FALLBACK_TITLE: &str = "Termo de adesão";
/// The risk term's title when its text could not be read again.
pub const RISK_FALLBACK_TITLE: &str = "Termo de Ciência de Risco";

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

/// Who may enter the flow: visitors sign up; only a Completo profile invests. `Some` is
/// the page to show instead of the flow.
fn gate(ctx: &Ctx) -> Option<Response> {
    let Some(s) = &ctx.session else {
        return Some(Redirect::to(routes::QUERO_INVESTIR).into_response());
    };
    let (heading, text, cta) = match &s.user.cadastro {
        Some(CadastroStatus::Completo) => return None,
        Some(CadastroStatus::EmAnalise) => (
            "Seu perfil está em análise",
            crate::web::ui::header::EM_ANALISE_TEXT,
            None,
        ),
        _ => (
            "Complete o seu cadastro para investir",
            "Apenas investidores com perfil completo podem investir. Complete os seus dados, envie os documentos e peça a verificação do seu perfil.",
            Some(("Completar cadastro", routes::DADOS_CADASTRAIS)),
        ),
    };
    // The profile's own badge and message, as the header's profile menu tells them.
    let badge = crate::web::ui::header::profile_badge(&s.user);
    Some(ctx.page(TITLE, html! {
        section.cartao aria-labelledby="perfil-titulo" {
            h1 #perfil-titulo { (heading) }
            p.perfil-situacao { span.badge.(badge.class) { (badge.label) } " " (badge.message) }
            p { (text) }
            @if let Some((label, href)) = cta { p { a.botao.botao-primario href=(href) { (label) } } }
            p { a.botao.botao-texto href=(routes::INVESTIR) { "Ver captações" } }
        }
    }))
}

fn limits(o: &Captacao) -> AmountLimits {
    AmountLimits {
        investimento_minimo: o.rentabilidade.investimento_minimo.unwrap_or_default(),
        disponivel: o.disponivel,
        reservado: o.reservado,
        maximo: o.limite_arrecadacao,
    }
}

/// Step 1's form for the offering at `url`; without the offering (its call failed) the
/// form alone, so what was typed is never lost.
/// The first step: the amount, with what was `typed`; a `refusal` stays under the field (tied
/// to it) after the alert that also says it is closed, and the help text states the minimum so
/// the refusal's "investimento mínimo" has its figure where the user is looking.
fn amount_page(
    ctx: &Ctx,
    url: &str,
    o: Option<&Captacao>,
    typed: &str,
    partner: bool,
    decl: &Loaded,
    refusal: Option<&str>,
) -> Page {
    let minimum = o
        .and_then(|o| o.rentabilidade.investimento_minimo)
        .filter(|m| *m > Decimal::ZERO);
    let described = if refusal.is_some() {
        "valor-erro valor-ajuda"
    } else {
        "valor-ajuda"
    };
    let main = html! {
        section.ordem aria-labelledby="ordem-titulo" {
            (steps(1))
            h1 #ordem-titulo { "Quanto você quer investir?" }
            @if let Some(o) = o {
                p.subtitulo { (o.nome_captacao) }
                dl.fatos {
                    div { dt { "Investimento mínimo" } dd { (ctx.money(o.rentabilidade.investimento_minimo.unwrap_or_default())) } }
                    div { dt { "Disponível para investir" } dd { (ctx.money(available(&o.facts()))) } }
                    div { dt { "Remuneração líquida" } dd { (o.rendimento_descricao.as_deref().unwrap_or("-")) } }
                    div { dt { "Forma de pagamento" } dd { (if partner { "Débito em conta na corretora parceira" } else { "Pix" }) } }
                }
            }
            (limite::block(ctx, decl, url))
            @if !limite::must_declare(decl) {
            form.formulario method="post" action=(routes::captacao_reservar(url)) {
                div.campo {
                    label for="valor" { "Valor do investimento (R$)" }
                    input #valor type="text" name="valor" inputmode="decimal" maxlength=(MAX_MONEY_INPUT_CHARS)
                        value=(typed) placeholder="1.234,56" autocomplete="off" aria-describedby=(described)
                        aria-invalid=[refusal.map(|_| "true")];
                    @if let Some(m) = refusal { p.campo-erro #valor-erro { (m) } }
                    p.campo-ajuda #valor-ajuda {
                        // The offering's minimum is public, not one of the investor's amounts to hide.
                        @if let Some(m) = minimum { "Mínimo de " (crate::domain::money::format_brl(m)) ". " }
                        "Use o formato 1.234,56."
                    }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Continuar" }
                    " "
                    a.botao.botao-texto href=(routes::captacao(url)) { "Cancelar" }
                }
            }
            }
            @if let Some(o) = o { (aviso_cvm::aviso_cvm(o)) }
        }
    };
    Page::new(TITLE, main)
}

pub(super) async fn declaration(ctx: &Ctx, token: &str) -> Loaded {
    ctx.app.api.declaracao_investidor(token).await
}

fn closed_page(ctx: &Ctx, o: &Captacao, reason: &captacao::ClosedReason) -> Response {
    ctx.page(TITLE, html! {
        section.cartao aria-labelledby="fechado-titulo" {
            h1 #fechado-titulo { "Fechado para investimento" }
            p { (reason.message()) }
            p { a.botao.botao-secundario href=(routes::captacao(&o.url_amigavel)) { "Voltar para a operação" } }
        }
    })
}

async fn partner_permitted(ctx: &Ctx) -> bool {
    match ctx.maybe_token() {
        Some(t) => ctx
            .app
            .api
            .permite_liquidacao_via_ativa(t)
            .await
            .unwrap_or(false),
        None => false,
    }
}

/// Step 1: the amount.
pub async fn view_valor_get(ctx: Ctx, Path(url): Path<String>) -> PageResult {
    if let Some(r) = gate(&ctx) {
        return Ok(r);
    }
    let token = ctx.token()?;
    let (captacao, partner, decl) = tokio::join!(
        load(&ctx, &url, TITLE),
        partner_permitted(&ctx),
        declaration(&ctx, token)
    );
    let o = captacao?;
    if let Some(reason) = captacao::closed_reason(&o.facts(), ui_captacao::now()) {
        return Ok(closed_page(&ctx, &o, &reason));
    }
    Ok(ctx.render(amount_page(&ctx, &url, Some(&o), "", partner, &decl, None)))
}

#[derive(Deserialize)]
pub struct AmountForm {
    #[serde(default)]
    valor: String,
}

pub async fn view_valor_post(
    ctx: Ctx,
    headers: HeaderMap,
    Path(url): Path<String>,
    Form(form): Form<AmountForm>,
) -> PageResult {
    if let Some(r) = gate(&ctx) {
        return Ok(r);
    }
    let token = ctx.token()?;
    let (captacao, partner, decl) = tokio::join!(
        load(&ctx, &url, TITLE),
        partner_permitted(&ctx),
        declaration(&ctx, token)
    );
    let typed = form.valor.trim();
    let o = match captacao {
        Ok(o) => o,
        Err(PageError::Platform { error, .. }) => {
            let page = amount_page(&ctx, &url, None, typed, partner, &decl, None);
            return Err(PageError::form_failed(page, &error));
        }
        Err(other) => return Err(other),
    };
    let form_again =
        |refusal: Option<&str>| amount_page(&ctx, &url, Some(&o), typed, partner, &decl, refusal);
    let refuse = |m: &str| PageError::refused(form_again(Some(m)), m);
    let amount = reserva::validate_amount(typed, limits(&o)).map_err(|e| refuse(e.message()))?;
    limite::check(&decl, amount).map_err(|m| refuse(&m))?;
    let term = ctx
        .app
        .api
        .create_reserva(ctx.token()?, o.id, amount, reserva::payment_type(partner))
        .await
        .map_err(|e| PageError::form_failed(form_again(None), &e))?;
    match term.reserva_id() {
        Some(id) => {
            ctx.jar.store_term(id, &term);
            Ok(next(&headers, &routes::reserva_termos(id)))
        }
        None => Err(PageError::refused(
            form_again(None),
            crate::api::GENERIC_ERROR,
        )),
    }
}

fn summary_page(ctx: &Ctx, r: &Reserva, decl: &Loaded) -> Page {
    let main = html! {
        section.ordem aria-labelledby="resumo-ordem-titulo" {
            (steps(3))
            h1 #resumo-ordem-titulo { "Confira e confirme" }
            dl.fatos {
                div { dt { "Captação" } dd { (r.nome_captacao) } }
                div { dt { "Valor do investimento" } dd { (ctx.money(r.investimento)) } }
                div { dt { "Remuneração líquida" } dd { (format::net_yield(r.rendimento)) } }
                div { dt { "Prazo" } dd { (r.prazo.map(|p| format!("{p} meses")).unwrap_or_else(|| "-".into())) } }
                div { dt { "Forma de pagamento" } dd { (r.tipo_do_pagamento_descricao.as_deref().unwrap_or("-")) } }
                div { dt { "Início do rendimento (estimado)" } dd { (format::date(r.inicio_rendimento.as_deref())) } }
            }
            (limite::deadlines(decl))
            form.formulario method="post" action=(routes::reserva_confirmar(r.id)) {
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Confirmar investimento" }
                    @if let Some(url) = &r.url_amigavel {
                        " " a.botao.botao-texto href=(routes::captacao(url)) { "Cancelar" }
                    }
                }
            }
            (aviso_cvm::aviso_cvm_geral())
        }
    };
    Page::new(TITLE, main)
}

/// Step 3: summary and confirmation.
pub async fn view_confirmar_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let token = ctx.token()?;
    let (r, decl) = tokio::join!(ctx.app.api.reserva(token, id), declaration(&ctx, token));
    let r = r.on_page(TITLE)?;
    if r.status.name != ReservaStatus::Aberto {
        return Ok(Redirect::to(&routes::reserva(id)).into_response());
    }
    if r.termo_aceito == Some(false) {
        return Ok(Redirect::to(&routes::reserva_termos(id)).into_response());
    }
    Ok(ctx.render(summary_page(&ctx, &r, &decl)))
}

pub async fn view_confirmar_post(ctx: Ctx, headers: HeaderMap, Id(id): Id) -> PageResult {
    let token = ctx.token()?;
    match ctx.app.api.confirm_investimento(token, id).await {
        Ok(_) => {
            ctx.jar.set_flash(MSG_SUCCESS_TITLE, MSG_SUCCESS);
            Ok(next(&headers, &routes::reserva(id)))
        }
        Err(e) => {
            // Show the reserva as it now stands (e.g. Cancelado after losing a race).
            let (r, decl) = tokio::join!(ctx.app.api.reserva(token, id), declaration(&ctx, token));
            let page = match r {
                Ok(r) => summary_page(&ctx, &r, &decl),
                Err(_) => Page::new(
                    TITLE,
                    html! { p { a href=(routes::INVESTIR) { "Voltar para as captações" } } },
                ),
            };
            Err(PageError::form_failed(page, &e))
        }
    }
}

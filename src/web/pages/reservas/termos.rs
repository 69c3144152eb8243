//! Step 2 of the order: the adhesion term and the Termo de Ciência de Risco, with the
//! annual-limit declaration the investor confirms by accepting it. Options of the term
//! that restate the declaration follow it: the matching one comes chosen, and a choice
//! contradicting it is refused (`domain::limite_anual::opcoes`).

use crate::web::extract::Form;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect};
use maud::html;
use serde::Deserialize;

use super::etapas::{RISK_FALLBACK_TITLE, TERM_FALLBACK_TITLE, declaration, steps};
use super::limite::{self, Loaded};
use super::{TITLE, next};
use crate::api::ApiError;
use crate::api::models::{DeclaracaoInvestidor, ReservaTermo};
use crate::domain::limite_anual::opcoes::{self, Standing};
use crate::domain::reserva;
use crate::domain::status::ReservaStatus;
use crate::web::error::{Id, OnPage};
use crate::web::pages::conta::RISK_TERM_SLUG;
use crate::web::ui::{Page, aviso_cvm};
use crate::web::{Ctx, PageError, PageResult, routes};

/// The term of reservation `id`: the platform's, else (a platform without the term
/// endpoint) the one it returned when the order was created, else a term whose text is the
/// contract PDF. The order never loops back for lack of it.
async fn load_term(ctx: &Ctx, token: &str, id: i64) -> PageResult<ReservaTermo> {
    match ctx.app.api.reserva_termo(token, id).await {
        Ok(t) => Ok(t),
        Err(ApiError::NotFound { .. }) => Ok(ctx.jar.term(id).unwrap_or_else(|| fallback_term(id))),
        Err(e) => Err(e).on_page(TITLE),
    }
}

/// A term whose text is the contract PDF.
fn fallback_term(id: i64) -> ReservaTermo {
    ReservaTermo {
        id: Some(id),
        id_reserva: Some(id),
        titulo: TERM_FALLBACK_TITLE.to_owned(),
        ..Default::default()
    }
}

/// The recorded declaration as the term's options restate it.
fn standing(decl: &Loaded) -> Option<Standing> {
    match decl {
        Ok(DeclaracaoInvestidor {
            declaracao: Some(x),
            ..
        }) => Some(Standing {
            qualified: x.qualificado,
            above: x.acima_do_patamar,
        }),
        _ => None,
    }
}

/// Whether the term's options restate the declaration.
fn restates_declaration(term: &ReservaTermo) -> bool {
    term.termos
        .iter()
        .any(|t| opcoes::claim(&t.descricao).is_some())
}

/// The option matching the declaration, when the options restate it.
fn matching_option<'a>(term: &'a ReservaTermo, decl: &Loaded) -> Option<&'a str> {
    let options: Vec<(&str, &str)> = term
        .termos
        .iter()
        .map(|t| (t.opcao.as_str(), t.descricao.as_str()))
        .collect();
    opcoes::matching_option(&options, standing(decl)?)
}

/// What the terms form had ticked.
#[derive(Clone, Copy)]
struct Ticks<'a> {
    accepted: bool,
    risk: bool,
    chosen: Option<&'a str>,
}

fn terms_page(
    id: i64,
    term: &ReservaTermo,
    t: Ticks<'_>,
    decl: &Loaded,
    url: Option<&str>,
) -> Page {
    let Ticks {
        accepted,
        risk,
        chosen,
    } = t;
    let main = html! {
        section.ordem aria-labelledby="termos-titulo" {
            (steps(2))
            h1 #termos-titulo { (term.titulo) }
            @if let Some(d) = &term.descricao { p.subtitulo { (d) } }
            @if term.conteudo.trim().is_empty() {
                p { a href=(routes::carteira_contrato(id)) target="_blank" rel="noopener" {
                    "Ler o termo completo (PDF)" span.sr-only { " (abre em nova janela)" }
                } }
            } @else {
                div.termo-conteudo tabindex="0" role="region" aria-label="Texto do termo" {
                    @for p in term.conteudo.split("\n\n") { p { (p) } }
                }
            }
            (limite::deadlines(decl))
            // Read before the investor accepts the terms, as on every step of the order.
            (aviso_cvm::aviso_cvm_geral())
            p.antes-de-investir-link {
                "Antes de aceitar, entenda os riscos em linguagem simples: "
                a href=(routes::ANTES_DE_INVESTIR) target="_blank" rel="noopener" {
                    "Antes de investir" span.sr-only { " (abre em nova janela)" }
                }
                "."
            }
            form.formulario method="post" action=(routes::reserva_termos(id)) {
                @if term.termos.len() > 1 {
                    fieldset {
                        legend { "Escolha uma opção" }
                        @if restates_declaration(term) && standing(decl).is_some() {
                            p.campo-ajuda #opcao-ajuda {
                                "A opção de acordo com a sua declaração de investidor já vem marcada. Se a sua situação mudou, "
                                a href=(routes::DECLARACAO_INVESTIDOR) { "altere a sua declaração de investidor" }
                                " antes de continuar."
                            }
                        }
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
                // An option chosen on a term that could not be read again stays chosen.
                @if let Some(c) = chosen.filter(|c| !term.termos.iter().any(|t| t.opcao == *c)) {
                    input type="hidden" name="opcao" value=(c);
                }
                div.campo-checkbox {
                    input #aceite type="checkbox" name="aceite" value="sim" checked[accepted];
                    label for="aceite" { "Declaro que li e concordo com os termos acima." }
                }
                @if let Some(c) = &term.ciencia_risco {
                    section.ciencia-risco aria-labelledby="ciencia-titulo" {
                        h2 #ciencia-titulo { (c.titulo) " " span.texto-secundario { "(versão " (c.versao) ")" } }
                        @if c.conteudo.trim().is_empty() {
                            p { a href=(routes::meus_termos_documento(RISK_TERM_SLUG)) target="_blank" rel="noopener" {
                                "Ler o Termo de Ciência de Risco (PDF)" span.sr-only { " (abre em nova janela)" }
                            } }
                        } @else {
                            div.termo-conteudo tabindex="0" role="region" aria-label=(c.titulo) {
                                @for p in c.conteudo.split("\n\n") { p { (p) } }
                            }
                        }
                        (limite::summary(decl, url))
                        input type="hidden" name="versao_ciencia_risco" value=(c.versao);
                        div.campo-checkbox {
                            input #ciencia_risco type="checkbox" name="ciencia_risco" value="sim" checked[risk];
                            label for="ciencia_risco" { "Li e aceito o Termo de Ciência de Risco e confirmo que a minha declaração de investidor está correta e atualizada." }
                        }
                    }
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Continuar" }
                }
            }
        }
    };
    Page::new(TITLE, main)
}

/// Step 2: the terms.
pub async fn view_termos_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let token = ctx.token()?;
    let (term, decl) = tokio::join!(load_term(&ctx, token, id), declaration(&ctx, token));
    let term = term?;
    if term
        .status
        .as_ref()
        .is_some_and(|s| *s != ReservaStatus::Aberto)
    {
        return Ok(Redirect::to(&routes::reserva(id)).into_response());
    }
    let ticks = Ticks {
        accepted: false,
        risk: false,
        chosen: term
            .opcao_aceita
            .as_deref()
            .or_else(|| matching_option(&term, &decl)),
    };
    Ok(ctx.render(terms_page(id, &term, ticks, &decl, None)))
}

#[derive(Deserialize)]
pub struct TermsForm {
    #[serde(default)]
    aceite: Option<String>,
    #[serde(default)]
    opcao: Option<String>,
    #[serde(default)]
    ciencia_risco: Option<String>,
    #[serde(default)]
    versao_ciencia_risco: Option<String>,
}

pub async fn view_termos_post(
    ctx: Ctx,
    headers: HeaderMap,
    Id(id): Id,
    Form(form): Form<TermsForm>,
) -> PageResult {
    let token = ctx.token()?;
    let ticks = Ticks {
        accepted: form.aceite.is_some(),
        risk: form.ciencia_risco.is_some(),
        chosen: form.opcao.as_deref(),
    };
    let (term, decl) = tokio::join!(load_term(&ctx, token, id), declaration(&ctx, token));
    let term = match term {
        Ok(t) => t,
        // The term cannot be read: the form again, over the term's PDF, with the ticks
        // and the option as they were (the risk term's version as it was sent).
        Err(PageError::Platform { error, .. }) => {
            let mut fallback = fallback_term(id);
            fallback.ciencia_risco =
                form.versao_ciencia_risco
                    .clone()
                    .map(|versao| crate::api::models::CienciaRisco {
                        titulo: RISK_FALLBACK_TITLE.to_owned(),
                        versao,
                        ..Default::default()
                    });
            let page = terms_page(id, &fallback, ticks, &decl, None);
            return Err(PageError::form_failed(page, &error));
        }
        Err(other) => return Err(other),
    };
    let options: Vec<String> = term.termos.iter().map(|t| t.opcao.clone()).collect();
    let form_again = || terms_page(id, &term, ticks, &decl, None);
    let chosen = reserva::validate_terms(ticks.accepted, form.opcao.as_deref(), &options)
        .map_err(|e| PageError::refused(form_again(), e.message()))?;
    // One declaration, not two: the chosen option may not say otherwise.
    if let (Some(c), Some(s)) = (chosen.as_deref(), standing(&decl)) {
        let text = term
            .termos
            .iter()
            .find(|t| t.opcao == c)
            .map(|t| t.descricao.as_str());
        if let Some(text) = text {
            opcoes::check_option(text, s).map_err(|m| PageError::refused(form_again(), m))?;
        }
    }
    let risk_version = term.ciencia_risco.as_ref().map(|c| c.versao.as_str());
    if risk_version.is_some() && !ticks.risk {
        return Err(PageError::refused(form_again(), reserva::MSG_RISK));
    }
    ctx.app
        .api
        .sign_termo(token, id, chosen.as_deref(), risk_version)
        .await
        .map_err(|e| PageError::form_failed(form_again(), &e))?;
    Ok(next(&headers, &routes::reserva_confirmar(id)))
}

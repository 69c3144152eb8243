//! The investor profile (suitability): the questionnaire, every answer required, the
//! platform scoring it; the result shown with what it means.

use std::collections::BTreeMap;

use crate::web::extract::Form;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};

use super::{
    DADOS_TITLE, SAVED_TEXT, SAVED_TITLE, load_registration, registration, registration_for_form,
};
use crate::api::models::{Cadastro, Suitability};
use crate::domain::suitability::{PERGUNTAS, Perfil, score};
use crate::domain::validate::FormError;
use crate::web::error::OnPage;
use crate::web::ui::{Page, format};
use crate::web::{Ctx, PageError, PageResult, routes};

fn result(s: &Suitability) -> Markup {
    let perfil = s.perfil.as_deref().and_then(Perfil::from_label);
    html! {
        @if let Some(p) = perfil {
            div.cartao.cartao-destaque.perfil-resultado {
                h3 { "Seu perfil: " (p.label()) }
                p { (p.descricao()) }
                @if let Some(d) = &s.data_atualizacao {
                    p.texto-secundario { "Atualizado em " (format::date(Some(d))) ". Responda de novo se a sua situação mudou." }
                }
            }
        } @else {
            p { "Responda ao questionário para conhecer o seu perfil de investidor. Todas as perguntas são obrigatórias." }
        }
    }
}

fn page(
    r: &Cadastro,
    s: &Suitability,
    answers: &BTreeMap<String, String>,
    error: Option<&FormError>,
) -> Page {
    let invalid = |q: &str| error.is_some_and(|e| e.marks(q)).then_some("true");
    Page::new(
        DADOS_TITLE,
        registration(
            r.view(),
            routes::DADOS_PERFIL,
            html! {
                section aria-labelledby="perfil-titulo" {
                    h2 #perfil-titulo { "Perfil do investidor" }
                    (result(s))
                    form.formulario method="post" action=(routes::DADOS_PERFIL) novalidate {
                        @for (n, q) in PERGUNTAS.iter().enumerate() {
                            fieldset.pergunta aria-invalid=[invalid(q.id)] {
                                legend { (n + 1) ". " (q.texto) }
                                @for o in q.opcoes {
                                    @let id = format!("{}-{}", q.id, o.id);
                                    div.campo-checkbox {
                                        input type="radio" id=(id) name=(q.id) value=(o.id) required
                                            checked[answers.get(q.id).map(String::as_str) == Some(o.id)];
                                        label for=(id) { (o.texto) }
                                    }
                                }
                            }
                        }
                        div.form-acoes { button.botao.botao-primario type="submit" { "Enviar respostas" } }
                    }
                }
            },
        ),
    )
}

/// `GET …/perfil-investidor`.
pub async fn view_perfil_get(ctx: Ctx) -> PageResult {
    let token = ctx.token()?;
    let (r, s) = tokio::join!(
        load_registration(&ctx, DADOS_TITLE),
        ctx.app.api.suitability(token)
    );
    let r = r?;
    let s = match s {
        Err(crate::api::ApiError::NotFound { .. }) => Suitability::default(),
        other => other.on_page(DADOS_TITLE)?,
    };
    Ok(ctx.render(page(&r, &s, &s.respostas, None)))
}

/// `POST …/perfil-investidor`: every question answered, then the platform scores and
/// stores the answers.
pub async fn view_perfil_post(
    ctx: Ctx,
    Form(answers): Form<BTreeMap<String, String>>,
) -> PageResult {
    let token = ctx.token()?;
    let answers: BTreeMap<String, String> = answers
        .into_iter()
        .filter(|(k, _)| PERGUNTAS.iter().any(|q| q.id == k))
        .collect();
    let none = Suitability::default();
    let r = registration_for_form(&ctx, DADOS_TITLE, |known| {
        page(known, &none, &answers, None)
    })
    .await?;
    if let Err(e) = score(&answers) {
        let form = FormError::single(e);
        return Err(PageError::refused(
            page(&r, &none, &answers, Some(&form)),
            e.message(),
        ));
    }
    ctx.app
        .api
        .save_suitability(token, &answers)
        .await
        .map_err(|e| PageError::form_failed(page(&r, &none, &answers, None), &e))?;
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    Ok(Redirect::to(routes::DADOS_PERFIL).into_response())
}

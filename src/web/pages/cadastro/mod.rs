//! Sign-up (/quero-investir): spec §2 "Sign-up", §5 "Sign-up", §8 sign-up rows.
//!
//! GET clears the stored session (spec §2 "Navigation guard") and shows the form; POST
//! validates on the server in the spec's order, then sends the sign-up record of spec §3.
//! Every failure re-renders the form with what was typed and the 'Atenção!' alert. A
//! success goes (303) to the success card, which is shown only right after a success: the
//! one-shot flash cookie carries that fact across the redirect.

mod view;

use axum::Form;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::api::models::SignupRecord;
use crate::api::{ApiError, GENERIC_ERROR};
use crate::domain::validate::{SignupInput, validate_signup};
use crate::web::ui::{Page, alert::Alert};
use crate::web::{Ctx, routes};

/// The route label (document title 'Cadastre-se | Colheita').
pub const TITLE: &str = "Cadastre-se";
pub const HEADING: &str = "Investidor, Cadastre-se agora mesmo!";
pub const SUCCESS_TITLE: &str = "Cadastro realizado com sucesso!";
pub const SUCCESS_TEXT: &str = "Em instantes você receberá um e-mail com seus dados de acesso.";
/// Spec §8: a sign-up refused because one is already in progress for that CPF or e-mail.
pub const MSG_EM_ANDAMENTO: &str = "Já existe um cadastro em andamento com os dados informados. Efetue o login ou recupere sua senha para prosseguir.";
/// What the platform's message contains in that case.
const PROSPECT_EM_ANDAMENTO: &str = "Prospect com cadastro em andamento";

/// The form as posted. Missing fields are empty (the spec's first rule reports them).
#[derive(Debug, Default, Deserialize)]
pub struct CadastroForm {
    #[serde(default)]
    nome: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    celular: String,
    #[serde(default)]
    cpf: String,
    /// Present (any value) when the terms box is ticked.
    #[serde(default)]
    termos: Option<String>,
}

impl From<CadastroForm> for SignupInput {
    fn from(f: CadastroForm) -> Self {
        SignupInput {
            nome: f.nome,
            email: f.email,
            celular: f.celular,
            cpf: f.cpf,
            termos: f.termos.is_some(),
        }
    }
}

/// `GET /quero-investir`.
pub async fn view_cadastro_get(ctx: Ctx) -> Response {
    let ctx = without_session(ctx);
    ctx.render(view::page(&SignupInput::default(), None))
}

/// `POST /quero-investir`.
pub async fn view_cadastro_post(ctx: Ctx, Form(form): Form<CadastroForm>) -> Response {
    let ctx = without_session(ctx);
    let input = SignupInput::from(form);
    let valid = match validate_signup(&input) {
        Ok(v) => v,
        Err(msg) => return form_error(&ctx, &input, msg, view::Problem::Rule(msg)),
    };
    match ctx.app.api.sign_up(&SignupRecord::from_valid(&valid)).await {
        Ok(Some(_id)) => {
            ctx.jar.set_flash(SUCCESS_TITLE, SUCCESS_TEXT);
            Redirect::to(routes::QUERO_INVESTIR_SUCESSO).into_response()
        }
        Ok(None) => {
            tracing::warn!("sign-up answered 2xx without an id");
            platform_error(
                &ctx,
                &input,
                GENERIC_ERROR.to_owned(),
                StatusCode::BAD_GATEWAY,
            )
        }
        Err(e) => {
            let (message, status) = signup_error(&e);
            if status != StatusCode::UNPROCESSABLE_ENTITY {
                tracing::warn!(error = %e, "sign-up failed on the platform");
            }
            platform_error(&ctx, &input, message, status)
        }
    }
}

/// `GET /quero-investir/sucesso`: the success card, right after a success only;
/// otherwise (a reload, a bookmark) the form.
pub async fn view_sucesso_get(mut ctx: Ctx) -> Response {
    // The flash is the marker; taking it here also keeps the shell from showing it as
    // an alert dialog on top of the card that says the same.
    match ctx.flash.take() {
        Some(f) if f.titulo == SUCCESS_TITLE => ctx.render(Page::new(TITLE, view::success(&ctx))),
        other => {
            // Some other one-shot alert: keep it for the form.
            if let Some(f) = other {
                ctx.jar.set_flash(&f.titulo, &f.mensagem);
            }
            Redirect::to(routes::QUERO_INVESTIR).into_response()
        }
    }
}

/// Spec §2: entering the sign-up screen clears the stored session data. The page is then
/// drawn as a visitor sees it (public header).
fn without_session(mut ctx: Ctx) -> Ctx {
    ctx.jar.clear_session();
    ctx.session = None;
    ctx
}

fn form_error(ctx: &Ctx, input: &SignupInput, message: &str, problem: view::Problem) -> Response {
    ctx.render(
        view::page(input, Some(problem))
            .with_status(StatusCode::UNPROCESSABLE_ENTITY)
            .with_alert(Alert::atencao(message)),
    )
}

fn platform_error(ctx: &Ctx, input: &SignupInput, message: String, status: StatusCode) -> Response {
    ctx.render(
        view::page(input, Some(view::Problem::Platform))
            .with_status(status)
            .with_alert(Alert::atencao(message)),
    )
}

/// Spec §8: 'Prospect com cadastro em andamento' → the spec's message; any other error →
/// the server's message (503, timeouts and unreadable answers → the generic one). A
/// refusal of the data (4xx) is the user's to fix: 422; anything else is the platform's
/// failure: 502.
fn signup_error(e: &ApiError) -> (String, StatusCode) {
    let in_progress = match e {
        ApiError::Server {
            message, detail, ..
        } => {
            message.contains(PROSPECT_EM_ANDAMENTO)
                || detail
                    .as_deref()
                    .is_some_and(|d| d.contains(PROSPECT_EM_ANDAMENTO))
        }
        ApiError::NotFound { message } => message.contains(PROSPECT_EM_ANDAMENTO),
        _ => false,
    };
    if in_progress {
        return (
            MSG_EM_ANDAMENTO.to_owned(),
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let status = match e {
        ApiError::Server { status, .. } if (400..500).contains(status) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        _ => StatusCode::BAD_GATEWAY,
    };
    (e.user_message(), status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(status: u16, message: &str, detail: Option<&str>) -> ApiError {
        ApiError::Server {
            status,
            message: message.into(),
            detail: detail.map(str::to_owned),
        }
    }

    #[test]
    fn a_sign_up_in_progress_shows_the_spec_message() {
        let e = server(
            400,
            "Prospect com cadastro em andamento para o CPF/e-mail informado.",
            None,
        );
        assert_eq!(
            signup_error(&e),
            (
                MSG_EM_ANDAMENTO.to_owned(),
                StatusCode::UNPROCESSABLE_ENTITY
            )
        );
        let e = server(409, "Conflito", Some("Prospect com cadastro em andamento"));
        assert_eq!(signup_error(&e).0, MSG_EM_ANDAMENTO);
    }

    #[test]
    fn other_errors_show_the_server_message_or_the_generic_one() {
        assert_eq!(
            signup_error(&server(400, "CPF bloqueado.", None)),
            (
                "CPF bloqueado.".to_owned(),
                StatusCode::UNPROCESSABLE_ENTITY
            )
        );
        assert_eq!(
            signup_error(&server(500, "Falha interna.", None)),
            ("Falha interna.".to_owned(), StatusCode::BAD_GATEWAY)
        );
        assert_eq!(
            signup_error(&ApiError::Unavailable("503".into())),
            (GENERIC_ERROR.to_owned(), StatusCode::BAD_GATEWAY)
        );
    }
}

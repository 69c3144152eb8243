//! /minha-conta/alterar-senha: the password change. The first access after sign-up lands
//! here (the login answers tipoResposta 'trocarsenha' for a temporary password).
//!
//! The rules are shown before anything is typed; the server checks them (and the
//! platform checks them again) with a clear message for each failure.

use crate::web::extract::Form;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use serde::Deserialize;

use crate::api::GENERIC_ERROR;
use crate::domain::validate::{
    FieldError, FormError, PASSWORD_MAX_CHARS, PASSWORD_RULE_TEXT, validate_new_password,
};
use crate::rate_limit::{Guess, MUITAS_TENTATIVAS, StoreDown};
use crate::web::client_addr::ClientAddr;
use crate::web::session::end_session;
use crate::web::ui::Page;
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Alterar senha";
pub const SUCCESS_TITLE: &str = "Sucesso!";
pub const SUCCESS_TEXT: &str = "Senha alterada com sucesso.";
/// What the platform answers for a wrong current password (marks that field).
const SENHA_ATUAL_NAO_CONFERE: &str = "A senha atual não confere.";

#[derive(Default, Deserialize)]
pub struct SenhaForm {
    #[serde(default)]
    senha_atual: String,
    #[serde(default)]
    nova_senha: String,
    #[serde(default)]
    confirmacao_senha: String,
}

/// `GET /minha-conta/alterar-senha`.
pub async fn view_alterar_senha_get(ctx: Ctx) -> PageResult {
    Ok(ctx.page(TITLE, view(None)))
}

/// `POST /minha-conta/alterar-senha`: validate, `PUT /v2/seguranca/senha`, then the
/// 'Sucesso!' flash and home.
pub async fn view_alterar_senha_post(
    ctx: Ctx,
    ClientAddr(addr): ClientAddr,
    Form(f): Form<SenhaForm>,
) -> PageResult {
    let token = ctx.token()?;
    validate_new_password(&f.senha_atual, &f.nova_senha, &f.confirmacao_senha)
        .map_err(|e| PageError::refused(Page::new(TITLE, view(Some(&e))), e.message()))?;
    // Each attempt that reaches the platform is a guess of the current password. The
    // account is the one the session's tokens belong to (the user summary is bound to them).
    let account = ctx.session.as_ref().map_or_else(String::new, |s| {
        s.user.codigo.clone().unwrap_or_else(|| s.user.nome.clone())
    });
    let guess = ctx.app.limits.password_guess(&account, addr).await;
    let guess = guess.map_err(|StoreDown| {
        PageError::alert(
            Page::new(TITLE, view(None)),
            GENERIC_ERROR,
            StatusCode::SERVICE_UNAVAILABLE,
        )
    })?;
    match guess {
        Guess::Allowed => {}
        Guess::TooMany => {
            tracing::warn!("password-change guesses over the limit");
            return Err(PageError::alert(
                Page::new(TITLE, view(None)),
                MUITAS_TENTATIVAS,
                StatusCode::TOO_MANY_REQUESTS,
            ));
        }
        Guess::EndSession => {
            tracing::warn!("password-change guesses: the session ends");
            end_session(&ctx.app, &ctx.jar).await;
            return Err(PageError::LoginRequired);
        }
    }
    ctx.app
        .api
        .change_password(token, &f.senha_atual, &f.nova_senha, &f.confirmacao_senha)
        .await
        .map_err(|e| {
            // The platform knows the current password; its refusal marks that field.
            let marks = e.mentions(SENHA_ATUAL_NAO_CONFERE).then(|| {
                FormError::single(FieldError::new("senha_atual", SENHA_ATUAL_NAO_CONFERE))
            });
            PageError::form_failed(Page::new(TITLE, view(marks.as_ref())), &e)
        })?;
    ctx.jar.set_flash(SUCCESS_TITLE, SUCCESS_TEXT);
    Ok(Redirect::to(routes::HOME).into_response())
}

/// The form. Passwords are never written back into it, not even after an error: this is
/// the one exception to "every typed value kept", because a password must not travel back
/// in a page (caches, history, shoulder-surfing); the alert says what to fix.
fn view(error: Option<&FormError>) -> Markup {
    let inv = |field: &str| error.is_some_and(|e| e.marks(field)).then_some("true");
    // One of the account's tabs: the account heading and tabs around it, as the others.
    super::conta::account(
        routes::ALTERAR_SENHA,
        html! {
            section.cartao.alterar-senha aria-labelledby="alterar-senha-titulo" {
                h2 #alterar-senha-titulo { (TITLE) }
                p {
                    "Se você entrou com a senha temporária enviada por e-mail, crie agora uma senha "
                    "só sua para continuar."
                }
                p.mensagem.mensagem-info #regras-senha { (PASSWORD_RULE_TEXT) }
                form.formulario method="post" action=(routes::ALTERAR_SENHA) novalidate {
                    div.campo {
                        label for="senha-atual" { "Senha atual" }
                        input #senha-atual type="password" name="senha_atual"
                            autocomplete="current-password" maxlength="256" required
                            aria-invalid=[inv("senha_atual")];
                    }
                    div.campo {
                        label for="nova-senha" { "Nova senha" }
                        input #nova-senha type="password" name="nova_senha" autocomplete="new-password"
                            maxlength=(PASSWORD_MAX_CHARS) required aria-describedby="regras-senha"
                            aria-invalid=[inv("nova_senha")];
                    }
                    div.campo {
                        label for="confirmacao-senha" { "Confirme a nova senha" }
                        input #confirmacao-senha type="password" name="confirmacao_senha"
                            autocomplete="new-password" maxlength=(PASSWORD_MAX_CHARS) required
                            aria-describedby="regras-senha" aria-invalid=[inv("confirmacao_senha")];
                    }
                    div.form-acoes {
                        button.botao.botao-primario type="submit" { "Salvar nova senha" }
                        a.botao.botao-texto href=(routes::HOME) { "Cancelar" }
                    }
                }
            }
        },
    )
}

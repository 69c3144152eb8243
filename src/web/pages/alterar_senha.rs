//! /minha-conta/alterar-senha: the password change (spec §2 route table; the first
//! access after sign-up lands here through tipoResposta 'trocarsenha', spec §4).
//!
//! The rules are shown before anything is typed; the server checks them (and the
//! platform checks them again) with a clear message for each failure.

use axum::Form;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use serde::Deserialize;

use crate::api::ApiError;
use crate::domain::validate::{
    MSG_CONFIRMACAO, MSG_PREENCHER_CAMPOS, MSG_SENHA_CURTA, MSG_SENHA_IGUAL,
    MSG_SENHA_LETRAS_NUMEROS, MSG_SENHA_LONGA, PASSWORD_MAX_CHARS, PASSWORD_RULE_TEXT,
    validate_new_password,
};
use crate::web::ui::{Page, alert::Alert};
use crate::web::{Ctx, routes};

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

/// Which inputs a failure is about (`aria-invalid`).
#[derive(Default, Clone, Copy)]
struct Marks {
    atual: bool,
    nova: bool,
    confirmacao: bool,
}

fn marks_for(message: &str, f: &SenhaForm) -> Marks {
    match message {
        MSG_PREENCHER_CAMPOS => Marks {
            atual: f.senha_atual.trim().is_empty(),
            nova: f.nova_senha.trim().is_empty(),
            confirmacao: f.confirmacao_senha.trim().is_empty(),
        },
        MSG_SENHA_CURTA | MSG_SENHA_LONGA | MSG_SENHA_LETRAS_NUMEROS | MSG_SENHA_IGUAL => Marks {
            nova: true,
            ..Marks::default()
        },
        MSG_CONFIRMACAO => Marks {
            confirmacao: true,
            ..Marks::default()
        },
        m if m.contains(SENHA_ATUAL_NAO_CONFERE) => Marks {
            atual: true,
            ..Marks::default()
        },
        _ => Marks::default(),
    }
}

/// `GET /minha-conta/alterar-senha`.
pub async fn view_alterar_senha_get(ctx: Ctx) -> Response {
    ctx.page(TITLE, view(Marks::default()))
}

/// `POST /minha-conta/alterar-senha`: validate, `PUT /v2/seguranca/senha`, then the
/// 'Sucesso!' flash and home.
pub async fn view_alterar_senha_post(ctx: Ctx, Form(f): Form<SenhaForm>) -> Response {
    let Some(token) = ctx.token().map(str::to_owned) else {
        return ctx.failure(TITLE, &ApiError::Unauthorized);
    };
    if let Err(msg) = validate_new_password(&f.senha_atual, &f.nova_senha, &f.confirmacao_senha) {
        return form_error(
            &ctx,
            msg,
            marks_for(msg, &f),
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let result = ctx
        .app
        .api
        .change_password(&token, &f.senha_atual, &f.nova_senha, &f.confirmacao_senha)
        .await;
    match result {
        Ok(()) => {
            ctx.jar.set_flash(SUCCESS_TITLE, SUCCESS_TEXT);
            Redirect::to(routes::HOME).into_response()
        }
        Err(ApiError::Unauthorized) => ctx.failure(TITLE, &ApiError::Unauthorized),
        Err(e) => {
            let status = match &e {
                ApiError::Server { status, .. } if (400..500).contains(status) => {
                    StatusCode::UNPROCESSABLE_ENTITY
                }
                _ => {
                    tracing::warn!(error = %e, "password change failed on the platform");
                    StatusCode::BAD_GATEWAY
                }
            };
            let msg = e.user_message();
            form_error(&ctx, &msg, marks_for(&msg, &f), status)
        }
    }
}

fn form_error(ctx: &Ctx, message: &str, marks: Marks, status: StatusCode) -> Response {
    ctx.render(
        Page::new(TITLE, view(marks))
            .with_status(status)
            .with_alert(Alert::atencao(message)),
    )
}

/// The form. Passwords are never written back into it, not even after an error: this is
/// the one exception to "every typed value kept", because a password must not travel back
/// in a page (caches, history, shoulder-surfing); the alert says what to fix.
fn view(marks: Marks) -> Markup {
    let inv = |b: bool| b.then_some("true");
    html! {
        section.cartao.alterar-senha aria-labelledby="alterar-senha-titulo" {
            h1 #alterar-senha-titulo { (TITLE) }
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
                        aria-invalid=[inv(marks.atual)];
                }
                div.campo {
                    label for="nova-senha" { "Nova senha" }
                    input #nova-senha type="password" name="nova_senha" autocomplete="new-password"
                        maxlength=(PASSWORD_MAX_CHARS) required aria-describedby="regras-senha"
                        aria-invalid=[inv(marks.nova)];
                }
                div.campo {
                    label for="confirmacao-senha" { "Confirme a nova senha" }
                    input #confirmacao-senha type="password" name="confirmacao_senha"
                        autocomplete="new-password" maxlength=(PASSWORD_MAX_CHARS) required
                        aria-describedby="regras-senha" aria-invalid=[inv(marks.confirmacao)];
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Salvar nova senha" }
                    a.botao.botao-texto href=(routes::HOME) { "Cancelar" }
                }
            }
        }
    }
}

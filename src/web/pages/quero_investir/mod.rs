//! Sign-up (/quero-investir).
//!
//! GET clears the stored session (entering sign-up ends any session) and shows the form;
//! POST validates on the server in the form's order, then sends the sign-up record.
//! Every failure re-renders the form with what was typed and the 'Atenção!' alert. A
//! success goes (303) to the success card, which is shown only right after a success: the
//! one-shot flash cookie carries that fact across the redirect.

mod view;

use crate::web::extract::Form;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect};
use serde::Deserialize;

use crate::api::models::SignupRecord;
use crate::api::{ApiError, GENERIC_ERROR};
use crate::domain::validate::{SignupInput, validate_signup};
use crate::rate_limit::{MUITAS_TENTATIVAS, StoreDown};
use crate::web::client_addr::ClientAddr;
use crate::web::session::{end_session, same_site_navigation};
use crate::web::ui::Page;
use crate::web::{Ctx, PageError, PageResult, routes};

/// The route label (document title 'Cadastre-se | Colheita').
pub const TITLE: &str = "Cadastre-se";
pub const HEADING: &str = "Investidor, Cadastre-se agora mesmo!";
/// The sign-up's search description.
pub const DESCRIPTION: &str = "Cadastre-se em poucos minutos com nome, e-mail, celular e CPF e comece a investir em captações do agronegócio.";
pub const SUCCESS_TITLE: &str = "Cadastro realizado com sucesso!";
pub const SUCCESS_TEXT: &str = "Em instantes você receberá um e-mail com seus dados de acesso.";
/// A sign-up refused because one is already in progress for that CPF or e-mail.
pub const MSG_EM_ANDAMENTO: &str = "Já existe um cadastro em andamento com os dados informados. Efetue o login ou recupere sua senha para prosseguir.";
/// What the platform's message contains in that case.
const PROSPECT_EM_ANDAMENTO: &str = "Prospect com cadastro em andamento";

/// The form as posted. Missing fields are empty (the first rule, every field filled, reports them).
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
pub async fn view_quero_investir_get(ctx: Ctx, headers: HeaderMap) -> PageResult {
    // A link from another site must not log the investor out: only a navigation of this
    // site (or one typed, bookmarked) clears the session.
    let ctx = if same_site_navigation(&headers, &ctx.app.cfg.public_origin()) {
        without_session(ctx).await
    } else {
        ctx
    };
    Ok(ctx.render(view::page(&SignupInput::default(), None)))
}

/// `POST /quero-investir`.
pub async fn view_quero_investir_post(
    ctx: Ctx,
    ClientAddr(addr): ClientAddr,
    Form(form): Form<CadastroForm>,
) -> PageResult {
    // Cross-site posts never get here (cross-origin protection).
    let ctx = without_session(ctx).await;
    let input = SignupInput::from(form);
    let valid = validate_signup(&input)
        .map_err(|e| PageError::refused(view::page(&input, Some(&e)), e.message()))?;
    // Only attempts that would reach the platform count: each tells whether a CPF or an
    // e-mail is already known, so their number per address is what must be bounded.
    let allowed = ctx.app.limits.sign_up(addr).await.map_err(|StoreDown| {
        PageError::alert(
            view::page(&input, None),
            GENERIC_ERROR,
            StatusCode::SERVICE_UNAVAILABLE,
        )
    })?;
    if !allowed {
        tracing::warn!("sign-up attempts over the per-address limit");
        return Err(PageError::alert(
            view::page(&input, None),
            MUITAS_TENTATIVAS,
            StatusCode::TOO_MANY_REQUESTS,
        ));
    }
    let form_again = || view::page(&input, None);
    let id = ctx
        .app
        .api
        .sign_up(&SignupRecord::from_valid(&valid))
        .await
        .map_err(|e| {
            // One already in progress for that CPF or e-mail has its own message.
            let message = if e.mentions(PROSPECT_EM_ANDAMENTO) {
                MSG_EM_ANDAMENTO.to_owned()
            } else {
                e.user_message()
            };
            PageError::form_failed_with(form_again(), &e, message)
        })?;
    if id.is_none() {
        tracing::warn!("sign-up answered 2xx without an id");
        return Err(PageError::form_failed(
            form_again(),
            &ApiError::Unavailable("sign-up without an id".into()),
        ));
    }
    ctx.jar.set_flash(SUCCESS_TITLE, SUCCESS_TEXT);
    Ok(Redirect::to(routes::QUERO_INVESTIR_SUCESSO).into_response())
}

/// `GET /quero-investir/sucesso`: the success card, right after a success only;
/// otherwise (a reload, a bookmark) the form.
pub async fn view_sucesso_get(mut ctx: Ctx) -> PageResult {
    // The flash is the marker; taking it here also keeps the shell from showing it as
    // an alert dialog on top of the card that says the same.
    match ctx.flash.take() {
        Some(f) if f.titulo == SUCCESS_TITLE => {
            Ok(ctx.render(Page::new(TITLE, view::success(&ctx))))
        }
        other => {
            // Some other one-shot alert: keep it for the form.
            if let Some(f) = other {
                ctx.jar.set_flash(&f.titulo, &f.mensagem);
            }
            Ok(Redirect::to(routes::QUERO_INVESTIR).into_response())
        }
    }
}

/// Entering the sign-up screen clears the stored session data and ends the session at
/// the provider (a failure there is only logged). The page is then drawn as a visitor
/// sees it (public header).
async fn without_session(mut ctx: Ctx) -> Ctx {
    end_session(&ctx.app, &ctx.jar).await;
    ctx.session = None;
    ctx
}

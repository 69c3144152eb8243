//! Login, the code exchange callback (/autenticacao) and logout.

use crate::web::extract::Query;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;
use serde::Deserialize;

use crate::api::models::TipoResposta;
use crate::web::session::{end_session, login_redirect, same_site_navigation};
use crate::web::ui::{Page, alert::Alert};
use crate::web::{Ctx, PageError, PageResult, routes};

/// The message when the callback's `state` is not the one we issued.
pub const STATE_MISMATCH: &str =
    "Não foi possível confirmar o seu login. Por segurança, entre novamente.";

/// `GET /entrar`: the header's "Entrar" link; starts a login.
pub async fn view_entrar_get(ctx: Ctx) -> PageResult {
    if ctx.session.is_some() {
        return Ok(Redirect::to(routes::HOME).into_response());
    }
    Ok(login_redirect(&ctx.app, &ctx.jar, None))
}

#[derive(Deserialize)]
pub struct Callback {
    code: Option<String>,
    state: Option<String>,
}

/// `GET /autenticacao?code&state`: exchanges the code and routes by tipoResposta.
pub async fn view_autenticacao_get(
    ctx: Ctx,
    headers: HeaderMap,
    Query(q): Query<Callback>,
) -> PageResult {
    let Some(code) = q.code.filter(|c| !c.is_empty()) else {
        // Reachable without login only with a code.
        return Ok(if ctx.session.is_some() {
            Redirect::to(routes::HOME).into_response()
        } else {
            login_redirect(&ctx.app, &ctx.jar, None)
        });
    };
    let pending = ctx.jar.take_state();
    let Some(pending) = pending.filter(|p| q.state.as_deref() == Some(p.state.as_str())) else {
        tracing::warn!("login callback with a state we did not issue");
        // A link from another site must not log the investor out: it only gets the
        // failure; a navigation of this site ends the session (at the provider too).
        if !same_site_navigation(&headers, &ctx.app.cfg.public_origin()) {
            return Err(failure_page(STATE_MISMATCH));
        }
        end_session(&ctx.app, &ctx.jar).await;
        return Err(failed_exchange(&ctx, STATE_MISMATCH));
    };
    // PKCE: only the browser that started this login holds the verifier of its code.
    let redirect_uri = ctx.app.cfg.redirect_uri();
    let exchange = ctx
        .app
        .api
        .exchange_code(&code, &pending.verifier, &redirect_uri);
    let answer = match exchange.await {
        Ok(a) => a,
        Err(e) => return Err(failed_exchange(&ctx, &e.user_message())),
    };
    let now = jiff::Timestamp::now().as_second();
    ctx.jar.clear_session();
    ctx.jar.store_token(&answer.token, now);
    ctx.jar.store_clock(
        &crate::domain::sessao::SessionClock::new(now),
        &answer.token.refresh_token,
    );
    let user = crate::web::session::fetch_user_summary(&ctx.app, &answer.token.access_token).await;
    if let Some(u) = &user {
        ctx.jar.store_user(u);
    }
    Ok(match answer.tipo_resposta {
        Some(TipoResposta::TrocarSenha) => Redirect::to(routes::ALTERAR_SENHA).into_response(),
        Some(kind @ (TipoResposta::AtualizarCadastro | TipoResposta::AtualizarSuitability)) => {
            go_update(&ctx, &kind)
        }
        _ => {
            let to = ctx
                .jar
                .take_return_to()
                .unwrap_or_else(|| routes::HOME.into());
            Redirect::to(&to).into_response()
        }
    })
}

/// A failed exchange: the 'Atenção!' dialog with the server's message; 'Fechar' leads
/// to login.
fn failed_exchange(ctx: &Ctx, message: &str) -> PageError {
    ctx.jar.clear_session();
    failure_page(message)
}

/// The failure's page, leaving the session as it is.
fn failure_page(message: &str) -> PageError {
    let main = html! {
        section.cartao aria-labelledby="login-falhou" {
            h1 #login-falhou { "Não foi possível entrar" }
            p { a.botao.botao-primario href=(routes::ENTRAR) { "Entrar novamente" } }
        }
    };
    PageError::shown_with(
        Page::new("Entrar", main),
        Alert::atencao(message).closing_to(routes::ENTRAR),
        StatusCode::BAD_REQUEST,
    )
}

/// atualizarcadastro / atualizarsuitability: straight to the page that asks for it
/// (personal data, or the investor-profile questionnaire), told why.
fn go_update(ctx: &Ctx, kind: &TipoResposta) -> Response {
    let (to, title, text) = if *kind == TipoResposta::AtualizarCadastro {
        (
            routes::DADOS_PESSOAIS,
            "Atualize o seu cadastro",
            "Para continuar investindo, precisamos que você revise e atualize os seus dados cadastrais.",
        )
    } else {
        (
            routes::DADOS_PERFIL,
            "Atualize o seu perfil de investidor",
            "Seu perfil de investidor (suitability) precisa ser atualizado antes de novos investimentos.",
        )
    };
    ctx.jar.set_flash(title, text);
    Redirect::to(to).into_response()
}

/// `POST /sair`: ends the session at the provider (a failure is ignored), clears every
/// cookie but the return address, asks the browser to drop caches and goes to login.
pub async fn view_sair_post(ctx: Ctx) -> PageResult {
    if let Some((_, refresh)) = ctx.jar.tokens() {
        ctx.app.refresh.forget(&refresh.t);
        if let Err(e) = ctx.app.api.end_session(&refresh.t).await {
            tracing::info!(error = %e, "logout call failed; session cleared anyway");
        }
    }
    ctx.jar.clear_on_logout();
    let mut resp = login_redirect(&ctx.app, &ctx.jar, None);
    resp.headers_mut().insert(
        "clear-site-data",
        HeaderValue::from_static("\"cache\", \"storage\""),
    );
    Ok(resp)
}

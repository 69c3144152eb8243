//! The navigation guard as middleware: validates or refreshes the session before the
//! handler runs, sends private routes to login, and turns a platform 401 met by a handler
//! into the login redirect with the return address saved.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use base64::Engine;
use tower_cookies::Cookies;

use sha2::{Digest, Sha256};

use super::navigation::end_session;
use super::{Jar, PendingLogin, Session, UserSummary, access_fresh, refresh_alive};
use crate::domain::sessao::{SessionAge, SessionClock};
use crate::web::{AppState, routes};

/// Request extension: the validated session, if any. Shared, not copied: the error
/// middleware's context and the handler's both hold it (the access token alone is some
/// 1.5 KB).
#[derive(Debug, Clone, Default)]
pub struct CurrentSession(pub Option<std::sync::Arc<Session>>);

/// Response extension set by handlers (through `AppError`) when the platform answered
/// 401: the guard then clears the session and sends the user to login.
#[derive(Debug, Clone, Copy)]
pub struct LoginRequired;

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

pub async fn guard(
    State(app): State<AppState>,
    cookies: Cookies,
    mut req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path().to_owned();
    if routes::skips_session(&path) {
        return next.run(req).await;
    }
    let jar = app.jar(cookies);
    let session = load_session(&app, &jar).await;
    let return_to = req
        .uri()
        .path_and_query()
        .map(|pq| pq.as_str().to_owned())
        .unwrap_or_else(|| path.clone());
    if session.is_none() && routes::is_private(&path) {
        return login_redirect(&app, &jar, Some(&return_to));
    }
    let is_get = req.method() == axum::http::Method::GET;
    req.extensions_mut()
        .insert(CurrentSession(session.map(std::sync::Arc::new)));
    req.extensions_mut().insert(jar.clone());
    let resp = next.run(req).await;
    if resp.extensions().get::<LoginRequired>().is_some() {
        jar.clear_session();
        // A 401 on a GET saves the return address (to come back after login); after a POST
        // the address of the form is not a page to go back to.
        return login_redirect(&app, &jar, is_get.then_some(return_to.as_str()));
    }
    resp
}

/// Reads the stored session; refreshes it when the access token is within the margin;
/// clears it when it cannot be kept alive.
///
/// The platform calls here (ending, refreshing, reading the name) are rare, and their
/// futures are boxed: kept inline, they made the guard's future (and every middleware's
/// around it) several KB, copied whole as each layer starts, on every request.
async fn load_session(app: &AppState, jar: &Jar) -> Option<Session> {
    let (access, refresh) = jar.tokens()?;
    let now = now();
    // A call beside an earlier page met a 401: the session is over, its name too.
    if app.refused.take(&access.t) {
        tracing::info!("session refused by the platform; it ends");
        Box::pin(end_session(app, jar)).await;
        return None;
    }
    let limits = app.cfg.session;
    // A session without its clock cannot be bounded: it ends like an expired one.
    let clock = jar
        .clock(&refresh.t)
        .unwrap_or(SessionClock { login: 0, seen: 0 });
    let age = clock.age(limits, now);
    if age != SessionAge::Live {
        tracing::info!(?age, "session ended by its lifetime");
        Box::pin(end_session(app, jar)).await;
        return None;
    }
    // The refresh token a refresh rotated in: the clock is written again, bound to it.
    let mut rotated: Option<String> = None;
    let access_token = if access_fresh(&access, now) {
        access.t.clone()
    } else if refresh_alive(&refresh, now) {
        match Box::pin(app.refresh.refresh(&app.api, &refresh.t)).await {
            Ok(answer) => {
                metrics::counter!(crate::telemetry::SESSIONS_REFRESHED, "outcome" => "ok")
                    .increment(1);
                jar.store_token(&answer.token, now);
                rotated = Some(answer.token.refresh_token.clone());
                answer.token.access_token
            }
            Err(e) => {
                metrics::counter!(crate::telemetry::SESSIONS_REFRESHED, "outcome" => "failed")
                    .increment(1);
                tracing::info!(error = %e, "refresh failed; session ends");
                jar.clear_session();
                return None;
            }
        }
    } else {
        jar.clear_session();
        return None;
    };
    let user = match jar.user(&refresh.t) {
        Some(u) => {
            if rotated.is_some() {
                // Bound again, to the refresh token the jar now holds.
                jar.store_user(&u);
            }
            u
        }
        None => {
            let u = Box::pin(fetch_user_summary(app, &access_token)).await;
            if let Some(u) = &u {
                jar.store_user(u);
            }
            u.unwrap_or_default()
        }
    };
    if rotated.is_some() || clock.touch_due(limits, now) {
        let token = rotated.as_deref().unwrap_or(&refresh.t);
        jar.store_clock(&SessionClock { seen: now, ..clock }, token);
    }
    Some(Session { access_token, user })
}

/// The user summary from `GET /v1/cadastro/meucadastro`.
pub async fn fetch_user_summary(app: &AppState, access_token: &str) -> Option<UserSummary> {
    match app.api.meu_cadastro(access_token).await {
        Ok(u) => Some(UserSummary {
            nome: u.dados_basicos.nome,
            codigo: u.codigo,
            cadastro: u.cadastro,
        }),
        Err(e) => {
            tracing::warn!(error = %e, "user summary unavailable");
            None
        }
    }
}

/// Saves the return address (same-origin paths only), a fresh OAuth `state` and a fresh
/// PKCE `code_verifier` (RFC 9700 §2.1.1) in the encrypted state cookie, then sends the
/// browser to the login page with the verifier's S256 challenge.
pub fn login_redirect(app: &AppState, jar: &Jar, return_to: Option<&str>) -> Response {
    if let Some(path) = return_to.and_then(routes::safe_return_path) {
        jar.set_return_to(&path);
    }
    let pending = PendingLogin {
        state: random_b64url::<24>(),
        // 32 random bytes: a 43-character verifier, the RFC's minimum length.
        verifier: random_b64url::<32>(),
    };
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(pending.verifier.as_bytes()));
    jar.set_state(&pending);
    let mut url = app.cfg.login_url.clone();
    url.query_pairs_mut()
        .append_pair("client_id", &app.cfg.client_id)
        .append_pair("redirect_uri", &app.cfg.redirect_uri())
        .append_pair("state", &pending.state)
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    Redirect::to(url.as_str()).into_response()
}

/// Unpadded base64url of `N` bytes from the OS-seeded CSPRNG (`rand::random`).
fn random_b64url<const N: usize>() -> String {
    let bytes: [u8; N] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

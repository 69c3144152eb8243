//! The one error type of the web layer. Every handler returns [`PageResult`] and uses `?`;
//! nothing else in `src/web` builds an error response by hand.
//!
//! A handler's error becomes a bare response carrying the error as an extension; the
//! [`render_errors`] middleware, which knows the request (session, money visibility, the
//! address, `?parcial=1`, `Accept`), draws it inside the shell:
//!
//! | error | what the user gets |
//! |---|---|
//! | `NotFound` | the 404 page |
//! | `Missing` | the handler's own page saying what was not found, 404 |
//! | `LoginRequired` | the guard's redirect to login, with the return address on a GET |
//! | `Platform` | the error card 'Ops! Houve uma falha.' inside the shell, 502 (never 500) |
//! | `NotFoundOnForm` | the 404 page; an island (`Accept: application/json`) gets `{"mensagem"}` with 422 |
//! | `Refused` | the same form again (422, or 502 when the platform failed) with every typed value and the 'Atenção!' alert; an island (`Accept: application/json`) gets `{"mensagem"}` with 422 |
//! | `Unexpected` | logged with a request id, the error card with that id, 500 |
//!
//! A page drawn from several calls, showing what it could fetch, leaves its status to
//! `web::partial` (built on this type); a middleware outside this one (no session to draw with)
//! answers through [`for_visitor`].

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderMap, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::session::LoginRequired;
use super::ui::{Page, alert::Alert, cards};
use super::{AppState, Ctx};
use crate::api::ApiError;

pub type PageResult<T = Response> = Result<T, PageError>;

#[derive(Debug)]
pub enum PageError {
    NotFound,
    /// What was asked for does not exist, and the page says so in its own words.
    Missing(Box<Page>),
    LoginRequired,
    /// The platform did not find what a form acts on (not the user's, or no such thing):
    /// the 404 page, as the same address's GET gives; an island gets the message.
    NotFoundOnForm(String),
    /// A platform call failed while drawing a page; `title` names the page, when known.
    Platform {
        title: Option<&'static str>,
        error: ApiError,
    },
    /// A form the user must fix (or could not send): drawn again with the alert.
    Refused {
        page: Box<Page>,
        alert: Alert,
        status: StatusCode,
    },
    /// A bug: never the user's fault nor the platform's.
    Unexpected(String),
}

impl PageError {
    /// `page` explains what was not found (and what there is instead), 404.
    pub fn missing(page: Page) -> Self {
        PageError::Missing(Box::new(page))
    }

    /// The user's input broke a rule: the form again, 422, the rule's message.
    pub fn refused(page: Page, message: impl Into<String>) -> Self {
        Self::shown_with(
            page,
            Alert::atencao(message),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
    }

    /// `page` again with an 'Atenção!' alert and `status` (a missing file, a failed
    /// download).
    pub fn alert(page: Page, message: impl Into<String>, status: StatusCode) -> Self {
        Self::shown_with(page, Alert::atencao(message), status)
    }

    /// `page` again with `alert` (its own title, or where 'Fechar' leads) and `status`.
    pub fn shown_with(page: Page, alert: Alert, status: StatusCode) -> Self {
        PageError::Refused {
            page: Box::new(page),
            alert,
            status,
        }
    }

    /// The platform refused or failed a form: 401 → login; 404 → the 404 page; a refusal
    /// of the data (4xx with the platform's message) → 422 with that message, for the user
    /// to fix;
    /// anything else → 502 with the platform's message or 'Ocorreu um erro. Tente
    /// novamente.'. Either way the form comes back with what was typed.
    pub fn form_failed(page: Page, error: &ApiError) -> Self {
        Self::form_failed_with(page, error, error.user_message())
    }

    /// As [`PageError::form_failed`], with the message the page chose for this error.
    pub fn form_failed_with(page: Page, error: &ApiError, message: impl Into<String>) -> Self {
        if matches!(error, ApiError::Unauthorized) {
            return PageError::LoginRequired;
        }
        if matches!(error, ApiError::NotFound { .. }) {
            return PageError::NotFoundOnForm(message.into());
        }
        let status = if error.is_refusal() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            tracing::warn!(error = %error, "a form failed on the platform");
            StatusCode::BAD_GATEWAY
        };
        Self::shown_with(page, Alert::atencao(message), status)
    }

    fn status(&self) -> StatusCode {
        match self {
            PageError::NotFound | PageError::Missing(_) | PageError::NotFoundOnForm(_) => {
                StatusCode::NOT_FOUND
            }
            PageError::LoginRequired => StatusCode::UNAUTHORIZED,
            PageError::Platform { .. } => StatusCode::BAD_GATEWAY,
            PageError::Refused { status, .. } => *status,
            PageError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// A platform error met while drawing a page: 401 → login, 404 → the 404 page, anything
/// else → the error card.
impl From<ApiError> for PageError {
    fn from(error: ApiError) -> Self {
        match error {
            ApiError::Unauthorized => PageError::LoginRequired,
            ApiError::NotFound { .. } => PageError::NotFound,
            error => PageError::Platform { title: None, error },
        }
    }
}

/// Names the page whose platform call failed, so the error card keeps the page's title.
pub trait OnPage<T> {
    fn on_page(self, title: &'static str) -> PageResult<T>;
}

impl<T> OnPage<T> for Result<T, ApiError> {
    fn on_page(self, title: &'static str) -> PageResult<T> {
        self.map_err(|e| match PageError::from(e) {
            PageError::Platform { error, .. } => PageError::Platform {
                title: Some(title),
                error,
            },
            other => other,
        })
    }
}

/// The error travels to [`render_errors`] inside the response (extensions must be
/// `Clone`, hence the shared slot it is taken out of once).
#[derive(Clone)]
struct Pending(Arc<Mutex<Option<PageError>>>);

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let mut response = self.status().into_response();
        if matches!(self, PageError::LoginRequired) {
            // The guard clears the session and redirects.
            response.extensions_mut().insert(LoginRequired);
        } else {
            response
                .extensions_mut()
                .insert(Pending(Arc::new(Mutex::new(Some(self)))));
        }
        response
    }
}

/// Draws a handler's [`PageError`] with what the request tells about the user. Runs inside
/// the session guard, so the session it sees is the validated one.
pub async fn render_errors(State(app): State<AppState>, req: Request, next: Next) -> Response {
    let (mut parts, body) = req.into_parts();
    let wants_json = wants_json(&parts.headers);
    let ctx = Ctx::without_flash(&mut parts, &app).await;
    // The address as received, shared (not copied): only a refused body's page reads it.
    let uri = parts.uri.clone();
    let response = next.run(Request::from_parts(parts, body)).await;
    let response = super::headers::payload_too_large(uri.path(), response);
    let Some(Pending(slot)) = response.extensions().get::<Pending>().cloned() else {
        return response;
    };
    let taken = slot.lock().ok().and_then(|mut s| s.take());
    let (Some(error), Ok(mut ctx)) = (taken, ctx) else {
        return response;
    };
    // A handler may have ended the session (sign-up does): draw the page as a visitor.
    if ctx.jar.tokens().is_none() {
        ctx.session = None;
    }
    render(&ctx, error, wants_json)
}

fn render(ctx: &Ctx, error: PageError, wants_json: bool) -> Response {
    match error {
        PageError::NotFound => ctx.render(
            Page::new("Página não encontrada", cards::not_found())
                .with_status(StatusCode::NOT_FOUND),
        ),
        PageError::Missing(page) => ctx.render(page.with_status(StatusCode::NOT_FOUND)),
        PageError::LoginRequired => {
            let mut r = StatusCode::UNAUTHORIZED.into_response();
            r.extensions_mut().insert(LoginRequired);
            r
        }
        PageError::Platform { title, error } => {
            tracing::warn!(error = %error, path = %ctx.here, "page failed on a platform call");
            ctx.render(
                Page::new(
                    title.unwrap_or(cards::ERROR_TITLE),
                    cards::error_card(&ctx.here, None),
                )
                .with_status(StatusCode::BAD_GATEWAY),
            )
        }
        PageError::NotFoundOnForm(_) if !wants_json => render(ctx, PageError::NotFound, false),
        PageError::NotFoundOnForm(message) => island_refusal(message),
        PageError::Refused {
            page,
            alert,
            status,
        } => {
            if wants_json {
                return island_refusal(alert.mensagem);
            }
            ctx.render(page.with_status(status).with_alert(alert))
        }
        PageError::Unexpected(what) => {
            // The request's span carries its id; the card shows the same id.
            tracing::error!(path = %ctx.here, error = %what, "unexpected failure");
            let main = cards::error_card(&ctx.here, None);
            ctx.render(
                Page::new(cards::ERROR_TITLE, main).with_status(StatusCode::INTERNAL_SERVER_ERROR),
            )
        }
    }
}

/// An island's form refused: 422 with the message to show.
fn island_refusal(message: String) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        Json(json!({ "mensagem": message })),
    )
        .into_response()
}

/// `error` drawn for a visitor, by a middleware that runs outside the session (and so
/// outside [`render_errors`]): the shell as a visitor sees it, around the error card.
pub fn for_visitor(app: &AppState, here: &str, error: PageError) -> Response {
    render(&Ctx::visitor(app, here), error, false)
}

/// Islands drive the same routes as the forms and ask for JSON.
pub fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

/// The `{id}` of the path as a number; the 404 page otherwise.
pub struct Id(pub i64);

/// The `{doc}` of the path as a number; the 404 page otherwise.
pub struct DocId(pub i64);

async fn raw_number(parts: &mut Parts, state: &AppState, name: &str) -> PageResult<i64> {
    let params = axum::extract::RawPathParams::from_request_parts(parts, state)
        .await
        .map_err(|_| PageError::NotFound)?;
    params
        .iter()
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| v.parse::<i64>().ok())
        .filter(|v| *v > 0)
        .ok_or(PageError::NotFound)
}

impl FromRequestParts<AppState> for Id {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> PageResult<Self> {
        raw_number(parts, state, "id").await.map(Id)
    }
}

impl FromRequestParts<AppState> for DocId {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> PageResult<Self> {
        raw_number(parts, state, "doc").await.map(DocId)
    }
}

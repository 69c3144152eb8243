//! `Ctx`: what every page handler needs about the request (session, money visibility,
//! the one-shot alert), and the helpers that turn views and failures into responses.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use maud::Markup;

use super::AppState;
use super::error::{PageError, PageResult};
use super::session::{CurrentSession, Flash, Jar, Session};
use super::ui::{self, Page};
use super::unread::Unread;

pub struct Ctx {
    pub app: AppState,
    pub session: Option<std::sync::Arc<Session>>,
    pub jar: Jar,
    pub values_hidden: bool,
    pub flash: Option<Flash>,
    /// Path and query of this request (for "Tentar novamente").
    pub here: String,
    /// `?parcial=1`: the page's main content only, without the shell (islands load a
    /// step or a panel into a modal this way and still get the server's HTML).
    pub partial: bool,
    /// The header's unread-notification counter (see `web::unread`).
    pub unread: Unread,
}

impl FromRequestParts<AppState> for Ctx {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        let mut ctx = Ctx::without_flash(parts, app).await?;
        ctx.flash = ctx.jar.take_flash();
        // Only a full page shows the header: a fragment, a form post (it redirects) or a
        // file download does not need the counter.
        if let Some(s) = &ctx.session
            && !ctx.partial
            && parts.method == axum::http::Method::GET
        {
            ctx.unread = Unread::start(
                &app.api,
                &app.refused,
                &app.late_counts,
                &ctx.jar,
                &s.access_token,
            );
        }
        Ok(ctx)
    }
}

impl Ctx {
    /// The request's context without taking the one-shot alert (the error middleware
    /// builds one before the handler, which must still find the alert).
    pub(super) async fn without_flash(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
        let jar = match parts.extensions.get::<Jar>() {
            Some(j) => j.clone(),
            None => {
                let cookies = tower_cookies::Cookies::from_request_parts(parts, app)
                    .await
                    .map_err(IntoResponse::into_response)?;
                app.jar(cookies)
            }
        };
        let session = parts
            .extensions
            .get::<CurrentSession>()
            .and_then(|s| s.0.clone());
        let here = parts
            .uri
            .path_and_query()
            .map(|pq| pq.as_str().to_owned())
            .unwrap_or_else(|| super::routes::HOME.into());
        let partial = parts
            .uri
            .query()
            .is_some_and(|q| q.split('&').any(|kv| kv == "parcial=1"));
        Ok(Ctx {
            partial,
            app: app.clone(),
            values_hidden: jar.values_hidden(),
            flash: None,
            session,
            jar,
            here,
            unread: Unread::default(),
        })
    }

    /// A visitor's context, for a middleware that answers before (or without) the
    /// session: no cookies read, none kept.
    pub(super) fn visitor(app: &AppState, here: &str) -> Self {
        Ctx {
            partial: false,
            app: app.clone(),
            values_hidden: false,
            flash: None,
            session: None,
            jar: app.jar(tower_cookies::Cookies::default()),
            here: here.to_owned(),
            unread: Unread::default(),
        }
    }

    /// Renders a page inside the shell (or only its main content for `?parcial=1`).
    pub fn render(&self, page: Page) -> Response {
        let status = page.status;
        if self.partial {
            return (status, ui::layout::fragment(self, page)).into_response();
        }
        let body = super::pieces::Pieces::new(ui::layout::document_pieces(self, page));
        (
            status,
            [(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static("text/html; charset=utf-8"),
            )],
            axum::body::Body::new(body),
        )
            .into_response()
    }

    pub fn page(&self, title: &str, main: Markup) -> Response {
        self.render(Page::new(title, main))
    }

    /// The access token of the logged-in investor; private routes only run with one (the
    /// guard sends anybody else to login), so its absence means login.
    pub fn token(&self) -> PageResult<&str> {
        self.session
            .as_ref()
            .map(|s| s.access_token.as_str())
            .ok_or(PageError::LoginRequired)
    }

    /// The access token when there is a session (public pages show more to investors).
    pub fn maybe_token(&self) -> Option<&str> {
        self.session.as_ref().map(|s| s.access_token.as_str())
    }

    /// The money value, masked when the investor chose to hide values.
    pub fn money(&self, v: rust_decimal::Decimal) -> ui::format::Money {
        ui::format::money(v)
    }
}

//! `Ctx`: what every page handler needs about the request (session, money visibility,
//! the one-shot alert), and the helpers that turn views and failures into responses.

use axum::extract::FromRequestParts;
use axum::http::{StatusCode, request::Parts};
use axum::response::{IntoResponse, Response};
use maud::Markup;

use super::AppState;
use super::session::{CurrentSession, Flash, Jar, LoginRequired, Session};
use super::ui::{self, Page};
use crate::api::ApiError;

pub struct Ctx {
    pub app: AppState,
    pub session: Option<Session>,
    pub jar: Jar,
    pub values_hidden: bool,
    pub flash: Option<Flash>,
    /// Path and query of this request (for "Tentar novamente").
    pub here: String,
    /// `?parcial=1`: the page's main content only, without the shell (islands load a
    /// step or a panel into a modal this way and still get the server's HTML).
    pub partial: bool,
}

impl FromRequestParts<AppState> for Ctx {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Response> {
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
            .unwrap_or_else(|| "/".into());
        let partial = parts
            .uri
            .query()
            .is_some_and(|q| q.split('&').any(|kv| kv == "parcial=1"));
        Ok(Ctx {
            partial,
            app: app.clone(),
            values_hidden: jar.values_hidden(),
            flash: jar.take_flash(),
            session,
            jar,
            here,
        })
    }
}

impl Ctx {
    pub fn token(&self) -> Option<&str> {
        self.session.as_ref().map(|s| s.access_token.as_str())
    }

    /// Renders a full page inside the shell.
    pub fn render(&self, page: Page) -> Response {
        let status = page.status;
        if self.partial {
            return (status, ui::layout::fragment(self, page)).into_response();
        }
        (status, ui::layout::document(self, page)).into_response()
    }

    pub fn page(&self, title: &str, main: Markup) -> Response {
        self.render(Page::new(title, main))
    }

    /// A platform failure on a page: 401 → login (via the guard); anything else → the
    /// error card 'Ops! Houve uma falha.' inside the shell, never a 500.
    pub fn failure(&self, title: &str, err: &ApiError) -> Response {
        if matches!(err, ApiError::Unauthorized) {
            let mut r = StatusCode::UNAUTHORIZED.into_response();
            r.extensions_mut().insert(LoginRequired);
            return r;
        }
        tracing::warn!(error = %err, path = %self.here, "page failed on a platform call");
        let mut page = Page::new(title, ui::cards::error_card(&self.here, None));
        page.status = StatusCode::BAD_GATEWAY;
        self.render(page)
    }

    /// The money value, masked when the investor chose to hide values.
    pub fn money(&self, v: rust_decimal::Decimal) -> Markup {
        ui::format::money(v)
    }
}

//! The extractors of the pages. Axum's own answer what they cannot read (a repeated query
//! key, a path segment that is not UTF-8, a form sent with another content type) with a
//! plain-text 400 or 415, outside the shell; these answer inside it: the 404 page for an
//! address that names no page of this site, a refusal page for a form that cannot be read.

use axum::extract::rejection::FormRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::ui::{Page, cards};
use super::{PageError, PageResult};

/// The refusal of a form body that cannot be read (another content type, a broken body).
pub const MSG_FORM_UNREADABLE: &str =
    "Não foi possível ler o formulário enviado. Volte à página e envie novamente.";

/// The address's query read into `T`.
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> PageResult<Self> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(Query)
            .map_err(|_| PageError::NotFound)
    }
}

/// The path's parameters read into `T`; the 404 page when they cannot be (not UTF-8).
pub struct Path<T>(pub T);

// The one place axum's `Path` is read, its rejection turned into the 404 page.
#[allow(clippy::disallowed_types)]
impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> PageResult<Self> {
        let axum::extract::Path(value) = axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map_err(|_| PageError::NotFound)?;
        Ok(Path(value))
    }
}

/// The form's body read into `T`; a page saying the form could not be read otherwise, with
/// axum's status (415 for another content type, 400 or 422 for a broken body, 413 too large).
pub struct Form<T>(pub T);

// The one place axum's `Form` is read, its rejection turned into a page of the shell.
#[allow(clippy::disallowed_types)]
impl<T, S> FromRequest<S> for Form<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> PageResult<Self> {
        let here = req.uri().path().to_owned();
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(value)) => Ok(Form(value)),
            Err(rejection) => Err(unreadable(&here, &rejection)),
        }
    }
}

fn unreadable(here: &str, rejection: &FormRejection) -> PageError {
    let status = rejection.status();
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        super::headers::TOO_LARGE
    } else {
        MSG_FORM_UNREADABLE
    };
    let page = Page::new(
        "Formulário não enviado",
        cards::error_card(here, Some(message)),
    );
    PageError::alert(page, message, status)
}

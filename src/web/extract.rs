//! The query-string extractor of the pages. Axum's own answers a query it cannot read (a
//! repeated key, a value of the wrong kind) with its plain-text 400, outside the shell; this
//! one answers the 404 page like any other address that names no page of this site.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::{PageError, PageResult};

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

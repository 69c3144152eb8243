//! The outermost middleware but for the visitor's kept pages (`web::visitors`, which notes
//! what it answers the same way, through [`Seen`]): gives every request its id (the
//! proxy's `X-Request-Id` when sane, or a new one), runs the request inside that id's
//! scope and a tracing span (so every log line and platform call of the request carries
//! it), answers with the id in `X-Request-Id`, and records the request's latency per
//! route. It also puts the security headers on every answer (`headers::SecurityHeaders`),
//! the timeout's 408 included: one layer instead of two, as each costs every request an
//! allocation or two.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument as _;

use crate::api::request_id::{self, RequestId};
use crate::telemetry;
use crate::web::AppState;
use crate::web::headers::SecurityHeaders;

pub async fn observe(State(app): State<AppState>, mut req: Request, next: Next) -> Response {
    let seen = Seen::of(&req);
    let security = SecurityHeaders::of(&req);
    security.note(&mut req);
    let mut response = seen
        .id
        .clone()
        .scope(next.run(req))
        .instrument(seen.span.clone())
        .await;
    security.apply(&app, &mut response);
    seen.answered(response)
}

/// What the outermost middleware notes of a request before it is answered: its id, its
/// span, its route and method, and when it came. A visitor's kept page, answered before
/// `observe` (`web::visitors`), is noted the same way.
pub struct Seen {
    id: RequestId,
    span: tracing::Span,
    method: axum::http::Method,
    /// The router's template (`/investir/{id}`), never the raw path: one series per route,
    /// and no investor's ids in the labels. Shared, not copied: read as text only by an
    /// enabled span and by metrics.
    matched: Option<MatchedPath>,
    started: Instant,
}

impl Seen {
    /// The request's id (the proxy's `X-Request-Id` when sane, or a new one) and its span.
    pub fn of(req: &Request) -> Self {
        let id = RequestId::from_header(
            req.headers()
                .get(request_id::HEADER_NAME)
                .and_then(|v| v.to_str().ok()),
        )
        .unwrap_or_else(RequestId::generate);
        let matched = req.extensions().get::<MatchedPath>().cloned();
        let route = matched.as_ref().map_or("sem-rota", MatchedPath::as_str);
        let method = req.method().clone();
        let span = tracing::info_span!("request", request_id = %id, %method, %route);
        Seen {
            id,
            span,
            method,
            matched,
            started: Instant::now(),
        }
    }

    /// Logs the access line, records the latency per route and answers with the id in
    /// `X-Request-Id`.
    pub fn answered(self, mut response: Response) -> Response {
        let elapsed = self.started.elapsed();
        let status = response.status();
        self.span.in_scope(|| {
            tracing::info!(
                target: "colheita::acesso",
                status = status.as_u16(),
                ms = elapsed.as_secs_f64() * 1000.0,
                "answered"
            );
        });
        if telemetry::recording() {
            let route = self
                .matched
                .as_ref()
                .map_or("sem-rota", MatchedPath::as_str);
            metrics::histogram!(telemetry::HTTP_REQUEST_DURATION,
                "method" => self.method.as_str().to_owned(), "route" => route.to_owned(),
                "status" => status.as_str().to_owned())
            .record(elapsed);
        }
        if let Ok(v) = HeaderValue::from_str(self.id.as_str()) {
            response.headers_mut().insert(request_id::HEADER_NAME, v);
        }
        response
    }
}

//! Prometheus metrics of the web app (the `metrics` facade with its Prometheus exporter),
//! served on their own address (`--metrics-addr`), never on the public one: route names
//! and error rates are for the operator, not for the Internet.
//!
//! Without `--metrics-addr` no recorder is installed: every `metrics::` call is a no-op,
//! and the request path skips its calls altogether ([`recording`]), labels and all.
//! Labels are bounded sets (route templates, endpoint templates, outcomes), never values a
//! user chose, so the series count cannot be blown up from outside.

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

/// Seconds to answer one inbound request, by `method`, `route` (the router's template,
/// e.g. `/investir/{id}`) and `status`.
pub const HTTP_REQUEST_DURATION: &str = "colheita_http_request_duration_seconds";
/// Seconds of one platform call, by `method`, `endpoint` (ids replaced by `{id}`) and
/// `outcome` (`ok` or the error kind).
pub const PLATFORM_REQUEST_DURATION: &str = "colheita_platform_request_duration_seconds";
/// Failed platform calls, by `method`, `endpoint` and `kind` (`transport`, `timeout`,
/// `unreadable`, `status_4xx`, `status_5xx`, `status_401`).
pub const PLATFORM_ERRORS: &str = "colheita_platform_errors_total";
/// A visitor's public platform data asked of the micro-cache, by `outcome` (`hit`: answered
/// without a platform call of its own; `miss`: this request made the call).
pub const MICROCACHE_REQUESTS: &str = "colheita_microcache_requests_total";
/// Sessions whose access token the web app refreshed, by `outcome` (`ok`, `failed`).
pub const SESSIONS_REFRESHED: &str = "colheita_sessions_refreshed_total";
/// Counts the shared limits store (`--limits-url`) could not take: each one refused its
/// sign-up or password change with 503.
pub const LIMITS_STORE_ERRORS: &str = "colheita_limits_store_errors_total";

/// Latency buckets, in seconds: from a cached page (under a millisecond) to the request
/// timeout's order of magnitude.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static HANDLE: OnceLock<Result<PrometheusHandle, String>> = OnceLock::new();

/// Whether metrics are being recorded (`--metrics-addr`). Without a recorder a `metrics::`
/// call records nothing but still builds its labels (a few allocations each, several per
/// page): callers on the request path ask this first.
pub fn recording() -> bool {
    HANDLE.get().is_some_and(Result::is_ok)
}

/// Installs the process's recorder (once; later calls get the same handle).
pub fn install() -> Result<PrometheusHandle, String> {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
                .map_err(|e| e.to_string())?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).map_err(|e| e.to_string())?;
            Ok(handle)
        })
        .clone()
}

/// Serves `GET /metrics` (Prometheus text format) on `listener` until `shutdown`, and
/// keeps the recorder's histograms drained between scrapes.
pub async fn serve(
    listener: TcpListener,
    handle: PrometheusHandle,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(5));
        loop {
            tick.tick().await;
            upkeep.run_upkeep();
        }
    });
    let app = Router::new().route(
        "/metrics",
        get(move || {
            let handle = handle.clone();
            async move {
                (
                    [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
                    handle.render(),
                )
                    .into_response()
            }
        }),
    );
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
    {
        tracing::warn!(error = %e, "the metrics listener stopped");
    }
}

/// A platform path as a metric label: every segment holding a digit (an id, a code) but
/// the API version (`v1`) becomes `{id}`, so `/v1/reservas/42/pix` and `/v1/reservas/43/pix`
/// are one series.
pub fn endpoint_label(path: &str) -> String {
    let version = |s: &str| {
        s.strip_prefix('v')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    path.split('/')
        .map(|s| {
            if s.bytes().any(|b| b.is_ascii_digit()) && !version(s) {
                "{id}"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_a_platform_path_become_one_label() {
        assert_eq!(
            endpoint_label("/v1/reservas/42/pix"),
            "/v1/reservas/{id}/pix"
        );
        assert_eq!(endpoint_label("/v1/captacoes"), "/v1/captacoes");
        assert_eq!(
            endpoint_label("/v1/captacoes/abc123/documentos"),
            "/v1/captacoes/{id}/documentos"
        );
        assert_eq!(endpoint_label("/"), "/");
        assert_eq!(endpoint_label("/v12/x/v2a"), "/v12/x/{id}");
    }
}

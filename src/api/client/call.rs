//! One platform call's measurement: its duration and outcome, as the telemetry's metrics.

use std::time::Instant;

use reqwest::Method;

use crate::api::error::ApiError;
use crate::telemetry;

/// One platform call being measured: its labels and when it started.
pub(super) struct Call {
    pub(super) method: Method,
    pub(super) endpoint: String,
    pub(super) started: Instant,
}

impl Call {
    /// Records the call's duration with `outcome`; anything but `ok` also counts as an error.
    pub(super) fn finish(&self, outcome: &'static str) {
        if !telemetry::recording() {
            return;
        }
        let method = self.method.as_str().to_owned();
        metrics::histogram!(telemetry::PLATFORM_REQUEST_DURATION,
            "method" => method.clone(), "endpoint" => self.endpoint.clone(), "outcome" => outcome)
        .record(self.started.elapsed());
        if outcome != "ok" {
            metrics::counter!(telemetry::PLATFORM_ERRORS,
                "method" => method, "endpoint" => self.endpoint.clone(), "kind" => outcome)
            .increment(1);
        }
    }

    /// Finishes the call as `ok`, or as `unreadable` when its body did not parse.
    pub(super) fn parsed<T>(self, result: Result<T, ApiError>) -> Result<T, ApiError> {
        self.finish(if result.is_ok() { "ok" } else { "unreadable" });
        result
    }

    pub(super) fn status_kind(status: u16) -> &'static str {
        match status {
            401 => "status_401",
            400..=499 => "status_4xx",
            500..=599 => "status_5xx",
            _ => "status_other",
        }
    }
}

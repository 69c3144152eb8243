//! Colheita: the investor web app of a Brazilian agribusiness investment platform.
//!
//! `web::router` is the product; `sandbox::Sandbox` is the embedded platform used by
//! default and by the tests. Both are exposed so tests start them on port 0. The sandbox
//! is the `sandbox` cargo feature (on by default): a production build leaves it out, and
//! with it the demo login provider.

pub mod api;
pub mod config;
pub mod domain;
pub mod rate_limit;
#[cfg(feature = "sandbox")]
pub mod sandbox;
pub mod startup;
pub mod telemetry;
pub mod web;

//! Typed client of the platform API and of the login provider.

mod auth;
mod cadastro;
mod cadastro_novo;
mod captacoes;
mod client;
mod error;
mod extrato;
mod microcache;
pub mod models;
pub mod request_id;
mod reservas;
mod seguranca;

pub use cadastro::NewDocument;
pub use captacoes::{Blob, CaptacaoQuery};
pub use client::{ClientConfig, PlatformClient};
pub use error::{ApiError, GENERIC_ERROR};
pub use extrato::{TIPO_NOTIFICACAO, statement_query};

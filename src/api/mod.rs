//! Typed client of the platform API and of the login provider.

mod auth;
mod cadastro;
mod caminho;
mod captacoes;
mod client;
mod error;
mod extrato;
mod informe;
mod investimentos;
mod microcache;
pub mod models;
mod notificacoes;
mod plataforma;
mod produtos;
pub mod request_id;
mod reservas;
mod seguranca;
mod signup;
mod termos;

pub use cadastro::NewDocument;
pub use captacoes::{Blob, CaptacaoQuery};
pub use client::{ClientConfig, PlatformClient, install_tls_provider};
pub use error::{ApiError, GENERIC_ERROR};
pub use extrato::extrato_query;
pub use notificacoes::TIPO_NOTIFICACAO;
pub use plataforma::HistoricoPlataforma;

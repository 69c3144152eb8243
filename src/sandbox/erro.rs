//! Errors: `SandboxError` for start-up, `ApiError` for answers in the platform's error
//! envelope `{"mensagem": "...", "detalheErro": "..."}`, the one shape every platform
//! error has.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Why the sandbox could not start.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("sandbox: arquivo {caminho}: {fonte}")]
    Arquivo {
        caminho: String,
        #[source]
        fonte: std::io::Error,
    },
    #[error("sandbox: banco de dados: {0}")]
    Banco(#[from] rusqlite::Error),
    #[error("sandbox: dados iniciais inválidos: {0}")]
    Seed(String),
    #[error("sandbox: {0}")]
    Tarefa(String),
}

/// A non-2xx answer of the API.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    mensagem: String,
    detalhe: Option<String>,
}

#[derive(Serialize)]
struct Envelope<'a> {
    mensagem: &'a str,
    #[serde(rename = "detalheErro", skip_serializing_if = "Option::is_none")]
    detalhe_erro: Option<&'a str>,
}

pub(crate) const SESSAO_INVALIDA: &str = "Sessão expirada ou inválida.";
/// The platform's answer for a document that does not exist (yet).
pub(crate) const NENHUM_ARQUIVO: &str = "Nenhum arquivo encontrado.";

impl ApiError {
    pub(crate) fn new(status: StatusCode, mensagem: impl Into<String>) -> Self {
        Self {
            status,
            mensagem: mensagem.into(),
            detalhe: None,
        }
    }

    pub(crate) fn com_detalhe(mut self, detalhe: impl Into<String>) -> Self {
        self.detalhe = Some(detalhe.into());
        self
    }

    pub(crate) fn requisicao(mensagem: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, mensagem)
    }

    pub(crate) fn nao_encontrado() -> Self {
        Self::new(StatusCode::NOT_FOUND, "Recurso não encontrado.")
    }

    /// 404 for a document that does not exist (yet).
    pub(crate) fn nenhum_arquivo() -> Self {
        Self::new(StatusCode::NOT_FOUND, NENHUM_ARQUIVO)
    }

    pub(crate) fn nao_autorizado(mensagem: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, mensagem)
    }

    /// Something broke inside the sandbox; the cause goes to the log, not to the client.
    pub(crate) fn interno(causa: impl std::fmt::Display) -> Self {
        tracing::error!(erro = %causa, "sandbox: erro interno");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Ocorreu um erro. Tente novamente.",
        )
    }

    #[cfg(test)]
    pub(crate) fn status(&self) -> StatusCode {
        self.status
    }

    pub(crate) fn mensagem(&self) -> &str {
        &self.mensagem
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(e: r2d2::Error) -> Self {
        Self::interno(format!("banco de dados: {e}"))
    }
}

impl From<r2d2::Error> for SandboxError {
    fn from(e: r2d2::Error) -> Self {
        Self::Tarefa(format!("banco de dados: {e}"))
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        Self::interno(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let corpo = Envelope {
            mensagem: &self.mensagem,
            detalhe_erro: self.detalhe.as_deref(),
        };
        let mut resposta = (self.status, Json(corpo)).into_response();
        if self.status == StatusCode::UNAUTHORIZED {
            resposta
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        resposta
    }
}

/// Fallback of the sandbox router.
pub(crate) async fn nao_encontrado() -> ApiError {
    ApiError::nao_encontrado()
}

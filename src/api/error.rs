//! One typed error for every platform failure, mapped to what the user sees: the
//! platform's own message when it sent one, 'Ocorreu um erro. Tente novamente.' otherwise.

use serde::Deserialize;

/// 'Ocorreu um erro. Tente novamente.': 503, empty, unknown or failed responses.
pub const GENERIC_ERROR: &str = "Ocorreu um erro. Tente novamente.";

/// What an error prints (`{}`, hence every log line) never carries the platform's message
/// nor a body: they may quote what the investor sent (a CPF, an e-mail). The message is
/// for the investor's screen only ([`ApiError::user_message`]).
#[derive(Debug, Clone, thiserror::Error)]
pub enum ApiError {
    /// 401: the session is no longer accepted; the user goes to login.
    #[error("não autorizado")]
    Unauthorized,
    /// 404 from the platform.
    #[error("não encontrado")]
    NotFound { message: String },
    /// 503, a timeout, a refused connection, an empty or unreadable body. The text is
    /// built by [`ApiError::transport`] / [`ApiError::unreadable`], which keep values out.
    #[error("falha de transporte: {0}")]
    Unavailable(String),
    /// Any other non-2xx answer carrying the platform's message ("thrown errors").
    #[error("erro do servidor ({status})")]
    Server {
        status: u16,
        message: String,
        detail: Option<String>,
    },
}

impl ApiError {
    /// A failed call: what went wrong, without the URL (its query may hold an e-mail).
    pub(crate) fn transport(e: &reqwest::Error) -> ApiError {
        let kind = if e.is_timeout() {
            "tempo esgotado"
        } else if e.is_connect() {
            "conexão recusada"
        } else if e.is_body() || e.is_decode() {
            "corpo interrompido"
        } else {
            "requisição falhou"
        };
        ApiError::Unavailable(kind.to_owned())
    }

    /// A body that is not the JSON expected: where it broke, never the value it quotes.
    pub(crate) fn unreadable(e: &serde_json::Error) -> ApiError {
        ApiError::Unavailable(format!(
            "corpo ilegível ({:?}, linha {}, coluna {})",
            e.classify(),
            e.line(),
            e.column()
        ))
    }

    /// The Portuguese text the user sees for this error.
    pub fn user_message(&self) -> String {
        match self {
            ApiError::Unavailable(_) | ApiError::Unauthorized => GENERIC_ERROR.to_owned(),
            ApiError::NotFound { message } | ApiError::Server { message, .. } => {
                if message.trim().is_empty() {
                    GENERIC_ERROR.to_owned()
                } else {
                    message.clone()
                }
            }
        }
    }

    /// The platform's `detalheErro`, when it sent one: what a failed document shows.
    pub fn detail(&self) -> Option<&str> {
        match self {
            ApiError::Server {
                detail: Some(d), ..
            } if !d.trim().is_empty() => Some(d),
            _ => None,
        }
    }

    /// A refusal of what the user sent (a 4xx with the platform's message): the user's to
    /// fix, not a failure of the platform.
    pub fn is_refusal(&self) -> bool {
        matches!(self, ApiError::Server { status, .. } if (400..500).contains(status))
    }

    /// The platform no longer accepts the session: the page goes to login.
    pub fn ends_session(&self) -> bool {
        matches!(self, ApiError::Unauthorized)
    }

    /// Whether the platform's message or detail contains `text`.
    pub fn mentions(&self, text: &str) -> bool {
        match self {
            ApiError::Server {
                message, detail, ..
            } => message.contains(text) || detail.as_deref().is_some_and(|d| d.contains(text)),
            ApiError::NotFound { message } => message.contains(text),
            _ => false,
        }
    }

    /// Builds the error for a non-2xx answer from its status and body.
    pub(crate) fn from_status(status: u16, body: &[u8]) -> ApiError {
        #[derive(Deserialize)]
        struct Envelope {
            #[serde(default)]
            mensagem: Option<String>,
            #[serde(default, rename = "detalheErro")]
            detalhe_erro: Option<String>,
        }
        if status == 401 {
            return ApiError::Unauthorized;
        }
        if status == 503 {
            return ApiError::Unavailable("503".into());
        }
        let envelope: Option<Envelope> = serde_json::from_slice(body).ok();
        // A 404 says what it is even without a message (a platform without an endpoint).
        if status == 404 {
            let message = envelope.and_then(|e| e.mensagem).unwrap_or_default();
            return ApiError::NotFound { message };
        }
        let (message, detail) = match envelope {
            Some(Envelope {
                mensagem: Some(m),
                detalhe_erro,
            }) if !m.trim().is_empty() => (m, detalhe_erro),
            // No readable message: an unknown failure.
            _ => return ApiError::Unavailable(format!("status {status} sem mensagem")),
        };
        ApiError::Server {
            status,
            message,
            detail,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_log_prints_carries_no_message_nor_value() {
        let cpf = "38251794609";
        let e = ApiError::from_status(
            400,
            format!(r#"{{"mensagem":"CPF {cpf} já cadastrado","detalheErro":"{cpf}"}}"#).as_bytes(),
        );
        assert!(!e.to_string().contains(cpf), "{e}");
        assert!(e.user_message().contains(cpf), "the screen still shows it");
        let e = ApiError::from_status(404, format!(r#"{{"mensagem":"{cpf}"}}"#).as_bytes());
        assert!(!e.to_string().contains(cpf));
        let bad: Result<u32, _> = serde_json::from_str(&format!("\"{cpf}\""));
        let e = ApiError::unreadable(&bad.expect_err("a string is not a number"));
        assert!(!e.to_string().contains(cpf), "{e}");
    }

    #[test]
    fn a_503_shows_the_generic_message() {
        assert_eq!(
            ApiError::from_status(503, b"{}").user_message(),
            GENERIC_ERROR
        );
    }

    #[test]
    fn a_thrown_error_shows_the_server_message() {
        let e = ApiError::from_status(400, br#"{"mensagem":"Valor inv\u00e1lido"}"#);
        assert_eq!(e.user_message(), "Valor inválido");
    }

    #[test]
    fn garbage_and_empty_bodies_are_unknown_failures() {
        for body in [&b"<html>"[..], b"", b"{}", br#"{"mensagem":"  "}"#] {
            assert_eq!(
                ApiError::from_status(500, body).user_message(),
                GENERIC_ERROR
            );
        }
    }

    #[test]
    fn the_detail_is_read_when_present() {
        let e = ApiError::from_status(
            400,
            r#"{"mensagem":"Erro","detalheErro":"Arquivo corrompido"}"#.as_bytes(),
        );
        assert_eq!(e.detail(), Some("Arquivo corrompido"));
        let e = ApiError::from_status(400, br#"{"mensagem":"Erro","detalheErro":" "}"#);
        assert_eq!(e.detail(), None);
        assert_eq!(ApiError::from_status(503, b"").detail(), None);
    }

    #[test]
    fn a_404_is_not_found_with_or_without_a_message() {
        for body in [
            &b""[..],
            b"<html>",
            br#"{"mensagem":"Captacao nao encontrada"}"#,
        ] {
            assert!(matches!(
                ApiError::from_status(404, body),
                ApiError::NotFound { .. }
            ));
        }
        assert_eq!(
            ApiError::from_status(404, b"").user_message(),
            GENERIC_ERROR
        );
    }

    #[test]
    fn a_401_is_unauthorized() {
        assert!(matches!(
            ApiError::from_status(401, b""),
            ApiError::Unauthorized
        ));
    }
}

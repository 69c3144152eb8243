//! The notifications (`/v1/notificacoes…`): the list of a tab, one message, the unread
//! counter and the 'Aplicativo' setting.

use reqwest::Method;

use super::models::{
    NotificacaoConfiguracao, NotificacaoContador, NotificacaoDetalhe, NotificacaoPagina,
};
use super::{ApiError, PlatformClient};

/// The notification type the product reads and writes.
pub const TIPO_NOTIFICACAO: &str = "TODOS";

impl PlatformClient {
    /// `GET /v1/notificacoes?lidas=&Page=&PageSize=`.
    pub async fn notificacoes(
        &self,
        token: &str,
        read: bool,
        page: u32,
        page_size: u32,
    ) -> Result<NotificacaoPagina, ApiError> {
        let q = [
            ("lidas", read.to_string()),
            ("Page", page.to_string()),
            ("PageSize", page_size.to_string()),
        ];
        self.get_json("/v1/notificacoes", &q, Some(token)).await
    }

    /// `GET /v1/notificacoes/{id}`: the message, which the platform then counts as read.
    pub async fn notificacao(&self, token: &str, id: i64) -> Result<NotificacaoDetalhe, ApiError> {
        self.get_json(&format!("/v1/notificacoes/{id}"), &(), Some(token))
            .await
    }

    /// `GET /v1/notificacoes/contador`: how many are unread.
    pub async fn notificacoes_contador(&self, token: &str) -> Result<u32, ApiError> {
        let c: NotificacaoContador = self
            .get_json("/v1/notificacoes/contador", &(), Some(token))
            .await?;
        Ok(c.nao_lidas)
    }

    /// `GET /v1/notificacoes/configuracoes`: the first setting is the one used; none
    /// means notifications are on.
    pub async fn notificacoes_configuracao(
        &self,
        token: &str,
    ) -> Result<NotificacaoConfiguracao, ApiError> {
        let list: Vec<NotificacaoConfiguracao> = self
            .get_json("/v1/notificacoes/configuracoes", &(), Some(token))
            .await?;
        Ok(list.into_iter().next().unwrap_or(NotificacaoConfiguracao {
            tipo_notificacao: TIPO_NOTIFICACAO.to_owned(),
            recebe_notificacao: true,
        }))
    }

    /// `POST /v1/notificacoes/configuracoes` `{tipoNotificacao: 'TODOS', recebeNotificacao}`.
    pub async fn save_notificacoes_configuracao(
        &self,
        token: &str,
        on: bool,
    ) -> Result<(), ApiError> {
        let body = NotificacaoConfiguracao {
            tipo_notificacao: TIPO_NOTIFICACAO.to_owned(),
            recebe_notificacao: on,
        };
        let rb = self
            .api(Method::POST, "/v1/notificacoes/configuracoes", Some(token))
            .json(&body);
        self.send(rb).await.map(|_| ())
    }
}

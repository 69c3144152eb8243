//! Account security (`/v2/seguranca`): the password change.

use reqwest::Method;
use serde_json::json;

use super::{ApiError, PlatformClient};

impl PlatformClient {
    /// `PUT /v2/seguranca/senha` `{senhaAtual, novaSenha, confirmacaoSenha}`; any 2xx
    /// (the sandbox answers 204) is success.
    pub async fn change_password(
        &self,
        token: &str,
        senha_atual: &str,
        nova_senha: &str,
        confirmacao_senha: &str,
    ) -> Result<(), ApiError> {
        let body = json!({
            "senhaAtual": senha_atual,
            "novaSenha": nova_senha,
            "confirmacaoSenha": confirmacao_senha,
        });
        self.send(
            self.api(Method::PUT, "/v2/seguranca/senha", Some(token))
                .json(&body),
        )
        .await
        .map(|_| ())
    }
}

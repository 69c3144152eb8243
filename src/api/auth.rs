//! Login provider calls.

use reqwest::Method;
use serde_json::json;

use super::{ApiError, PlatformClient, models::TokenResponse};

/// The OAuth scope sent with every token call.
const SCOPE: &str = "openid";

impl PlatformClient {
    /// `POST /api/autenticacao/token`: exchanges a login code for a token, with the PKCE
    /// verifier of the login's challenge and the redirect URI the code was issued for.
    pub async fn exchange_code(
        &self,
        code: &str,
        code_verifier: &str,
        redirect_uri: &str,
    ) -> Result<TokenResponse, ApiError> {
        let body = json!({"clientId": self.client_id(), "scope": SCOPE, "code": code,
            "code_verifier": code_verifier, "redirect_uri": redirect_uri});
        self.json(
            self.auth(Method::POST, "/api/autenticacao/token")
                .json(&body),
        )
        .await
    }

    /// `PUT /api/autenticacao/token`: refreshes (the refresh token rotates).
    pub async fn refresh_token(&self, refresh_token: &str) -> Result<TokenResponse, ApiError> {
        let body =
            json!({"clientId": self.client_id(), "scope": SCOPE, "refresh_token": refresh_token});
        self.json(
            self.auth(Method::PUT, "/api/autenticacao/token")
                .json(&body),
        )
        .await
    }

    /// `PUT /api/autenticacao/encerrar-sessao`: ends the session at the provider.
    pub async fn end_session(&self, refresh_token: &str) -> Result<(), ApiError> {
        let body =
            json!({"clientId": self.client_id(), "scope": SCOPE, "refresh_token": refresh_token});
        self.send(
            self.auth(Method::PUT, "/api/autenticacao/encerrar-sessao")
                .json(&body),
        )
        .await
        .map(|_| ())
    }
}

//! The tax return (`/v1/informe…`): the years that have one and each year's PDF.

use reqwest::Method;

use super::models::DeclaracaoIrpf;
use super::{ApiError, Blob, PlatformClient};

impl PlatformClient {
    /// `GET /v1/informe/anos`: the years with a tax return.
    pub async fn informe_anos(&self, token: &str) -> Result<Vec<i32>, ApiError> {
        self.get_json("/v1/informe/anos", &(), Some(token)).await
    }

    /// `GET /v1/informe/{ano}`: the tax return of a year (PDF).
    pub async fn informe(&self, token: &str, ano: i32) -> Result<Blob, ApiError> {
        self.blob(self.api(Method::GET, &format!("/v1/informe/{ano}"), Some(token)))
            .await
    }

    /// `GET /v1/informe/{ano}/declaracao`: how to declare each holding of the year.
    pub async fn informe_declaracao(
        &self,
        token: &str,
        ano: i32,
    ) -> Result<DeclaracaoIrpf, ApiError> {
        self.get_json(&format!("/v1/informe/{ano}/declaracao"), &(), Some(token))
            .await
    }
}

//! The terms documents of 'Meus termos' (`/v1/termos/{tipo}`).

use reqwest::Method;

use super::{ApiError, Blob, PlatformClient};

impl PlatformClient {
    /// `GET /v1/termos/{tipo}`: a document of 'Meus termos' (PDF).
    pub async fn termo_documento(&self, token: &str, tipo: &str) -> Result<Blob, ApiError> {
        let path = super::caminho::termo(tipo)?;
        self.blob(self.api(Method::GET, &path, Some(token))).await
    }
}

//! Registration calls (`/v1/cadastro`).

use super::{ApiError, PlatformClient, models::User};

impl PlatformClient {
    /// `GET /v1/cadastro/meucadastro`: the logged-in user's registration.
    pub async fn my_registration(&self, token: &str) -> Result<User, ApiError> {
        self.get_json("/v1/cadastro/meucadastro", &(), Some(token))
            .await
    }
}

//! Reservation calls (`/v1/reservas`).

use super::{ApiError, PlatformClient, models::Resumo};

impl PlatformClient {
    /// `GET /v1/reservas/resumo`: summarised balance and portfolio.
    pub async fn summary(&self, token: &str) -> Result<Resumo, ApiError> {
        self.get_json("/v1/reservas/resumo", &(), Some(token)).await
    }
}

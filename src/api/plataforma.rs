//! The platform's track record (`GET /v1/plataforma/historico`, public).

use jiff::civil::Date;
use serde::Deserialize;

use super::{ApiError, PlatformClient};
use crate::domain::historico::{Ano, Inadimplencia};

/// The track record as the platform computed it on `data_referencia`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct HistoricoPlataforma {
    pub data_referencia: Option<Date>,
    pub anos: Vec<Ano>,
    pub inadimplencia: Inadimplencia,
}

impl PlatformClient {
    /// `GET /v1/plataforma/historico`.
    pub async fn historico_plataforma(&self) -> Result<HistoricoPlataforma, ApiError> {
        self.get_json("/v1/plataforma/historico", &(), None).await
    }
}

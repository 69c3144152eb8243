//! Offering calls (`/v1/captacoes`), public: the token is sent when there is one; the list
//! and the detail are parsed once and shared between askers as `client::get_public` allows.
//! The list is read into the slim [`CaptacaoResumo`], the detail whole.

use std::sync::Arc;

use serde::Serialize;

use reqwest::Method;

use super::{
    ApiError, PlatformClient,
    models::{Captacao, CaptacaoResumo, SearchResponse, SimulacaoItem},
};
use crate::domain::status::CaptacaoStatus;

/// A file from the platform: its content type and bytes.
#[derive(Debug, Clone)]
pub struct Blob {
    pub content_type: String,
    pub bytes: bytes::Bytes,
}

/// Query of `GET /v1/captacoes`, serialised with the platform's PascalCase parameter names.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct CaptacaoQuery {
    pub page: u32,
    pub page_size: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_search: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_by_field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_by_criteria: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_captacao: Option<CaptacaoStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vencimento: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acompanhamento: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disponivel: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nome_captacao: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_inicio: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_fim: Option<String>,
}

impl PlatformClient {
    pub async fn captacoes(
        &self,
        query: &CaptacaoQuery,
        token: Option<&str>,
    ) -> Result<Arc<SearchResponse<CaptacaoResumo>>, ApiError> {
        self.get_public("/v1/captacoes", query, token).await
    }

    pub async fn captacao(&self, id: i64, token: Option<&str>) -> Result<Arc<Captacao>, ApiError> {
        self.get_public(&format!("/v1/captacoes/{id}"), &(), token)
            .await
    }

    pub async fn captacao_by_url(
        &self,
        url_amigavel: &str,
        token: Option<&str>,
    ) -> Result<Arc<Captacao>, ApiError> {
        let path = super::caminho::captacao_by_url(url_amigavel)?;
        self.get_public(&path, &(), token).await
    }

    /// `GET /v1/captacoes/{id}/documento/{docId}`: the file (a PDF).
    pub async fn captacao_documento(
        &self,
        id: i64,
        doc_id: i64,
        token: Option<&str>,
    ) -> Result<Blob, ApiError> {
        self.blob(self.api(
            Method::GET,
            &format!("/v1/captacoes/{id}/documento/{doc_id}"),
            token,
        ))
        .await
    }

    /// `GET /v1/reservas/simular/{id}?valorBase`: the scenarios for an amount.
    pub async fn simulate(
        &self,
        id: i64,
        valor_base: rust_decimal::Decimal,
        token: Option<&str>,
    ) -> Result<Vec<SimulacaoItem>, ApiError> {
        self.get_json(
            &format!("/v1/reservas/simular/{id}"),
            &[("valorBase", valor_base.to_string())],
            token,
        )
        .await
    }
}

//! An investor's holding after the money goes in (`/v1/investimentos`) and the issuer's
//! updates about its offering (`/v1/captacoes/{id}/atualizacoes`, public like the offering).

use std::sync::Arc;

use reqwest::Method;

use super::{
    ApiError, Blob, PlatformClient,
    models::{Atualizacoes, Investimento},
};

impl PlatformClient {
    /// `GET /v1/investimentos/{urlAmigavel}`: the investor's position in that offering; not
    /// found when the investor holds none there.
    pub async fn investimento(
        &self,
        token: &str,
        url_amigavel: &str,
    ) -> Result<Investimento, ApiError> {
        let path = super::caminho::investimento(url_amigavel)?;
        self.get_json(&path, &(), Some(token)).await
    }

    /// `GET /v1/captacoes/{id}/atualizacoes`: the issuer's updates, newest first.
    pub async fn atualizacoes(
        &self,
        id_captacao: i64,
        token: Option<&str>,
    ) -> Result<Arc<Atualizacoes>, ApiError> {
        self.get_public(
            &format!("/v1/captacoes/{id_captacao}/atualizacoes"),
            &(),
            token,
        )
        .await
    }

    /// `GET /v1/captacoes/{id}/atualizacoes/{atualizacaoId}/relatorio`: the update's report
    /// (a PDF); not found when the update has none.
    pub async fn atualizacao_relatorio(
        &self,
        id_captacao: i64,
        id_atualizacao: i64,
        token: Option<&str>,
    ) -> Result<Blob, ApiError> {
        self.blob(self.api(
            Method::GET,
            &format!("/v1/captacoes/{id_captacao}/atualizacoes/{id_atualizacao}/relatorio"),
            token,
        ))
        .await
    }
}

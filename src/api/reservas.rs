//! Reservation calls (`/v1/reservas`) and the order flow: create the reservation, sign the
//! term, confirm the investment.

use reqwest::Method;
use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use super::{
    ApiError, PlatformClient,
    captacoes::Blob,
    models::{
        AlocacaoDetalhada, AlocacaoResumida, Confirmacao, Reserva, ReservaDocumento,
        ReservaPendente, ReservaTermo, Resumo, Skipped,
    },
};

impl PlatformClient {
    /// `GET /v1/reservas/resumo`: summarised balance and portfolio.
    pub async fn resumo(&self, token: &str) -> Result<Resumo, ApiError> {
        self.get_json("/v1/reservas/resumo", &(), Some(token)).await
    }

    /// `POST /v1/reservas`: creates the reservation (order step 1).
    pub async fn create_reserva(
        &self,
        token: &str,
        id_captacao: i64,
        investimento: Decimal,
        tipo_pagamento: i64,
    ) -> Result<ReservaTermo, ApiError> {
        let body = NovaReserva {
            id_captacao,
            origem: "Ativa",
            investimento,
            simulado: false,
            tipo_pagamento,
        };
        self.json(
            self.api(Method::POST, "/v1/reservas", Some(token))
                .json(&body),
        )
        .await
    }

    /// `GET /v1/reservas/{id}/termo`: the term again (so step 2 survives a reload).
    pub async fn reserva_termo(&self, token: &str, id: i64) -> Result<ReservaTermo, ApiError> {
        self.get_json(&format!("/v1/reservas/{id}/termo"), &(), Some(token))
            .await
    }

    /// `PATCH /v1/reservas/{id}/assinarcontrato` `{opcao, aceite, versaoCienciaRisco,
    /// declaracaoConfirmada}`: the term, with the risk term's version accepted and the
    /// annual-limit declaration confirmed.
    pub async fn sign_termo(
        &self,
        token: &str,
        id: i64,
        opcao: Option<&str>,
        risk_version: Option<&str>,
    ) -> Result<(), ApiError> {
        let body = json!({
            "opcao": opcao,
            "aceite": true,
            "versaoCienciaRisco": risk_version,
            "declaracaoConfirmada": risk_version.is_some(),
        });
        let rb = self
            .api(
                Method::PATCH,
                &format!("/v1/reservas/{id}/assinarcontrato"),
                Some(token),
            )
            .json(&body);
        self.send(rb).await.map(|_| ())
    }

    /// `PATCH /v1/reservas/{id}/confirmarinvestimento`: success on 200, 201 or 204.
    pub async fn confirm_investimento(
        &self,
        token: &str,
        id: i64,
    ) -> Result<Confirmacao, ApiError> {
        let rb = self.api(
            Method::PATCH,
            &format!("/v1/reservas/{id}/confirmarinvestimento"),
            Some(token),
        );
        let body = self.send(rb).await?;
        if body.is_empty() {
            return Ok(Confirmacao::default());
        }
        serde_json::from_slice(&body).map_err(|e| ApiError::unreadable(&e))
    }

    /// `GET /v1/reservas/{id}`.
    pub async fn reserva(&self, token: &str, id: i64) -> Result<Reserva, ApiError> {
        self.get_json(&format!("/v1/reservas/{id}"), &(), Some(token))
            .await
    }

    /// `POST /v1/reservas/{id}/desistencia`: the investor withdraws (within the period).
    pub async fn desistencia(&self, token: &str, id: i64) -> Result<Reserva, ApiError> {
        self.json(self.api(
            Method::POST,
            &format!("/v1/reservas/{id}/desistencia"),
            Some(token),
        ))
        .await
    }

    /// `GET /v1/reservas/canceladas`: withdrawn or failed-offering reservations of the
    /// last 90 days.
    pub async fn reservas_canceladas(
        &self,
        token: &str,
    ) -> Result<Vec<Reserva<Skipped>>, ApiError> {
        self.get_json("/v1/reservas/canceladas", &(), Some(token))
            .await
    }

    /// `GET /v1/reservas/pendentes`, read as the home's table shows them (a reservation's own
    /// page reads the whole).
    pub async fn reservas_pendentes(&self, token: &str) -> Result<Vec<ReservaPendente>, ApiError> {
        self.get_json("/v1/reservas/pendentes", &(), Some(token))
            .await
    }

    /// `GET /v1/reservas/alocacao/resumida`, its reservations read as `R` (whole, or
    /// [`crate::api::models::Skipped`] where a page shows the offerings' totals only).
    pub async fn alocacao_resumida<R: DeserializeOwned + Default>(
        &self,
        token: &str,
    ) -> Result<AlocacaoResumida<R>, ApiError> {
        self.get_json("/v1/reservas/alocacao/resumida", &(), Some(token))
            .await
    }

    /// `GET /v1/reservas/alocacao/detalhada`.
    pub async fn alocacao_detalhada(&self, token: &str) -> Result<AlocacaoDetalhada, ApiError> {
        self.get_json("/v1/reservas/alocacao/detalhada", &(), Some(token))
            .await
    }

    /// `GET /v1/reservas/alocacao/exportar/Pdf`.
    pub async fn alocacao_pdf(&self, token: &str) -> Result<Blob, ApiError> {
        self.blob(self.api(
            Method::GET,
            "/v1/reservas/alocacao/exportar/Pdf",
            Some(token),
        ))
        .await
    }

    /// `GET /v1/reservas/{id}/documentos`.
    pub async fn reserva_documentos(
        &self,
        token: &str,
        id: i64,
    ) -> Result<Vec<ReservaDocumento>, ApiError> {
        self.get_json(&format!("/v1/reservas/{id}/documentos"), &(), Some(token))
            .await
    }

    /// `GET /v1/reservas/{id}/documentos/{docId}`.
    pub async fn reserva_documento(
        &self,
        token: &str,
        id: i64,
        doc: i64,
    ) -> Result<Blob, ApiError> {
        self.blob(self.api(
            Method::GET,
            &format!("/v1/reservas/{id}/documentos/{doc}"),
            Some(token),
        ))
        .await
    }

    /// `GET /v1/reservas/{id}/contrato`.
    pub async fn reserva_contrato(&self, token: &str, id: i64) -> Result<Blob, ApiError> {
        self.blob(self.api(
            Method::GET,
            &format!("/v1/reservas/{id}/contrato"),
            Some(token),
        ))
        .await
    }
}

/// The body of `POST /v1/reservas`. The amount goes as the exact JSON number the investor
/// chose (`1000.10`), never through a float.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NovaReserva {
    id_captacao: i64,
    origem: &'static str,
    #[serde(serialize_with = "crate::domain::money::json::serialize")]
    investimento: Decimal,
    simulado: bool,
    tipo_pagamento: i64,
}

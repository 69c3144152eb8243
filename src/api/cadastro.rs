//! Cadastro calls (`/v1/cadastro…`): the user object, its documents, the investor
//! profile, the annual-limit declaration and the partner-broker permission.

use std::collections::BTreeMap;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use super::models::{
    Cadastro, CadastroDocumento, DeclaracaoInvestidor, MeuCadastro, NovaDeclaracao, Suitability,
};
use super::{ApiError, Blob, PlatformClient};

/// A registration document to send.
pub struct NewDocument {
    pub user_id: String,
    pub email: String,
    pub tipo_documento: String,
    pub nome_documento: String,
    pub descricao_documento: String,
    pub content_type: &'static str,
    pub bytes: bytes::Bytes,
}

impl PlatformClient {
    /// `GET /v1/cadastro/meucadastro`: the logged-in user's registration.
    pub async fn meu_cadastro(&self, token: &str) -> Result<MeuCadastro, ApiError> {
        self.get_json("/v1/cadastro/meucadastro", &(), Some(token))
            .await
    }

    /// `GET /v1/cadastro`: the whole user object, kept whole so a save sends back every
    /// field the web app does not edit.
    pub async fn cadastro(&self, token: &str) -> Result<Cadastro, ApiError> {
        let raw: Value = self.get_json("/v1/cadastro", &(), Some(token)).await?;
        if !raw.is_object() {
            return Err(ApiError::Unavailable("cadastro sem objeto".into()));
        }
        Ok(Cadastro::new(raw))
    }

    /// `PUT /v1/cadastro?email=`: the whole user object; success on 200 or 204.
    pub async fn update_cadastro(&self, token: &str, r: &Cadastro) -> Result<(), ApiError> {
        let mut rb = self
            .api(Method::PUT, "/v1/cadastro", Some(token))
            .json(r.raw());
        if let Some(email) = r.view().dados_basicos.email.as_deref() {
            rb = rb.query(&[("email", email)]);
        }
        self.send(rb).await.map(|_| ())
    }

    /// `PUT /v1/cadastro/validate`: asks for the verification of the registration.
    pub async fn request_verification(&self, token: &str) -> Result<(), ApiError> {
        let rb = self.api(Method::PUT, "/v1/cadastro/validate", Some(token));
        self.send(rb).await.map(|_| ())
    }

    /// `GET /v1/cadastro/documentos`.
    pub async fn cadastro_documentos(
        &self,
        token: &str,
    ) -> Result<Vec<CadastroDocumento>, ApiError> {
        self.get_json("/v1/cadastro/documentos", &(), Some(token))
            .await
    }

    /// `GET /v1/cadastro/documentos/{id}?nomeDocumento`.
    pub async fn cadastro_documento(
        &self,
        token: &str,
        id: i64,
        nome: &str,
    ) -> Result<Blob, ApiError> {
        let rb = self
            .api(
                Method::GET,
                &format!("/v1/cadastro/documentos/{id}"),
                Some(token),
            )
            .query(&[("nomeDocumento", nome)]);
        self.blob(rb).await
    }

    /// `POST /v1/cadastro/documentos` (multipart: id, email, tipoDocumento, nomeDocumento,
    /// descricaoDocumento, documento).
    pub async fn send_cadastro_documento(
        &self,
        token: &str,
        d: NewDocument,
    ) -> Result<(), ApiError> {
        let file = Part::stream(d.bytes)
            .file_name(d.nome_documento.clone())
            .mime_str(d.content_type)
            .map_err(|e| ApiError::transport(&e))?;
        let form = Form::new()
            .text("id", d.user_id)
            .text("email", d.email)
            .text("tipoDocumento", d.tipo_documento)
            .text("nomeDocumento", d.nome_documento)
            .text("descricaoDocumento", d.descricao_documento)
            .part("documento", file);
        let rb = self
            .api(Method::POST, "/v1/cadastro/documentos", Some(token))
            .multipart(form);
        self.send(rb).await.map(|_| ())
    }

    /// `GET /v1/cadastro/suitability`: the stored investor profile and its answers.
    pub async fn suitability(&self, token: &str) -> Result<Suitability, ApiError> {
        self.get_json("/v1/cadastro/suitability", &(), Some(token))
            .await
    }

    /// `PUT /v1/cadastro/suitability` `{respostas}`: the platform scores and stores them.
    pub async fn save_suitability(
        &self,
        token: &str,
        respostas: &BTreeMap<String, String>,
    ) -> Result<Suitability, ApiError> {
        let rb = self
            .api(Method::PUT, "/v1/cadastro/suitability", Some(token))
            .json(&json!({ "respostas": respostas }));
        self.json(rb).await
    }

    /// `GET /v1/cadastro/permiteLiquidacaoViaAtiva`: truthy → payment type 2.
    pub async fn permite_liquidacao_via_ativa(&self, token: &str) -> Result<bool, ApiError> {
        let v: serde_json::Value = self
            .get_json("/v1/cadastro/permiteLiquidacaoViaAtiva", &(), Some(token))
            .await?;
        Ok(match v {
            serde_json::Value::Bool(b) => b,
            serde_json::Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0),
            serde_json::Value::String(s) => matches!(s.as_str(), "true" | "1" | "sim"),
            serde_json::Value::Object(o) => !o.is_empty(),
            _ => false,
        })
    }

    /// `GET /v1/cadastro/declaracao-investidor`: the annual-limit declaration and the room.
    pub async fn declaracao_investidor(
        &self,
        token: &str,
    ) -> Result<DeclaracaoInvestidor, ApiError> {
        self.get_json("/v1/cadastro/declaracao-investidor", &(), Some(token))
            .await
    }

    /// `PUT /v1/cadastro/declaracao-investidor`.
    pub async fn save_declaracao_investidor(
        &self,
        token: &str,
        d: &NovaDeclaracao,
    ) -> Result<DeclaracaoInvestidor, ApiError> {
        self.json(
            self.api(
                Method::PUT,
                "/v1/cadastro/declaracao-investidor",
                Some(token),
            )
            .json(d),
        )
        .await
    }
}

//! Serde models of the platform API. Every field is optional or defaulted so that an unknown or
//! missing field never breaks a page: the platform owns the data, we only read it.

mod cadastro;
mod declaracao;
mod extrato;
mod lista;
mod reservas;
mod signup;
#[cfg(test)]
mod tests_cvm;

pub use cadastro::{
    ClientAccount, ContaBancaria, DocumentoIdentidade, Endereco, Registration, RegistrationView,
    Suitability, UserDocument,
};
pub use declaracao::{
    Declaracao, DeclaracaoInvestidor, LimiteAnual, NovaDeclaracao, RegrasLimite, TermoQualificado,
};
pub use extrato::{
    Notification, NotificationDetail, NotificationMessage, NotificationPage, NotificationSetting,
    Product, ProductPage, StatementLine, StatementPage, UnreadCount,
};
pub use lista::CaptacaoResumo;
pub use reservas::{
    AllocationByCaptacao, AllocationByGuarantee, AllocationDetail, AllocationItem,
    AllocationSummary, CienciaRisco, Confirmation, PixInfo, Reserva, ReservaDocumento,
    ReservaTermo, Skipped, StatusColor, TermOption,
};
pub use signup::{SignupBasicos, SignupPessoais, SignupRecord, SignupTelefone};

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::money;
use crate::domain::status::{CadastroStatus, CaptacaoStatus, ParcelaStatus};

/// Session token, as the login provider sends it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Token {
    pub access_token: String,
    pub refresh_token: String,
    /// Seconds.
    pub expires_in: i64,
    /// Seconds.
    pub refresh_expires_in: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenResponse {
    pub token: Token,
    #[serde(default)]
    pub tipo_resposta: Option<TipoResposta>,
}

/// What the login asks of the investor next: change a temporary password, update the
/// registration or the investor profile; anything else (or nothing) goes on.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum TipoResposta {
    TrocarSenha,
    AtualizarCadastro,
    AtualizarSuitability,
    Outro(String),
}

impl From<String> for TipoResposta {
    fn from(s: String) -> Self {
        match s.trim().to_ascii_lowercase().as_str() {
            "trocarsenha" => TipoResposta::TrocarSenha,
            "atualizarcadastro" => TipoResposta::AtualizarCadastro,
            "atualizarsuitability" => TipoResposta::AtualizarSuitability,
            _ => TipoResposta::Outro(s),
        }
    }
}

impl From<TipoResposta> for String {
    fn from(t: TipoResposta) -> String {
        match t {
            TipoResposta::TrocarSenha => "trocarsenha".into(),
            TipoResposta::AtualizarCadastro => "atualizarcadastro".into(),
            TipoResposta::AtualizarSuitability => "atualizarsuitability".into(),
            TipoResposta::Outro(s) => s,
        }
    }
}

/// Offering status object.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct StatusRef {
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub name: CaptacaoStatus,
    #[serde(default)]
    pub color: Option<String>,
}

/// Where a gallery entry belongs: the header image, the 'Galeria' carousel or the
/// 'Empreendedor' accordion.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum GalleryKind {
    Principal,
    #[default]
    Galeria,
    Empreendedor,
    Outro(String),
}

impl From<String> for GalleryKind {
    fn from(s: String) -> Self {
        match s.trim() {
            "Principal" => GalleryKind::Principal,
            "Galeria" => GalleryKind::Galeria,
            "Empreendedor" => GalleryKind::Empreendedor,
            _ => GalleryKind::Outro(s),
        }
    }
}

impl From<GalleryKind> for String {
    fn from(k: GalleryKind) -> String {
        match k {
            GalleryKind::Principal => "Principal".into(),
            GalleryKind::Galeria => "Galeria".into(),
            GalleryKind::Empreendedor => "Empreendedor".into(),
            GalleryKind::Outro(s) => s,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GalleryItem {
    pub id: Option<i64>,
    pub tipo: GalleryKind,
    pub url: Option<String>,
    pub url_video: Option<String>,
    pub descricao: Option<String>,
}

/// An offering document's type; PdfCaptacao is the operation information PDF,
/// InformacoesEssenciais the essential information of CVM 88.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum CaptacaoDocumentoKind {
    PdfCaptacao,
    InformacoesEssenciais,
    #[default]
    Vazio,
    Outro(String),
}

impl From<String> for CaptacaoDocumentoKind {
    fn from(s: String) -> Self {
        match s.trim() {
            "PdfCaptacao" => CaptacaoDocumentoKind::PdfCaptacao,
            "InformacoesEssenciais" => CaptacaoDocumentoKind::InformacoesEssenciais,
            "" => CaptacaoDocumentoKind::Vazio,
            _ => CaptacaoDocumentoKind::Outro(s),
        }
    }
}

impl From<CaptacaoDocumentoKind> for String {
    fn from(k: CaptacaoDocumentoKind) -> String {
        match k {
            CaptacaoDocumentoKind::PdfCaptacao => "PdfCaptacao".into(),
            CaptacaoDocumentoKind::InformacoesEssenciais => "InformacoesEssenciais".into(),
            CaptacaoDocumentoKind::Vazio => String::new(),
            CaptacaoDocumentoKind::Outro(s) => s,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaptacaoDocumento {
    pub id: i64,
    pub tipo: CaptacaoDocumentoKind,
    pub nome: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Faq {
    pub pergunta: String,
    pub resposta: String,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Conteudo {
    pub descricao: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub faq: Vec<Faq>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Localizacao {
    pub cidade: Option<String>,
    pub uf: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Empreendedor {
    pub nome: Option<String>,
    pub descricao: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub localizacao: Option<Localizacao>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Lancamento {
    pub pre_lancamento: bool,
    pub data_pre_lancamento: Option<String>,
    pub inicio_captacao: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Rentabilidade {
    pub prazo: Option<i64>,
    #[serde(with = "money::json::option")]
    pub rendimento: Option<Decimal>,
    pub descricao_pagamento: Option<String>,
    #[serde(with = "money::json::option")]
    pub investimento_minimo: Option<Decimal>,
}

/// Offering (captação).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Captacao {
    pub id: i64,
    pub url_amigavel: String,
    pub nome_captacao: String,
    pub descricao_produto: Option<String>,
    pub status_captacao: Option<CaptacaoStatus>,
    pub status: StatusRef,
    pub vencimento: Option<i64>,
    pub rendimento_descricao: Option<String>,
    pub rating: Option<String>,
    pub descricao_rating: Option<String>,
    pub classificacao_esg: Option<String>,
    #[serde(with = "money::json")]
    pub limite_arrecadacao: Decimal,
    #[serde(with = "money::json")]
    pub arrecadado: Decimal,
    #[serde(with = "money::json")]
    pub reservado: Decimal,
    #[serde(with = "money::json")]
    pub disponivel: Decimal,
    #[serde(with = "money::json")]
    pub acompanhamento: Decimal,
    /// CVM 88: below this at the close the offering fails and refunds; `None` when the
    /// platform does not say.
    #[serde(with = "money::json::option")]
    pub valor_alvo_minimo: Option<Decimal>,
    #[serde(with = "money::json::option")]
    pub valor_alvo_maximo: Option<Decimal>,
    #[serde(deserialize_with = "lenient")]
    pub distribuicao_parcial: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub resultado_captacao: Option<ResultadoCaptacao>,
    pub fim_captacao: Option<String>,
    pub imagem_principal: Option<String>,
    pub garantias: Option<String>,
    pub galeria: Vec<GalleryItem>,
    /// The same entries under the name the platform also uses; read with `galeria`
    /// through [`Captacao::gallery`].
    pub lista_galeria: Vec<GalleryItem>,
    pub documentos: Vec<CaptacaoDocumento>,
    pub conteudo: Conteudo,
    pub empreendedor_rural: Empreendedor,
    pub lancamento: Lancamento,
    pub rentabilidade: Rentabilidade,
}

impl Captacao {
    /// Every gallery entry, whether the platform sent it as `galeria` or `listaGaleria`.
    pub fn gallery(&self) -> impl Iterator<Item = &GalleryItem> {
        self.galeria.iter().chain(self.lista_galeria.iter())
    }

    /// The header image: `imagemPrincipal`, else the gallery's Principal entry.
    pub fn main_image(&self) -> Option<&str> {
        lista::main_image(self.imagem_principal.as_deref(), self.gallery())
    }
}

/// A page of search results: dados and totalRegistros.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchResponse<T> {
    pub dados: Vec<T>,
    pub total_registros: i64,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Telefone {
    pub tipo: Option<i64>,
    pub codigo_area: Option<String>,
    pub numero: Option<String>,
    pub telefone_completo: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DadosBasicos {
    pub nome: String,
    pub email: Option<String>,
    pub telefones: Vec<Telefone>,
}

/// The registration record of a user; only what the pages read
/// is typed here, the rest is kept as raw JSON so a PUT can send it back whole.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct User {
    pub id: Option<serde_json::Value>,
    pub codigo: Option<String>,
    pub dados_basicos: DadosBasicos,
    pub cadastro: Option<CadastroStatus>,
    pub observacao: Option<String>,
    #[serde(flatten)]
    pub rest: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Produto {
    pub nome_captacao: Option<String>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
}

/// Summarised balance and portfolio (`GET /v1/reservas/resumo`).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Resumo {
    #[serde(with = "money::json")]
    pub saldo_bloqueado: Decimal,
    #[serde(rename = "saldoD0")]
    #[serde(with = "money::json")]
    pub saldo_d0: Decimal,
    #[serde(rename = "saldoD1")]
    #[serde(with = "money::json")]
    pub saldo_d1: Decimal,
    #[serde(rename = "saldoD2")]
    #[serde(with = "money::json")]
    pub saldo_d2: Decimal,
    #[serde(with = "money::json")]
    pub saldo_disponivel: Decimal,
    #[serde(with = "money::json")]
    pub saldo_total: Decimal,
    #[serde(with = "money::json")]
    pub valor_provisionado: Decimal,
    #[serde(with = "money::json")]
    pub valor_patrimonio_total: Decimal,
    pub lista_produtos: Vec<Produto>,
}

/// One installment of a simulation scenario or of a cash flow.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Parcela {
    pub numero: Option<i64>,
    pub data_pagamento: Option<String>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    pub status_pagamento: Option<ParcelaStatus>,
}

/// Simulation result item: a scenario with its total and installments.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SimulationItem {
    pub nome: String,
    #[serde(with = "money::json")]
    pub total_receber: Decimal,
    pub parcelas: Vec<Parcela>,
}

/// Reads a part whose shape the platform's contract leaves open (the FAQ, the location):
/// a shape we do not know reads as absent instead of failing the whole offering.
fn lenient<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    let v = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(v).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offering_tolerates_unknown_and_missing_fields() {
        let o: Captacao = serde_json::from_str(
            r#"{"id":3,"nomeCaptacao":"Fazenda","limiteArrecadacao":1000.5,"novoCampo":{"x":1}}"#,
        )
        .unwrap();
        assert_eq!(o.id, 3);
        assert_eq!(o.limite_arrecadacao, Decimal::new(10005, 1));
        assert!(o.galeria.is_empty());
        assert_eq!(o.valor_alvo_minimo, None);
        assert_eq!(o.distribuicao_parcial, None);
        assert_eq!(o.resultado_captacao, None);
    }

    #[test]
    fn money_numbers_are_read_exactly() {
        let r: Resumo =
            serde_json::from_str(r#"{"saldoDisponivel":1234.56,"saldoD0":0.1}"#).unwrap();
        assert_eq!(r.saldo_disponivel.to_string(), "1234.56");
        assert_eq!(r.saldo_d0.to_string(), "0.1");
    }
}

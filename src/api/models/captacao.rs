//! The offering as its own page reads it (the detail, the simulation, the reservation): its
//! status, gallery, documents, content, issuer, launch and returns. Parts whose shape the
//! platform leaves open read as absent rather than failing the whole offering.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::money;
use crate::domain::status::CaptacaoStatus;

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
pub enum GaleriaTipo {
    Principal,
    #[default]
    Galeria,
    Empreendedor,
    Outro(String),
}

impl From<String> for GaleriaTipo {
    fn from(s: String) -> Self {
        match s.trim() {
            "Principal" => GaleriaTipo::Principal,
            "Galeria" => GaleriaTipo::Galeria,
            "Empreendedor" => GaleriaTipo::Empreendedor,
            _ => GaleriaTipo::Outro(s),
        }
    }
}

impl From<GaleriaTipo> for String {
    fn from(k: GaleriaTipo) -> String {
        match k {
            GaleriaTipo::Principal => "Principal".into(),
            GaleriaTipo::Galeria => "Galeria".into(),
            GaleriaTipo::Empreendedor => "Empreendedor".into(),
            GaleriaTipo::Outro(s) => s,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GaleriaItem {
    pub id: Option<i64>,
    pub tipo: GaleriaTipo,
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
    pub galeria: Vec<GaleriaItem>,
    /// The same entries under the name the platform also uses; read with `galeria`
    /// through [`Captacao::gallery`].
    pub lista_galeria: Vec<GaleriaItem>,
    pub documentos: Vec<CaptacaoDocumento>,
    pub conteudo: Conteudo,
    pub empreendedor_rural: Empreendedor,
    pub lancamento: Lancamento,
    pub rentabilidade: Rentabilidade,
    /// The company that issues the securities (a platform extension); `None` when the
    /// platform does not say, or says it in a shape we do not know.
    #[serde(deserialize_with = "lenient")]
    pub emissor: Option<Emissor>,
    /// The essential information beyond the targets (a platform extension).
    #[serde(deserialize_with = "lenient")]
    pub informacoes_essenciais: Option<InformacoesEssenciais>,
}

/// An offering's issuer: a company, with its seat and what it finances.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Emissor {
    pub razao_social: String,
    pub cnpj: String,
    pub sede: Sede,
    pub projeto: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Sede {
    pub endereco: Option<String>,
    pub cidade: Option<String>,
    pub uf: Option<String>,
}

impl Sede {
    /// 'Rodovia MT-242, km 30, Zona Rural, Sorriso – MT', from the parts the platform sent.
    pub fn line(&self) -> String {
        let lugar = match (self.cidade.as_deref(), self.uf.as_deref()) {
            (Some(c), Some(u)) => format!("{c} – {u}"),
            (Some(c), None) => c.to_owned(),
            (None, Some(u)) => u.to_owned(),
            (None, None) => String::new(),
        };
        [self.endereco.clone().unwrap_or_default(), lugar]
            .into_iter()
            .filter(|s| !s.trim().is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The essential information's texts, as the platform writes them.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InformacoesEssenciais {
    pub valor_mobiliario: Option<String>,
    pub direitos: Option<String>,
    pub uso_recursos: Option<String>,
    pub remuneracao_plataforma: Option<String>,
    pub conflito_interesses: Option<String>,
    pub informacoes_apos_oferta: Option<String>,
}

impl Captacao {
    /// Every gallery entry, whether the platform sent it as `galeria` or `listaGaleria`.
    pub fn gallery(&self) -> impl Iterator<Item = &GaleriaItem> {
        self.galeria.iter().chain(self.lista_galeria.iter())
    }

    /// The header image: `imagemPrincipal`, else the gallery's Principal entry.
    pub fn main_image(&self) -> Option<&str> {
        main_image(self.imagem_principal.as_deref(), self.gallery())
    }
}

/// Reads a part whose shape the platform's contract leaves open (the FAQ, the location):
/// a shape we do not know reads as absent instead of failing the whole offering.
pub(super) fn lenient<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    let v = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(v).unwrap_or_default())
}

/// `imagemPrincipal` when present, else the first gallery entry of kind Principal.
pub(super) fn main_image<'a>(
    principal: Option<&'a str>,
    mut gallery: impl Iterator<Item = &'a GaleriaItem>,
) -> Option<&'a str> {
    principal.filter(|u| !u.is_empty()).or_else(|| {
        gallery
            .find(|g| g.tipo == GaleriaTipo::Principal)
            .and_then(|g| g.url.as_deref())
    })
}

//! An offering as a list shows it (the home's opportunities, /investir, the simulator): the
//! fields of the card and the table only. The platform's list answer carries every
//! offering whole (description, FAQ, documents, issuer); serde skips what is not named
//! here without allocating it, so a list page parses a fraction of the bytes it receives.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::captacao::main_image;
use super::{GaleriaItem, Lancamento, Rentabilidade, StatusRef};
use crate::domain::captacao::CaptacaoFacts;
use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::dates::parse_platform_datetime;
use crate::domain::money;
use crate::domain::status::CaptacaoStatus;

/// The facts of either offering model: both name these fields alike.
macro_rules! facts_of {
    ($o:expr) => {
        facts(
            Fields {
                status: &$o.status,
                status_captacao: $o.status_captacao.as_ref(),
                limite: $o.limite_arrecadacao,
                arrecadado: $o.arrecadado,
                reservado: $o.reservado,
                disponivel: $o.disponivel,
                acompanhamento: $o.acompanhamento,
                fim_captacao: $o.fim_captacao.as_deref(),
                resultado: $o.resultado_captacao.as_ref(),
            },
            &$o.lancamento,
        )
    };
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CaptacaoResumo {
    pub id: i64,
    pub url_amigavel: String,
    pub nome_captacao: String,
    pub status_captacao: Option<CaptacaoStatus>,
    pub status: StatusRef,
    pub vencimento: Option<i64>,
    pub rendimento_descricao: Option<String>,
    pub rating: Option<String>,
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
    pub fim_captacao: Option<String>,
    /// How the close was settled: a failed offering shows as cancelled.
    #[serde(deserialize_with = "super::captacao::lenient")]
    pub resultado_captacao: Option<ResultadoCaptacao>,
    pub imagem_principal: Option<String>,
    pub galeria: Vec<GaleriaItem>,
    pub lista_galeria: Vec<GaleriaItem>,
    pub lancamento: Lancamento,
    /// The simulator compares the minimum investment.
    pub rentabilidade: Rentabilidade,
}

impl CaptacaoResumo {
    /// The header image: `imagemPrincipal`, else the gallery's Principal entry.
    pub fn main_image(&self) -> Option<&str> {
        main_image(
            self.imagem_principal.as_deref(),
            self.galeria.iter().chain(self.lista_galeria.iter()),
        )
    }

    /// What the domain's status and progress rules read.
    pub fn facts(&self) -> CaptacaoFacts {
        facts_of!(self)
    }
}

impl super::Captacao {
    /// What the domain's status and progress rules read.
    pub fn facts(&self) -> CaptacaoFacts {
        facts_of!(self)
    }
}

/// The fields both offering models share for the facts.
struct Fields<'a> {
    status: &'a StatusRef,
    status_captacao: Option<&'a CaptacaoStatus>,
    limite: Decimal,
    arrecadado: Decimal,
    reservado: Decimal,
    disponivel: Decimal,
    acompanhamento: Decimal,
    fim_captacao: Option<&'a str>,
    resultado: Option<&'a ResultadoCaptacao>,
}

/// The status is `status.name`, else `statusCaptacao` (platforms send one or the other).
fn facts(f: Fields<'_>, l: &Lancamento) -> CaptacaoFacts {
    let status = if f.status.name.is_empty() {
        f.status_captacao.cloned().unwrap_or_default()
    } else {
        f.status.name.clone()
    };
    let ts = |s: Option<&str>| s.and_then(parse_platform_datetime);
    CaptacaoFacts {
        status,
        limite: f.limite,
        arrecadado: f.arrecadado,
        reservado: f.reservado,
        disponivel: f.disponivel,
        acompanhamento: f.acompanhamento,
        pre_lancamento: l.pre_lancamento,
        data_pre_lancamento: ts(l.data_pre_lancamento.as_deref()),
        inicio_captacao: ts(l.inicio_captacao.as_deref()),
        fim_captacao: ts(f.fim_captacao),
        resultado: f.resultado.cloned(),
    }
}

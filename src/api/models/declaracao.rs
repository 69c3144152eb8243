//! Serde models of the investor's annual-limit declaration (`/v1/cadastro/declaracao-investidor`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::limite_anual::AnnualLimitRules;
use crate::domain::money;

/// The declaration in force.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Declaracao {
    pub qualificado: bool,
    pub acima_do_patamar: bool,
    #[serde(with = "money::json")]
    pub renda_bruta_anual: Decimal,
    #[serde(with = "money::json")]
    pub investimentos_financeiros: Decimal,
    #[serde(with = "money::json")]
    pub investido_outras_plataformas: Decimal,
    pub ano: Option<i32>,
    pub versao: Option<String>,
    pub data_declaracao: Option<String>,
    /// The version of the Declaração de investidor qualificado signed with a qualified
    /// declaration (at `data_declaracao`).
    pub versao_termo_qualificado: Option<String>,
}

/// What is left of the limit this calendar year; `None` amounts: no limit.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LimiteAnual {
    pub ano: Option<i32>,
    #[serde(with = "money::json::option")]
    pub limite_anual: Option<Decimal>,
    #[serde(with = "money::json")]
    pub investido_na_plataforma: Decimal,
    #[serde(with = "money::json")]
    pub investido_outras_plataformas: Decimal,
    #[serde(with = "money::json::option")]
    pub disponivel: Option<Decimal>,
}

/// The limit's parameters in force at the platform.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegrasLimite {
    #[serde(with = "money::json")]
    pub limite_anual: Decimal,
    #[serde(with = "money::json")]
    pub patamar: Decimal,
    /// Percent of the greater of income and investments above the threshold.
    #[serde(with = "money::json")]
    pub percentual: Decimal,
    /// Financial investments above which a natural person may declare being qualified.
    #[serde(default, with = "money::json::option")]
    pub investimentos_qualificado: Option<Decimal>,
    /// Days after confirming in which the investor may withdraw.
    #[serde(default)]
    pub dias_desistencia: Option<u16>,
    /// Business days within which a withdrawal or a failed offering is refunded.
    #[serde(default)]
    pub dias_uteis_devolucao: Option<u16>,
}

/// The Declaração de investidor qualificado in force, to be read and signed.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TermoQualificado {
    pub titulo: String,
    pub versao: String,
    /// Paragraphs separated by a blank line.
    pub conteudo: String,
}

impl RegrasLimite {
    pub fn rules(&self) -> AnnualLimitRules {
        AnnualLimitRules {
            base: self.limite_anual,
            threshold: self.patamar,
            fraction: self.percentual / Decimal::ONE_HUNDRED,
        }
    }
}

/// `GET /v1/cadastro/declaracao-investidor`: no declaration yet → `declaracao` and
/// `limite` are null.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclaracaoInvestidor {
    #[serde(default)]
    pub declaracao: Option<Declaracao>,
    #[serde(default)]
    pub limite: Option<LimiteAnual>,
    pub regras: RegrasLimite,
    /// A platform without it: the qualification is still a signed tick, without its text.
    #[serde(default)]
    pub termo_qualificado: Option<TermoQualificado>,
}

/// The body of `PUT /v1/cadastro/declaracao-investidor`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NovaDeclaracao {
    pub qualificado: bool,
    /// Left out when a qualified investor did not answer the band (qualified by a
    /// certification); `false` with `qualificado` contradicts it and is refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub acima_do_patamar: Option<bool>,
    #[serde(serialize_with = "money::json::serialize")]
    pub renda_bruta_anual: Decimal,
    #[serde(serialize_with = "money::json::serialize")]
    pub investimentos_financeiros: Decimal,
    #[serde(serialize_with = "money::json::serialize")]
    pub investido_outras_plataformas: Decimal,
    /// The version of the Declaração de investidor qualificado signed (qualified only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub versao_termo_qualificado: Option<String>,
}

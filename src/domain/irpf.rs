//! How an investor declares a holding in the IRPF (Declaração de Ajuste Anual): the
//! 'Bens e Direitos' entry with its balances on 31 December, and the income received in the
//! year in its section. The codes are the platform's data per offering; the rules here are
//! what the program asks of any holding.

use jiff::civil::{Date, date};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::money;
use crate::domain::validate::format_cnpj;

#[cfg(test)]
mod tests;

/// The section of the declaration the income goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Rendimentos {
    /// 'Rendimentos Isentos e Não Tributáveis'.
    Isento,
    /// 'Rendimentos Sujeitos à Tributação Exclusiva/Definitiva'.
    TributacaoExclusiva,
}

impl Rendimentos {
    /// The program's name of the section.
    pub fn ficha(self) -> &'static str {
        match self {
            Rendimentos::Isento => "Rendimentos Isentos e Não Tributáveis",
            Rendimentos::TributacaoExclusiva => {
                "Rendimentos Sujeitos à Tributação Exclusiva/Definitiva"
            }
        }
    }

    /// As stored by the platform.
    pub fn as_sql(self) -> &'static str {
        match self {
            Rendimentos::Isento => "ISENTO",
            Rendimentos::TributacaoExclusiva => "TRIBUTACAO_EXCLUSIVA",
        }
    }

    pub fn from_sql(s: &str) -> Option<Self> {
        match s {
            "ISENTO" => Some(Rendimentos::Isento),
            "TRIBUTACAO_EXCLUSIVA" => Some(Rendimentos::TributacaoExclusiva),
            _ => None,
        }
    }
}

/// 31 December of `ano`: the day the 'Bens e Direitos' balances are taken.
pub fn fim_do_ano(ano: i16) -> Date {
    date(ano, 12, 31)
}

/// A holding's balance on `dia` for 'Bens e Direitos': what was paid for it (its cost, as
/// the program asks, not a market value) while it is held: settled on or before `dia` and
/// not yet repaid (maturity after `dia`); otherwise 0.
pub fn saldo(aplicado: Decimal, liquidacao: Date, vencimento: Date, dia: Date) -> Decimal {
    if liquidacao <= dia && dia < vencimento {
        aplicado
    } else {
        Decimal::ZERO
    }
}

/// The 'Discriminação' to paste: the security, its issuer with the CNPJ, how and when it was
/// bought, for how much, and when it matures.
pub fn discriminacao(
    titulo: &str,
    razao_social: &str,
    cnpj: &str,
    aplicado: Decimal,
    liquidacao: Date,
    vencimento: Date,
) -> String {
    format!(
        "Cédula de Produto Rural com liquidação financeira (CPR-F) \"{titulo}\", emitida por \
         {razao_social}, CNPJ {}, subscrita por meio da plataforma Colheita em {}, valor \
         aplicado de {}, vencimento em {}.",
        format_cnpj(cnpj),
        crate::domain::dates::format_civil_date_br(liquidacao),
        money::format_brl(aplicado),
        crate::domain::dates::format_civil_date_br(vencimento),
    )
}

//! The platform's track record: for each offering that raised its money, what became of it,
//! tallied by the year its fundraising ended, and the default rate of the last 36 months.
//! Every figure is read from the offering's instalments (due, paid and when) and its
//! situation on `hoje`, so moving the clock or leaving an instalment unpaid changes them.
//!
//! The default rate's method: the principal of the offerings in default on `hoje`, divided
//! by the principal raised by the offerings whose fundraising ended in the 36 months up to
//! `hoje` (both counted only over those offerings), as a percentage with two places.

use jiff::civil::Date;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::money;
use super::situacao::{Parcela, Situacao};

#[cfg(test)]
mod tests;

/// Months the default rate looks back.
pub const MESES_DA_INADIMPLENCIA: i32 = 36;

/// The method of the default rate, in the words the platform publishes.
pub const METODO_INADIMPLENCIA: &str = "Soma do valor captado pelas captações que estão inadimplentes, dividida pela soma do valor captado por todas as captações cuja captação terminou nos últimos 36 meses.";

/// One offering that raised its money, as the track record needs it.
#[derive(Debug, Clone)]
pub struct Oferta {
    /// The day its fundraising ended.
    pub encerrada: Date,
    /// The principal its investors put in.
    pub principal: Decimal,
    pub parcelas: Vec<Parcela>,
    pub situacao: Situacao,
    /// What the recovery brought back.
    pub recuperado: Decimal,
}

/// One year of the track record (the year the offerings' fundraising ended).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Ano {
    pub ano: i16,
    pub captacoes: u32,
    #[serde(with = "money::json")]
    pub valor_captado: Decimal,
    /// Every instalment paid in full.
    pub quitadas: u32,
    /// Every instalment paid in full by its due date.
    pub quitadas_em_dia: u32,
    /// Some instalment was overdue more than 30 days, at any point.
    pub atraso_mais_30: u32,
    /// Some instalment was overdue more than 90 days, at any point.
    pub atraso_mais_90: u32,
    pub em_recuperacao: u32,
    pub inadimplentes: u32,
    #[serde(with = "money::json")]
    pub valor_recuperado: Decimal,
}

/// The default rate of the last [`MESES_DA_INADIMPLENCIA`] months.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Inadimplencia {
    pub desde: Option<Date>,
    pub ate: Option<Date>,
    #[serde(with = "money::json")]
    pub valor_inadimplente: Decimal,
    #[serde(with = "money::json")]
    pub valor_captado: Decimal,
    /// Percent, two places; zero when nothing was raised in the window.
    #[serde(with = "money::json")]
    pub taxa: Decimal,
    pub metodo: String,
}

/// The most days any instalment was overdue, up to `hoje`: a paid one counts the days from
/// its due date to its payment, an open one the days to `hoje`.
pub fn maior_atraso(parcelas: &[Parcela], hoje: Date) -> i32 {
    parcelas
        .iter()
        .map(|p| match p.pago_em {
            Some(em) if p.quitada() => (em - p.vencimento).get_days().max(0),
            _ => p.dias_em_atraso(hoje),
        })
        .max()
        .unwrap_or(0)
}

/// The track record by year, oldest first; only offerings whose fundraising ended by `hoje`.
pub fn por_ano(ofertas: &[Oferta], hoje: Date) -> Vec<Ano> {
    let mut anos: std::collections::BTreeMap<i16, Ano> = std::collections::BTreeMap::new();
    for o in ofertas.iter().filter(|o| o.encerrada <= hoje) {
        let a = anos.entry(o.encerrada.year()).or_insert_with(|| Ano {
            ano: o.encerrada.year(),
            ..Ano::default()
        });
        let quitada = o.situacao == Situacao::Liquidado;
        let atraso = maior_atraso(&o.parcelas, hoje);
        a.captacoes += 1;
        a.valor_captado += o.principal;
        a.quitadas += u32::from(quitada);
        a.quitadas_em_dia += u32::from(quitada && atraso == 0);
        a.atraso_mais_30 += u32::from(atraso > 30);
        a.atraso_mais_90 += u32::from(atraso > 90);
        a.em_recuperacao += u32::from(o.situacao == Situacao::EmRecuperacao);
        a.inadimplentes += u32::from(o.situacao == Situacao::Inadimplente);
        a.valor_recuperado += o.recuperado;
    }
    anos.into_values().collect()
}

/// The default rate over the offerings whose fundraising ended in the 36 months up to `hoje`.
pub fn inadimplencia(ofertas: &[Oferta], hoje: Date) -> Inadimplencia {
    let desde = hoje
        .checked_sub(jiff::Span::new().months(MESES_DA_INADIMPLENCIA))
        .unwrap_or(hoje);
    let janela: Vec<&Oferta> = ofertas
        .iter()
        .filter(|o| o.encerrada > desde && o.encerrada <= hoje)
        .collect();
    let valor_captado: Decimal = janela.iter().map(|o| o.principal).sum();
    let valor_inadimplente: Decimal = janela
        .iter()
        .filter(|o| o.situacao == Situacao::Inadimplente)
        .map(|o| o.principal)
        .sum();
    let taxa = if valor_captado.is_zero() {
        Decimal::ZERO
    } else {
        (valor_inadimplente * Decimal::ONE_HUNDRED / valor_captado).round_dp(2)
    };
    Inadimplencia {
        desde: Some(desde),
        ate: Some(hoje),
        valor_inadimplente,
        valor_captado,
        taxa,
        metodo: METODO_INADIMPLENCIA.to_owned(),
    }
}

/// The CSV's columns.
pub const COLUNAS: [&str; 10] = [
    "Ano",
    "Captações financiadas",
    "Valor captado (R$)",
    "Quitadas",
    "Quitadas em dia",
    "Atraso acima de 30 dias",
    "Atraso acima de 90 dias",
    "Em recuperação",
    "Inadimplentes",
    "Valor recuperado (R$)",
];

/// The track record as a file a spreadsheet in Portuguese opens, written like the
/// statement's: a BOM, `;` between fields, decimal comma, CRLF line ends.
pub fn csv(anos: &[Ano]) -> String {
    use super::extrato::exportar::{BOM, campo, numero_planilha};
    let mut out = String::new();
    out.push(BOM);
    out.push_str(
        &COLUNAS
            .iter()
            .map(|c| campo(c))
            .collect::<Vec<_>>()
            .join(";"),
    );
    out.push_str("\r\n");
    for a in anos {
        let linha = [
            a.ano.to_string(),
            a.captacoes.to_string(),
            numero_planilha(a.valor_captado),
            a.quitadas.to_string(),
            a.quitadas_em_dia.to_string(),
            a.atraso_mais_30.to_string(),
            a.atraso_mais_90.to_string(),
            a.em_recuperacao.to_string(),
            a.inadimplentes.to_string(),
            numero_planilha(a.valor_recuperado),
        ];
        out.push_str(&linha.join(";"));
        out.push_str("\r\n");
    }
    out
}

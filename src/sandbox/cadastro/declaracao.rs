//! `/v1/cadastro/declaracao-investidor`: the investor's annual-limit declaration
//! (qualification, income or investments band, amount invested on other platforms this
//! calendar year) and what is left of the limit. Every declaration is kept (the newest is
//! in force) and recorded in `registros_aceite` with its wording's version. The same rule
//! answers the order flow: [`verificar_pedido`] refuses a reservation above the room.

use axum::body::Bytes;
use axum::extract::State;
use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::dates::{sao_paulo, today_in_sao_paulo};
use crate::domain::limite_anual::{
    self, AnnualLimit, AnnualLimitRules, Band, DECLARATION_VERSION, Declaration,
    MSG_QUALIFIED_TERM, MSG_QUALIFIED_TERM_CHANGED, OverLimit, Qualification, Room,
};
use crate::domain::money;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::store::declaracoes as store;
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::termos::qualificado;
use crate::sandbox::{Sandbox, tempo};

/// An order by an investor who never declared.
pub(crate) const SEM_DECLARACAO: &str =
    "Antes de investir, preencha a sua declaração de investidor em Minha conta.";
const PREENCHER: &str = "Necessário preencher todos os campos para prosseguir.";

pub(crate) use store::Vigente;

fn reais(centavos: i64) -> Decimal {
    Decimal::new(centavos, 2)
}

/// The investor's declaration in force, if they ever declared.
pub(crate) fn vigente(c: &Connection, usuario: i64) -> Result<Option<Vigente>, ApiError> {
    store::vigente(c, usuario)
}

/// The first instant of `ano` and of the next year in São Paulo, in ms.
fn limites_do_ano(ano: i16) -> (i64, i64) {
    let inicio = |a: i16| {
        Date::new(a, 1, 1)
            .ok()
            .and_then(|d| d.to_zoned(sao_paulo()).ok())
            .map_or(i64::MAX, |z| tempo::ms(z.timestamp()))
    };
    (inicio(ano), inicio(ano.saturating_add(1)))
}

/// Cents of the investor's reservations confirmed in the São Paulo calendar year of
/// `agora` and still standing (a withdrawn, failed, expired or refunded one no longer counts).
pub(crate) fn investido_no_ano(
    c: &Connection,
    usuario: i64,
    agora: Timestamp,
) -> Result<i64, ApiError> {
    let ano = limites_do_ano(today_in_sao_paulo(agora).year());
    store::investido_entre(c, usuario, ano, tempo::ms(agora))
}

/// The declaration as it counts this year: what was declared as invested elsewhere is of
/// the year it was declared in, so a declaration of an earlier year counts nothing there.
/// A qualification without the signed Declaração de investidor qualificado (declared
/// before the term existed) removes no limit.
fn deste_ano(v: &Vigente, agora: Timestamp) -> Declaration {
    let mut d = v.declaracao;
    if v.ano != today_in_sao_paulo(agora).year() {
        d.invested_elsewhere_this_year = Decimal::ZERO;
    }
    if v.termo_qualificado_versao.is_none() {
        d.qualification = Qualification::NotQualified;
    }
    d
}

/// An order of `centavos` fits the investor's annual limit, or the refusal with the room.
pub(crate) fn verificar_pedido(
    c: &Connection,
    usuario: i64,
    regras: &AnnualLimitRules,
    agora: Timestamp,
    centavos_pedido: i64,
) -> Result<(), ApiError> {
    let v = vigente(c, usuario)?.ok_or_else(|| ApiError::requisicao(SEM_DECLARACAO))?;
    let aqui = reais(investido_no_ano(c, usuario, agora)?);
    limite_anual::check_order(regras, &deste_ano(&v, agora), aqui, reais(centavos_pedido))
        .map_err(|e: OverLimit| ApiError::requisicao(e.message()))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeclaracaoJson {
    qualificado: bool,
    acima_do_patamar: bool,
    #[serde(with = "money::json")]
    renda_bruta_anual: Decimal,
    #[serde(with = "money::json")]
    investimentos_financeiros: Decimal,
    #[serde(with = "money::json")]
    investido_outras_plataformas: Decimal,
    ano: i16,
    versao: String,
    data_declaracao: String,
    /// The version of the Declaração de investidor qualificado signed with it (signed at
    /// `dataDeclaracao`); null when not qualified.
    versao_termo_qualificado: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LimiteJson {
    ano: i16,
    /// null: no limit (a qualified investor).
    #[serde(with = "money::json::option")]
    limite_anual: Option<Decimal>,
    #[serde(with = "money::json")]
    investido_na_plataforma: Decimal,
    #[serde(with = "money::json")]
    investido_outras_plataformas: Decimal,
    #[serde(with = "money::json::option")]
    disponivel: Option<Decimal>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegrasJson {
    #[serde(with = "money::json")]
    limite_anual: Decimal,
    #[serde(with = "money::json")]
    patamar: Decimal,
    #[serde(with = "money::json")]
    percentual: Decimal,
    /// Financial investments above which a natural person may declare being qualified.
    #[serde(with = "money::json")]
    investimentos_qualificado: Decimal,
    /// Days after confirming in which the investor may withdraw.
    dias_desistencia: u16,
    /// Business days within which a withdrawal or a failed offering is refunded.
    dias_uteis_devolucao: u16,
}

/// The Declaração de investidor qualificado in force, to be read and signed.
#[derive(Serialize)]
struct TermoQualificadoJson {
    titulo: &'static str,
    versao: &'static str,
    /// Paragraphs separated by a blank line.
    conteudo: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RespostaJson {
    declaracao: Option<DeclaracaoJson>,
    limite: Option<LimiteJson>,
    regras: RegrasJson,
    termo_qualificado: TermoQualificadoJson,
}

/// The parameters the declaration answers with.
#[derive(Clone, Copy)]
struct Parametros {
    limite: AnnualLimitRules,
    investimentos_qualificado: Decimal,
    dias_desistencia: u16,
    dias_uteis_devolucao: u16,
}

impl Parametros {
    fn de(sandbox: &Sandbox) -> Self {
        Parametros {
            limite: sandbox.cfg().annual_limit,
            investimentos_qualificado: sandbox.cfg().qualified_investments,
            dias_desistencia: sandbox.cfg().withdrawal_days,
            dias_uteis_devolucao: sandbox.cfg().refund_business_days,
        }
    }
}

fn resposta(
    c: &Connection,
    usuario: i64,
    p: &Parametros,
    agora: Timestamp,
) -> Result<JsonExato, ApiError> {
    let regras = &p.limite;
    let v = vigente(c, usuario)?;
    let limite = match &v {
        None => None,
        Some(v) => {
            let d = deste_ano(v, agora);
            let aqui = reais(investido_no_ano(c, usuario, agora)?);
            Some(LimiteJson {
                ano: today_in_sao_paulo(agora).year(),
                limite_anual: match limite_anual::annual_limit(regras, &d) {
                    AnnualLimit::Unlimited => None,
                    AnnualLimit::UpTo(l) => Some(l),
                },
                investido_na_plataforma: aqui,
                investido_outras_plataformas: d.invested_elsewhere_this_year,
                disponivel: match limite_anual::room(regras, &d, aqui) {
                    Room::Unlimited => None,
                    Room::Left(l) => Some(l),
                },
            })
        }
    };
    resposta::json(&RespostaJson {
        declaracao: v.map(|v| DeclaracaoJson {
            qualificado: v.declaracao.qualification == Qualification::Qualified,
            acima_do_patamar: v.acima,
            renda_bruta_anual: v.declaracao.gross_annual_income,
            investimentos_financeiros: v.declaracao.financial_investments,
            investido_outras_plataformas: v.declaracao.invested_elsewhere_this_year,
            ano: v.ano,
            versao: v.versao,
            data_declaracao: tempo::rfc3339(tempo::de_ms(v.declarada_em)),
            versao_termo_qualificado: v.termo_qualificado_versao,
        }),
        limite,
        regras: RegrasJson {
            limite_anual: regras.base,
            patamar: regras.threshold,
            percentual: (regras.fraction * Decimal::ONE_HUNDRED).normalize(),
            investimentos_qualificado: p.investimentos_qualificado,
            dias_desistencia: p.dias_desistencia,
            dias_uteis_devolucao: p.dias_uteis_devolucao,
        },
        termo_qualificado: TermoQualificadoJson {
            titulo: qualificado::TITULO,
            versao: qualificado::VERSAO,
            conteudo: qualificado::conteudo(p.investimentos_qualificado),
        },
    })
}

/// `GET /v1/cadastro/declaracao-investidor`.
pub(crate) async fn ler(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let p = Parametros::de(&sandbox);
    investidor
        .read(&sandbox, move |c, usuario| {
            resposta(c, usuario, &p, tempo::agora())
        })
        .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Corpo {
    qualificado: bool,
    /// Required of an investor who is not qualified; a qualified one qualified by a
    /// certification leaves it out.
    #[serde(default)]
    acima_do_patamar: Option<bool>,
    #[serde(default, with = "money::json::option")]
    renda_bruta_anual: Option<Decimal>,
    #[serde(default, with = "money::json::option")]
    investimentos_financeiros: Option<Decimal>,
    #[serde(default, with = "money::json::option")]
    investido_outras_plataformas: Option<Decimal>,
    /// The version of the Declaração de investidor qualificado the investor signed.
    #[serde(default)]
    versao_termo_qualificado: Option<String>,
}

/// Stores a new declaration (the previous ones stay, as the record) and records it; a
/// qualified one records the signed Declaração de investidor qualificado too.
pub(crate) fn gravar(
    c: &Connection,
    usuario: i64,
    d: &Declaration,
    acima: bool,
    agora: Timestamp,
) -> Result<(), ApiError> {
    use crate::sandbox::registro::{Documento, registrar};
    let qualificado = (d.qualification == Qualification::Qualified).then_some(qualificado::VERSAO);
    let nova = store::Nova {
        versao: DECLARATION_VERSION,
        termo_qualificado_versao: qualificado,
        ano: today_in_sao_paulo(agora).year(),
        declarada_em: tempo::ms(agora),
    };
    store::inserir(c, usuario, d, acima, &nova)?;
    registrar(
        c,
        usuario,
        None,
        Documento::DeclaracaoInvestidor,
        DECLARATION_VERSION,
        agora,
    )?;
    if let Some(versao) = qualificado {
        registrar(
            c,
            usuario,
            None,
            Documento::DeclaracaoInvestidorQualificado,
            versao,
            agora,
        )?;
    }
    Ok(())
}

/// `PUT /v1/cadastro/declaracao-investidor` `{qualificado, acimaDoPatamar,
/// rendaBrutaAnual, investimentosFinanceiros, investidoOutrasPlataformas,
/// versaoTermoQualificado}` → 200 as GET. Qualified takes the signed Declaração de
/// investidor qualificado in the version in force, and no band up to the threshold
/// (`acimaDoPatamar: false`): that contradicts the qualification.
pub(crate) async fn declarar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<JsonExato, ApiError> {
    let c: Corpo = serde_json::from_slice(&corpo).map_err(|_| ApiError::requisicao(PREENCHER))?;
    let qualificado = c.qualificado;
    if qualificado {
        match c.versao_termo_qualificado.as_deref() {
            None => return Err(ApiError::requisicao(MSG_QUALIFIED_TERM)),
            Some(v) if v != qualificado::VERSAO => {
                return Err(ApiError::requisicao(MSG_QUALIFIED_TERM_CHANGED));
            }
            Some(_) => {}
        }
    }
    let qualification = if qualificado {
        Qualification::Qualified
    } else {
        Qualification::NotQualified
    };
    let p = Parametros::de(&sandbox);
    let band = c
        .acima_do_patamar
        .map(|a| if a { Band::Above } else { Band::UpTo });
    if band.is_none() && !qualificado {
        return Err(ApiError::requisicao(PREENCHER));
    }
    limite_anual::check_qualified_band(qualification, band, &p.limite, p.investimentos_qualificado)
        .map_err(|e| ApiError::requisicao(e.message))?;
    let d = Declaration {
        qualification,
        gross_annual_income: c.renda_bruta_anual.unwrap_or_default(),
        financial_investments: c.investimentos_financeiros.unwrap_or_default(),
        invested_elsewhere_this_year: match (qualificado, c.investido_outras_plataformas) {
            (_, Some(v)) => v,
            (true, None) => Decimal::ZERO,
            (false, None) => return Err(ApiError::requisicao(PREENCHER)),
        },
    };
    let acima = band == Some(Band::Above) && !qualificado;
    limite_anual::check_declaration(&d, acima, &p.limite)
        .map_err(|e| ApiError::requisicao(e.message))?;
    let agora = tempo::agora();
    investidor
        .write(&sandbox, move |tx, usuario| {
            gravar(tx, usuario, &d, acima, agora)?;
            resposta(tx, usuario, &p, agora)
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_is_taken_in_sao_paulo() {
        let (inicio, fim) = limites_do_ano(2026);
        // 2026-01-01T00:00:00-03:00 and 2027-01-01T00:00:00-03:00.
        assert_eq!(inicio, 1_767_236_400_000);
        assert_eq!(fim, 1_798_772_400_000);
    }
}

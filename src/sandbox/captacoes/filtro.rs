//! The query of `GET /v1/captacoes`: parsing (every bad value is a 400 in Portuguese,
//! never a panic). Filtering, sorting and paging run in SQL (`store/busca.rs`);
//! `referencia.rs` keeps the former in-memory rules, against which the tests check the SQL.

#[cfg(test)]
pub(crate) mod referencia;

use std::str::FromStr;

use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::domain::dates;
use crate::domain::texto::dobrar;
use crate::sandbox::erro::ApiError;

pub(crate) const TAMANHO_PADRAO: usize = 12;
pub(crate) const TAMANHO_MAXIMO: usize = 1000;
const BUSCA_MAXIMA: usize = 150;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Campo {
    Status,
    NomeCaptacao,
    DataFim,
    Vencimento,
    Rendimento,
    Rating,
    Acompanhamento,
    Disponivel,
    LimiteArrecadacao,
}

const CAMPOS: &[(&str, Campo)] = &[
    ("status", Campo::Status),
    ("nomecaptacao", Campo::NomeCaptacao),
    ("datafim", Campo::DataFim),
    ("vencimento", Campo::Vencimento),
    ("rendimento", Campo::Rendimento),
    ("rating", Campo::Rating),
    ("acompanhamento", Campo::Acompanhamento),
    ("disponivel", Campo::Disponivel),
    ("limitearrecadacao", Campo::LimiteArrecadacao),
];

/// `min-max`; a single number is a maximum; either side may be empty (`6-`, `-24`).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Faixa {
    pub(super) min: Option<Decimal>,
    pub(super) max: Option<Decimal>,
}

impl Faixa {
    #[cfg(test)]
    fn contem(&self, v: Decimal) -> bool {
        self.min.is_none_or(|m| v >= m) && self.max.is_none_or(|m| v <= m)
    }
}

#[derive(Debug, Default)]
pub(crate) struct Consulta {
    pub(crate) pagina: usize,
    pub(crate) tamanho: usize,
    pub(super) busca: Option<String>,
    pub(super) nome: Option<String>,
    pub(super) status: Vec<String>,
    pub(super) rating: Vec<String>,
    pub(super) vencimento: Option<Faixa>,
    pub(super) acompanhamento: Option<Faixa>,
    pub(super) disponivel: Option<Faixa>,
    pub(super) data_inicio: Option<Date>,
    pub(super) data_fim: Option<Date>,
    pub(super) ordem: Option<Campo>,
    pub(super) decrescente: bool,
}

impl Consulta {
    /// Parses the raw query string. Names are matched case-insensitively (as the
    /// platform's ASP.NET binder does); empty values count as absent; unknown names are
    /// ignored.
    pub(crate) fn parse(query: &str) -> Result<Self, ApiError> {
        let pares: Vec<(String, String)> = serde_urlencoded::from_str(query)
            .map_err(|_| ApiError::requisicao("Parâmetros de consulta inválidos."))?;
        let mut c = Consulta {
            pagina: 1,
            tamanho: TAMANHO_PADRAO,
            ..Consulta::default()
        };
        for (nome, valor) in &pares {
            let valor = valor.trim();
            if valor.is_empty() {
                continue;
            }
            match nome.to_ascii_lowercase().as_str() {
                "page" => c.pagina = inteiro(valor, "Page", 1, usize::MAX)?,
                "pagesize" => c.tamanho = inteiro(valor, "PageSize", 1, TAMANHO_MAXIMO)?,
                "fieldsearch" => c.busca = Some(busca(valor, "FieldSearch")?),
                "nomecaptacao" => c.nome = Some(busca(valor, "NomeCaptacao")?),
                "statuscaptacao" => c.status = lista(valor),
                "rating" => c.rating = lista(valor),
                "vencimento" => c.vencimento = Some(faixa(valor, "Vencimento")?),
                "acompanhamento" => c.acompanhamento = Some(faixa(valor, "Acompanhamento")?),
                "disponivel" => c.disponivel = Some(faixa(valor, "Disponivel")?),
                "datainicio" => c.data_inicio = Some(data(valor, "DataInicio")?),
                "datafim" => c.data_fim = Some(data(valor, "DataFim")?),
                "orderbyfield" => {
                    let chave = valor.to_ascii_lowercase();
                    let campo = CAMPOS.iter().find(|(n, _)| *n == chave).map(|(_, c)| *c);
                    c.ordem = Some(campo.ok_or_else(|| {
                        ApiError::requisicao(
                            "OrderByField inválido: use Status, NomeCaptacao, DataFim, Vencimento, \
                             Rendimento, Rating, Acompanhamento, Disponivel ou LimiteArrecadacao.",
                        )
                    })?);
                }
                "orderbycriteria" => {
                    c.decrescente = match valor.to_ascii_uppercase().as_str() {
                        "ASC" => false,
                        "DESC" => true,
                        _ => {
                            return Err(ApiError::requisicao(
                                "OrderByCriteria inválido: use ASC ou DESC.",
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        if let (Some(i), Some(f)) = (c.data_inicio, c.data_fim)
            && i > f
        {
            return Err(ApiError::requisicao(
                "DataInicio não pode ser posterior a DataFim.",
            ));
        }
        Ok(c)
    }
}

fn inteiro(valor: &str, nome: &str, min: usize, max: usize) -> Result<usize, ApiError> {
    valor
        .parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            if max == usize::MAX {
                ApiError::requisicao(format!(
                    "{nome} deve ser um número inteiro maior ou igual a {min}."
                ))
            } else {
                ApiError::requisicao(format!(
                    "{nome} deve ser um número inteiro entre {min} e {max}."
                ))
            }
        })
}

fn busca(valor: &str, nome: &str) -> Result<String, ApiError> {
    if valor.chars().count() > BUSCA_MAXIMA {
        return Err(ApiError::requisicao(format!(
            "{nome} pode ter no máximo {BUSCA_MAXIMA} caracteres."
        )));
    }
    Ok(dobrar(valor))
}

/// One value or several separated by commas, compared accent- and case-insensitively.
fn lista(valor: &str) -> Vec<String> {
    valor
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(dobrar)
        .collect()
}

fn faixa(valor: &str, nome: &str) -> Result<Faixa, ApiError> {
    let invalida = || {
        ApiError::requisicao(format!(
            "{nome} inválido: use mínimo-máximo (ex.: 0-100) ou apenas o máximo."
        ))
    };
    let numero = |t: &str| -> Result<Option<Decimal>, ApiError> {
        let t = t.trim();
        if t.is_empty() {
            return Ok(None);
        }
        Decimal::from_str(&t.replace(',', "."))
            .ok()
            .filter(|d| *d >= Decimal::ZERO)
            .map(Some)
            .ok_or_else(invalida)
    };
    let f = match valor.split_once('-') {
        Some((min, max)) => Faixa {
            min: numero(min)?,
            max: numero(max)?,
        },
        None => Faixa {
            min: None,
            max: numero(valor)?,
        },
    };
    if let (Some(a), Some(b)) = (f.min, f.max)
        && a > b
    {
        return Err(invalida());
    }
    Ok(f)
}

/// `aaaa-mm-dd`, `dd/mm/aaaa` or an RFC 3339 instant (its São Paulo day).
fn data(valor: &str, nome: &str) -> Result<Date, ApiError> {
    let invalida =
        || ApiError::requisicao(format!("{nome} inválida: use aaaa-mm-dd ou dd/mm/aaaa."));
    if let Ok(d) = valor.parse::<Date>() {
        return Ok(d);
    }
    if let Ok(ts) = valor.parse::<jiff::Timestamp>() {
        return Ok(dates::today_in_sao_paulo(ts));
    }
    let partes: Vec<&str> = valor.split('/').collect();
    match partes.as_slice() {
        [d, m, a] if d.len() <= 2 && m.len() <= 2 && a.len() == 4 => {
            let (Ok(d), Ok(m), Ok(a)) = (d.parse::<i8>(), m.parse::<i8>(), a.parse::<i16>()) else {
                return Err(invalida());
            };
            Date::new(a, m, d).map_err(|_| invalida())
        }
        _ => Err(invalida()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faixas_aceitam_min_max_ou_so_maximo() {
        let f = faixa("6-24", "Vencimento").unwrap();
        assert!(f.contem(Decimal::from(6)) && f.contem(Decimal::from(24)));
        assert!(!f.contem(Decimal::from(25)) && !f.contem(Decimal::from(5)));
        let so_max = faixa("250000", "Disponivel").unwrap();
        assert!(so_max.contem(Decimal::ZERO) && !so_max.contem(Decimal::from(250_001)));
        assert!(faixa("24-6", "Vencimento").is_err());
        assert!(faixa("abc", "Vencimento").is_err());
        assert!(faixa("1-2-3", "Vencimento").is_err());
    }

    #[test]
    fn datas_em_tres_formatos() {
        let d = Date::new(2026, 3, 9).unwrap();
        assert_eq!(data("2026-03-09", "DataInicio").unwrap(), d);
        assert_eq!(data("09/03/2026", "DataInicio").unwrap(), d);
        assert_eq!(data("2026-03-09T12:00:00-03:00", "DataInicio").unwrap(), d);
        assert!(data("31/02/2026", "DataInicio").is_err());
        assert!(data("ontem", "DataInicio").is_err());
    }

    #[test]
    fn parametros_invalidos_viram_400() {
        for q in [
            "Page=0",
            "Page=-1",
            "PageSize=1001",
            "PageSize=x",
            "OrderByField=Preco",
            "OrderByCriteria=UP",
            "DataInicio=2026-05-01&DataFim=2026-04-01",
        ] {
            let erro = Consulta::parse(q).unwrap_err();
            assert_eq!(erro.status(), axum::http::StatusCode::BAD_REQUEST, "{q}");
        }
        let longa = format!("FieldSearch={}", "a".repeat(151));
        assert!(Consulta::parse(&longa).is_err());
        let ok = Consulta::parse("page=2&pagesize=5&Outro=1&Rating=").unwrap();
        assert_eq!((ok.pagina, ok.tamanho), (2, 5));
    }
}

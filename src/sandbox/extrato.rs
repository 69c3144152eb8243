//! `GET /v1/reservas/extrato`: the investor's statement — the money that moved between
//! their bank account and their investments (aportes, rendimentos, amortizações,
//! estornos), newest first. Lines live in `movimentos`, written by the reservations' life
//! cycle (see [`movimentos`]); the query filters, counts and pages them in SQL.

mod exportar;
pub(crate) mod store;

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::routing::get;
use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde::Serialize;
use std::sync::Arc;

use crate::domain::dates;
use crate::domain::extrato::{self, MSG_FILTER};
use crate::domain::money;
use crate::domain::reference::{StatusMovimento, TipoMovimento, bank_name};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::consulta::{Pagina, Parametros};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::reservas::movimentos;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const CONTA_NAO_ENCONTRADA: &str = "Conta não encontrada.";
/// The bank shown when the investor registered no bank account.
pub(crate) const CONTA_COLHEITA: &str = "Conta Colheita";
/// Longest `FieldSearch` / `Produto`.
const BUSCA_MAXIMA: usize = 150;

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/reservas/extrato", get(extrato))
        .route(
            "/v1/reservas/extrato/exportar/{tipo}",
            get(exportar::exportar),
        )
}

/// The statement query, read and checked.
#[derive(Clone)]
struct Filtro {
    inicio: Date,
    fim: Date,
    codigo_cliente: Option<String>,
    /// Lower-cased.
    busca: Option<String>,
    tipo: Option<TipoMovimento>,
    status: Option<StatusMovimento>,
    /// Lower-cased.
    produto: Option<String>,
    pagina: Pagina,
}

fn data(p: &Parametros, nome: &str) -> Result<Option<Date>, ApiError> {
    p.texto(nome)
        .map(|t| {
            // Exactly YYYY-MM-DD: jiff would also take other ISO 8601 shapes.
            let ok = t.len() == 10 && t.as_bytes().get(4) == Some(&b'-');
            ok.then(|| t.parse::<Date>().ok())
                .flatten()
                .ok_or_else(|| p.erro())
        })
        .transpose()
}

fn busca(p: &Parametros, nome: &str) -> Result<Option<String>, ApiError> {
    match p.texto(nome) {
        Some(t) if t.chars().count() > BUSCA_MAXIMA => Err(p.erro()),
        t => Ok(t.map(str::to_lowercase)),
    }
}

impl Filtro {
    fn parse(query: Option<&str>, hoje: Date) -> Result<Filtro, ApiError> {
        let p = Parametros::parse(query, MSG_FILTER)?;
        let pagina = p.pagina()?;
        let inicio = data(&p, "dataInicio")?;
        let fim = data(&p, "dataFim")?;
        let dias = match p.texto("dias") {
            Some(t) => Some(t.parse::<i64>().map_err(|_| p.erro())?),
            None => None,
        };
        let tipo = p
            .texto("Tipo")
            .map(|t| TipoMovimento::from_api(t).ok_or_else(|| p.erro()))
            .transpose()?;
        let status = p
            .texto("Status")
            .map(|t| StatusMovimento::from_api(t).ok_or_else(|| p.erro()))
            .transpose()?;
        let busca_ = busca(&p, "FieldSearch")?;
        let produto = busca(&p, "Produto")?;
        let periodo = extrato::periodo(inicio, fim, dias, hoje).map_err(ApiError::requisicao)?;
        Ok(Filtro {
            inicio: periodo.inicio,
            fim: periodo.fim,
            codigo_cliente: p.texto("codigoCliente").map(str::to_owned),
            busca: busca_,
            tipo,
            status,
            produto,
            pagina,
        })
    }
}

/// `"341 - Itaú Unibanco S.A."` for the registered bank account, else "Conta Colheita".
fn banco(codigo: Option<&str>) -> String {
    match codigo {
        Some(c) => match bank_name(c) {
            Some(nome) => format!("{c} - {nome}"),
            None => c.to_owned(),
        },
        None => CONTA_COLHEITA.to_owned(),
    }
}

/// One line of the statement (CONTRACTS.md), its amount an exact JSON number.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LinhaJson<'a> {
    id: i64,
    data: String,
    #[serde(with = "money::json")]
    valor: Decimal,
    descricao: String,
    banco: &'a str,
    nome_ativo: String,
    tipo: &'static str,
    status: &'static str,
    codigo_cliente: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaginaJson<'a> {
    dados: Vec<LinhaJson<'a>>,
    total_de_registros: i64,
}

fn linha_json<'a>(m: store::Movimento, banco: &'a str, codigo: &'a str) -> LinhaJson<'a> {
    LinhaJson {
        id: m.id,
        data: tempo::rfc3339(m.data),
        valor: Decimal::new(m.centavos, 2),
        descricao: m.descricao,
        banco,
        nome_ativo: m.nome_ativo,
        tipo: m.tipo.api(),
        status: m.status.api(),
        codigo_cliente: codigo,
    }
}

/// The filter's days as instants (Unix ms): São Paulo calendar days, from the first
/// one's midnight to the midnight after the last one.
fn intervalo(f: &Filtro) -> Result<(i64, i64), ApiError> {
    let meia_noite = |d: Date| {
        tempo::no_dia(d, 0, 0, 0)
            .map(tempo::ms)
            .ok_or_else(|| ApiError::requisicao(MSG_FILTER))
    };
    let desde = meia_noite(f.inicio)?;
    let ate =
        meia_noite(tempo::somar_dias(f.fim, 1).ok_or_else(|| ApiError::requisicao(MSG_FILTER))?)?;
    Ok((desde, ate))
}

async fn extrato(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    RawQuery(query): RawQuery,
) -> Result<JsonExato, ApiError> {
    let agora = tempo::agora();
    let f = Filtro::parse(query.as_deref(), dates::today_in_sao_paulo(agora))?;
    let (desde, ate) = intervalo(&f)?;
    com_linhas_em_dia(investidor, &sandbox, agora, move |c, usuario| {
        pagina(c, usuario, &f, desde, ate)
    })
    .await
}

/// Answers `f` on `usuario`'s lines brought up to `agora`. Most statement pages find nothing
/// fallen due since the last one: a plain read (one snapshot) sees that and answers,
/// without the write lock that every statement page took before, queueing behind each
/// other and behind every order. Otherwise one IMMEDIATE transaction catches up and answers.
pub(super) async fn com_linhas_em_dia<T, F>(
    investidor: Investidor,
    sandbox: &Sandbox,
    agora: Timestamp,
    f: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: Fn(&Connection, i64) -> Result<T, ApiError> + Send + Sync + 'static,
{
    let f = Arc::new(f);
    let ao_ler = Arc::clone(&f);
    let lido = investidor
        .read(sandbox, move |c, usuario| {
            let snapshot = c.unchecked_transaction()?;
            if !movimentos::em_dia(&snapshot, usuario, agora)? {
                return Ok(None);
            }
            ao_ler(&snapshot, usuario).map(Some)
        })
        .await?;
    match lido {
        Some(v) => Ok(v),
        None => {
            investidor
                .write(sandbox, move |tx, usuario| {
                    movimentos::sincronizar(tx, usuario, agora)?;
                    f(tx, usuario)
                })
                .await
        }
    }
}

/// One page of the statement, as JSON.
fn pagina(
    c: &Connection,
    usuario: i64,
    f: &Filtro,
    desde: i64,
    ate: i64,
) -> Result<JsonExato, ApiError> {
    let l = linhas(
        c,
        usuario,
        f,
        (desde, ate),
        f.pagina.limite_e_deslocamento(),
    )?;
    resposta::json(&PaginaJson {
        dados: l
            .linhas
            .into_iter()
            .map(|m| linha_json(m, &l.banco, &l.conta.codigo))
            .collect(),
        total_de_registros: l.total,
    })
}

/// What a filter finds of an investor's lines, with the account they belong to.
struct Linhas {
    conta: store::Conta,
    /// The account's bank, as the lines show it.
    banco: String,
    /// The page asked for…
    linhas: Vec<store::Movimento>,
    /// …of this many.
    total: i64,
}

/// `usuario`'s lines in `[desde, ate)` (Unix ms) that `f` finds, the page `(limit, offset)`
/// of them; 403 when the filter names another account than the investor's own.
fn linhas(
    c: &Connection,
    usuario: i64,
    f: &Filtro,
    (desde, ate): (i64, i64),
    pagina: (i64, i64),
) -> Result<Linhas, ApiError> {
    let conta =
        store::conta(c, usuario)?.ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
    // The investor's only account (contas[].codigoCliente) carries their own code.
    if f.codigo_cliente
        .as_ref()
        .is_some_and(|codigo| *codigo != conta.codigo)
    {
        return Err(ApiError::new(StatusCode::FORBIDDEN, CONTA_NAO_ENCONTRADA));
    }
    let banco = banco(conta.banco.as_deref());
    let banco_casa = f
        .busca
        .as_ref()
        .is_some_and(|b| banco.to_lowercase().contains(b.as_str()));
    let (linhas, total) = store::pagina(
        c,
        &store::Consulta {
            usuario,
            desde,
            ate,
            tipo: f.tipo,
            status: f.status,
            produto: f.produto.clone(),
            busca: f.busca.clone(),
            banco_casa,
            pagina,
        },
    )?;
    Ok(Linhas {
        conta,
        banco,
        linhas,
        total,
    })
}

//! The record of what each investor accepted or declared (`registros_aceite`): the
//! document, its version and the instant, append-only. The order's confirmation reads it
//! back (the risk term must have been accepted for that reservation, in the version in
//! force), and `GET /v1/cadastro/registros` lists it for the investor.

use axum::extract::State;
use jiff::Timestamp;
use rusqlite::{Connection, params};
use serde::Serialize;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

/// What was accepted or declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Documento {
    TermoAdesao,
    TermoCienciaRisco,
    DeclaracaoInvestidor,
    /// The signed Declaração de investidor qualificado.
    DeclaracaoInvestidorQualificado,
    ConfirmacaoDeclaracao,
    Desistencia,
}

impl Documento {
    pub(crate) fn api(self) -> &'static str {
        match self {
            Documento::TermoAdesao => "TermoAdesao",
            Documento::TermoCienciaRisco => "TermoCienciaRisco",
            Documento::DeclaracaoInvestidor => "DeclaracaoInvestidor",
            Documento::DeclaracaoInvestidorQualificado => "DeclaracaoInvestidorQualificado",
            Documento::ConfirmacaoDeclaracao => "ConfirmacaoDeclaracao",
            Documento::Desistencia => "Desistencia",
        }
    }
}

pub(crate) fn registrar(
    c: &Connection,
    usuario: i64,
    reserva: Option<i64>,
    documento: Documento,
    versao: &str,
    agora: Timestamp,
) -> Result<(), ApiError> {
    c.prepare_cached(
        "INSERT INTO registros_aceite (usuario_id, reserva_id, documento, versao, registrado_em)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        usuario,
        reserva,
        documento.api(),
        versao,
        tempo::ms(agora)
    ])?;
    Ok(())
}

/// When `documento` was last accepted for `reserva` in `versao`, in ms.
pub(crate) fn aceito_em(
    c: &Connection,
    reserva: i64,
    documento: Documento,
    versao: &str,
) -> Result<Option<i64>, ApiError> {
    Ok(c.prepare_cached(
        "SELECT MAX(registrado_em) FROM registros_aceite
         WHERE reserva_id = ?1 AND documento = ?2 AND versao = ?3",
    )?
    .query_row(params![reserva, documento.api(), versao], |r| r.get(0))?)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegistroJson {
    id: i64,
    documento: String,
    versao: String,
    id_reserva: Option<i64>,
    data_registro: String,
}

/// `GET /v1/cadastro/registros` → the investor's record, newest first.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let mut st = c.prepare_cached(
                "SELECT id, documento, versao, reserva_id, registrado_em FROM registros_aceite
                 WHERE usuario_id = ?1 ORDER BY id DESC",
            )?;
            let lista = st
                .query_map(params![usuario], |r| {
                    Ok(RegistroJson {
                        id: r.get(0)?,
                        documento: r.get(1)?,
                        versao: r.get(2)?,
                        id_reserva: r.get(3)?,
                        data_registro: tempo::rfc3339(tempo::de_ms(r.get(4)?)),
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            resposta::json(&lista)
        })
        .await
}

//! `/v1/cadastro/suitability`: the investor-profile questionnaire. The answers are scored
//! by the domain's questionnaire (`domain::suitability`) and stored with the profile and
//! the points; answering again replaces them. Allowed in every cadastro state.

use std::collections::BTreeMap;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};

use crate::domain::suitability::{MSG_FILL, PERGUNTAS, score};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::{Sandbox, tempo};

/// The stored profile as the API answers it; all null (answers `{}`) before the first.
fn perfil_json(c: &Connection, usuario: i64) -> Result<Value, ApiError> {
    let linha: Option<(String, String, i64, i64)> = c
        .query_row(
            "SELECT respostas, perfil, pontuacao, atualizado_em FROM suitability
             WHERE usuario_id = ?1",
            params![usuario],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    Ok(match linha {
        Some((respostas, perfil, pontuacao, em)) => json!({
            "perfil": perfil,
            "pontuacao": pontuacao,
            "respostas": serde_json::from_str::<Value>(&respostas).map_err(ApiError::interno)?,
            "dataAtualizacao": tempo::rfc3339(tempo::de_ms(em)),
        }),
        None => json!({
            "perfil": null,
            "pontuacao": null,
            "respostas": {},
            "dataAtualizacao": null,
        }),
    })
}

/// `GET /v1/cadastro/suitability`.
pub(crate) async fn ler(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| perfil_json(c, usuario).map(Json))
        .await
}

/// `{"respostas": {questionId: optionId}}`: every value a string; anything else is a
/// questionnaire not filled in.
fn respostas(corpo: &[u8]) -> Result<BTreeMap<String, String>, ApiError> {
    let v: Value = serde_json::from_slice(corpo).map_err(|_| ApiError::requisicao(MSG_FILL))?;
    v.get("respostas")
        .and_then(Value::as_object)
        .ok_or_else(|| ApiError::requisicao(MSG_FILL))?
        .iter()
        .map(|(k, v)| match v {
            Value::String(s) => Ok((k.clone(), s.trim().to_owned())),
            _ => Err(ApiError::requisicao(MSG_FILL)),
        })
        .collect()
}

/// Stores the answers of the questionnaire's questions (others are dropped) with what
/// they scored.
pub(crate) fn gravar(
    c: &Connection,
    usuario: i64,
    respostas: &BTreeMap<String, String>,
    agora_ms: i64,
) -> Result<(), ApiError> {
    let resultado = score(respostas).map_err(|e| ApiError::requisicao(e.message()))?;
    let guardadas: serde_json::Map<String, Value> = PERGUNTAS
        .iter()
        .filter_map(|p| {
            respostas
                .get(p.id)
                .map(|r| (p.id.to_owned(), Value::String(r.clone())))
        })
        .collect();
    c.execute(
        "INSERT INTO suitability (usuario_id, respostas, perfil, pontuacao, atualizado_em)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (usuario_id) DO UPDATE SET respostas = excluded.respostas,
            perfil = excluded.perfil, pontuacao = excluded.pontuacao,
            atualizado_em = excluded.atualizado_em",
        params![
            usuario,
            Value::Object(guardadas).to_string(),
            resultado.perfil.label(),
            resultado.pontuacao,
            agora_ms
        ],
    )?;
    Ok(())
}

/// `PUT /v1/cadastro/suitability` `{"respostas": {...}}` → 200 with the new profile; a
/// question unanswered or answered with an unknown option → 400 'Necessário preencher
/// todos os campos para prosseguir.'
pub(crate) async fn responder(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<Json<Value>, ApiError> {
    let respostas = respostas(&corpo)?;
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .escrever(move |tx| {
            gravar(tx, usuario, &respostas, tempo::ms(tempo::agora()))?;
            perfil_json(tx, usuario).map(Json)
        })
        .await
}

//! `/v1/cadastro/suitability`: the investor-profile questionnaire. The answers are scored
//! by the domain's questionnaire (`domain::suitability`) and stored with the profile and
//! the points; answering again replaces them. Allowed in every cadastro state.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::State;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;

use crate::domain::suitability::{MSG_FILL, PERGUNTAS, score};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::store::suitability::{self as store, Perfil};
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PerfilJson {
    perfil: Option<String>,
    pontuacao: Option<i64>,
    respostas: Value,
    data_atualizacao: Option<String>,
}

/// The stored profile as the API answers it; all null (answers `{}`) before the first.
fn perfil_json(c: &Connection, usuario: i64) -> Result<PerfilJson, ApiError> {
    Ok(match store::perfil(c, usuario)? {
        Some(p) => PerfilJson {
            perfil: Some(p.perfil),
            pontuacao: Some(p.pontuacao),
            respostas: serde_json::from_str::<Value>(&p.respostas).map_err(ApiError::interno)?,
            data_atualizacao: Some(tempo::rfc3339(tempo::de_ms(p.atualizado_em))),
        },
        None => PerfilJson {
            perfil: None,
            pontuacao: None,
            respostas: Value::Object(serde_json::Map::new()),
            data_atualizacao: None,
        },
    })
}

/// `GET /v1/cadastro/suitability`.
pub(crate) async fn ler(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    resposta::json(&investidor.read(&sandbox, perfil_json).await?)
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
    store::gravar(
        c,
        usuario,
        &Perfil {
            respostas: Value::Object(guardadas).to_string(),
            perfil: resultado.perfil.label().to_owned(),
            pontuacao: i64::from(resultado.pontuacao),
            atualizado_em: agora_ms,
        },
    )
}

/// `PUT /v1/cadastro/suitability` `{"respostas": {...}}` → 200 with the new profile; a
/// question unanswered or answered with an unknown option → 400 'Necessário preencher
/// todos os campos para prosseguir.'
pub(crate) async fn responder(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<JsonExato, ApiError> {
    let respostas = respostas(&corpo)?;
    let perfil = investidor
        .write(&sandbox, move |tx, usuario| {
            gravar(tx, usuario, &respostas, tempo::ms(tempo::agora()))?;
            perfil_json(tx, usuario)
        })
        .await?;
    resposta::json(&perfil)
}

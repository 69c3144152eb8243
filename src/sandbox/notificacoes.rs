//! `/v1/notificacoes`: the investor's notifications (list, counter, opening one marks it
//! read) and the single setting that turns them off. Notifications are written by the
//! events that concern the investor ([`aviso::enviar`]), never generated on reading.

pub(crate) mod aviso;

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use rusqlite::{OptionalExtension, Row, params};
use serde_json::{Value, json};

use crate::domain::validate::MSG_PREENCHER_CAMPOS;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::consulta::Parametros;
use crate::sandbox::erro::ApiError;
use crate::sandbox::{Sandbox, tempo};

pub(crate) const NAO_ENCONTRADA: &str = "Notificação não encontrada.";
pub(crate) const FILTRO_INVALIDO: &str = "Filtro inválido.";
pub(crate) const TIPO_INVALIDO: &str = "Tipo de notificação inválido.";
/// The only kind of setting: every notification at once.
const TODOS: &str = "TODOS";

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/notificacoes", get(listar))
        .route("/v1/notificacoes/contador", get(contador))
        .route(
            "/v1/notificacoes/configuracoes",
            get(configuracoes).post(configurar),
        )
        .route("/v1/notificacoes/{id}", get(abrir))
}

const COLUNAS: &str = "id, titulo, resumo, enviada_em, lida_em, texto, titulo_botao, url_botao";

fn item_json(r: &Row<'_>) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": r.get::<_, i64>(0)?,
        "titulo": r.get::<_, String>(1)?,
        "resumo": r.get::<_, String>(2)?,
        "dataEnvio": tempo::rfc3339(tempo::de_ms(r.get(3)?)),
        "dataLeitura": r.get::<_, Option<i64>>(4)?.map(|ms| tempo::rfc3339(tempo::de_ms(ms))),
    }))
}

fn detalhe_json(r: &Row<'_>) -> rusqlite::Result<Value> {
    let mut v = item_json(r)?;
    if let Some(o) = v.as_object_mut() {
        o.insert(
            "mensagem".into(),
            json!({
                "titulo": r.get::<_, String>(1)?,
                "resumo": r.get::<_, String>(5)?,
                "dataEnvio": tempo::rfc3339(tempo::de_ms(r.get(3)?)),
                "tituloBotao": r.get::<_, Option<String>>(6)?,
                "uRLBotao": r.get::<_, Option<String>>(7)?,
            }),
        );
    }
    Ok(v)
}

/// `GET /v1/notificacoes?lidas&Page&PageSize` → `{"dados","totalDeRegistros"}`, newest first;
/// `lidas` absent → the unread ones.
async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let p = Parametros::ler(query.as_deref(), FILTRO_INVALIDO)?;
    let lidas = match p.texto("lidas").map(str::to_ascii_lowercase).as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(p.erro()),
    };
    let (limite, deslocamento) = p.pagina()?.limite_e_deslocamento();
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let onde = "usuario_id = ?1 AND (lida_em IS NOT NULL) = ?2";
            let total: i64 = c.query_row(
                &format!("SELECT COUNT(*) FROM notificacoes WHERE {onde}"),
                params![usuario, lidas],
                |r| r.get(0),
            )?;
            let mut q = c.prepare(&format!(
                "SELECT {COLUNAS} FROM notificacoes WHERE {onde}
                 ORDER BY enviada_em DESC, id DESC LIMIT ?3 OFFSET ?4"
            ))?;
            let dados = q
                .query_map(params![usuario, lidas, limite, deslocamento], item_json)?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Json(json!({ "dados": dados, "totalDeRegistros": total })))
        })
        .await
}

/// `GET /v1/notificacoes/contador` → `{"naoLidas": n}`.
async fn contador(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let n: i64 = c.query_row(
                "SELECT COUNT(*) FROM notificacoes WHERE usuario_id = ?1 AND lida_em IS NULL",
                params![usuario],
                |r| r.get(0),
            )?;
            Ok(Json(json!({ "naoLidas": n })))
        })
        .await
}

/// `GET /v1/notificacoes/{id}` → the notification with its full message, marked read on
/// the first opening (the first reading time is kept). Another investor's id is answered
/// like an unknown one.
async fn abrir(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let nao_encontrada = || ApiError::new(StatusCode::NOT_FOUND, NAO_ENCONTRADA);
    let id: i64 = id.trim().parse().map_err(|_| nao_encontrada())?;
    let usuario = investidor.usuario_id;
    let agora = tempo::ms(tempo::agora());
    sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "UPDATE notificacoes SET lida_em = ?1
                 WHERE id = ?2 AND usuario_id = ?3 AND lida_em IS NULL",
                params![agora, id, usuario],
            )?;
            tx.query_row(
                &format!("SELECT {COLUNAS} FROM notificacoes WHERE id = ?1 AND usuario_id = ?2"),
                params![id, usuario],
                detalhe_json,
            )
            .optional()?
            .map(Json)
            .ok_or_else(nao_encontrada)
        })
        .await
}

fn configuracoes_json(recebe: bool) -> Json<Value> {
    Json(json!([{ "tipoNotificacao": TODOS, "recebeNotificacao": recebe }]))
}

/// `GET /v1/notificacoes/configuracoes` → `[{"tipoNotificacao":"TODOS","recebeNotificacao"}]`.
async fn configuracoes(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| Ok(configuracoes_json(aviso::recebe(c, usuario)?)))
        .await
}

/// `POST /v1/notificacoes/configuracoes` `{"tipoNotificacao":"TODOS","recebeNotificacao":bool}`
/// → the stored setting, in the GET's shape.
async fn configurar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<Json<Value>, ApiError> {
    let preencher = || ApiError::requisicao(MSG_PREENCHER_CAMPOS);
    let v: Value = serde_json::from_slice(&corpo).map_err(|_| preencher())?;
    if !v.is_object() {
        return Err(preencher());
    }
    // A kind that is there but unknown is its own mistake; a missing one is a missing field.
    match v.get("tipoNotificacao") {
        None | Some(Value::Null) => return Err(preencher()),
        Some(Value::String(t)) if t.trim() == TODOS => {}
        Some(_) => return Err(ApiError::requisicao(TIPO_INVALIDO)),
    }
    let recebe = v
        .get("recebeNotificacao")
        .and_then(Value::as_bool)
        .ok_or_else(preencher)?;
    let usuario = investidor.usuario_id;
    let agora = tempo::ms(tempo::agora());
    sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "INSERT INTO preferencias_notificacao (usuario_id, recebe, atualizada_em)
                 VALUES (?1, ?2, ?3)
                 ON CONFLICT (usuario_id) DO UPDATE SET recebe = ?2, atualizada_em = ?3",
                params![usuario, recebe, agora],
            )?;
            Ok(configuracoes_json(recebe))
        })
        .await
}

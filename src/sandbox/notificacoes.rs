//! `/v1/notificacoes`: the investor's notifications (list, counter, opening one marks it
//! read) and the single setting that turns them off. Notifications are written by the
//! events that concern the investor ([`enviar`]), never generated on reading.

mod notificacao;
pub(crate) mod store;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::routing::get;
use serde::Serialize;
use serde_json::Value;

use crate::domain::validate::MSG_PREENCHER_CAMPOS;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::consulta::Parametros;
use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores::Id;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) use notificacao::Notificacao;
pub(crate) use store::enviar;

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

/// A notification in the list.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ItemJson {
    id: i64,
    titulo: String,
    resumo: String,
    data_envio: String,
    data_leitura: Option<String>,
}

/// An opened notification: the list's fields and the full message.
#[derive(Serialize)]
struct DetalheJson {
    #[serde(flatten)]
    item: ItemJson,
    mensagem: MensagemJson,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MensagemJson {
    titulo: String,
    resumo: String,
    data_envio: String,
    titulo_botao: Option<String>,
    #[serde(rename = "uRLBotao")]
    url_botao: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaginaJson {
    dados: Vec<ItemJson>,
    total_de_registros: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContadorJson {
    nao_lidas: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfiguracaoJson {
    tipo_notificacao: &'static str,
    recebe_notificacao: bool,
}

fn item_json(n: &store::Enviada) -> ItemJson {
    ItemJson {
        id: n.id,
        titulo: n.titulo.clone(),
        resumo: n.resumo.clone(),
        data_envio: tempo::rfc3339(n.enviada_em),
        data_leitura: n.lida_em.map(tempo::rfc3339),
    }
}

fn detalhe_json(n: store::Enviada) -> DetalheJson {
    DetalheJson {
        item: item_json(&n),
        mensagem: MensagemJson {
            data_envio: tempo::rfc3339(n.enviada_em),
            titulo: n.titulo,
            resumo: n.texto,
            titulo_botao: n.titulo_botao,
            url_botao: n.url_botao,
        },
    }
}

/// `GET /v1/notificacoes?lidas&Page&PageSize` → `{"dados","totalDeRegistros"}`, newest first;
/// `lidas` absent → the unread ones.
async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    RawQuery(query): RawQuery,
) -> Result<JsonExato, ApiError> {
    let p = Parametros::parse(query.as_deref(), FILTRO_INVALIDO)?;
    let lidas = match p.texto("lidas").map(str::to_ascii_lowercase).as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(p.erro()),
    };
    let pagina = p.pagina()?.limite_e_deslocamento();
    let (lista, total) = investidor
        .read(&sandbox, move |c, usuario| {
            store::listar(c, usuario, lidas, pagina)
        })
        .await?;
    resposta::json(&PaginaJson {
        dados: lista.iter().map(item_json).collect(),
        total_de_registros: total,
    })
}

/// `GET /v1/notificacoes/contador` → `{"naoLidas": n}`.
async fn contador(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let nao_lidas = investidor.read(&sandbox, store::nao_lidas).await?;
    resposta::json(&ContadorJson { nao_lidas })
}

/// `GET /v1/notificacoes/{id}` → the notification with its full message, marked read on
/// the first opening (the first reading time is kept). Another investor's id is answered
/// like an unknown one.
async fn abrir(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    id: Result<Id, ApiError>,
) -> Result<JsonExato, ApiError> {
    let nao_encontrada = || ApiError::new(StatusCode::NOT_FOUND, NAO_ENCONTRADA);
    let Id(id) = id.map_err(|_| nao_encontrada())?;
    let agora = tempo::agora();
    let aberta = investidor
        .write(&sandbox, move |tx, usuario| {
            store::abrir(tx, usuario, id, agora)
        })
        .await?
        .ok_or_else(nao_encontrada)?;
    resposta::json(&detalhe_json(aberta))
}

fn configuracoes_json(recebe: bool) -> Result<JsonExato, ApiError> {
    resposta::json(&[ConfiguracaoJson {
        tipo_notificacao: TODOS,
        recebe_notificacao: recebe,
    }])
}

/// `GET /v1/notificacoes/configuracoes` → `[{"tipoNotificacao":"TODOS","recebeNotificacao"}]`.
async fn configuracoes(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    configuracoes_json(investidor.read(&sandbox, store::recebe).await?)
}

/// `POST /v1/notificacoes/configuracoes` `{"tipoNotificacao":"TODOS","recebeNotificacao":bool}`
/// → the stored setting, in the GET's shape.
async fn configurar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<JsonExato, ApiError> {
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
    let agora = tempo::agora();
    investidor
        .write(&sandbox, move |tx, usuario| {
            store::configurar(tx, usuario, recebe, agora)
        })
        .await?;
    configuracoes_json(recebe)
}

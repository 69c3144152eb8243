//! `/v1/cadastro/documentos`: the investor's registration documents (identity document,
//! its back, selfie with the document), stored in SQLite with their bytes. One document
//! per type: sending a type again replaces it. Sending is allowed only while the
//! registration is Básico; reading always.

use axum::Json;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};

use crate::domain::documento::{FileKind, MAX_BYTES, MSG_FORMAT, MSG_TOO_BIG, sniff};
use crate::domain::reference::TipoDocumento;
use crate::domain::validate::MSG_PREENCHER_CAMPOS;
use crate::domain::validate::cadastro::MSG_TOO_LONG;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const MSG_SO_BASICO: &str =
    "Os documentos só podem ser alterados enquanto o seu perfil é básico.";
pub(crate) const MSG_TIPO: &str = "Tipo de documento inválido.";
/// The upload route's body limit: the file plus the form's other parts, so that a file
/// just over 10 MiB is answered with our 413 rather than axum's.
pub(crate) const LIMITE_CORPO: usize = MAX_BYTES + 1024 * 1024;
/// Longest file name or description kept.
const TEXTO_MAXIMO: usize = 255;

const COLUNAS: &str = "d.id, u.email, d.tipo, d.nome, d.descricao, d.tamanho, d.enviado_em";

fn documento_json(r: &rusqlite::Row<'_>) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": r.get::<_, i64>(0)?,
        "email": r.get::<_, String>(1)?,
        "tipoDocumento": r.get::<_, String>(2)?,
        "nomeDocumento": r.get::<_, String>(3)?,
        "descricaoDocumento": r.get::<_, String>(4)?,
        "tamanho": r.get::<_, i64>(5)?,
        "dataEnvio": tempo::rfc3339(tempo::de_ms(r.get(6)?)),
    }))
}

/// `GET /v1/cadastro/documentos` → the investor's documents, without their files.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let id = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let mut q = c.prepare(&format!(
                "SELECT {COLUNAS} FROM documentos_usuario d JOIN usuarios u ON u.id = d.usuario_id
                 WHERE d.usuario_id = ?1 ORDER BY d.enviado_em, d.id"
            ))?;
            let lista = q
                .query_map(params![id], documento_json)?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Json(Value::Array(lista)))
        })
        .await
}

/// `GET /v1/cadastro/documentos/{id}?nomeDocumento=` → the file with its stored content
/// type. Another investor's document is answered like an unknown one (404); the name in
/// the query is not needed (the stored one is used).
pub(crate) async fn baixar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(doc): Path<String>,
) -> Result<Response, ApiError> {
    let usuario = investidor.usuario_id;
    let doc: i64 = doc.parse().map_err(|_| ApiError::nenhum_arquivo())?;
    let (tipo, nome, bytes): (String, String, Vec<u8>) = sandbox
        .db()
        .ler(move |c| {
            c.query_row(
                "SELECT tipo_conteudo, nome, conteudo FROM documentos_usuario
                 WHERE id = ?1 AND usuario_id = ?2",
                params![doc, usuario],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?
            .ok_or_else(ApiError::nenhum_arquivo)
        })
        .await?;
    // An ASCII fallback name plus the exact one, percent-encoded (RFC 6266).
    let ascii: String = nome
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c,
            _ => '_',
        })
        .collect();
    let disposicao = format!(
        "inline; filename=\"{ascii}\"; filename*=UTF-8''{}",
        utf8_percent_encode(&nome, NON_ALPHANUMERIC)
    );
    Ok((
        [
            (header::CONTENT_TYPE, tipo),
            (header::CONTENT_DISPOSITION, disposicao),
            // Personal data: never kept by a shared cache.
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

/// The parts of the upload form the sandbox keeps. `id` and `email` are accepted and
/// ignored: the token decides whose document it is.
#[derive(Default)]
struct Envio {
    tipo: Option<String>,
    nome: Option<String>,
    descricao: Option<String>,
    arquivo: Option<Vec<u8>>,
    nome_arquivo: Option<String>,
}

/// A failure while reading the form: a body over the limit is our 413, anything else a
/// form that could not be read.
fn erro_de_leitura(e: &MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, MSG_TOO_BIG)
    } else {
        ApiError::requisicao(MSG_PREENCHER_CAMPOS)
    }
}

async fn ler_envio(mut form: Multipart) -> Result<Envio, ApiError> {
    let mut envio = Envio::default();
    while let Some(parte) = form.next_field().await.map_err(|e| erro_de_leitura(&e))? {
        let nome = parte.name().unwrap_or_default().to_owned();
        if nome == "documento" {
            envio.nome_arquivo = parte.file_name().map(str::to_owned);
            let bytes = parte.bytes().await.map_err(|e| erro_de_leitura(&e))?;
            envio.arquivo = Some(bytes.to_vec());
            continue;
        }
        let texto = parte.text().await.map_err(|e| erro_de_leitura(&e))?;
        let texto = texto.trim().to_owned();
        match nome.as_str() {
            "tipoDocumento" => envio.tipo = Some(texto),
            "nomeDocumento" => envio.nome = Some(texto),
            "descricaoDocumento" => envio.descricao = Some(texto),
            _ => {}
        }
    }
    Ok(envio)
}

fn cadastro(c: &Connection, usuario: i64) -> Result<String, ApiError> {
    c.query_row(
        "SELECT cadastro FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// `POST /v1/cadastro/documentos` (multipart: id, email, tipoDocumento, nomeDocumento,
/// descricaoDocumento, documento) → 201 with the document. Checks, in order: registration
/// Básico (403), a known type (400), a non-empty file (400), at most 10 MiB (413), PNG,
/// JPEG or PDF content (415).
pub(crate) async fn enviar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    form: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let usuario = investidor.usuario_id;
    let atual = sandbox.db().ler(move |c| cadastro(c, usuario)).await?;
    if atual != "Básico" {
        return Err(ApiError::new(StatusCode::FORBIDDEN, MSG_SO_BASICO));
    }
    let form = form.map_err(|_| ApiError::requisicao(MSG_PREENCHER_CAMPOS))?;
    let envio = ler_envio(form).await?;
    // The API's names exactly; Others (the income report) is not the investor's to send.
    let tipo = envio
        .tipo
        .and_then(|t| TipoDocumento::UPLOADABLE.into_iter().find(|u| u.api() == t))
        .map(TipoDocumento::api)
        .ok_or_else(|| ApiError::requisicao(MSG_TIPO))?;
    let bytes = envio
        .arquivo
        .filter(|b| !b.is_empty())
        .ok_or_else(|| ApiError::requisicao(MSG_PREENCHER_CAMPOS))?;
    if bytes.len() > MAX_BYTES {
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, MSG_TOO_BIG));
    }
    // The content decides (its first bytes), whatever the name or the part's type say.
    let conteudo = sniff(&bytes)
        .map(FileKind::content_type)
        .ok_or_else(|| ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, MSG_FORMAT))?;
    let nome = envio
        .nome
        .filter(|n| !n.is_empty())
        .or(envio.nome_arquivo)
        .unwrap_or_else(|| "documento".to_owned());
    let descricao = envio.descricao.unwrap_or_default();
    if nome.chars().count() > TEXTO_MAXIMO || descricao.chars().count() > TEXTO_MAXIMO {
        return Err(ApiError::requisicao(MSG_TOO_LONG));
    }
    let agora = tempo::ms(tempo::agora());
    let corpo =
        sandbox
            .db()
            .escrever(move |tx| {
                // Checked again inside the write: a verification request may have landed
                // between the first check and this one.
                if cadastro(tx, usuario)? != "Básico" {
                    return Err(ApiError::new(StatusCode::FORBIDDEN, MSG_SO_BASICO));
                }
                tx.execute(
                    "DELETE FROM documentos_usuario WHERE usuario_id = ?1 AND tipo = ?2",
                    params![usuario, tipo],
                )?;
                let tamanho = i64::try_from(bytes.len()).map_err(ApiError::interno)?;
                tx.execute(
                "INSERT INTO documentos_usuario (usuario_id, tipo, nome, descricao, tipo_conteudo,
                    tamanho, conteudo, enviado_em)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![usuario, tipo, nome, descricao, conteudo, tamanho, bytes, agora],
            )?;
                let id = tx.last_insert_rowid();
                Ok(tx.query_row(
                    &format!(
                        "SELECT {COLUNAS} FROM documentos_usuario d
                     JOIN usuarios u ON u.id = d.usuario_id WHERE d.id = ?1"
                    ),
                    params![id],
                    documento_json,
                )?)
            })
            .await?;
    Ok((StatusCode::CREATED, Json(corpo)))
}

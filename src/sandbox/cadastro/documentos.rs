//! `/v1/cadastro/documentos`: the investor's registration documents (identity document,
//! its back, selfie with the document), stored in SQLite with their bytes. One document
//! per type: sending a type again replaces it. Sending is allowed only while the
//! registration is Básico; reading always.

use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Serialize;

use crate::domain::documento::{FileKind, MAX_BYTES, MSG_FORMAT, MSG_TOO_BIG, sniff};
use crate::domain::reference::TipoDocumento;
use crate::domain::status::CadastroStatus;
use crate::domain::validate::MSG_PREENCHER_CAMPOS;
use crate::domain::validate::cadastro::MSG_TOO_LONG;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::store::{
    self,
    documentos::{self as docs, Documento, NovoDocumento},
};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::extratores::Id;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const MSG_SO_BASICO: &str =
    "Os documentos só podem ser alterados enquanto o seu perfil é básico.";
pub(crate) const MSG_TIPO: &str = "Tipo de documento inválido.";
/// The upload route's body limit: the file plus the form's other parts, so that a file
/// just over 10 MiB is answered with our 413 rather than axum's.
pub(crate) const LIMITE_CORPO: usize = MAX_BYTES + 1024 * 1024;
/// Longest file name or description kept.
const TEXTO_MAXIMO: usize = 255;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DocumentoJson {
    id: i64,
    email: String,
    tipo_documento: String,
    nome_documento: String,
    descricao_documento: String,
    tamanho: i64,
    data_envio: String,
}

impl From<Documento> for DocumentoJson {
    fn from(d: Documento) -> DocumentoJson {
        DocumentoJson {
            id: d.id,
            email: d.email,
            tipo_documento: d.tipo,
            nome_documento: d.nome,
            descricao_documento: d.descricao,
            tamanho: d.tamanho,
            data_envio: tempo::rfc3339(d.enviado_em),
        }
    }
}

/// `GET /v1/cadastro/documentos` → the investor's documents, without their files.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let lista = investidor.read(&sandbox, docs::listar).await?;
    let lista: Vec<DocumentoJson> = lista.into_iter().map(DocumentoJson::from).collect();
    resposta::json(&lista)
}

/// `GET /v1/cadastro/documentos/{id}?nomeDocumento=` → the file with its stored content
/// type. Another investor's document is answered like an unknown one (404); the name in
/// the query is not needed (the stored one is used).
pub(crate) async fn baixar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    doc: Result<Id, ApiError>,
) -> Result<Response, ApiError> {
    let Id(doc) = doc.map_err(|_| ApiError::nenhum_arquivo())?;
    let docs::Arquivo {
        tipo_conteudo: tipo,
        nome,
        conteudo: bytes,
    } = investidor
        .read(&sandbox, move |c, usuario| {
            docs::arquivo(c, usuario, doc)?.ok_or_else(ApiError::nenhum_arquivo)
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

async fn parse_envio(mut form: Multipart) -> Result<Envio, ApiError> {
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

/// Whether the registration is Básico, the only state that may change its documents.
fn basico(c: &rusqlite::Connection, usuario: i64) -> Result<bool, ApiError> {
    store::estado(c, usuario)?
        .map(|e| e == CadastroStatus::Basico)
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
) -> Result<(StatusCode, JsonExato), ApiError> {
    if !investidor.read(&sandbox, basico).await? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, MSG_SO_BASICO));
    }
    let form = form.map_err(|_| ApiError::requisicao(MSG_PREENCHER_CAMPOS))?;
    let envio = parse_envio(form).await?;
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
    let novo = NovoDocumento {
        usuario: investidor.usuario_id,
        tipo,
        nome,
        descricao,
        tipo_conteudo: conteudo,
        conteudo: bytes,
        enviado_em: tempo::agora(),
    };
    let enviado = investidor
        .write(&sandbox, move |tx, usuario| {
            // Checked again inside the write: a verification request may have landed
            // between the first check and this one.
            if !basico(tx, usuario)? {
                return Err(ApiError::new(StatusCode::FORBIDDEN, MSG_SO_BASICO));
            }
            docs::substituir(tx, &novo)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        resposta::json(&DocumentoJson::from(enviado))?,
    ))
}

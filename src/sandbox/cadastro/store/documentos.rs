//! The SQL of the registration documents (`documentos_usuario`, bytes included).

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// A document without its file.
pub(crate) struct Documento {
    pub(crate) id: i64,
    /// The owner's e-mail.
    pub(crate) email: String,
    pub(crate) tipo: String,
    pub(crate) nome: String,
    pub(crate) descricao: String,
    pub(crate) tamanho: i64,
    pub(crate) enviado_em: Timestamp,
}

const COLUNAS: &str = "d.id, u.email, d.tipo, d.nome, d.descricao, d.tamanho, d.enviado_em";

impl Documento {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Documento> {
        Ok(Documento {
            id: r.get(0)?,
            email: r.get(1)?,
            tipo: r.get(2)?,
            nome: r.get(3)?,
            descricao: r.get(4)?,
            tamanho: r.get(5)?,
            enviado_em: tempo::de_ms(r.get(6)?),
        })
    }
}

/// The investor's documents, oldest first.
pub(crate) fn listar(c: &Connection, usuario: i64) -> Result<Vec<Documento>, ApiError> {
    let mut q = c.prepare_cached(&format!(
        "SELECT {COLUNAS} FROM documentos_usuario d JOIN usuarios u ON u.id = d.usuario_id
         WHERE d.usuario_id = ?1 ORDER BY d.enviado_em, d.id"
    ))?;
    let lista = q
        .query_map(params![usuario], Documento::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// A document's file.
pub(crate) struct Arquivo {
    pub(crate) tipo_conteudo: String,
    pub(crate) nome: String,
    pub(crate) conteudo: Vec<u8>,
}

/// The file of the investor's document `id`; `None` when it is not theirs or unknown.
pub(crate) fn arquivo(c: &Connection, usuario: i64, id: i64) -> Result<Option<Arquivo>, ApiError> {
    Ok(c.row(
        "SELECT tipo_conteudo, nome, conteudo FROM documentos_usuario
         WHERE id = ?1 AND usuario_id = ?2",
        params![id, usuario],
        |r| {
            Ok(Arquivo {
                tipo_conteudo: r.get(0)?,
                nome: r.get(1)?,
                conteudo: r.get(2)?,
            })
        },
    )
    .optional()?)
}

/// A document to store.
pub(crate) struct NovoDocumento {
    pub(crate) usuario: i64,
    pub(crate) tipo: &'static str,
    pub(crate) nome: String,
    pub(crate) descricao: String,
    pub(crate) tipo_conteudo: &'static str,
    pub(crate) conteudo: Vec<u8>,
    pub(crate) enviado_em: Timestamp,
}

/// Stores the document in place of the investor's one of the same type, if any.
pub(crate) fn substituir(c: &Connection, d: &NovoDocumento) -> Result<Documento, ApiError> {
    c.execute(
        "DELETE FROM documentos_usuario WHERE usuario_id = ?1 AND tipo = ?2",
        params![d.usuario, d.tipo],
    )?;
    let tamanho = i64::try_from(d.conteudo.len()).map_err(ApiError::interno)?;
    c.execute(
        "INSERT INTO documentos_usuario (usuario_id, tipo, nome, descricao, tipo_conteudo,
            tamanho, conteudo, enviado_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            d.usuario,
            d.tipo,
            d.nome,
            d.descricao,
            d.tipo_conteudo,
            tamanho,
            d.conteudo,
            tempo::ms(d.enviado_em)
        ],
    )?;
    let id = c.last_insert_rowid();
    Ok(c.row(
        &format!(
            "SELECT {COLUNAS} FROM documentos_usuario d
             JOIN usuarios u ON u.id = d.usuario_id WHERE d.id = ?1"
        ),
        params![id],
        Documento::from_row,
    )?)
}

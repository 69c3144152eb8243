//! The SQL of notifications: `notificacoes` (one row per notification sent) and
//! `preferencias_notificacao` (the investor's single on/off setting).

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::Notificacao;
use crate::sandbox::tempo;

/// A stored notification.
pub(crate) struct Enviada {
    pub(crate) id: i64,
    pub(crate) titulo: String,
    pub(crate) resumo: String,
    pub(crate) enviada_em: Timestamp,
    pub(crate) lida_em: Option<Timestamp>,
    pub(crate) texto: String,
    pub(crate) titulo_botao: Option<String>,
    pub(crate) url_botao: Option<String>,
}

const COLUNAS: &str = "id, titulo, resumo, enviada_em, lida_em, texto, titulo_botao, url_botao";

impl Enviada {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Enviada> {
        Ok(Enviada {
            id: r.get(0)?,
            titulo: r.get(1)?,
            resumo: r.get(2)?,
            enviada_em: tempo::de_ms(r.get(3)?),
            lida_em: r.get::<_, Option<i64>>(4)?.map(tempo::de_ms),
            texto: r.get(5)?,
            titulo_botao: r.get(6)?,
            url_botao: r.get(7)?,
        })
    }
}

/// Whether the investor receives notifications (never set: yes).
pub(crate) fn recebe(c: &Connection, usuario: i64) -> Result<bool, ApiError> {
    Ok(c.row(
        "SELECT recebe FROM preferencias_notificacao WHERE usuario_id = ?1",
        params![usuario],
        |r| r.get::<_, bool>(0),
    )
    .optional()?
    .unwrap_or(true))
}

/// Stores the setting (the first time, or over the previous one).
pub(crate) fn configurar(
    c: &Connection,
    usuario: i64,
    recebe: bool,
    agora: Timestamp,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO preferencias_notificacao (usuario_id, recebe, atualizada_em)
         VALUES (?1, ?2, ?3)
         ON CONFLICT (usuario_id) DO UPDATE SET recebe = ?2, atualizada_em = ?3",
        params![usuario, recebe, tempo::ms(agora)],
    )?;
    Ok(())
}

/// Stores `notificacao` for `usuario`, sent at `quando`, unread — unless the investor
/// turned notifications off, in which case nothing is stored (they are not kept for
/// later). Returns the new id, if any.
pub(crate) fn enviar(
    c: &Connection,
    usuario: i64,
    notificacao: &Notificacao,
    quando: Timestamp,
) -> Result<Option<i64>, ApiError> {
    if !recebe(c, usuario)? {
        return Ok(None);
    }
    let (titulo_botao, url_botao) = match &notificacao.botao {
        Some((t, u)) => (Some(t.as_str()), Some(u.as_str())),
        None => (None, None),
    };
    c.execute(
        "INSERT INTO notificacoes (usuario_id, titulo, resumo, texto, titulo_botao, url_botao,
            enviada_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            usuario,
            notificacao.titulo,
            notificacao.resumo,
            notificacao.texto,
            titulo_botao,
            url_botao,
            tempo::ms(quando)
        ],
    )?;
    Ok(Some(c.last_insert_rowid()))
}

/// One page of the investor's read (or unread) notifications, newest first, and how many
/// there are in all.
pub(crate) fn listar(
    c: &Connection,
    usuario: i64,
    lidas: bool,
    (limite, deslocamento): (i64, i64),
) -> Result<(Vec<Enviada>, i64), ApiError> {
    let onde = "usuario_id = ?1 AND (lida_em IS NOT NULL) = ?2";
    let total: i64 = c.row(
        &format!("SELECT COUNT(*) FROM notificacoes WHERE {onde}"),
        params![usuario, lidas],
        |r| r.get(0),
    )?;
    let mut q = c.prepare_cached(&format!(
        "SELECT {COLUNAS} FROM notificacoes WHERE {onde}
         ORDER BY enviada_em DESC, id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let pagina = q
        .query_map(
            params![usuario, lidas, limite, deslocamento],
            Enviada::from_row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((pagina, total))
}

/// How many notifications the investor has not opened.
pub(crate) fn nao_lidas(c: &Connection, usuario: i64) -> Result<i64, ApiError> {
    Ok(c.row(
        "SELECT COUNT(*) FROM notificacoes WHERE usuario_id = ?1 AND lida_em IS NULL",
        params![usuario],
        |r| r.get(0),
    )?)
}

/// The investor's notification `id`, marked read at `agora` on its first opening (the
/// first reading time is kept); `None` when it is not theirs or does not exist.
pub(crate) fn abrir(
    c: &Connection,
    usuario: i64,
    id: i64,
    agora: Timestamp,
) -> Result<Option<Enviada>, ApiError> {
    c.execute(
        "UPDATE notificacoes SET lida_em = ?1
         WHERE id = ?2 AND usuario_id = ?3 AND lida_em IS NULL",
        params![tempo::ms(agora), id, usuario],
    )?;
    Ok(c.row(
        &format!("SELECT {COLUNAS} FROM notificacoes WHERE id = ?1 AND usuario_id = ?2"),
        params![id, usuario],
        Enviada::from_row,
    )
    .optional()?)
}

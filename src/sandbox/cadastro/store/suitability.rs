//! The SQL of the investor profile (`suitability`, one row per investor).

use rusqlite::{Connection, OptionalExtension, params};

use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;

/// The stored profile.
pub(crate) struct Perfil {
    /// The answers as a JSON object `{questionId: optionId}`.
    pub(crate) respostas: String,
    pub(crate) perfil: String,
    pub(crate) pontuacao: i64,
    /// Unix ms.
    pub(crate) atualizado_em: i64,
}

/// The investor's profile; `None` before the first answers.
pub(crate) fn perfil(c: &Connection, usuario: i64) -> Result<Option<Perfil>, ApiError> {
    Ok(c.row(
        "SELECT respostas, perfil, pontuacao, atualizado_em FROM suitability
         WHERE usuario_id = ?1",
        params![usuario],
        |r| {
            Ok(Perfil {
                respostas: r.get(0)?,
                perfil: r.get(1)?,
                pontuacao: r.get(2)?,
                atualizado_em: r.get(3)?,
            })
        },
    )
    .optional()?)
}

/// Stores the profile in place of the previous one.
pub(crate) fn gravar(c: &Connection, usuario: i64, p: &Perfil) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO suitability (usuario_id, respostas, perfil, pontuacao, atualizado_em)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (usuario_id) DO UPDATE SET respostas = excluded.respostas,
            perfil = excluded.perfil, pontuacao = excluded.pontuacao,
            atualizado_em = excluded.atualizado_em",
        params![usuario, p.respostas, p.perfil, p.pontuacao, p.atualizado_em],
    )?;
    Ok(())
}

//! The SQL of the e-mail outbox (`caixa_de_saida`).

use jiff::Timestamp;
use rusqlite::{Connection, params};

use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// A message in the outbox.
pub(crate) struct Mensagem {
    pub(crate) para: String,
    pub(crate) assunto: String,
    pub(crate) corpo: String,
    pub(crate) enviado_em: Timestamp,
}

/// Stores a message sent at `agora`.
pub(crate) fn inserir(
    c: &Connection,
    para: &str,
    assunto: &str,
    corpo: &str,
    agora: Timestamp,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO caixa_de_saida (para, assunto, corpo, enviado_em) VALUES (?1, ?2, ?3, ?4)",
        params![para, assunto, corpo, tempo::ms(agora)],
    )?;
    Ok(())
}

/// The newest `limite` messages, newest first.
pub(crate) fn recentes(c: &Connection, limite: i64) -> Result<Vec<Mensagem>, ApiError> {
    let mut stmt = c.prepare(
        "SELECT para, assunto, corpo, enviado_em FROM caixa_de_saida
         ORDER BY enviado_em DESC, id DESC LIMIT ?1",
    )?;
    let linhas = stmt.query_map(params![limite], |r| {
        Ok(Mensagem {
            para: r.get(0)?,
            assunto: r.get(1)?,
            corpo: r.get(2)?,
            enviado_em: tempo::de_ms(r.get(3)?),
        })
    })?;
    Ok(linhas.collect::<Result<Vec<_>, _>>()?)
}

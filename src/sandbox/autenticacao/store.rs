//! The SQL of the login provider: the investors' credentials in `usuarios`, single-use
//! codes in `codigos`, login sessions in `sessoes` and their tokens in `tokens`. Codes and
//! tokens are kept only as their digest (`tokens::digest`), never in the clear.

use rusqlite::{Connection, OptionalExtension, params};

use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;

/// The two kinds of token a session issues, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TipoToken {
    Acesso,
    Renovacao,
}

impl TipoToken {
    fn sql(self) -> &'static str {
        match self {
            TipoToken::Acesso => "access",
            TipoToken::Renovacao => "refresh",
        }
    }
}

/// The investor an e-mail logs in as, with their password hash.
pub(crate) struct Credenciais {
    pub(crate) id: i64,
    pub(crate) senha_hash: String,
}

pub(crate) fn credenciais(c: &Connection, email: &str) -> Result<Option<Credenciais>, ApiError> {
    Ok(c.row(
        "SELECT id, senha_hash FROM usuarios WHERE email = ?1",
        params![email],
        |r| {
            Ok(Credenciais {
                id: r.get(0)?,
                senha_hash: r.get(1)?,
            })
        },
    )
    .optional()?)
}

/// Password hashes of the retired iterated SHA-256 scheme: (user, hash).
pub(crate) fn hashes_legados(c: &Connection) -> Result<Vec<(i64, String)>, ApiError> {
    let mut q =
        c.prepare("SELECT id, senha_hash FROM usuarios WHERE senha_hash LIKE 'sha256i$%'")?;
    let lista = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(lista)
}

pub(crate) fn gravar_hash(c: &Connection, usuario: i64, hash: &str) -> Result<(), ApiError> {
    c.execute(
        "UPDATE usuarios SET senha_hash = ?1 WHERE id = ?2",
        params![hash, usuario],
    )?;
    Ok(())
}

/// A single-use login code as stored (times in Unix ms).
pub(crate) struct Codigo {
    pub(crate) usuario_id: i64,
    pub(crate) client_id: String,
    pub(crate) redirect_uri: String,
    pub(crate) code_challenge: String,
    pub(crate) expira_em: i64,
    pub(crate) usado_em: Option<i64>,
    /// The session its exchange opened.
    pub(crate) sessao_id: Option<i64>,
}

/// Stores a fresh code (`usado_em` and `sessao_id` empty).
pub(crate) fn inserir_codigo(c: &Connection, hash: &str, codigo: &Codigo) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO codigos (hash, usuario_id, client_id, redirect_uri, code_challenge, expira_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            hash,
            codigo.usuario_id,
            codigo.client_id,
            codigo.redirect_uri,
            codigo.code_challenge,
            codigo.expira_em
        ],
    )?;
    Ok(())
}

pub(crate) fn codigo(c: &Connection, hash: &str) -> Result<Option<Codigo>, ApiError> {
    Ok(c.row(
        "SELECT usuario_id, client_id, redirect_uri, code_challenge, expira_em, usado_em,
                sessao_id
         FROM codigos WHERE hash = ?1",
        params![hash],
        |r| {
            Ok(Codigo {
                usuario_id: r.get(0)?,
                client_id: r.get(1)?,
                redirect_uri: r.get(2)?,
                code_challenge: r.get(3)?,
                expira_em: r.get(4)?,
                usado_em: r.get(5)?,
                sessao_id: r.get(6)?,
            })
        },
    )
    .optional()?)
}

/// Marks the code used at `agora`, by the session it opened.
pub(crate) fn usar_codigo(
    c: &Connection,
    hash: &str,
    agora: i64,
    sessao_id: i64,
) -> Result<(), ApiError> {
    c.execute(
        "UPDATE codigos SET usado_em = ?1, sessao_id = ?2 WHERE hash = ?3",
        params![agora, sessao_id, hash],
    )?;
    Ok(())
}

/// Opens a session; returns its id.
pub(crate) fn abrir_sessao(
    c: &Connection,
    usuario_id: i64,
    client_id: &str,
    scope: &str,
    agora: i64,
) -> Result<i64, ApiError> {
    c.execute(
        "INSERT INTO sessoes (usuario_id, client_id, scope, criada_em) VALUES (?1, ?2, ?3, ?4)",
        params![usuario_id, client_id, scope, agora],
    )?;
    Ok(c.last_insert_rowid())
}

/// What a session's tokens are issued with.
pub(crate) struct Sessao {
    pub(crate) client_id: String,
    pub(crate) scope: String,
    /// The investor still has the temporary password of the sign-up.
    pub(crate) senha_temporaria: bool,
    pub(crate) criada_em: i64,
}

pub(crate) fn sessao(c: &Connection, sessao_id: i64) -> Result<Sessao, ApiError> {
    Ok(c.row(
        "SELECT s.client_id, s.scope, u.senha_temporaria, s.criada_em FROM sessoes s
         JOIN usuarios u ON u.id = s.usuario_id WHERE s.id = ?1",
        params![sessao_id],
        |r| {
            Ok(Sessao {
                client_id: r.get(0)?,
                scope: r.get(1)?,
                senha_temporaria: r.get(2)?,
                criada_em: r.get(3)?,
            })
        },
    )?)
}

pub(crate) fn inserir_token(
    c: &Connection,
    hash: &str,
    sessao_id: i64,
    tipo: TipoToken,
    expira_em: i64,
) -> Result<(), ApiError> {
    c.prepare_cached(
        "INSERT INTO tokens (hash, sessao_id, tipo, expira_em) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![hash, sessao_id, tipo.sql(), expira_em])?;
    Ok(())
}

/// A refresh token with its session, as stored (times in Unix ms).
pub(crate) struct Renovacao {
    pub(crate) sessao_id: i64,
    pub(crate) client_id: String,
    pub(crate) expira_em: i64,
    pub(crate) revogado_em: Option<i64>,
    pub(crate) rotacionado_em: Option<i64>,
    /// The pair it was rotated into, sealed under it (`selo`).
    pub(crate) sucessor: Option<Vec<u8>>,
    pub(crate) sessao_encerrada_em: Option<i64>,
}

pub(crate) fn renovacao(c: &Connection, hash: &str) -> Result<Option<Renovacao>, ApiError> {
    Ok(c.row(
        "SELECT s.id, s.client_id, t.expira_em, t.revogado_em, t.rotacionado_em, t.sucessor,
                s.encerrada_em
         FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
         WHERE t.hash = ?1 AND t.tipo = ?2",
        params![hash, TipoToken::Renovacao.sql()],
        |r| {
            Ok(Renovacao {
                sessao_id: r.get(0)?,
                client_id: r.get(1)?,
                expira_em: r.get(2)?,
                revogado_em: r.get(3)?,
                rotacionado_em: r.get(4)?,
                sucessor: r.get(5)?,
                sessao_encerrada_em: r.get(6)?,
            })
        },
    )
    .optional()?)
}

/// Retires a rotated refresh token, keeping the sealed pair it was rotated into.
pub(crate) fn rotacionar(
    c: &Connection,
    hash: &str,
    agora: i64,
    sucessor: Option<&[u8]>,
) -> Result<(), ApiError> {
    c.execute(
        "UPDATE tokens SET revogado_em = ?1, rotacionado_em = ?1, sucessor = ?2 WHERE hash = ?3",
        params![agora, sucessor, hash],
    )?;
    Ok(())
}

/// The session a refresh token belongs to, whatever its state.
pub(crate) fn sessao_da_renovacao(c: &Connection, hash: &str) -> Result<Option<i64>, ApiError> {
    Ok(c.row(
        "SELECT sessao_id FROM tokens WHERE hash = ?1 AND tipo = ?2",
        params![hash, TipoToken::Renovacao.sql()],
        |r| r.get(0),
    )
    .optional()?)
}

/// Ends a session and revokes every token it issued (the first end time is kept).
pub(crate) fn revogar_sessao(c: &Connection, sessao_id: i64, agora: i64) -> Result<(), ApiError> {
    c.execute(
        "UPDATE sessoes SET encerrada_em = COALESCE(encerrada_em, ?1) WHERE id = ?2",
        params![agora, sessao_id],
    )?;
    c.execute(
        "UPDATE tokens SET revogado_em = COALESCE(revogado_em, ?1), sucessor = NULL
         WHERE sessao_id = ?2",
        params![agora, sessao_id],
    )?;
    Ok(())
}

/// The live sessions of `usuario_id` other than `manter`.
pub(crate) fn outras_sessoes(
    c: &Connection,
    usuario_id: i64,
    manter: i64,
) -> Result<Vec<i64>, ApiError> {
    let mut q = c.prepare(
        "SELECT id FROM sessoes WHERE usuario_id = ?1 AND id <> ?2 AND encerrada_em IS NULL",
    )?;
    let lista = q
        .query_map(params![usuario_id, manter], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(lista)
}

/// (investor, session) of a live access token at `agora`.
pub(crate) fn dono_do_acesso(
    c: &Connection,
    hash: &str,
    agora: i64,
) -> Result<Option<(i64, i64)>, ApiError> {
    // Every investor request asks it: prepared once per connection.
    Ok(c.prepare_cached(
        "SELECT s.usuario_id, s.id FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
         WHERE t.hash = ?1 AND t.tipo = ?2 AND t.revogado_em IS NULL
           AND t.expira_em > ?3 AND s.encerrada_em IS NULL",
    )?
    .query_row(params![hash, TipoToken::Acesso.sql(), agora], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .optional()?)
}

/// Forgets codes and tokens that expired before `limite`.
pub(crate) fn esquecer_vencidos(c: &Connection, limite: i64) -> Result<(), ApiError> {
    c.execute("DELETE FROM codigos WHERE expira_em < ?1", params![limite])?;
    c.execute("DELETE FROM tokens WHERE expira_em < ?1", params![limite])?;
    Ok(())
}

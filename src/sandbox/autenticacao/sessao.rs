//! Sessions of the login provider in the database: single-use codes, access/refresh
//! pairs, rotation, and the end of a session. Every function runs inside the caller's
//! transaction.

use axum::http::StatusCode;
use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::sandbox::SandboxConfig;
use crate::sandbox::autenticacao::tokens::{self, Emissao};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::tempo::{self, mais};

pub(crate) const CODIGO_INVALIDO: &str = "Código de autenticação inválido ou expirado.";
pub(crate) const SESSAO_EXPIRADA: &str = "Sessão expirada. Faça login novamente.";

#[derive(Debug, Serialize)]
pub(crate) struct RespostaToken {
    token: ParDeTokens,
    #[serde(rename = "tipoResposta")]
    tipo_resposta: &'static str,
}

#[derive(Debug, Serialize)]
pub(crate) struct ParDeTokens {
    access_token: String,
    refresh_token: String,
    expires_in: u64,
    refresh_expires_in: u64,
    token_type: &'static str,
}

/// Stores a fresh single-use code for `usuario_id`; returns the code itself.
pub(crate) fn criar_codigo(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    usuario_id: i64,
    client_id: &str,
    redirect_uri: &str,
    agora: Timestamp,
) -> Result<String, ApiError> {
    let codigo = tokens::aleatorio(32);
    tx.execute(
        "INSERT INTO codigos (hash, usuario_id, client_id, redirect_uri, expira_em) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            tokens::digest(&codigo),
            usuario_id,
            client_id,
            redirect_uri,
            tempo::ms(mais(agora, cfg.code_ttl))
        ],
    )?;
    Ok(codigo)
}

/// Exchanges a code for a new session's tokens. The code dies here whatever happens next.
pub(crate) fn trocar_codigo(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    codigo: &str,
    client_id: &str,
    scope: &str,
    agora: Timestamp,
) -> Result<RespostaToken, ApiError> {
    let invalido = || ApiError::requisicao(CODIGO_INVALIDO);
    let hash = tokens::digest(codigo);
    let linha: Option<(i64, String, i64, Option<i64>)> = tx
        .query_row(
            "SELECT usuario_id, client_id, expira_em, usado_em FROM codigos WHERE hash = ?1",
            params![hash],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    let Some((usuario_id, dono, expira_em, usado_em)) = linha else {
        return Err(invalido());
    };
    if usado_em.is_some() || tempo::ms(agora) >= expira_em || dono != client_id {
        return Err(invalido());
    }
    tx.execute(
        "UPDATE codigos SET usado_em = ?1 WHERE hash = ?2",
        params![tempo::ms(agora), hash],
    )?;
    tx.execute(
        "INSERT INTO sessoes (usuario_id, client_id, scope, criada_em) VALUES (?1, ?2, ?3, ?4)",
        params![usuario_id, client_id, scope, tempo::ms(agora)],
    )?;
    let sessao_id = tx.last_insert_rowid();
    emitir(tx, cfg, sessao_id, agora)
}

/// Rotates a refresh token: the presented one dies, a new pair is issued for the same
/// session. Access tokens already issued live on until they expire, as in Keycloak.
pub(crate) fn renovar(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    refresh: &str,
    client_id: &str,
    agora: Timestamp,
) -> Result<RespostaToken, ApiError> {
    let expirada = || ApiError::new(StatusCode::UNAUTHORIZED, SESSAO_EXPIRADA);
    let hash = tokens::digest(refresh);
    let linha: Option<(i64, String)> = tx
        .query_row(
            "SELECT s.id, s.client_id FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
             WHERE t.hash = ?1 AND t.tipo = 'refresh' AND t.revogado_em IS NULL
               AND t.expira_em > ?2 AND s.encerrada_em IS NULL",
            params![hash, tempo::ms(agora)],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((sessao_id, dono)) = linha else {
        return Err(expirada());
    };
    if dono != client_id {
        return Err(expirada());
    }
    tx.execute(
        "UPDATE tokens SET revogado_em = ?1 WHERE hash = ?2",
        params![tempo::ms(agora), hash],
    )?;
    emitir(tx, cfg, sessao_id, agora)
}

/// Ends the session a refresh token belongs to (even an expired or rotated one: logging
/// out must always be possible) and revokes all its tokens. `false` when unknown.
pub(crate) fn encerrar(
    tx: &Transaction<'_>,
    refresh: &str,
    agora: Timestamp,
) -> Result<bool, ApiError> {
    let sessao: Option<i64> = tx
        .query_row(
            "SELECT sessao_id FROM tokens WHERE hash = ?1 AND tipo = 'refresh'",
            params![tokens::digest(refresh)],
            |r| r.get(0),
        )
        .optional()?;
    let Some(sessao_id) = sessao else {
        return Ok(false);
    };
    let ms = tempo::ms(agora);
    tx.execute(
        "UPDATE sessoes SET encerrada_em = COALESCE(encerrada_em, ?1) WHERE id = ?2",
        params![ms, sessao_id],
    )?;
    tx.execute(
        "UPDATE tokens SET revogado_em = COALESCE(revogado_em, ?1) WHERE sessao_id = ?2",
        params![ms, sessao_id],
    )?;
    Ok(true)
}

/// The investor owning a live access token.
pub(crate) fn usuario_do_acesso(
    conexao: &Connection,
    acesso: &str,
    agora: Timestamp,
) -> Result<i64, ApiError> {
    conexao
        .query_row(
            "SELECT s.usuario_id FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
             WHERE t.hash = ?1 AND t.tipo = 'access' AND t.revogado_em IS NULL
               AND t.expira_em > ?2 AND s.encerrada_em IS NULL",
            params![tokens::digest(acesso), tempo::ms(agora)],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// Forgets codes and tokens that can no longer be used (expired over a day ago).
pub(crate) fn limpar(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), ApiError> {
    let limite = tempo::ms(agora) - 24 * 3600 * 1000;
    tx.execute("DELETE FROM codigos WHERE expira_em < ?1", params![limite])?;
    tx.execute("DELETE FROM tokens WHERE expira_em < ?1", params![limite])?;
    Ok(())
}

fn emitir(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    sessao_id: i64,
    agora: Timestamp,
) -> Result<RespostaToken, ApiError> {
    let (client_id, scope, temporaria): (String, String, bool) = tx.query_row(
        "SELECT s.client_id, s.scope, u.senha_temporaria FROM sessoes s
         JOIN usuarios u ON u.id = s.usuario_id WHERE s.id = ?1",
        params![sessao_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let emissor = format!("{}/realms/colheita", cfg.public_url);
    let expira_acesso = mais(agora, cfg.access_ttl);
    let expira_renovacao = mais(agora, cfg.refresh_ttl);
    let base = |expira| Emissao {
        emissor: &emissor,
        client_id: &client_id,
        scope: &scope,
        agora,
        expira,
    };
    let access_token = tokens::acesso(&base(expira_acesso));
    let refresh_token = tokens::renovacao(&base(expira_renovacao));
    let mut inserir = tx.prepare_cached(
        "INSERT INTO tokens (hash, sessao_id, tipo, expira_em) VALUES (?1, ?2, ?3, ?4)",
    )?;
    inserir.execute(params![
        tokens::digest(&access_token),
        sessao_id,
        "access",
        tempo::ms(expira_acesso)
    ])?;
    inserir.execute(params![
        tokens::digest(&refresh_token),
        sessao_id,
        "refresh",
        tempo::ms(expira_renovacao)
    ])?;
    Ok(RespostaToken {
        token: ParDeTokens {
            access_token,
            refresh_token,
            expires_in: cfg.access_ttl.as_secs(),
            refresh_expires_in: cfg.refresh_ttl.as_secs(),
            token_type: "Bearer",
        },
        tipo_resposta: if temporaria { "trocarsenha" } else { "sucesso" },
    })
}

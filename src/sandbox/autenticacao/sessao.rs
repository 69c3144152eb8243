//! Sessions of the login provider in the database: single-use codes bound to a PKCE
//! challenge and a redirect URI, access/refresh pairs, rotation with reuse detection, and
//! the end of a session. Every function runs inside the caller's transaction.
//!
//! Theft detection (RFC 9700 §2.2.2, §4.14): a code presented twice, or a rotated refresh
//! token presented after the reuse interval, means two parties hold the same secret, so
//! the whole session issued from it dies. Refusals are returned as
//! [`Resultado::Recusada`], not as errors, so that the revocation commits.

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::{Deserialize, Serialize};

use crate::sandbox::SandboxConfig;
use crate::sandbox::autenticacao::tokens::{self, Emissao};
use crate::sandbox::autenticacao::{pkce, selo};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::tempo::{self, mais};

pub(crate) const CODIGO_INVALIDO: &str = "Código de autenticação inválido ou expirado.";
pub(crate) const SESSAO_EXPIRADA: &str = "Sessão expirada. Faça login novamente.";

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct RespostaToken {
    token: ParDeTokens,
    #[serde(rename = "tipoResposta")]
    tipo_resposta: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ParDeTokens {
    access_token: String,
    refresh_token: String,
    expires_in: u64,
    refresh_expires_in: u64,
    token_type: String,
}

/// What a code exchange or a rotation came to.
#[derive(Debug)]
pub(crate) enum Resultado {
    Emitida(RespostaToken),
    /// Refused with the endpoint's usual message; any revocation it caused is committed.
    Recusada,
}

/// Where a code may go back to and the PKCE challenge it was issued for.
pub(crate) struct Vinculo<'a> {
    pub(crate) client_id: &'a str,
    pub(crate) redirect_uri: &'a str,
    pub(crate) code_challenge: &'a str,
}

/// What the client presents to exchange a code.
pub(crate) struct Troca<'a> {
    pub(crate) codigo: &'a str,
    pub(crate) client_id: &'a str,
    pub(crate) scope: &'a str,
    pub(crate) code_verifier: &'a str,
    pub(crate) redirect_uri: &'a str,
}

/// Stores a fresh single-use code for `usuario_id`; returns the code itself.
pub(crate) fn criar_codigo(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    usuario_id: i64,
    v: &Vinculo<'_>,
    agora: Timestamp,
) -> Result<String, ApiError> {
    let codigo = tokens::aleatorio(32);
    tx.execute(
        "INSERT INTO codigos (hash, usuario_id, client_id, redirect_uri, code_challenge, expira_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            tokens::digest(&codigo),
            usuario_id,
            v.client_id,
            v.redirect_uri,
            v.code_challenge,
            tempo::ms(mais(agora, cfg.code_ttl))
        ],
    )?;
    Ok(codigo)
}

/// Exchanges a code for a new session's tokens: the same client, exactly the same
/// redirect URI, and the verifier of the code's PKCE challenge. A code presented again
/// after its exchange revokes the session it opened.
pub(crate) fn trocar_codigo(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    t: &Troca<'_>,
    agora: Timestamp,
) -> Result<Resultado, ApiError> {
    let hash = tokens::digest(t.codigo);
    type Linha = (i64, String, String, String, i64, Option<i64>, Option<i64>);
    let linha: Option<Linha> = tx
        .query_row(
            "SELECT usuario_id, client_id, redirect_uri, code_challenge, expira_em, usado_em,
                    sessao_id
             FROM codigos WHERE hash = ?1",
            params![hash],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                ))
            },
        )
        .optional()?;
    let Some((usuario_id, dono, retorno, desafio, expira_em, usado_em, sessao)) = linha else {
        return Ok(Resultado::Recusada);
    };
    if usado_em.is_some() {
        if let Some(sessao_id) = sessao {
            tracing::warn!(sessao_id, "sandbox: código reapresentado; sessão revogada");
            revogar_sessao(tx, sessao_id, agora)?;
        }
        return Ok(Resultado::Recusada);
    }
    if tempo::ms(agora) >= expira_em
        || dono != t.client_id
        || retorno != t.redirect_uri
        || !pkce::confere(t.code_verifier, &desafio)
    {
        return Ok(Resultado::Recusada);
    }
    tx.execute(
        "INSERT INTO sessoes (usuario_id, client_id, scope, criada_em) VALUES (?1, ?2, ?3, ?4)",
        params![usuario_id, t.client_id, t.scope, tempo::ms(agora)],
    )?;
    let sessao_id = tx.last_insert_rowid();
    tx.execute(
        "UPDATE codigos SET usado_em = ?1, sessao_id = ?2 WHERE hash = ?3",
        params![tempo::ms(agora), sessao_id, hash],
    )?;
    emitir(tx, cfg, sessao_id, agora).map(Resultado::Emitida)
}

/// Rotates a refresh token: the presented one dies, a new pair is issued for the same
/// session, and the pair is sealed under the old token for `cfg.refresh_reuse` (two
/// requests of one browser racing get the same pair; a reuse after it is theft). Access
/// tokens already issued live on until they expire, as in Keycloak.
pub(crate) fn renovar(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    refresh: &str,
    client_id: &str,
    agora: Timestamp,
) -> Result<Resultado, ApiError> {
    let hash = tokens::digest(refresh);
    type Linha = (
        i64,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        Option<Vec<u8>>,
        Option<i64>,
    );
    let linha: Option<Linha> = tx
        .query_row(
            "SELECT s.id, s.client_id, t.expira_em, t.revogado_em, t.rotacionado_em, t.sucessor,
                    s.encerrada_em
             FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
             WHERE t.hash = ?1 AND t.tipo = 'refresh'",
            params![hash],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                ))
            },
        )
        .optional()?;
    let Some((sessao_id, dono, expira_em, revogado_em, rotacionado_em, sucessor, encerrada)) =
        linha
    else {
        return Ok(Resultado::Recusada);
    };
    let ms = tempo::ms(agora);
    if encerrada.is_some() || dono != client_id {
        return Ok(Resultado::Recusada);
    }
    if let Some(rotacionado) = rotacionado_em {
        let janela = i64::try_from(cfg.refresh_reuse.as_millis()).unwrap_or(i64::MAX);
        let mesmo_par = (ms - rotacionado <= janela)
            .then_some(sucessor)
            .flatten()
            .and_then(|s| selo::abrir(refresh, &s))
            .and_then(|claro| serde_json::from_slice::<RespostaToken>(&claro).ok());
        if let Some(par) = mesmo_par {
            return Ok(Resultado::Emitida(par));
        }
        tracing::warn!(
            sessao_id,
            "sandbox: refresh token reutilizado; sessão revogada"
        );
        revogar_sessao(tx, sessao_id, agora)?;
        return Ok(Resultado::Recusada);
    }
    if revogado_em.is_some() || expira_em <= ms {
        return Ok(Resultado::Recusada);
    }
    let resposta = emitir(tx, cfg, sessao_id, agora)?;
    let selado = serde_json::to_vec(&resposta)
        .ok()
        .and_then(|claro| selo::selar(refresh, &claro));
    tx.execute(
        "UPDATE tokens SET revogado_em = ?1, rotacionado_em = ?1, sucessor = ?2 WHERE hash = ?3",
        params![ms, selado, hash],
    )?;
    Ok(Resultado::Emitida(resposta))
}

/// Ends a session and revokes every token it issued.
fn revogar_sessao(tx: &Transaction<'_>, sessao_id: i64, agora: Timestamp) -> Result<(), ApiError> {
    let ms = tempo::ms(agora);
    tx.execute(
        "UPDATE sessoes SET encerrada_em = COALESCE(encerrada_em, ?1) WHERE id = ?2",
        params![ms, sessao_id],
    )?;
    tx.execute(
        "UPDATE tokens SET revogado_em = COALESCE(revogado_em, ?1), sucessor = NULL
         WHERE sessao_id = ?2",
        params![ms, sessao_id],
    )?;
    Ok(())
}

/// Ends every live session of `usuario_id` but `manter` (after a password change, whoever
/// else was signed in is signed out). Returns how many ended.
pub(crate) fn encerrar_outras(
    tx: &Transaction<'_>,
    usuario_id: i64,
    manter: i64,
    agora: Timestamp,
) -> Result<usize, ApiError> {
    let outras: Vec<i64> = {
        let mut q = tx.prepare(
            "SELECT id FROM sessoes WHERE usuario_id = ?1 AND id <> ?2 AND encerrada_em IS NULL",
        )?;
        q.query_map(params![usuario_id, manter], |r| r.get(0))?
            .collect::<Result<_, _>>()?
    };
    for sessao_id in &outras {
        revogar_sessao(tx, *sessao_id, agora)?;
    }
    Ok(outras.len())
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
    revogar_sessao(tx, sessao_id, agora)?;
    Ok(true)
}

/// The investor owning a live access token, and the session it belongs to.
pub(crate) fn usuario_do_acesso(
    conexao: &Connection,
    acesso: &str,
    agora: Timestamp,
) -> Result<(i64, i64), ApiError> {
    conexao
        .query_row(
            "SELECT s.usuario_id, s.id FROM tokens t JOIN sessoes s ON s.id = t.sessao_id
             WHERE t.hash = ?1 AND t.tipo = 'access' AND t.revogado_em IS NULL
               AND t.expira_em > ?2 AND s.encerrada_em IS NULL",
            params![tokens::digest(acesso), tempo::ms(agora)],
            |r| Ok((r.get(0)?, r.get(1)?)),
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
    let (client_id, scope, temporaria, criada_em): (String, String, bool, i64) = tx.query_row(
        "SELECT s.client_id, s.scope, u.senha_temporaria, s.criada_em FROM sessoes s
         JOIN usuarios u ON u.id = s.usuario_id WHERE s.id = ?1",
        params![sessao_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let emissor = format!("{}/realms/colheita", cfg.public_url);
    // Absolute session lifetime: no token outlives the session's creation plus its maximum,
    // so a session kept alive by refreshes still ends (ASVS 7.3.2).
    let restante = limite_da_sessao(cfg, criada_em, agora);
    let ttl_acesso = cfg.access_ttl.min(restante);
    let ttl_renovacao = cfg.refresh_ttl.min(restante);
    let expira_acesso = mais(agora, ttl_acesso);
    let expira_renovacao = mais(agora, ttl_renovacao);
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
            expires_in: ttl_acesso.as_secs(),
            refresh_expires_in: ttl_renovacao.as_secs(),
            token_type: "Bearer".to_owned(),
        },
        tipo_resposta: if temporaria { "trocarsenha" } else { "sucesso" }.to_owned(),
    })
}

/// What is left of a session created at `criada_em` (Unix ms): its maximum lifetime minus
/// its age, never negative.
fn limite_da_sessao(cfg: &SandboxConfig, criada_em: i64, agora: Timestamp) -> std::time::Duration {
    let idade = u64::try_from(tempo::ms(agora).saturating_sub(criada_em)).unwrap_or(0);
    cfg.session_max
        .saturating_sub(std::time::Duration::from_millis(idade))
}

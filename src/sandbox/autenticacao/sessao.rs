//! Sessions of the login provider in the database: single-use codes bound to a PKCE
//! challenge and a redirect URI, access/refresh pairs, rotation with reuse detection, and
//! the end of a session. Every function runs inside the caller's transaction.
//!
//! Theft detection (RFC 9700 §2.2.2, §4.14): a code presented twice, or a rotated refresh
//! token presented after the reuse interval, means two parties hold the same secret, so
//! the whole session issued from it dies. Refusals are returned as
//! [`Resultado::Recusada`], not as errors, so that the revocation commits.

use jiff::Timestamp;
use rusqlite::{Connection, Transaction};
use serde::{Deserialize, Serialize};

use crate::sandbox::SandboxConfig;
use crate::sandbox::autenticacao::store::{self, Codigo, TipoToken};
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
    store::inserir_codigo(
        tx,
        &tokens::digest(&codigo),
        &Codigo {
            usuario_id,
            client_id: v.client_id.to_owned(),
            redirect_uri: v.redirect_uri.to_owned(),
            code_challenge: v.code_challenge.to_owned(),
            expira_em: tempo::ms(mais(agora, cfg.code_ttl)),
            usado_em: None,
            sessao_id: None,
        },
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
    let Some(codigo) = store::codigo(tx, &hash)? else {
        return Ok(Resultado::Recusada);
    };
    if codigo.usado_em.is_some() {
        if let Some(sessao_id) = codigo.sessao_id {
            tracing::warn!(sessao_id, "sandbox: código reapresentado; sessão revogada");
            revogar_sessao(tx, sessao_id, agora)?;
        }
        return Ok(Resultado::Recusada);
    }
    if tempo::ms(agora) >= codigo.expira_em
        || codigo.client_id != t.client_id
        || codigo.redirect_uri != t.redirect_uri
        || !pkce::confere(t.code_verifier, &codigo.code_challenge)
    {
        return Ok(Resultado::Recusada);
    }
    let sessao_id = store::abrir_sessao(
        tx,
        codigo.usuario_id,
        t.client_id,
        t.scope,
        tempo::ms(agora),
    )?;
    store::usar_codigo(tx, &hash, tempo::ms(agora), sessao_id)?;
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
    let Some(r) = store::renovacao(tx, &hash)? else {
        return Ok(Resultado::Recusada);
    };
    let sessao_id = r.sessao_id;
    let ms = tempo::ms(agora);
    if r.sessao_encerrada_em.is_some() || r.client_id != client_id {
        return Ok(Resultado::Recusada);
    }
    if let Some(rotacionado) = r.rotacionado_em {
        let janela = i64::try_from(cfg.refresh_reuse.as_millis()).unwrap_or(i64::MAX);
        let mesmo_par = (ms - rotacionado <= janela)
            .then_some(r.sucessor)
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
    if r.revogado_em.is_some() || r.expira_em <= ms {
        return Ok(Resultado::Recusada);
    }
    let resposta = emitir(tx, cfg, sessao_id, agora)?;
    let selado = serde_json::to_vec(&resposta)
        .ok()
        .and_then(|claro| selo::selar(refresh, &claro));
    store::rotacionar(tx, &hash, ms, selado.as_deref())?;
    Ok(Resultado::Emitida(resposta))
}

/// Ends a session and revokes every token it issued.
fn revogar_sessao(tx: &Transaction<'_>, sessao_id: i64, agora: Timestamp) -> Result<(), ApiError> {
    store::revogar_sessao(tx, sessao_id, tempo::ms(agora))
}

/// Ends every live session of `usuario_id` but `manter` (after a password change, whoever
/// else was signed in is signed out). Returns how many ended.
pub(crate) fn encerrar_outras(
    tx: &Transaction<'_>,
    usuario_id: i64,
    manter: i64,
    agora: Timestamp,
) -> Result<usize, ApiError> {
    let outras = store::outras_sessoes(tx, usuario_id, manter)?;
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
    let Some(sessao_id) = store::sessao_da_renovacao(tx, &tokens::digest(refresh))? else {
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
    store::dono_do_acesso(conexao, &tokens::digest(acesso), tempo::ms(agora))?
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

/// Forgets codes and tokens that can no longer be used (expired over a day ago).
pub(crate) fn limpar(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), ApiError> {
    let limite = tempo::ms(agora) - 24 * 3600 * 1000;
    store::esquecer_vencidos(tx, limite)
}

fn emitir(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    sessao_id: i64,
    agora: Timestamp,
) -> Result<RespostaToken, ApiError> {
    let store::Sessao {
        client_id,
        scope,
        senha_temporaria: temporaria,
        criada_em,
    } = store::sessao(tx, sessao_id)?;
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
    store::inserir_token(
        tx,
        &tokens::digest(&access_token),
        sessao_id,
        TipoToken::Acesso,
        tempo::ms(expira_acesso),
    )?;
    store::inserir_token(
        tx,
        &tokens::digest(&refresh_token),
        sessao_id,
        TipoToken::Renovacao,
        tempo::ms(expira_renovacao),
    )?;
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

//! Codes and tokens of the login provider. They are random and, like Keycloak's,
//! JWT-shaped and large (access ≈1.5 KB, refresh ≈1 KB) so the web app is exercised with
//! realistic sizes; the sandbox treats them as opaque and stores only their SHA-256.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use jiff::Timestamp;
use serde_json::json;
use sha2::{Digest, Sha256};

pub(crate) const TAMANHO_ACESSO: usize = 1500;
pub(crate) const TAMANHO_RENOVACAO: usize = 1000;

/// URL-safe base64 of `n` random bytes.
pub(crate) fn aleatorio(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::fill(bytes.as_mut_slice());
    B64URL.encode(bytes)
}

/// Hex SHA-256: what the database keeps instead of a code or token.
pub(crate) fn digest(segredo: &str) -> String {
    hex::encode(Sha256::digest(segredo.as_bytes()))
}

pub(crate) struct Emissao<'a> {
    pub(crate) emissor: &'a str,
    pub(crate) client_id: &'a str,
    pub(crate) scope: &'a str,
    pub(crate) agora: Timestamp,
    pub(crate) expira: Timestamp,
}

/// A JWT-looking access token of about `TAMANHO_ACESSO` characters.
pub(crate) fn acesso(e: &Emissao<'_>) -> String {
    montar(e, "Bearer", "RS256", 256, TAMANHO_ACESSO)
}

/// A JWT-looking refresh token of about `TAMANHO_RENOVACAO` characters.
pub(crate) fn renovacao(e: &Emissao<'_>) -> String {
    montar(e, "Refresh", "HS512", 64, TAMANHO_RENOVACAO)
}

fn montar(e: &Emissao<'_>, tipo: &str, alg: &str, assinatura: usize, alvo: usize) -> String {
    let cabecalho =
        B64URL.encode(json!({"alg": alg, "typ": "JWT", "kid": aleatorio(32)}).to_string());
    let assinatura = aleatorio(assinatura);
    let mut claims = json!({
        "exp": e.expira.as_second(),
        "iat": e.agora.as_second(),
        "jti": aleatorio(16),
        "iss": e.emissor,
        "typ": tipo,
        "azp": e.client_id,
        "sid": aleatorio(16),
        "scope": e.scope,
        "pad": "",
    });
    // Fill `pad` so that the whole token lands on the target size.
    let fixo = cabecalho.len() + assinatura.len() + 2;
    let base = claims.to_string().len();
    let bytes_desejados = alvo.saturating_sub(fixo) * 3 / 4;
    let pad = bytes_desejados.saturating_sub(base);
    let mut enchimento = aleatorio(pad);
    enchimento.truncate(pad);
    claims["pad"] = serde_json::Value::String(enchimento);
    let corpo = B64URL.encode(claims.to_string());
    format!("{cabecalho}.{corpo}.{assinatura}")
}

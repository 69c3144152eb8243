//! Login provider hardening (ASVS 5.0 L2): PKCE, the registered redirect URI, session
//! revocation on a replayed code, a reused refresh token or a password change, password
//! length and hashing, and the cross-site check of the sandbox-only transitions.

mod outro_site;
mod pkce;
mod senhas;
mod sessoes;

use std::time::Duration;

use axum::http::{Method, StatusCode, header};
use rusqlite::params;
use serde_json::json;

use super::*;
use crate::sandbox::autenticacao::{CODIGO_INVALIDO, SESSAO_EXPIRADA};

const INVESTIDOR: &str = "investidor@colheita.dev";

fn query(pares: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pares).unwrap()
}

fn parametros<'a>(retorno: &'a str, desafio: &'a str, metodo: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("client_id", CLIENT_ID),
        ("redirect_uri", retorno),
        ("state", "abc"),
        ("code_challenge", desafio),
        ("code_challenge_method", metodo),
    ]
}

async fn troca(router: &Router, corpo: serde_json::Value) -> Resposta {
    json(router, Method::POST, "/api/autenticacao/token", corpo).await
}

pub(super) async fn renovar(router: &Router, refresh: &str) -> Resposta {
    json(
        router,
        Method::PUT,
        "/api/autenticacao/token",
        json!({"clientId": CLIENT_ID, "scope": "openid", "refresh_token": refresh}),
    )
    .await
}

async fn status_do_acesso(router: &Router, acesso: &str) -> StatusCode {
    get(router, "/v1/cadastro/meucadastro", Some(acesso))
        .await
        .status
}

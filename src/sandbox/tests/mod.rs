//! Tests of the sandbox through its router (`tower::ServiceExt::oneshot`), each on its
//! own database in a temporary folder.

mod api;
mod autenticacao;
mod cadastro;
mod captacoes;
mod captacoes_fases;
mod conta;
mod cvm;
mod cvm_alvo;
mod cvm_encerramento;
mod cvm_prazos;
mod cvm_qualificado;
mod dinheiro;
mod duracao_da_sessao;
mod extrato;
mod investimentos;
mod notificacoes;
mod produtos;
mod rendimento;
mod reservas;
mod seguranca;
mod seguranca_senha;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use serde_json::Value;
use tower::ServiceExt;

use crate::sandbox::{Sandbox, SandboxConfig};

pub(super) const PUBLIC_URL: &str = "http://sandbox.test";
pub(super) const CLIENT_ID: &str = "colheita-web";
pub(super) const RETORNO: &str = "http://127.0.0.1:3000/autenticacao";
/// The PKCE pair of every test login (RFC 7636's own example).
pub(super) const VERIFICADOR: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
pub(super) const DESAFIO: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

pub(super) struct Ambiente {
    pub(super) sandbox: Sandbox,
    pub(super) router: Router,
    pub(super) pasta: PathBuf,
}

impl Drop for Ambiente {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.pasta);
    }
}

pub(super) fn pasta_temporaria() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let sufixo: u32 = rand::random();
    std::env::temp_dir().join(format!(
        "colheita-sandbox-teste-{}-{n}-{sufixo:08x}",
        std::process::id()
    ))
}

pub(super) fn ambiente() -> Ambiente {
    ambiente_com(|_| {})
}

pub(super) fn ambiente_com(ajustar: impl FnOnce(&mut SandboxConfig)) -> Ambiente {
    let pasta = pasta_temporaria();
    let mut cfg = SandboxConfig::new(pasta.clone(), format!("{PUBLIC_URL}/"));
    ajustar(&mut cfg);
    let sandbox = Sandbox::open(cfg).unwrap();
    let router = sandbox.router();
    Ambiente {
        sandbox,
        router,
        pasta,
    }
}

pub(super) struct Resposta {
    pub(super) status: StatusCode,
    pub(super) headers: HeaderMap,
    pub(super) corpo: Vec<u8>,
}

impl Resposta {
    pub(super) fn json(&self) -> Value {
        serde_json::from_slice(&self.corpo)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.corpo)))
    }

    pub(super) fn texto(&self) -> String {
        String::from_utf8_lossy(&self.corpo).into_owned()
    }
}

pub(super) async fn pedir(
    router: &Router,
    metodo: Method,
    uri: &str,
    bearer: Option<&str>,
    corpo: Option<(&str, String)>,
) -> Resposta {
    let corpo = corpo.map(|(tipo, c)| (tipo, c.into_bytes()));
    pedir_bytes(router, metodo, uri, bearer, corpo).await
}

/// [`pedir`] with a body of any bytes (multipart uploads).
pub(super) async fn pedir_bytes(
    router: &Router,
    metodo: Method,
    uri: &str,
    bearer: Option<&str>,
    corpo: Option<(&str, Vec<u8>)>,
) -> Resposta {
    let mut req = Request::builder().method(metodo).uri(uri);
    if let Some(t) = bearer {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let body = match corpo {
        Some((tipo, c)) => {
            req = req.header(header::CONTENT_TYPE, tipo);
            Body::from(c)
        }
        None => Body::empty(),
    };
    let resposta = router
        .clone()
        .oneshot(req.body(body).unwrap())
        .await
        .unwrap();
    let status = resposta.status();
    let headers = resposta.headers().clone();
    let corpo = to_bytes(resposta.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec();
    Resposta {
        status,
        headers,
        corpo,
    }
}

pub(super) async fn get(router: &Router, uri: &str, bearer: Option<&str>) -> Resposta {
    pedir(router, Method::GET, uri, bearer, None).await
}

pub(super) async fn json(router: &Router, metodo: Method, uri: &str, corpo: Value) -> Resposta {
    pedir(
        router,
        metodo,
        uri,
        None,
        Some(("application/json", corpo.to_string())),
    )
    .await
}

/// Posts the login form; returns the response (303 on success).
pub(super) async fn postar_login(router: &Router, email: &str, senha: &str) -> Resposta {
    let form = serde_urlencoded::to_string([
        ("client_id", CLIENT_ID),
        ("redirect_uri", RETORNO),
        ("state", "estado-123"),
        ("code_challenge", DESAFIO),
        ("code_challenge_method", "S256"),
        ("email", email),
        ("senha", senha),
    ])
    .unwrap();
    pedir(
        router,
        Method::POST,
        "/login",
        None,
        Some(("application/x-www-form-urlencoded", form)),
    )
    .await
}

/// The code from a successful login's redirect.
pub(super) async fn codigo(router: &Router, email: &str) -> String {
    let r = postar_login(router, email, crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.texto());
    let destino = url::Url::parse(r.headers[header::LOCATION].to_str().unwrap()).unwrap();
    destino
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .unwrap()
}

/// The code exchange as the web app sends it (PKCE verifier, redirect URI).
pub(super) async fn trocar(router: &Router, code: &str) -> Resposta {
    json(
        router,
        Method::POST,
        "/api/autenticacao/token",
        serde_json::json!({"clientId": CLIENT_ID, "scope": "openid", "code": code,
            "code_verifier": VERIFICADOR, "redirect_uri": RETORNO}),
    )
    .await
}

/// Logs in and exchanges the code: the token response.
pub(super) async fn entrar(router: &Router, email: &str) -> Value {
    let code = codigo(router, email).await;
    let r = trocar(router, &code).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
}

pub(super) fn acesso(tokens: &Value) -> String {
    tokens["token"]["access_token"].as_str().unwrap().to_owned()
}

pub(super) fn renovacao(tokens: &Value) -> String {
    tokens["token"]["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned()
}

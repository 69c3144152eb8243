//! The login provider (CONTRACTS.md "Login provider"): the login page, the code → token
//! exchange, refresh with rotation, the end of a session, and the Bearer extractor of the
//! protected API routes.

mod pagina;
mod pkce;
mod selo;
pub(crate) mod senha;
mod sessao;
mod store;
pub(crate) mod tentativas;
pub(crate) mod tokens;

use axum::body::Bytes;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, RawQuery, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post, put};
use axum::{Extension, Json, Router};
use rusqlite::{Connection, Transaction};
use serde::Deserialize;

use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::{Sandbox, SandboxConfig, tempo};

pub(crate) use sessao::{CODIGO_INVALIDO, SESSAO_EXPIRADA, encerrar_outras, limpar};

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/login", get(login_get).post(login_post))
        .route("/login.css", get(css))
        .route("/api/autenticacao/token", post(token_post).put(token_put))
        .route("/api/autenticacao/encerrar-sessao", put(encerrar_sessao))
}

/// The query of `GET /login` and the fields of `POST /login`.
#[derive(Debug, Default, Deserialize)]
struct ParametrosLogin {
    #[serde(default)]
    client_id: String,
    #[serde(default)]
    redirect_uri: String,
    #[serde(default)]
    state: String,
    #[serde(default)]
    code_challenge: String,
    #[serde(default)]
    code_challenge_method: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    senha: String,
}

impl ParametrosLogin {
    /// Only the registered client, going back to exactly its registered redirect URI
    /// (RFC 9700 §4.1.3: no pattern, no prefix), with an S256 PKCE challenge, may log in;
    /// anything else gets an explanation page, never a redirect.
    fn validar(&self, cfg: &SandboxConfig) -> Result<url::Url, &'static str> {
        if self.client_id.trim().is_empty() || self.client_id.len() > 200 {
            return Err("Aplicação (client_id) não informada.");
        }
        if self.client_id != cfg.client_id {
            return Err("Aplicação (client_id) desconhecida.");
        }
        let destino = match url::Url::parse(&self.redirect_uri) {
            Ok(u) if matches!(u.scheme(), "http" | "https") && u.has_host() => u,
            _ => {
                return Err(
                    "Endereço de retorno (redirect_uri) inválido: precisa ser uma URL http(s) absoluta.",
                );
            }
        };
        if self.redirect_uri != cfg.redirect_uri {
            return Err("Endereço de retorno (redirect_uri) não registrado para esta aplicação.");
        }
        if self.code_challenge_method != pkce::METODO || !pkce::desafio_valido(&self.code_challenge)
        {
            return Err(
                "Desafio PKCE ausente ou inválido: envie code_challenge com code_challenge_method=S256.",
            );
        }
        Ok(destino)
    }

    fn formulario(&self, erro: Option<&'static str>) -> pagina::Formulario<'_> {
        pagina::Formulario {
            client_id: &self.client_id,
            redirect_uri: &self.redirect_uri,
            state: &self.state,
            code_challenge: &self.code_challenge,
            code_challenge_method: &self.code_challenge_method,
            email: &self.email,
            erro,
        }
    }
}

async fn login_get(State(sandbox): State<Sandbox>, RawQuery(query): RawQuery) -> Response {
    let p: ParametrosLogin =
        serde_urlencoded::from_str(query.as_deref().unwrap_or("")).unwrap_or_default();
    if let Err(motivo) = p.validar(sandbox.cfg()) {
        return pagina::parametros_invalidos(motivo);
    }
    pagina::login(StatusCode::OK, &p.formulario(None))
}

async fn login_post(
    State(sandbox): State<Sandbox>,
    conexao: Option<Extension<ConnectInfo<SocketAddr>>>,
    corpo: Bytes,
) -> Response {
    let Ok(mut p) = serde_urlencoded::from_bytes::<ParametrosLogin>(&corpo) else {
        return pagina::parametros_invalidos("Formulário de login inválido.");
    };
    let destino = match p.validar(sandbox.cfg()) {
        Ok(u) => u,
        Err(motivo) => return pagina::parametros_invalidos(motivo),
    };
    p.email = p.email.trim().to_owned();
    // Every attempt counts, right or wrong, before the password is looked at: guessing
    // is bounded per address whichever e-mails it tries. Without a known peer (tests
    // calling the router directly) all share one allowance.
    let endereco = conexao.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.0.ip());
    if !sandbox.login_attempts().allow(endereco) {
        tracing::warn!("sandbox: login attempts over the per-address limit");
        p.senha.clear();
        return pagina::login(
            StatusCode::TOO_MANY_REQUESTS,
            &p.formulario(Some(crate::rate_limit::MUITAS_TENTATIVAS)),
        );
    }
    let email = p.email.clone();
    let senha = std::mem::take(&mut p.senha);
    // Over the length cap: refused before any lookup or hashing, whoever the e-mail is.
    if senha::longa_demais(&senha) {
        return pagina::login(
            StatusCode::UNAUTHORIZED,
            &p.formulario(Some(pagina::CREDENCIAIS_INVALIDAS)),
        );
    }
    let (client_id, redirect_uri, desafio) = (
        p.client_id.clone(),
        p.redirect_uri.clone(),
        p.code_challenge.clone(),
    );
    // The password check (deliberately slow) runs on a read connection; only a
    // successful login takes the write lock, briefly, to store the code.
    let verificado = sandbox
        .db()
        .read(move |c| {
            let usuario = if email.is_empty() || email.len() > 254 {
                None
            } else {
                store::credenciais(c, &email)?
            };
            Ok(match usuario {
                Some(u) => senha::confere(&senha, &u.senha_hash).then_some(u.id),
                None => {
                    senha::gastar_tempo(&senha);
                    None
                }
            })
        })
        .await;
    let cfg = sandbox.cfg().clone();
    let agora = tempo::agora();
    let resultado = match verificado {
        Ok(Some(id)) => {
            sandbox
                .db()
                .write(move |tx| {
                    let vinculo = sessao::Vinculo {
                        client_id: &client_id,
                        redirect_uri: &redirect_uri,
                        code_challenge: &desafio,
                    };
                    sessao::criar_codigo(tx, &cfg, id, &vinculo, agora).map(Some)
                })
                .await
        }
        outro => outro.map(|_| None),
    };
    match resultado {
        Ok(Some(codigo)) => {
            let mut destino = destino;
            {
                let mut q = destino.query_pairs_mut();
                q.append_pair("code", &codigo);
                if !p.state.is_empty() {
                    q.append_pair("state", &p.state);
                }
            }
            Redirect::to(destino.as_str()).into_response()
        }
        Ok(None) => pagina::login(
            StatusCode::UNAUTHORIZED,
            &p.formulario(Some(pagina::CREDENCIAIS_INVALIDAS)),
        ),
        Err(e) => e.into_response(),
    }
}

async fn css() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/css; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        pagina::CSS,
    )
        .into_response()
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PedidoToken {
    client_id: String,
    #[serde(default)]
    scope: String,
    #[serde(default)]
    code: Option<String>,
    /// The platform spells this one field in snake_case on the wire.
    #[serde(default, rename = "refresh_token")]
    refresh_token: Option<String>,
    /// PKCE verifier and redirect URI of the code exchange, in OAuth's own spelling.
    #[serde(default, rename = "code_verifier")]
    code_verifier: String,
    #[serde(default, rename = "redirect_uri")]
    redirect_uri: String,
}

/// A refusal of the token endpoint in its usual shape.
fn resposta(
    resultado: sessao::Resultado,
    recusa: impl FnOnce() -> ApiError,
) -> Result<Response, ApiError> {
    match resultado {
        sessao::Resultado::Emitida(r) => Ok(sem_cache(Json(r))),
        sessao::Resultado::Recusada => Err(recusa()),
    }
}

fn parse_pedido(corpo: &Bytes) -> Result<PedidoToken, ApiError> {
    serde_json::from_slice::<PedidoToken>(corpo)
        .ok()
        .filter(|p| !p.client_id.trim().is_empty())
        .ok_or_else(|| {
            ApiError::requisicao("Requisição inválida.")
                .com_detalhe("Envie JSON com clientId, scope e code ou refresh_token.")
        })
}

/// `POST /api/autenticacao/token` `{clientId, scope, code, code_verifier, redirect_uri}`.
async fn token_post(State(sandbox): State<Sandbox>, corpo: Bytes) -> Result<Response, ApiError> {
    let pedido = parse_pedido(&corpo)?;
    let codigo = pedido
        .code
        .clone()
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ApiError::requisicao(CODIGO_INVALIDO))?;
    let cfg = sandbox.cfg().clone();
    let agora = tempo::agora();
    let resultado = sandbox
        .db()
        .write(move |tx| {
            let troca = sessao::Troca {
                codigo: &codigo,
                client_id: &pedido.client_id,
                scope: &pedido.scope,
                code_verifier: &pedido.code_verifier,
                redirect_uri: &pedido.redirect_uri,
            };
            sessao::trocar_codigo(tx, &cfg, &troca, agora)
        })
        .await?;
    resposta(resultado, || ApiError::requisicao(CODIGO_INVALIDO))
}

/// `PUT /api/autenticacao/token` `{clientId, scope, refresh_token}`: rotation.
async fn token_put(State(sandbox): State<Sandbox>, corpo: Bytes) -> Result<Response, ApiError> {
    let pedido = parse_pedido(&corpo)?;
    let refresh = pedido
        .refresh_token
        .filter(|r| !r.is_empty())
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_EXPIRADA))?;
    let cfg = sandbox.cfg().clone();
    let agora = tempo::agora();
    let resultado = sandbox
        .db()
        .write(move |tx| sessao::renovar(tx, &cfg, &refresh, &pedido.client_id, agora))
        .await?;
    resposta(resultado, || ApiError::nao_autorizado(SESSAO_EXPIRADA))
}

/// `PUT /api/autenticacao/encerrar-sessao` `{clientId, scope, refresh_token}` → 204.
async fn encerrar_sessao(
    State(sandbox): State<Sandbox>,
    corpo: Bytes,
) -> Result<StatusCode, ApiError> {
    let pedido = parse_pedido(&corpo)?;
    let refresh = pedido.refresh_token.unwrap_or_default();
    let agora = tempo::agora();
    let encerrada = sandbox
        .db()
        .write(move |tx| sessao::encerrar(tx, &refresh, agora))
        .await?;
    if encerrada {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::nao_autorizado(SESSAO_EXPIRADA))
    }
}

fn sem_cache(json: impl IntoResponse) -> Response {
    let mut r = json.into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The investor behind `Authorization: Bearer <access token>`; 401 in the error envelope
/// otherwise.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Investidor {
    pub(crate) usuario_id: i64,
    /// The login session the token belongs to (kept alive by a password change).
    pub(crate) sessao_id: i64,
}

impl Investidor {
    /// Runs `f` with the investor's id on a pooled connection: how a resource reads what
    /// belongs to the investor.
    pub(crate) async fn read<T, F>(self, sandbox: &Sandbox, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, i64) -> Result<T, ApiError> + Send + 'static,
    {
        let usuario = self.usuario_id;
        sandbox.db().read(move |c| f(c, usuario)).await
    }

    /// Runs `f` with the investor's id in one write transaction (see `Db::write`).
    pub(crate) async fn write<T, F>(self, sandbox: &Sandbox, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>, i64) -> Result<T, ApiError> + Send + 'static,
    {
        let usuario = self.usuario_id;
        sandbox.db().write(move |tx| f(tx, usuario)).await
    }
}

impl FromRequestParts<Sandbox> for Investidor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, sandbox: &Sandbox) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                let (esquema, resto) = v.split_once(' ')?;
                esquema
                    .eq_ignore_ascii_case("bearer")
                    .then(|| resto.trim().to_owned())
            })
            .filter(|t| !t.is_empty() && t.len() <= 8192)
            .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
        let agora = tempo::agora();
        let (usuario_id, sessao_id) = sandbox
            .db()
            .read(move |c| sessao::usuario_do_acesso(c, &token, agora))
            .await?;
        Ok(Investidor {
            usuario_id,
            sessao_id,
        })
    }
}

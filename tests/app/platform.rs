//! A wiremock stand-in for the platform: login provider + API, with helpers to log in
//! without the sandbox and to make the platform fail.

use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::{TestApp, location};

pub fn token_body(
    access: &str,
    refresh: &str,
    expires_in: i64,
    refresh_expires_in: i64,
    tipo: &str,
) -> Value {
    json!({"token": {"access_token": access, "refresh_token": refresh, "expires_in": expires_in,
                     "refresh_expires_in": refresh_expires_in}, "tipoResposta": tipo})
}

pub fn user_body(nome: &str, cadastro: &str) -> Value {
    json!({"id": 1, "codigo": "100234", "cadastro": cadastro,
           "dadosBasicos": {"nome": nome, "email": "ana@example.com", "telefones": []},
           "campoNovo": {"qualquer": true}})
}

pub async fn mock_user(server: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/v1/cadastro/meucadastro"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(user_body("Ana Beatriz Carvalho", "Completo")),
        )
        .mount(server)
        .await;
}

/// The home page's calls, answering well.
pub async fn mock_home(server: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "lista": [{"nomeCaptacao": "Fazenda Teste", "alocacao": 12000, "percentualAlocacao": 100,
                       "rendimento": 345.67, "valor": 12345.67, "listaReservas": []}],
            "alocacaoTotal": 12000, "valorTotal": 12345.67, "rendimentoTotal": 345.67, "rendimentoPercentual": 2.88})))
        .mount(server)
        .await;
    mock_home_rest(server).await;
}

/// The home's calls other than the allocation.
pub async fn mock_home_rest(server: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/v1/reservas/pendentes"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .mount(server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"dados": [], "totalRegistros": 0})),
        )
        .mount(server)
        .await;
}

/// The investor's balance summary (/investir's allocation block), empty.
pub async fn mock_empty_summary(server: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/v1/reservas/resumo"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({})))
        .mount(server)
        .await;
}

/// A provider that logs the user in (token of 300 s / 1800 s) as Ana, Completo.
pub async fn mock_login(server: &MockServer) {
    mock_token(server, token_body("a1", "r1", 300, 1800, "sucesso")).await;
    mock_user(server).await;
}

pub async fn mock_token(server: &MockServer, body: Value) {
    Mock::given(method("POST"))
        .and(path("/api/autenticacao/token"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(server)
        .await;
}

/// Starts a login (visiting `from`), then comes back from the provider with a code and
/// the state we were given. Returns the callback's response.
pub async fn login_via_callback(app: &TestApp, from: &str) -> reqwest::Response {
    let resp = app.get(from).await;
    assert_eq!(resp.status(), 303);
    let login = url::Url::parse(&location(&resp)).unwrap();
    let state = login
        .query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .unwrap();
    app.get(&format!("/autenticacao?code=codigo-1&state={state}"))
        .await
}

//! The investors' side over HTTP: a login as the web app does it (the provider's form,
//! then the code exchange with PKCE) and order attempts (create, sign, confirm), each
//! answer recorded as it came.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use colheita::domain::money;
use colheita::sandbox::DEMO_PASSWORD;
use reqwest::{Client, StatusCode};
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::{Value, json};

use super::processo::INVESTIDORES;

/// The web app's client and the redirect URI the sandbox registers for it (its default
/// address): nothing listens there, the test only reads the code from the Location.
const CLIENT_ID: &str = "colheita-web";
const RETORNO: &str = "http://127.0.0.1:3000/autenticacao";
/// RFC 7636's example PKCE pair (verifier and its S256 challenge).
const VERIFICADOR: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const DESAFIO: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

pub fn cliente() -> Client {
    crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// The k-th synthetic investor's access token.
pub async fn entrar(http: &Client, base: &str, k: usize) -> String {
    let email = format!("carga-{k:03}@colheita.dev");
    let r = http
        .post(format!("{base}/login"))
        .form(&[
            ("client_id", CLIENT_ID),
            ("redirect_uri", RETORNO),
            ("state", "corrida"),
            ("code_challenge", DESAFIO),
            ("code_challenge_method", "S256"),
            ("email", &email),
            ("senha", DEMO_PASSWORD),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{email}");
    let destino = url::Url::parse(r.headers()["location"].to_str().unwrap()).unwrap();
    let code = destino
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .unwrap();
    let t: Value = http
        .post(format!("{base}/api/autenticacao/token"))
        .json(
            &json!({"clientId": CLIENT_ID, "scope": "openid", "code": code,
            "code_verifier": VERIFICADOR, "redirect_uri": RETORNO}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    t["token"]["access_token"].as_str().unwrap().to_owned()
}

/// Every synthetic investor's token, index k − 1.
pub async fn entrar_todos(http: &Client, base: &str) -> Vec<String> {
    futures::future::join_all((1..=INVESTIDORES).map(|k| entrar(http, base, k))).await
}

/// The figures of an offering the race needs, read exactly (never through a float).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Oferta {
    pub id: i64,
    #[serde(with = "money::json")]
    pub limite_arrecadacao: Decimal,
    #[serde(with = "money::json")]
    pub arrecadado: Decimal,
    #[serde(with = "money::json")]
    pub reservado: Decimal,
    #[serde(with = "money::json")]
    pub disponivel: Decimal,
    pub rentabilidade: Rentabilidade,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rentabilidade {
    #[serde(with = "money::json")]
    pub investimento_minimo: Decimal,
}

impl Oferta {
    /// Room left for new orders as the API shows it: disponível − reservado.
    pub fn livre(&self) -> Decimal {
        self.disponivel - self.reservado
    }
}

pub async fn oferta(http: &Client, base: &str, url_amigavel: &str) -> Oferta {
    let r = http
        .get(format!("{base}/v1/captacoes/urlamigavel/{url_amigavel}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "{url_amigavel}");
    serde_json::from_str(&r.text().await.unwrap()).unwrap()
}

/// The amount every attempt orders: about 1/150 of the room (whole reais, at least the
/// minimum), so 200 attempts ask for more than there is.
pub fn valor_da_corrida(o: &Oferta) -> Decimal {
    (o.livre() / Decimal::from(150))
        .ceil()
        .max(o.rentabilidade.investimento_minimo)
}

/// How one attempt ended. `id` is the reservation the platform acknowledged (201).
#[derive(Debug, Clone)]
pub enum Fim {
    /// 200 from the confirmation, with the state it answered.
    Confirmada { id: i64, status: String },
    /// An error answer at `etapa` (create, sign or confirm).
    Recusada {
        etapa: &'static str,
        id: Option<i64>,
        status: u16,
        mensagem: String,
    },
    /// No answer (the connection failed: the sandbox was killed).
    Interrompida { id: Option<i64> },
}

/// One order attempt: who, on what, for how much.
#[derive(Clone)]
pub struct Pedido {
    pub http: Client,
    pub base: String,
    pub token: String,
    pub captacao: i64,
    pub valor: Decimal,
}

impl Pedido {
    async fn chamar(
        &self,
        metodo: reqwest::Method,
        caminho: &str,
        corpo: Option<String>,
    ) -> Option<(u16, String)> {
        let mut req = self
            .http
            .request(metodo, format!("{}{caminho}", self.base))
            .bearer_auth(&self.token);
        if let Some(c) = corpo {
            req = req.header("content-type", "application/json").body(c);
        }
        let r = req.send().await.ok()?;
        let status = r.status().as_u16();
        Some((status, r.text().await.ok()?))
    }

    /// Create, sign, confirm; `confirmacoes` counts the confirmation answers received.
    pub async fn tentar(&self, confirmacoes: &AtomicUsize) -> Fim {
        // The amount as its decimal text: money never goes through a float.
        let corpo = format!(
            r#"{{"idCaptacao":{},"origem":"Ativa","investimento":{},"simulado":false,"tipoPagamento":1}}"#,
            self.captacao, self.valor
        );
        let recusa = |etapa, id, status, texto: &str| Fim::Recusada {
            etapa,
            id,
            status,
            mensagem: mensagem(texto),
        };
        let Some((status, texto)) = self
            .chamar(reqwest::Method::POST, "/v1/reservas", Some(corpo))
            .await
        else {
            return Fim::Interrompida { id: None };
        };
        if status != 201 {
            return recusa("criar", None, status, &texto);
        }
        let id = serde_json::from_str::<Value>(&texto).unwrap()["id"]
            .as_i64()
            .unwrap();
        let assinar = format!("/v1/reservas/{id}/assinarcontrato");
        let aceite = r#"{"opcao":"1","aceite":true,"versaoCienciaRisco":"2026.1"}"#.to_owned();
        let Some((status, texto)) = self
            .chamar(reqwest::Method::PATCH, &assinar, Some(aceite))
            .await
        else {
            return Fim::Interrompida { id: Some(id) };
        };
        if status != 204 {
            return recusa("assinar", Some(id), status, &texto);
        }
        let confirmar = format!("/v1/reservas/{id}/confirmarinvestimento");
        let resposta = self.chamar(reqwest::Method::PATCH, &confirmar, None).await;
        let Some((status, texto)) = resposta else {
            return Fim::Interrompida { id: Some(id) };
        };
        confirmacoes.fetch_add(1, Ordering::SeqCst);
        if status != 200 {
            return recusa("confirmar", Some(id), status, &texto);
        }
        let corpo: Value = serde_json::from_str(&texto).unwrap();
        assert_eq!(corpo["idReserva"].as_i64(), Some(id), "{texto}");
        Fim::Confirmada {
            id,
            status: corpo["status"].as_str().unwrap().to_owned(),
        }
    }
}

fn mensagem(texto: &str) -> String {
    serde_json::from_str::<Value>(texto)
        .ok()
        .and_then(|v| v["mensagem"].as_str().map(str::to_owned))
        .unwrap_or_else(|| texto.to_owned())
}

/// `por_investidor` attempts from each token, all at once, the i-th starting `passo` × i
/// after the first; the ends in the order the attempts were made (attempt i is investor
/// i mod the number of tokens).
pub async fn disparar(
    base: Pedido,
    tokens: &[String],
    por_investidor: usize,
    passo: Duration,
    confirmacoes: Arc<AtomicUsize>,
) -> Vec<(usize, Fim)> {
    let total = tokens.len() * por_investidor;
    let tarefas = (0..total).map(|i| {
        let investidor = i % tokens.len();
        let pedido = Pedido {
            token: tokens[investidor].clone(),
            ..base.clone()
        };
        let confirmacoes = Arc::clone(&confirmacoes);
        let espera = passo * u32::try_from(i).unwrap();
        tokio::spawn(async move {
            tokio::time::sleep(espera).await;
            (investidor, pedido.tentar(&confirmacoes).await)
        })
    });
    futures::future::join_all(tarefas)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

#[derive(Debug, Deserialize)]
struct Reserva {
    status: Nome,
    #[serde(with = "money::json")]
    investimento: Decimal,
}

#[derive(Debug, Deserialize)]
struct Nome {
    name: String,
}

/// `GET /v1/reservas/{id}` as its investor: (status, amount).
pub async fn reserva(http: &Client, base: &str, token: &str, id: i64) -> (String, Decimal) {
    let r = http
        .get(format!("{base}/v1/reservas/{id}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "reservation {id}");
    let r: Reserva = serde_json::from_str(&r.text().await.unwrap()).unwrap();
    (r.status.name, r.investimento)
}

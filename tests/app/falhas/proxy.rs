//! The fault-injecting platform: a reverse proxy between the web app and the embedded
//! sandbox. It forwards everything as it is, records which endpoints each lane
//! calls, and answers one endpoint of one lane with a fault instead of forwarding it.
//!
//! A lane is one logged-in browser (its calls carry its own bearer token) or the visitor
//! lane (calls without a token), so cases running at once never see each other's fault.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use hyper::body::Incoming;
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HOST};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;

/// What the platform does instead of answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Unavailable503,
    Server500,
    Unauthorized401,
    GarbageJson,
    EmptyBody,
    HtmlErrorPage,
    /// No answer until long past the web app's request timeout.
    Stall,
    /// The connection is cut (TCP reset) without an answer.
    Reset,
}

pub const FAULTS: [Fault; 8] = [
    Fault::Unavailable503,
    Fault::Server500,
    Fault::Unauthorized401,
    Fault::GarbageJson,
    Fault::EmptyBody,
    Fault::HtmlErrorPage,
    Fault::Stall,
    Fault::Reset,
];

/// The message of the 500 fault: a thrown error, which the product shows as it is.
pub const SERVER_MESSAGE: &str = "Falha interna simulada na plataforma.";

/// A platform endpoint as called: method and concrete path (the query left out).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Endpoint {
    pub method: String,
    pub path: String,
}

impl Endpoint {
    /// The same endpoint, whatever the ids in its path: a reservation made for this run
    /// has a new id, its calls are still the endpoint recorded.
    pub fn same_as(&self, other: &Endpoint) -> bool {
        let shape = |p: &str| -> Vec<String> {
            p.split('/')
                .map(|s| {
                    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                        "{n}".to_owned()
                    } else {
                        s.to_owned()
                    }
                })
                .collect()
        };
        self.method == other.method && shape(&self.path) == shape(&other.path)
    }
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.path)
    }
}

pub type Lane = usize;
/// Calls made without a bearer token.
pub const VISITOR: Lane = 0;

#[derive(Default)]
struct LaneState {
    fault: Option<(Endpoint, Fault)>,
    seen: Vec<Endpoint>,
    fired: usize,
}

#[derive(Default)]
struct State {
    lanes: HashMap<Lane, LaneState>,
    tokens: HashMap<String, Lane>,
    /// The lane the next unknown token belongs to (a login under way).
    claim: Option<Lane>,
    /// One case at a time: every call is the visitor lane's, the login provider's too.
    solo: bool,
}

#[derive(Clone)]
pub struct Proxy {
    pub url: String,
    state: Arc<Mutex<State>>,
}

impl Proxy {
    /// Listens on an ephemeral port, forwarding to `upstream`; a stall lasts `stall`.
    pub async fn start(upstream: String, stall: Duration) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            url: format!("http://{}", listener.local_addr().unwrap()),
            state: Arc::default(),
        };
        let http = crate::support::http_builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let me = proxy.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                // Closing then sends a reset, not a graceful end: what `Fault::Reset` is.
                let _ = stream.set_zero_linger();
                let (me, http, upstream) = (me.clone(), http.clone(), upstream.clone());
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |req| {
                        handle(req, me.clone(), http.clone(), upstream.clone(), stall)
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        proxy
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.state.lock().unwrap())
    }

    /// The next token the proxy does not know belongs to `lane` (`None`: to nobody, its
    /// calls are forwarded untouched and unrecorded).
    pub fn claim_next_token(&self, lane: Option<Lane>) {
        self.with(|s| s.claim = lane);
    }

    /// One case at a time from now on: every call, token or not, login provider or API,
    /// belongs to the visitor lane and may be faulted.
    pub fn solo(&self) {
        self.with(|s| s.solo = true);
    }

    /// Whether a claimed token has not been seen yet.
    pub fn claim_pending(&self) -> bool {
        self.with(|s| s.claim.is_some())
    }

    /// Sets (or clears) the lane's fault and starts a fresh record of its calls.
    pub fn arm(&self, lane: Lane, fault: Option<(Endpoint, Fault)>) {
        self.with(|s| {
            s.lanes.insert(
                lane,
                LaneState {
                    fault,
                    ..LaneState::default()
                },
            )
        });
    }

    /// The lane's endpoints since it was armed, in the order first called.
    pub fn seen(&self, lane: Lane) -> Vec<Endpoint> {
        self.with(|s| {
            s.lanes
                .get(&lane)
                .map(|l| l.seen.clone())
                .unwrap_or_default()
        })
    }

    /// How many calls the lane's fault answered since it was armed.
    pub fn fired(&self, lane: Lane) -> usize {
        self.with(|s| s.lanes.get(&lane).map_or(0, |l| l.fired))
    }

    /// Records the call and returns the fault to answer it with, if any.
    fn note(&self, bearer: Option<&str>, endpoint: Endpoint) -> Option<Fault> {
        self.with(|s| {
            // The login provider's calls carry no token to tell lanes apart: faulted
            // only when one case runs at a time.
            if !s.solo && endpoint.path.starts_with("/api/autenticacao") {
                return None;
            }
            let lane = match bearer {
                _ if s.solo => VISITOR,
                None => VISITOR,
                Some(t) => match (s.tokens.get(t), s.claim.take()) {
                    (Some(lane), claim) => {
                        s.claim = claim;
                        *lane
                    }
                    (None, Some(lane)) => {
                        s.tokens.insert(t.to_owned(), lane);
                        lane
                    }
                    (None, None) => return None,
                },
            };
            let l = s.lanes.entry(lane).or_default();
            if !l.seen.contains(&endpoint) {
                l.seen.push(endpoint.clone());
            }
            let fault = l
                .fault
                .as_ref()
                .filter(|(e, _)| e.same_as(&endpoint))
                .map(|(_, f)| *f);
            l.fired += usize::from(fault.is_some());
            fault
        })
    }
}

/// An error returned to hyper closes the connection without an answer.
#[derive(Debug)]
struct Cut;

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("connection cut on purpose")
    }
}

impl std::error::Error for Cut {}

async fn handle(
    req: Request<Incoming>,
    proxy: Proxy,
    http: reqwest::Client,
    upstream: String,
    stall: Duration,
) -> Result<Response<Body>, Cut> {
    let endpoint = Endpoint {
        method: req.method().to_string(),
        path: req.uri().path().to_owned(),
    };
    let bearer = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    match proxy.note(bearer.as_deref(), endpoint) {
        Some(fault) => answer(fault, stall).await,
        None => Ok(forward(req, &http, &upstream).await),
    }
}

async fn answer(fault: Fault, stall: Duration) -> Result<Response<Body>, Cut> {
    let json = "application/json; charset=utf-8";
    let (status, content_type, body) = match fault {
        Fault::Unavailable503 => (503, json, String::new()),
        Fault::Server500 => (500, json, format!(r#"{{"mensagem":"{SERVER_MESSAGE}"}}"#)),
        Fault::Unauthorized401 => (401, json, r#"{"mensagem":"Token expirado"}"#.to_owned()),
        Fault::GarbageJson => (200, json, r#"{"dados": [{"id": 1, "nome": "#.to_owned()),
        Fault::EmptyBody => (200, json, String::new()),
        Fault::HtmlErrorPage => (
            502,
            "text/html",
            "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>\
             <hr><center>nginx</center></body></html>"
                .to_owned(),
        ),
        Fault::Stall => {
            tokio::time::sleep(stall).await;
            (200, json, "{}".to_owned())
        }
        Fault::Reset => return Err(Cut),
    };
    Ok(Response::builder()
        .status(status)
        .header(CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap())
}

/// Headers that belong to one hop, not to the message.
fn hop_by_hop(name: &str) -> bool {
    matches!(
        name,
        "connection" | "keep-alive" | "transfer-encoding" | "te" | "upgrade" | "content-length"
    )
}

async fn forward(req: Request<Incoming>, http: &reqwest::Client, upstream: &str) -> Response<Body> {
    let (parts, body) = req.into_parts();
    let body = axum::body::to_bytes(Body::new(body), usize::MAX)
        .await
        .unwrap_or_default();
    let pq = parts.uri.path_and_query().map_or("/", |pq| pq.as_str());
    let mut rb = http.request(parts.method.clone(), format!("{upstream}{pq}"));
    for (name, value) in &parts.headers {
        if name != HOST && !hop_by_hop(name.as_str()) {
            rb = rb.header(name, value);
        }
    }
    let resp = match rb.body(body).send().await {
        Ok(resp) => resp,
        Err(e) => {
            return Response::builder()
                .status(599)
                .body(Body::from(format!("proxy: {e}")))
                .unwrap();
        }
    };
    let mut out = Response::builder().status(resp.status());
    for (name, value) in resp.headers() {
        if !hop_by_hop(name.as_str()) {
            out = out.header(name, value);
        }
    }
    out.body(Body::from(resp.bytes().await.unwrap_or_default()))
        .unwrap()
}

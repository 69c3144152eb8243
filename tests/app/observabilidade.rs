//! What an operator relies on: the request id from the proxy to the platform and the
//! error card, the Prometheus metrics on their own address, and the graceful drain on
//! SIGTERM (the real binary, signalled like an orchestrator does).

use std::time::{Duration, Instant};

use colheita::web::routes;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, BufReader};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::{login_via_callback, mock_home, mock_token, mock_user, token_body};
use crate::support::{TestApp, base64_key, temp_dir};

fn header(resp: &reqwest::Response, name: &str) -> String {
    resp.headers()[name].to_str().unwrap().to_owned()
}

/// The ids the platform received for `p`.
async fn ids_sent(server: &MockServer, p: &str) -> Vec<String> {
    server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.url.path() == p)
        .filter_map(|r| r.headers.get("x-request-id"))
        .map(|v| v.to_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_request_id_goes_to_the_platform_and_onto_the_error_card() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "0"]).await;

    // A proxy's sane id is kept end to end.
    let resp = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("X-Request-Id", "suporte-42")
        .send()
        .await
        .unwrap();
    assert_eq!(header(&resp, "x-request-id"), "suporte-42");
    let body = resp.text().await.unwrap();
    assert!(
        body.contains("Código do erro: <code>suporte-42</code>"),
        "{body}"
    );
    assert_eq!(ids_sent(&server, "/v1/captacoes").await, ["suporte-42"]);

    // A forged one is replaced by a fresh id, the same everywhere.
    let resp = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("X-Request-Id", "x\"><script>")
        .send()
        .await
        .unwrap();
    let id = header(&resp, "x-request-id");
    assert_eq!(id.len(), 16, "{id}");
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    let body = resp.text().await.unwrap();
    assert!(body.contains(&format!("<code>{id}</code>")), "{body}");
    assert_eq!(ids_sent(&server, "/v1/captacoes").await[1], id);

    // Every answer carries one, the healthy ones too.
    let resp = app.get("/healthz").await;
    assert_eq!(header(&resp, "x-request-id").len(), 16);
}

type Lines = tokio::io::Lines<BufReader<tokio::process::ChildStdout>>;

/// The real binary against `server`; returns it with the web app's and the metrics' URLs
/// and the rest of its standard output (where its logs go).
async fn binary(
    server: &MockServer,
    extra: &[&str],
) -> (tokio::process::Child, String, String, Lines) {
    let api = ["--api-url", &server.uri(), "--insecure-http"];
    launch(&[&api[..], extra].concat(), &[]).await
}

/// The binary with `args` (its platform among them, or its own sandbox when none is given)
/// and `env` added to its environment.
async fn launch(
    args: &[&str],
    env: &[(&str, &str)],
) -> (tokio::process::Child, String, String, Lines) {
    let dir = temp_dir();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_colheita"))
        .envs(env.iter().copied())
        .args(["--addr", "127.0.0.1:0", "--data-dir", dir.to_str().unwrap()])
        .args(["--cookie-key", &base64_key(), "--micro-cache", "2"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (mut web, mut metrics) = (String::new(), String::new());
    while web.is_empty() {
        let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
            .await
            .expect("the binary printed its address")
            .unwrap()
            .expect("the binary stopped before printing its address");
        if let Some(u) = line.strip_prefix("Colheita: ") {
            web = u.trim_end_matches('/').to_owned();
        } else if let Some(u) = line.strip_prefix("Métricas (Prometheus): ") {
            metrics = u.to_owned();
        }
    }
    (child, web, metrics, lines)
}

fn sigterm(child: &tokio::process::Child) {
    let pid = child.id().unwrap().to_string();
    let ok = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success();
    assert!(ok);
}

async fn slow_list(server: &MockServer, delay: Duration) {
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"dados": [], "totalRegistros": 0}))
                .set_delay(delay),
        )
        .mount(server)
        .await;
}

#[tokio::test]
async fn sigterm_lets_the_open_request_finish_and_refuses_new_ones() {
    let server = MockServer::start().await;
    slow_list(&server, Duration::from_millis(1500)).await;
    let (mut child, web, _, _) = binary(&server, &[]).await;
    let in_flight = tokio::spawn(
        crate::support::http()
            .get(format!("{web}{}", routes::INVESTIR))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    sigterm(&child);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The listener is closed at once: a load balancer moves on to another replica.
    let fresh = crate::support::http()
        .get(format!("{web}/healthz"))
        .timeout(Duration::from_secs(2))
        .send()
        .await;
    assert!(
        fresh.is_err(),
        "a new connection was accepted while draining"
    );
    let resp = in_flight
        .await
        .unwrap()
        .expect("the open request was answered");
    assert_eq!(resp.status(), 200);
    assert!(resp.text().await.unwrap().contains("</html>"));
    let status = tokio::time::timeout(Duration::from_secs(5), child.wait())
        .await
        .expect("the binary stopped after draining")
        .unwrap();
    assert!(status.success(), "{status}");
}

#[tokio::test]
async fn the_drain_ends_after_the_grace_period() {
    let server = MockServer::start().await;
    slow_list(&server, Duration::from_secs(8)).await;
    let (mut child, web, _, _) = binary(&server, &["--shutdown-grace", "1"]).await;
    let _stuck = tokio::spawn(
        crate::support::http()
            .get(format!("{web}{}", routes::INVESTIR))
            .send(),
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let signalled = Instant::now();
    sigterm(&child);
    tokio::time::timeout(Duration::from_secs(4), child.wait())
        .await
        .expect("the binary stopped once the 1 s grace was over")
        .unwrap();
    assert!(signalled.elapsed() >= Duration::from_millis(900));
}

/// The value of the first metric line that starts with `name{` and holds every label.
fn metric(text: &str, name: &str, labels: &[&str]) -> Option<f64> {
    text.lines()
        .filter(|l| l.starts_with(&format!("{name}{{")))
        .find(|l| labels.iter().all(|lab| l.contains(lab)))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn metrics_are_served_on_their_own_address() {
    let server = MockServer::start().await;
    slow_list(&server, Duration::ZERO).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/urlamigavel/fazenda-7"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    mock_token(&server, token_body("a1", "r1", 30, 1800, "sucesso")).await;
    mock_user(&server).await;
    mock_home(&server).await;
    Mock::given(method("PUT"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(token_body("a2", "r2", 300, 1800, "sucesso")),
        )
        .mount(&server)
        .await;
    let metrics_addr = "127.0.0.1:0";
    let (_child, web, metrics_url, _) = binary(&server, &["--metrics-addr", metrics_addr]).await;
    assert!(metrics_url.ends_with("/metrics"), "{metrics_url}");

    let visitor = crate::support::http();
    let list = format!("{web}{}", routes::INVESTIR);
    assert_eq!(visitor.get(&list).send().await.unwrap().status(), 200);
    // A cookie keeps the whole-page cache out of it: the list comes from the micro-cache.
    let again = visitor.get(&list).header("Cookie", "x=1").send().await;
    assert_eq!(again.unwrap().status(), 200);
    let detail = visitor
        .get(format!("{web}/investir/fazenda-7"))
        .send()
        .await;
    assert_eq!(detail.unwrap().status(), 502);
    // A session whose token is within a minute of expiry is refreshed on its next page.
    let investor = TestApp::browser_at(&web);
    login_via_callback(&investor, routes::HOME).await;
    assert_eq!(investor.get(routes::HOME).await.status(), 200);

    let text = crate::support::http()
        .get(&metrics_url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let http = "colheita_http_request_duration_seconds_count";
    assert_eq!(
        metric(&text, http, &[r#"route="/investir""#, r#"status="200""#]),
        Some(2.0),
        "{text}"
    );
    assert!(
        metric(
            &text,
            http,
            &[r#"route="/investir/{url}""#, r#"status="502""#]
        )
        .is_some()
    );
    let platform = "colheita_platform_request_duration_seconds_count";
    assert!(
        metric(
            &text,
            platform,
            &[r#"endpoint="/v1/captacoes""#, r#"outcome="ok""#]
        )
        .is_some_and(|n| n >= 1.0),
        "{text}"
    );
    let errors = "colheita_platform_errors_total";
    assert!(
        metric(
            &text,
            errors,
            &[
                r#"endpoint="/v1/captacoes/urlamigavel/{id}""#,
                r#"kind="status_5xx""#
            ]
        )
        .is_some(),
        "{text}"
    );
    let cache = "colheita_microcache_requests_total";
    // The visitor's second list, and the investor's home reading the list the platform
    // marked public.
    assert!(
        metric(&text, cache, &[r#"outcome="hit""#]).is_some_and(|n| n >= 1.0),
        "{text}"
    );
    assert!(metric(&text, cache, &[r#"outcome="miss""#]).is_some());
    let refreshed = "colheita_sessions_refreshed_total";
    assert_eq!(
        metric(&text, refreshed, &[r#"outcome="ok""#]),
        Some(1.0),
        "{text}"
    );
    // Not on the public address.
    let public = visitor.get(format!("{web}/metrics")).send().await.unwrap();
    assert_eq!(public.status(), 404);
}

#[tokio::test]
async fn json_logs_carry_the_request_id_on_every_line_of_the_request() {
    let server = MockServer::start().await;
    slow_list(&server, Duration::ZERO).await;
    let (mut child, web, _, mut lines) = binary(&server, &["--log-format", "json"]).await;
    let resp = crate::support::http()
        .get(format!("{web}{}", routes::INVESTIR))
        .header("X-Request-Id", "log-7")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    sigterm(&child);
    let mut answered = None;
    while let Ok(Ok(Some(line))) =
        tokio::time::timeout(Duration::from_secs(5), lines.next_line()).await
    {
        let v: serde_json::Value = serde_json::from_str(&line).expect("a JSON object per line");
        if v["fields"]["message"] == "answered" && v["span"]["request_id"] == "log-7" {
            answered = Some(v);
        }
    }
    let v = answered.expect("the request's access line");
    assert_eq!(v["span"]["route"], routes::INVESTIR);
    assert_eq!(v["fields"]["status"], 200);
    child.wait().await.unwrap();
}

/// Tokens go only to the configured platform: a proxy named by the environment is never
/// used, neither by the platform's JSON reads (an offering's page) nor by the rest of the
/// client (the offering's essential-information PDF).
#[tokio::test]
async fn the_platform_is_reached_directly_whatever_proxy_the_environment_names() {
    let proxy = MockServer::start().await;
    let via = proxy.uri();
    let env = [
        ("HTTP_PROXY", via.as_str()),
        ("HTTPS_PROXY", via.as_str()),
        ("ALL_PROXY", via.as_str()),
        ("http_proxy", via.as_str()),
        ("https_proxy", via.as_str()),
    ];
    // Its own sandbox, on a port of its choosing. Its output is kept open to the end: the
    // binary stops at a closed pipe.
    let (child, web, _, _output) =
        launch(&["--sandbox-addr", "127.0.0.1:0", "--sandbox-reset"], &env).await;
    let offering = "fazenda-santa-luzia-soja-2027";
    let page = crate::support::http()
        .get(format!("{web}{}", routes::captacao(offering)))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let pdf = crate::support::http()
        .get(format!(
            "{web}{}",
            routes::captacao_informacoes_essenciais(offering)
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let proxied = proxy.received_requests().await.unwrap_or_default();
    assert!(proxied.is_empty(), "went through the proxy: {proxied:?}");
    drop(child);
}

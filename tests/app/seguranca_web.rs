//! Web hardening (OWASP ASVS 5.0 L2): no caching of private answers, inbound timeouts and
//! limits, `__Host-` cookies and HSTS under https, refusing plain http against a real
//! platform, and owner-only data at rest. The server here is `startup::serve`, the accept
//! loop `main` runs.

use crate::support::*;
use clap::Parser;
use colheita::config::Cli;
use colheita::startup;
use colheita::web::routes;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const PLATFORM: &str = "http://127.0.0.1:9";

/// The web app served as `main` serves it (against a platform that is not there), with
/// more flags; `public_url` defaults to the listening address. Answers the app's URL.
async fn serve_app(extra: &[&str], public_url: Option<&str>) -> String {
    let dir = temp_dir();
    let key = base64_key();
    let mut args = vec![
        "colheita",
        "--data-dir",
        dir.to_str().unwrap(),
        "--api-url",
        PLATFORM,
        "--cookie-key",
        &key,
    ];
    args.extend_from_slice(extra);
    let cli = Cli::try_parse_from(args).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let web_url = format!("http://{}", listener.local_addr().unwrap());
    let public = public_url.unwrap_or(&web_url);
    let key = startup::cookie_key(&cli.config).unwrap();
    let state = startup::web_state(
        &cli.config,
        url::Url::parse(public).unwrap(),
        url::Url::parse(PLATFORM).unwrap(),
        key,
    )
    .unwrap();
    tokio::spawn(startup::serve(
        listener,
        colheita::web::router(state),
        startup::ServeLimits::from_config(&cli.config),
        std::future::pending(),
    ));
    web_url
}

fn host(web_url: &str) -> &str {
    web_url.trim_start_matches("http://")
}

fn cache_control(resp: &reqwest::Response) -> String {
    resp.headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn private_answers_are_never_stored_and_a_visitors_pages_briefly() {
    let app = TestApp::with_sandbox(&[]).await;
    // A visitor: public pages for a minute, one copy per Cookie; assets immutable.
    let list = app.get(routes::INVESTIR).await;
    assert_eq!(list.status(), 200);
    assert_eq!(cache_control(&list), "public, max-age=60");
    let vary: Vec<_> = list.headers().get_all("vary").iter().collect();
    assert!(
        vary.iter().any(|v| v.to_str().unwrap().contains("Cookie")),
        "{vary:?}"
    );
    let css = app
        .get(colheita::web::assets::asset_url("css/app.css"))
        .await;
    assert_eq!(cache_control(&css), colheita::web::assets::CACHE_CONTROL);
    // A private path without a session: the redirect to login is not stored.
    let home = app.get(routes::HOME).await;
    assert_eq!(home.status(), 303);
    assert_eq!(cache_control(&home), "no-store");

    app.login("investidor@colheita.dev", "colheita123").await;
    let parcial = format!("{}?parcial=1", routes::INVESTIR);
    for path in [
        routes::HOME,
        routes::INVESTIR,
        parcial.as_str(),
        routes::CARTEIRA,
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 200, "{path}");
        assert_eq!(cache_control(&resp), "no-store", "{path}");
    }
    let pdf = app.get(routes::CARTEIRA_ALOCACAO_PDF).await;
    assert_eq!(pdf.status(), 200);
    assert_eq!(cache_control(&pdf), "no-store");
    let redirect = app
        .post_form(routes::VISIBILIDADE, &[("voltar", routes::CARTEIRA)])
        .await;
    assert_eq!(redirect.status(), 303);
    assert_eq!(cache_control(&redirect), "no-store");
    let json = app
        .client
        .post(app.url(routes::VISIBILIDADE))
        .header("Origin", &app.web_url)
        .header("Accept", "application/json")
        .form(&[("voltar", "")])
        .send()
        .await
        .unwrap();
    assert!(
        json.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(cache_control(&json), "no-store");
    let css = app
        .get(colheita::web::assets::asset_url("css/app.css"))
        .await;
    assert_eq!(cache_control(&css), colheita::web::assets::CACHE_CONTROL);
}

#[tokio::test]
async fn a_client_dripping_its_headers_is_disconnected() {
    let web = serve_app(&["--header-read-timeout", "1"], None).await;
    let mut tcp = TcpStream::connect(host(&web)).await.unwrap();
    tcp.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let dripping = async {
        let mut buf = [0u8; 256];
        loop {
            // One more header line every 200 ms, never the blank line that ends them.
            if tcp.write_all(b"X-Lento: a\r\n").await.is_err() {
                return;
            }
            let read = tokio::time::timeout(Duration::from_millis(200), tcp.read(&mut buf));
            if let Ok(Ok(0) | Err(_)) = read.await {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), dripping)
        .await
        .expect("the server kept a dripping client for 30 s");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[tokio::test]
async fn a_client_that_sends_nothing_is_disconnected() {
    let web = serve_app(&["--header-read-timeout", "1"], None).await;
    for sent in [&b""[..]] {
        let mut tcp = TcpStream::connect(host(&web)).await.unwrap();
        tcp.write_all(sent).await.unwrap();
        let mut buf = [0u8; 64];
        let closed = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut buf)).await;
        assert!(
            closed.is_ok(),
            "kept a silent client after sending {sent:?}"
        );
    }
}

/// The sandbox is served by the same accept loop: a silent client, or one dripping its
/// headers, is let go after the header-read timeout too.
#[tokio::test]
async fn the_sandbox_lets_a_silent_client_go_as_the_web_app_does() {
    let app = TestApp::with_sandbox(&["--header-read-timeout", "1"]).await;
    let sandbox = app.sandbox_url.unwrap();
    for sent in [&b""[..], b"GET / HTTP/1.1\r\nHost: x\r\n"] {
        let mut tcp = TcpStream::connect(host(&sandbox)).await.unwrap();
        tcp.write_all(sent).await.unwrap();
        let mut buf = [0u8; 64];
        let closed = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut buf)).await;
        assert!(
            closed.is_ok(),
            "kept a silent client after sending {sent:?}"
        );
    }
}

#[tokio::test]
async fn a_body_that_never_ends_is_answered_408() {
    let web = serve_app(&["--inbound-timeout", "1"], None).await;
    let mut tcp = TcpStream::connect(host(&web)).await.unwrap();
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: 1000\r\n\r\nnome=a",
        routes::QUERO_INVESTIR
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 64];
    let n = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut answer))
        .await
        .expect("no answer within 10 s")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

#[tokio::test]
async fn an_oversized_form_is_refused_413_on_the_shells_page() {
    let app = TestApp::with_sandbox(&[]).await;
    let big = "a".repeat(100 * 1024);
    let resp = app
        .post_form(routes::QUERO_INVESTIR, &[("nome", big.as_str())])
        .await;
    assert_eq!(resp.status(), 413);
    let doc = html(resp).await;
    assert!(
        text(&doc, "main").contains("O envio é grande demais"),
        "{}",
        text(&doc, "main")
    );
    assert_eq!(texts(&doc, "html[lang='pt-BR']").len(), 1);
}

#[tokio::test]
async fn connections_over_the_cap_wait_for_a_free_slot() {
    let web = serve_app(
        &["--max-connections", "1", "--header-read-timeout", "30"],
        None,
    )
    .await;
    let idle = TcpStream::connect(host(&web)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let client = crate::support::http();
    let url = format!("{web}{}", routes::HEALTHZ);
    let waiting = tokio::time::timeout(Duration::from_secs(1), client.get(&url).send()).await;
    assert!(waiting.is_err(), "a second connection was served");
    drop(idle);
    let served = tokio::time::timeout(Duration::from_secs(5), client.get(&url).send())
        .await
        .expect("the freed slot was not reused")
        .unwrap();
    assert_eq!(served.status(), 200);
}

fn set_cookies(resp: &reqwest::Response) -> Vec<String> {
    resp.headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn under_https_every_cookie_is_host_prefixed_and_hsts_covers_subdomains() {
    let web = serve_app(&[], Some("https://investir.example.com.br")).await;
    let client = crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = client
        .get(format!("{web}{}", routes::HOME))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 303);
    assert_eq!(
        resp.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    let csp = resp.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("base-uri 'none'"), "{csp}");
    let cookies = set_cookies(&resp);
    assert!(cookies.len() >= 2, "{cookies:?}");
    for c in &cookies {
        assert!(c.starts_with("__Host-colheita_"), "{c}");
        assert!(c.contains("; Secure") && c.contains("Path=/"), "{c}");
        assert!(!c.to_ascii_lowercase().contains("domain="), "{c}");
    }
}

#[tokio::test]
async fn under_http_cookies_keep_their_names_and_there_is_no_hsts() {
    let web = serve_app(&["--insecure-http"], None).await;
    let client = crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = client
        .get(format!("{web}{}", routes::HOME))
        .send()
        .await
        .unwrap();
    assert!(!resp.headers().contains_key("strict-transport-security"));
    let cookies = set_cookies(&resp);
    assert!(!cookies.is_empty());
    for c in &cookies {
        assert!(c.starts_with("colheita_") && !c.contains("Secure"), "{c}");
    }
}

/// The binary with a real platform and `public_url`; returns its exit status and stderr if
/// it stopped within 3 s, `None` (and kills it) if it kept running.
async fn run_binary(public_url: &str, extra: &[&str]) -> Option<(bool, String)> {
    let dir = temp_dir();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_colheita"))
        .args([
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            dir.to_str().unwrap(),
            "--api-url",
            PLATFORM,
            "--cookie-key",
            &base64_key(),
            "--public-url",
            public_url,
        ])
        .args(extra)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    match tokio::time::timeout(Duration::from_secs(3), child.wait()).await {
        Ok(status) => {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .await
                .unwrap();
            Some((status.unwrap().success(), err))
        }
        Err(_) => {
            child.kill().await.unwrap();
            None
        }
    }
}

#[tokio::test]
async fn a_real_platform_behind_plain_http_needs_insecure_http_to_start() {
    let (ok, err) = run_binary("http://investir.example.com.br", &[])
        .await
        .expect("it started over plain http");
    assert!(!ok);
    assert!(
        err.contains("--insecure-http") && err.contains("https"),
        "{err}"
    );
    assert!(
        run_binary("http://investir.example.com.br", &["--insecure-http"])
            .await
            .is_none(),
        "--insecure-http did not let it start"
    );
    assert!(
        run_binary("https://investir.example.com.br", &[])
            .await
            .is_none(),
        "an https public URL did not start"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_dir_the_cookie_key_and_the_database_are_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // A dir made by an older version (0755) is narrowed; a new one is made 0700.
    let old = temp_dir();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o755)).unwrap();
    for dir in [old.clone(), old.join("nova").join("pasta")] {
        let cli = Cli::try_parse_from(["colheita", "--data-dir", dir.to_str().unwrap()]).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        startup::spawn_sandbox(listener, &cli.config).unwrap();
        startup::cookie_key(&cli.config).unwrap();
        assert_eq!(mode(&dir), 0o700, "{}", dir.display());
        let key = dir.join("cookie.key");
        assert_eq!(mode(&key), 0o600);
        let db = dir.join("sandbox.db");
        assert_eq!(mode(&db), 0o600);
        for suffix in ["-wal", "-shm"] {
            let f = dir.join(format!("sandbox.db{suffix}"));
            if f.exists() {
                assert_eq!(mode(&f), 0o600, "{}", f.display());
            }
        }
    }
}

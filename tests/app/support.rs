//! TestApp: the web app (and the sandbox, or a wiremock platform) on ephemeral ports,
//! driven by a cookie-keeping HTTP client, one method per user action.

use colheita::web::routes;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;
use colheita::config::Cli;
use colheita::startup;
use reqwest::header::LOCATION;
use scraper::{Html, Selector};
use tokio::net::TcpListener;

pub struct TestApp {
    pub web_url: String,
    pub sandbox_url: Option<String>,
    pub client: reqwest::Client,
    /// The app's data directory, removed when the test's last browser on it goes: a run
    /// starts a thousand apps, and their databases would fill the temporary directory.
    _data: Option<Arc<DataDir>>,
}

struct DataDir(PathBuf);

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir() -> PathBuf {
    let n: u64 = rand::random();
    let dir = std::env::temp_dir().join(format!("colheita-test-{n:x}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A client for the tests' own requests. reqwest is built without a TLS crypto provider of its
/// own (`rustls-no-provider`) and this process never starts the app's, so it is installed
/// first (what `PlatformClient::new` does in the app).
pub fn http_builder() -> reqwest::ClientBuilder {
    colheita::api::install_tls_provider();
    reqwest::Client::builder()
}

/// [`http_builder`] with reqwest's defaults.
pub fn http() -> reqwest::Client {
    http_builder().build().unwrap()
}

fn client() -> reqwest::Client {
    http_builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The password of every user the sandbox seeds.
pub const SEEDED_PASSWORD: &str = "colheita123";

/// Web app + embedded sandbox, with the seeded user `email` logged in.
pub async fn logged_in_as(email: &str) -> TestApp {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(app.login(email, SEEDED_PASSWORD).await.status(), 200);
    app
}

impl TestApp {
    /// Web app + embedded sandbox. `extra` are more command-line flags.
    pub async fn with_sandbox(extra: &[&str]) -> TestApp {
        let data_dir = temp_dir();
        // The web app's port is known before the sandbox starts: the sandbox registers
        // `http://{addr}/autenticacao` as the web app's redirect URI.
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let mut args = vec![
            "colheita",
            "--data-dir",
            data_dir.to_str().unwrap(),
            "--addr",
            &addr,
        ];
        args.extend_from_slice(extra);
        let cli = Cli::try_parse_from(args).unwrap();
        let sandbox_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sandbox_url = startup::spawn_sandbox(sandbox_listener, &cli.config).unwrap();
        Self::start(listener, cli, &sandbox_url, Some(sandbox_url.clone())).await
    }

    /// Web app + embedded sandbox with something in between (the fault proxy): `front`
    /// gets the sandbox's URL and returns the URL the web app's calls (API and login
    /// provider) go to. The login page the browser sees stays the sandbox's own.
    pub async fn with_sandbox_behind<F, Fut>(extra: &[&str], front: F) -> TestApp
    where
        F: FnOnce(String) -> Fut,
        Fut: std::future::Future<Output = String>,
    {
        let data_dir = temp_dir();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let sandbox_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let sandbox_url = format!("http://{}", sandbox_listener.local_addr().unwrap());
        let login_url = format!("{sandbox_url}/login");
        let mut args = vec![
            "colheita",
            "--data-dir",
            data_dir.to_str().unwrap(),
            "--addr",
            &addr,
            "--login-url",
            &login_url,
        ];
        args.extend_from_slice(extra);
        let cli = Cli::try_parse_from(args).unwrap();
        let sandbox_url = startup::spawn_sandbox(sandbox_listener, &cli.config).unwrap();
        let api_url = front(sandbox_url.clone()).await;
        Self::start(listener, cli, &api_url, Some(sandbox_url)).await
    }

    /// Web app against a stand-in platform (wiremock) at `platform_url`.
    pub async fn with_platform(platform_url: &str, extra: &[&str]) -> TestApp {
        let data_dir = temp_dir();
        let key = base64_key();
        let mut args = vec![
            "colheita",
            "--data-dir",
            data_dir.to_str().unwrap(),
            "--api-url",
            platform_url,
            "--cookie-key",
            &key,
            "--request-timeout",
            "2",
        ];
        args.extend_from_slice(extra);
        let cli = Cli::try_parse_from(args).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        Self::start(listener, cli, platform_url, None).await
    }

    async fn start(
        listener: TcpListener,
        cli: Cli,
        api_url: &str,
        sandbox_url: Option<String>,
    ) -> TestApp {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_test_writer()
            .try_init();
        let web_url = format!("http://{}", listener.local_addr().unwrap());
        let key = startup::cookie_key(&cli.config).unwrap();
        let state = startup::web_state(
            &cli.config,
            url::Url::parse(&web_url).unwrap(),
            url::Url::parse(api_url).unwrap(),
            key,
        )
        .unwrap();
        tokio::spawn(async move {
            let app = colheita::web::router(state);
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
            )
            .await
            .unwrap();
        });
        let data = cli.config.data_dir.clone();
        TestApp {
            web_url,
            sandbox_url,
            client: client(),
            _data: Some(Arc::new(DataDir(data))),
        }
    }

    /// A browser (its own cookies) on a web app the test started itself, at `web_url`.
    pub fn browser_at(web_url: &str) -> TestApp {
        TestApp {
            web_url: web_url.to_owned(),
            sandbox_url: None,
            client: client(),
            _data: None,
        }
    }

    /// The same app seen from another browser (its own cookies).
    /// Another browser on the same app, whose cookies the test can read and change.
    pub fn browser_with_jar(&self) -> (TestApp, std::sync::Arc<reqwest::cookie::Jar>) {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        let client = http_builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        (
            TestApp {
                client,
                ..self.another_browser()
            },
            jar,
        )
    }

    pub fn another_browser(&self) -> TestApp {
        TestApp {
            web_url: self.web_url.clone(),
            sandbox_url: self.sandbox_url.clone(),
            client: client(),
            _data: self._data.clone(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.web_url, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// A same-origin form POST, as a browser sends it.
    pub async fn post_form(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("Origin", &self.web_url)
            .header("Sec-Fetch-Site", "same-origin")
            .form(form)
            .send()
            .await
            .unwrap()
    }

    /// Follows redirects by hand (the client never does), returning the final response
    /// and every Location seen.
    pub async fn follow(&self, mut resp: reqwest::Response) -> (reqwest::Response, Vec<String>) {
        let mut seen = Vec::new();
        for _ in 0..10 {
            if !resp.status().is_redirection() {
                break;
            }
            let loc = location(&resp);
            let next = if loc.starts_with('/') {
                self.url(&loc)
            } else {
                loc.clone()
            };
            seen.push(loc);
            resp = self.client.get(next).send().await.unwrap();
        }
        (resp, seen)
    }

    /// Logs in through the sandbox's login page, as a person does; returns the page
    /// the user lands on.
    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        let resp = self.get(routes::HOME).await;
        self.login_from(resp, email, password).await
    }

    /// Continues a login from a redirect to the login page.
    pub async fn login_from(
        &self,
        resp: reqwest::Response,
        email: &str,
        password: &str,
    ) -> reqwest::Response {
        assert_eq!(resp.status(), 303, "expected a redirect to login");
        let login_url = url::Url::parse(&location(&resp)).unwrap();
        // The form carries every parameter of the login URL (client, redirect URI, state,
        // PKCE challenge) back, as the page's hidden fields do.
        let mut form: Vec<(String, String)> = login_url.query_pairs().into_owned().collect();
        form.push(("email".into(), email.into()));
        form.push(("senha".into(), password.into()));
        let page = self.client.get(login_url.clone()).send().await.unwrap();
        assert_eq!(page.status(), 200);
        let mut post_url = login_url.clone();
        post_url.set_query(None);
        let resp = self.client.post(post_url).form(&form).send().await.unwrap();
        self.follow(resp).await.0
    }

    pub async fn logout(&self) -> reqwest::Response {
        self.post_form(routes::SAIR, &[]).await
    }
}

pub fn base64_key() -> String {
    use base64::Engine;
    let bytes: Vec<u8> = (0..64).map(|_| rand::random::<u8>()).collect();
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

pub fn location(resp: &reqwest::Response) -> String {
    resp.headers()
        .get(LOCATION)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

pub async fn html(resp: reqwest::Response) -> Html {
    Html::parse_document(&resp.text().await.unwrap())
}

/// The attribute `name` of every element `selector` matches that has it.
pub fn attr(doc: &Html, selector: &str, name: &str) -> Vec<String> {
    doc.select(&Selector::parse(selector).unwrap())
        .filter_map(|e| e.value().attr(name).map(str::to_owned))
        .collect()
}

/// The texts of every element matching `selector`, whitespace collapsed.
pub fn texts(doc: &Html, selector: &str) -> Vec<String> {
    let sel = Selector::parse(selector).unwrap();
    doc.select(&sel).map(words).collect()
}

/// An element's text as a reader hears it: its words, one space apart.
pub fn words(e: scraper::ElementRef) -> String {
    e.text()
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `value` attribute of the first element `selector` finds ('' when none).
pub fn value(doc: &Html, selector: &str) -> String {
    doc.select(&Selector::parse(selector).unwrap())
        .next()
        .and_then(|e| e.value().attr("value"))
        .unwrap_or_default()
        .to_owned()
}

pub fn text(doc: &Html, selector: &str) -> String {
    texts(doc, selector).join(" ")
}

pub fn title(doc: &Html) -> String {
    text(doc, "title")
}

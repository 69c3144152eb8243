//! Limits that hold across replicas: two web apps on one sandbox count in one Redis store
//! (`--limits-url`). The store is a `redis-server` of the test's own on a free port;
//! tests/run.sh installs it, and without it these tests fail saying so.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use colheita::web::routes;

use crate::support::*;

const MUITAS: &str = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";
const ERRO: &str = "Ocorreu um erro. Tente novamente.";

/// A `redis-server` without persistence, in a temporary directory.
struct Store {
    child: Option<Child>,
    port: u16,
    dir: std::path::PathBuf,
}

impl Store {
    fn start() -> Store {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut store = Store {
            child: None,
            port,
            dir: temp_dir(),
        };
        store.restart();
        store
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// Starts it (again) on its port, and waits until it answers.
    fn restart(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .arg("--dir")
            .arg(&self.dir)
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server must be on PATH for these tests (tests/run.sh installs it)");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "redis-server did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A valid CPF, a different one for each `n`.
fn cpf(n: u32) -> String {
    let mut d: Vec<u32> = format!("{:09}", 123_456_000 + n)
        .bytes()
        .map(|b| u32::from(b - b'0'))
        .collect();
    for len in [9, 10] {
        let sum: u32 = d.iter().zip((2..=len + 1).rev()).map(|(x, w)| x * w).sum();
        d.push(sum * 10 % 11 % 10);
    }
    d.iter().map(|x| x.to_string()).collect()
}

async fn sign_up(app: &TestApp, n: u32) -> reqwest::Response {
    let cpf = cpf(n);
    let email = format!("joana{n}@exemplo.com.br");
    let form = [
        ("nome", "Joana Pereira"),
        ("email", email.as_str()),
        ("celular", "11 91234-5678"),
        ("cpf", cpf.as_str()),
        ("termos", "sim"),
    ];
    app.post_form(routes::QUERO_INVESTIR, &form).await
}

/// Two replicas on one sandbox and one store, allowing `signups` an hour per address.
async fn replicas(store: &Store, signups: &str) -> (TestApp, TestApp) {
    let url = store.url();
    let flags = ["--signup-limit", signups, "--limits-url", url.as_str()];
    let a = TestApp::with_sandbox(&flags).await;
    let sandbox = a.sandbox_url.clone().unwrap();
    let b = TestApp::with_platform(&sandbox, &flags).await;
    (a, b)
}

#[tokio::test]
async fn a_sign_up_limit_is_counted_across_replicas() {
    let store = Store::start();
    let (a, b) = replicas(&store, "2").await;
    assert_eq!(sign_up(&a, 1).await.status(), 303);
    assert_eq!(sign_up(&a, 2).await.status(), 303);
    let resp = sign_up(&b, 3).await;
    assert_eq!(
        resp.status(),
        429,
        "the other replica counted the first two"
    );
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta #alerta-mensagem"), MUITAS);
    assert_eq!(sign_up(&a, 4).await.status(), 429);
}

#[tokio::test]
async fn without_its_store_a_sign_up_is_refused_with_503_and_comes_back_with_the_store() {
    let mut store = Store::start();
    let (a, _b) = replicas(&store, "1").await;
    store.stop();
    let resp = sign_up(&a, 1).await;
    assert_eq!(resp.status(), 503);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta #alerta-mensagem"), ERRO);
    assert_eq!(value(&doc, "#cadastro-cpf"), cpf(1));
    assert_eq!(value(&doc, "#cadastro-email"), "joana1@exemplo.com.br");
    // The rest of the site does not need the store.
    assert_eq!(a.get(routes::INVESTIR).await.status(), 200);
    assert_eq!(sign_up(&a, 1).await.status(), 503, "still nothing counted");
    store.restart();
    assert_eq!(sign_up(&a, 1).await.status(), 303, "counted and allowed");
    assert_eq!(sign_up(&a, 2).await.status(), 429, "counted");
}

#[tokio::test]
async fn without_its_store_a_password_change_is_refused_with_503_and_nothing_refilled() {
    let mut store = Store::start();
    let (a, _b) = replicas(&store, "1").await;
    let home = a.login("investidor@colheita.dev", "colheita123").await;
    assert_eq!(home.status(), 200);
    store.stop();
    let form = [
        ("senha_atual", "colheita123"),
        ("nova_senha", "NovaSenha123"),
        ("confirmacao_senha", "NovaSenha123"),
    ];
    let resp = a.post_form(routes::ALTERAR_SENHA, &form).await;
    assert_eq!(resp.status(), 503);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta #alerta-mensagem"), ERRO);
    for field in ["#senha-atual", "#nova-senha", "#confirmacao-senha"] {
        assert_eq!(value(&doc, field), "", "{field} is never filled again");
    }
    // The session and the rest of the site go on.
    assert_eq!(a.get(routes::CARTEIRA).await.status(), 200);
    // The password did not change: the old one still logs in.
    let other = a.another_browser();
    let again = other.login("investidor@colheita.dev", "colheita123").await;
    assert_eq!(again.status(), 200);
}

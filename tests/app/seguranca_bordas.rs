//! Trust at the edges: values from the address bar or the platform that must not move a
//! request elsewhere, and the checks around the session's edges.

use colheita::web::routes;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use wiremock::MockServer;

use crate::support::*;

/// `/investir/%2e%2e` once made the client ask for `/v1/captacoes/` (the list): a dot
/// segment names no offering and never reaches the platform.
#[tokio::test]
async fn a_dot_segment_as_an_offering_is_a_404_without_asking_the_platform() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    for p in [
        "/investir/%2e%2e",
        "/investir/%2E",
        "/investir/%2e%2e/simular",
        "/investir/%2e%2e/documento",
    ] {
        assert_eq!(raw_get_status(&app, p).await, 404, "{p}");
    }
    let asked = server.received_requests().await.unwrap_or_default();
    assert!(
        asked
            .iter()
            .all(|r| !r.url.path().starts_with("/v1/captacoes")),
        "{:?}",
        asked
            .iter()
            .map(|r| r.url.path().to_owned())
            .collect::<Vec<_>>()
    );
    assert_eq!(routes::captacao(".."), routes::INVESTIR);
}

/// The status of a GET sent with its path exactly as written: an HTTP client library
/// would resolve `%2e%2e` as a browser does before sending.
async fn raw_get_status(app: &TestApp, path: &str) -> u16 {
    let host = app.web_url.trim_start_matches("http://");
    let mut tcp = TcpStream::connect(host).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let line = String::from_utf8_lossy(&answer);
    line.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// The app's cookies in a browser's jar, by name.
fn cookies_of(app: &TestApp, jar: &reqwest::cookie::Jar) -> Vec<(String, String)> {
    use reqwest::cookie::CookieStore;
    let url = app.web_url.parse().unwrap();
    let header = jar.cookies(&url).unwrap();
    header
        .to_str()
        .unwrap()
        .split("; ")
        .filter_map(|c| c.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// Stolen token cookies beside the thief's own fresh clock cookie: the clock belongs to
/// another login, so the stolen session cannot have its idle time reset.
#[tokio::test]
async fn a_clock_cookie_from_another_login_does_not_keep_stolen_tokens_alive() {
    let app = TestApp::with_sandbox(&[]).await;
    let (victim, victim_jar) = app.browser_with_jar();
    let (thief, thief_jar) = app.browser_with_jar();
    for b in [&victim, &thief] {
        assert_eq!(
            b.login("investidor@colheita.dev", "colheita123")
                .await
                .status(),
            200
        );
    }
    let clock = "colheita_sessao";
    let stolen = cookies_of(&app, &victim_jar);
    let own = cookies_of(&app, &thief_jar);
    // A client without a cookie store: it sends exactly the cookies given.
    let bare = crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let send = |pairs: Vec<(String, String)>| {
        let header = pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        bare.get(app.url(routes::CARTEIRA))
            .header("Cookie", header)
            .send()
    };
    // The victim's own cookies, clock included, still work.
    assert_eq!(send(stolen.clone()).await.unwrap().status(), 200);
    let mixed: Vec<_> = stolen
        .iter()
        .filter(|(k, _)| k != clock)
        .chain(own.iter().filter(|(k, _)| k == clock))
        .cloned()
        .collect();
    assert_eq!(mixed.len(), stolen.len());
    let resp = send(mixed).await.unwrap();
    assert_eq!(resp.status(), 303, "a foreign clock ends the session");
}

fn unread_count(doc: &scraper::Html) -> String {
    text(doc, ".link-notificacoes .contador")
}

/// A link (or an image) on another site to a notification must not mark it read unseen:
/// it stops at a button, and the notification opens by that POST.
#[tokio::test]
async fn a_notification_linked_from_another_site_stays_unread_until_opened_here() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let list = html(app.get(routes::NOTIFICACOES).await).await;
    let before = unread_count(&list);
    let href = attr(&list, "a.notificacao-abrir", "href").remove(0);
    let title = texts(&list, "a.notificacao-abrir").remove(0);

    for (site, referer) in [
        (Some("cross-site"), None),
        (Some("same-site"), None),
        (None, Some("https://evil.example/pagina")),
    ] {
        let mut rb = app.client.get(app.url(&href));
        if let Some(s) = site {
            rb = rb.header("Sec-Fetch-Site", s);
        }
        if let Some(r) = referer {
            rb = rb.header("Referer", r);
        }
        let resp = rb.send().await.unwrap();
        assert_eq!(resp.status(), 200);
        let doc = html(resp).await;
        assert!(texts(&doc, ".notificacao-detalhe h2").is_empty());
        assert_eq!(attr(&doc, "main form", "action"), vec![href.clone()]);
        assert_eq!(texts(&doc, "main form button"), vec!["Abrir notificação"]);
    }
    let still = html(app.get(routes::NOTIFICACOES).await).await;
    assert_eq!(unread_count(&still), before, "nothing was marked read");

    let opened = html(app.post_form(&href, &[]).await).await;
    assert_eq!(text(&opened, ".notificacao-detalhe h2"), title);
    assert_ne!(unread_count(&opened), before);
}

fn attr(doc: &scraper::Html, sel: &str, name: &str) -> Vec<String> {
    doc.select(&scraper::Selector::parse(sel).unwrap())
        .filter_map(|e| e.value().attr(name).map(str::to_owned))
        .collect()
}

const ACCOUNT_REFUSED: &str = "Conta não encontrada. Selecione uma das contas da lista.";

/// A code that is not one of the investor's accounts is a refused choice (422, the form
/// keeping it), like the other fields of the filter, never the platform failure card.
#[tokio::test]
async fn a_statement_for_an_account_not_offered_is_a_refused_filter() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    for code in ["999999", "abc", "'"] {
        let q = serde_urlencoded::to_string([("codigoCliente", code), ("dias", "30")]).unwrap();
        let resp = app.get(&routes::extrato(&q)).await;
        assert_eq!(resp.status(), 422, "{code}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "dialog.alerta p"), ACCOUNT_REFUSED, "{code}");
        assert_eq!(
            attr(&doc, "#codigoCliente option[selected]", "value"),
            vec![code.to_owned()]
        );
        assert!(texts(&doc, ".cartao-erro").is_empty(), "{code}");
    }
}

/// Without the list of accounts (the registration failing), the platform's own refusal
/// of a foreign account is the same refused choice.
#[tokio::test]
async fn the_platforms_refusal_of_a_foreign_account_is_the_same_refused_filter() {
    use serde_json::json;
    use wiremock::matchers::{method, path};
    use wiremock::{Mock, ResponseTemplate};
    let server = MockServer::start().await;
    crate::platform::mock_login(&server).await;
    crate::platform::mock_home(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    crate::platform::login_via_callback(&app, routes::HOME).await;
    Mock::given(method("GET"))
        .and(path("/v1/cadastro"))
        .respond_with(ResponseTemplate::new(503).set_body_json(json!({})))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .respond_with(
            ResponseTemplate::new(403).set_body_json(json!({"mensagem": "Conta não encontrada."})),
        )
        .mount(&server)
        .await;
    let resp = app.get(&routes::extrato("codigoCliente=999999")).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), ACCOUNT_REFUSED);
}

/// A query the app cannot read (a key given twice) gets the 404 page inside the shell,
/// not the framework's plain text.
#[tokio::test]
async fn a_repeated_query_key_gets_the_page_not_plain_text() {
    let app = TestApp::with_sandbox(&[]).await;
    app.login("investidor@colheita.dev", "colheita123").await;
    let resp = app
        .get(&format!(
            "{}?CodigoSetor=1&CodigoSetor=2",
            routes::RENDA_VARIAVEL
        ))
        .await;
    assert_eq!(resp.status(), 404);
    let ct = resp.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(ct.starts_with("text/html"), "{ct}");
    let doc = html(resp).await;
    assert!(!texts(&doc, "header").is_empty(), "drawn inside the shell");
}

/// A multipart body cut off mid-way gets its own message (not the 10 MB one); a file
/// sent with its folder keeps only its base name.
#[tokio::test]
async fn a_broken_upload_says_so_and_a_file_keeps_only_its_base_name() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("basico@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let url = app.url(&routes::dados_documento("IdentityDocumentBack"));
    let post = |content_type: &str, body: Vec<u8>| {
        app.client
            .post(&url)
            .header("Origin", &app.web_url)
            .header("Sec-Fetch-Site", "same-origin")
            .header("Accept", "application/json")
            .header("Content-Type", content_type.to_owned())
            .body(body)
            .send()
    };
    let cut = b"--xyz\r\nContent-Disposition: form-data; name=\"documento\"; filename=\"rg.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG".to_vec();
    for (ct, body) in [
        ("multipart/form-data; boundary=xyz", cut),
        ("multipart/form-data", b"nada".to_vec()),
    ] {
        let resp = post(ct, body).await.unwrap();
        assert_eq!(resp.status(), 422, "{ct}");
        let answer: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(
            answer["mensagem"],
            "Não foi possível ler o arquivo enviado. Tente enviar novamente."
        );
    }

    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0, 0, 0, 0]);
    let form = reqwest::multipart::Form::new().part(
        "documento",
        reqwest::multipart::Part::bytes(png).file_name("C:\\fakepath\\verso.png"),
    );
    let sent = app
        .client
        .post(&url)
        .header("Origin", &app.web_url)
        .header("Sec-Fetch-Site", "same-origin")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 303);
    let page = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    let names = texts(&page, ".documento-linha a");
    assert!(names.iter().any(|n| n == "verso.png"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("fakepath")), "{names:?}");
}

/// The header's counter, run beside a page that tolerates its failure, meets a 401 (the
/// session was ended at the platform): the session ends here too, and the old name no
/// longer shows, even on pages that ask the platform nothing else.
#[tokio::test]
async fn after_a_platform_401_the_name_goes_with_the_session() {
    use wiremock::matchers::{method, path};
    use wiremock::{Mock, ResponseTemplate};
    let server = MockServer::start().await;
    crate::platform::mock_login(&server).await;
    crate::platform::mock_home(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/notificacoes/contador"))
        .respond_with(ResponseTemplate::new(401))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    crate::platform::login_via_callback(&app, routes::HOME).await;
    let mut gone = false;
    for _ in 0..40 {
        let resp = app.get(routes::CARTEIRA).await;
        if resp.status() == 303 {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(gone, "the old session stayed");
    let doc = html(app.get("/nao-existe").await).await;
    assert_eq!(texts(&doc, "header a[href='/entrar']"), vec!["Entrar"]);
    assert!(!text(&doc, "header").contains("Ana"));
}

/// Guessing the current password at the password change: after 5 wrong guesses the form
/// answers 429 without asking the platform (the right one no longer changes it), and
/// after 10 the session ends.
#[tokio::test]
async fn current_password_guesses_are_refused_after_five_and_end_the_session_after_ten() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let guess = |atual: &'static str| {
        let app = &app;
        async move {
            let form = [
                ("senha_atual", atual),
                ("nova_senha", "NovaSenha123"),
                ("confirmacao_senha", "NovaSenha123"),
            ];
            app.post_form(routes::ALTERAR_SENHA, &form).await
        }
    };
    for n in 1..=5 {
        assert_eq!(guess("Errada123").await.status(), 422, "guess {n}");
    }
    for n in 6..=10 {
        let resp = guess("colheita123").await;
        assert_eq!(resp.status(), 429, "guess {n}");
        let doc = html(resp).await;
        assert_eq!(
            text(&doc, "dialog.alerta p"),
            "Muitas tentativas. Aguarde alguns minutos e tente novamente."
        );
    }
    let resp = guess("colheita123").await;
    assert_eq!(resp.status(), 303, "the session ends");
    assert_eq!(app.get(routes::HOME).await.status(), 303);
    // The right password guessed while refused changed nothing.
    let other = app.another_browser();
    assert_eq!(
        other
            .login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
}

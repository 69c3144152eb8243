//! The web app shields the platform: a visitor's offering list is fetched once for all
//! concurrent visitors and kept for `--micro-cache` seconds; an investor's own calls are
//! never shared; a revisit with the page's `ETag` gets 304 and no body.

use colheita::web::routes;
use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{header, header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

fn empty_list() -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_json(json!({"dados": [], "totalRegistros": 0}))
        .set_delay(Duration::from_millis(300))
}

/// A platform whose offering list answers (slowly, so requests overlap), called
/// exactly `calls` times when given; and the web app in front of it with `flags`.
async fn list_platform(calls: Option<u64>, flags: &[&str]) -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    let mock = Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(empty_list());
    match calls {
        Some(n) => mock.expect(n).mount(&server).await,
        None => mock.mount(&server).await,
    }
    let app = TestApp::with_platform(&server.uri(), flags).await;
    (server, app)
}

async fn visitors_fetch(app: &TestApp, n: usize) {
    let all = futures::future::join_all((0..n).map(|_| {
        let visitor = app.another_browser();
        async move { visitor.get(routes::INVESTIR).await.status() }
    }))
    .await;
    assert!(all.iter().all(|s| *s == 200), "{all:?}");
}

#[tokio::test]
async fn concurrent_visitors_share_one_platform_call_kept_for_the_configured_time() {
    let (_server, app) = list_platform(Some(2), &["--micro-cache", "2"]).await;
    visitors_fetch(&app, 20).await;
    // Within the time: kept.
    visitors_fetch(&app, 5).await;
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    visitors_fetch(&app, 5).await;
}

#[tokio::test]
async fn zero_turns_sharing_off() {
    let (_server, app) = list_platform(Some(3), &["--micro-cache", "0"]).await;
    visitors_fetch(&app, 3).await;
}

#[tokio::test]
async fn an_investors_own_calls_are_never_shared() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .and(header_exists("authorization"))
        .respond_with(empty_list())
        .expect(2)
        .mount(&server)
        .await;
    mock_empty_summary(&server).await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    login_via_callback(&app, routes::HOME).await;
    for _ in 0..2 {
        let resp = app.get(routes::INVESTIR).await;
        assert_eq!(resp.status(), 200);
        assert!(resp.headers().get("etag").is_none());
    }
}

#[tokio::test]
async fn a_revisit_with_the_pages_etag_downloads_nothing() {
    let (_server, app) = list_platform(None, &[]).await;
    let first = app.get(routes::INVESTIR).await;
    assert_eq!(first.status(), 200);
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(tag.starts_with("W/\""), "{tag}");
    let again = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert!(
        again.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("public")
    );
    assert!(again.bytes().await.unwrap().is_empty());
    // Another tag (the page changed since): the whole page.
    let changed = app
        .client
        .get(app.url(routes::INVESTIR))
        .header("if-none-match", "W/\"0000000000000000\"")
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    assert!(!changed.bytes().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_newcomers_page_is_kept_whole_but_never_for_a_request_with_cookies() {
    let (_server, app) = list_platform(None, &["--micro-cache", "2"]).await;
    let bare = crate::support::http();
    let get = |cookie: Option<&'static str>| {
        let mut rb = bare.get(app.url(routes::INVESTIR));
        if let Some(c) = cookie {
            rb = rb.header("cookie", c);
        }
        rb.send()
    };
    let first = get(None).await.unwrap();
    assert!(first.headers().get("x-colheita-cache").is_none());
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    let first_headers = first.headers().clone();
    let first = first.text().await.unwrap();
    let second = get(None).await.unwrap();
    assert_eq!(second.headers()["x-colheita-cache"], "visitante");
    assert_eq!(second.headers()["cache-control"], "public, max-age=60");
    // The kept copy is answered before the other layers, with what they put on the page:
    // the security headers and the policy, but each answer with its own request id.
    for name in [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "permissions-policy",
        "content-type",
        "etag",
    ] {
        assert_eq!(
            second.headers().get(name),
            first_headers.get(name),
            "{name}"
        );
    }
    let ids =
        [&first_headers, second.headers()].map(|h| h["x-request-id"].to_str().unwrap().to_owned());
    assert_ne!(ids[0], ids[1]);
    let vary: Vec<_> = second.headers().get_all("vary").iter().collect();
    let first_vary: Vec<_> = first_headers.get_all("vary").iter().collect();
    assert_eq!(vary, first_vary);
    assert_eq!(second.text().await.unwrap(), first);
    // With any cookie the page is drawn for that request.
    let with_cookie = get(Some("colheita_ocultar=1")).await.unwrap();
    assert!(with_cookie.headers().get("x-colheita-cache").is_none());
    // A kept page still answers a revisit with 304.
    let revisit = bare
        .get(app.url(routes::INVESTIR))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(revisit.status(), 304);
    assert_eq!(revisit.headers()["etag"], tag.as_str());
    assert_eq!(revisit.headers()["cache-control"], "public, max-age=60");
    assert!(revisit.headers().get("content-security-policy").is_some());
    assert_eq!(revisit.headers()["x-content-type-options"], "nosniff");
    assert!(revisit.headers().get("x-request-id").is_some());
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let later = get(None).await.unwrap();
    assert!(later.headers().get("x-colheita-cache").is_none());
}

#[tokio::test]
async fn a_private_page_is_never_kept_even_for_a_newcomer() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    let bare = crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut states = Vec::new();
    for _ in 0..2 {
        let resp = bare.get(app.url(routes::CARTEIRA)).send().await.unwrap();
        assert_eq!(resp.status(), 303);
        assert!(resp.headers().get("x-colheita-cache").is_none());
        states.push(location(&resp));
    }
    // Each login starts with its own state and PKCE challenge.
    assert_ne!(states[0], states[1]);
}

/// A new browser logged in with the access token `access` (the provider gives it once).
async fn investor_with_token(app: &TestApp, server: &MockServer, access: &str) -> TestApp {
    Mock::given(method("POST"))
        .and(path("/api/autenticacao/token"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(token_body(access, "r", 300, 1800, "sucesso")),
        )
        .up_to_n_times(1)
        .mount(server)
        .await;
    let browser = app.another_browser();
    let landed = login_via_callback(&browser, routes::HOME).await;
    assert_eq!(landed.status(), 303);
    browser
}

/// The offering `fazenda-1` as investor `who` is told it, with the platform's `cache`.
fn told_to(who: &str, cache: &str) -> ResponseTemplate {
    let mut o = crate::captacoes_filtros::offering_json(1, "fazenda-1", json!([]));
    o["nomeCaptacao"] = json!(format!("Fazenda contada a {who}"));
    ResponseTemplate::new(200)
        .insert_header("cache-control", cache)
        .set_body_json(o)
}

#[tokio::test]
async fn a_personal_answer_is_never_shared_between_two_investors() {
    let server = MockServer::start().await;
    mock_user(&server).await;
    for (token, who) in [("token-ana", "Ana"), ("token-bia", "Bia")] {
        Mock::given(method("GET"))
            .and(path("/v1/captacoes/urlamigavel/fazenda-1"))
            .and(header("authorization", format!("Bearer {token}").as_str()))
            // Without `public`, an answer to a request with a token is the asker's own, even
            // with a max-age.
            .respond_with(told_to(who, "max-age=60"))
            .expect(2)
            .mount(&server)
            .await;
    }
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    let ana = investor_with_token(&app, &server, "token-ana").await;
    let bia = investor_with_token(&app, &server, "token-bia").await;
    for _ in 0..2 {
        for (browser, who, other) in [(&ana, "Ana", "Bia"), (&bia, "Bia", "Ana")] {
            let page = browser.get(&routes::captacao("fazenda-1")).await;
            assert_eq!(page.status(), 200);
            let body = page.text().await.unwrap();
            assert!(body.contains(&format!("Fazenda contada a {who}")), "{body}");
            assert!(!body.contains(&format!("Fazenda contada a {other}")));
        }
    }
}

#[tokio::test]
async fn an_answer_the_platform_marks_public_is_shared_also_when_asked_with_a_token() {
    let server = MockServer::start().await;
    mock_user(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/urlamigavel/fazenda-1"))
        .respond_with(told_to("todos", "public, max-age=30"))
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    let ana = investor_with_token(&app, &server, "token-ana").await;
    let bia = investor_with_token(&app, &server, "token-bia").await;
    for browser in [&ana, &bia, &ana, &app.another_browser()] {
        let page = browser.get(&routes::captacao("fazenda-1")).await;
        assert_eq!(page.status(), 200);
        assert!(
            page.text()
                .await
                .unwrap()
                .contains("Fazenda contada a todos")
        );
    }
}

/// A platform whose list of one offering is public (asked once: the micro-cache shares it
/// for 60 s), and the app in front of it.
async fn one_shared_offering() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    mock_user(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(ResponseTemplate::new(200)
            .insert_header("cache-control", "public, max-age=30")
            .set_body_json(json!({"dados": [crate::captacoes_filtros::offering_json(1, "fazenda-1", json!([]))], "totalRegistros": 1})))
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    (server, app)
}

/// The offering rows of a shared list are drawn for each reader: an investor's rows lead to
/// the order, a visitor's to the sign-up, whoever came first.
#[tokio::test]
async fn rows_drawn_from_a_shared_list_keep_each_readers_investir_link() {
    let (server, app) = one_shared_offering().await;
    let ana = investor_with_token(&app, &server, "token-ana").await;
    let visitor = app.another_browser();
    let order = routes::captacao_investir("fazenda-1");
    for (browser, investor) in [
        (&ana, true),
        (&visitor, false),
        (&ana, true),
        (&visitor, false),
    ] {
        let page = browser.get(routes::INVESTIR).await;
        assert_eq!(page.status(), 200);
        let html = scraper::Html::parse_document(&page.text().await.unwrap());
        let invest =
            scraper::Selector::parse("a[aria-label='Investir em Fazenda Teste – Soja']").unwrap();
        let hrefs: Vec<&str> = html
            .select(&invest)
            .filter_map(|a| a.value().attr("href"))
            .collect();
        let expected = if investor {
            order.as_str()
        } else {
            routes::QUERO_INVESTIR
        };
        assert_eq!(hrefs, [expected], "investor: {investor}");
    }
}

/// The search form, the toolbar and the filters follow each page's query, also when the
/// list itself is shared: the view, a refused range that opens the filters.
#[tokio::test]
async fn tools_drawn_from_a_shared_list_follow_each_pages_query() {
    let (server, app) = one_shared_offering().await;
    let ana = investor_with_token(&app, &server, "token-ana").await;
    let current =
        scraper::Selector::parse("nav[aria-label='Modo de exibição'] a[aria-current='true']")
            .unwrap();
    let hidden_view =
        scraper::Selector::parse("form.busca input[name='Visao'][value='cartoes']").unwrap();
    let panel = scraper::Selector::parse("details.painel-filtros").unwrap();
    let refused_range = format!("{}?VencimentoDe=20&VencimentoAte=3", routes::INVESTIR);
    let cards = format!("{}?Visao=cartoes", routes::INVESTIR);
    // (address, the view marked current, whether the filters start open)
    let visits = [
        (routes::INVESTIR, "Lista", false),
        (cards.as_str(), "Cartões", false),
        (refused_range.as_str(), "Lista", true),
        (routes::INVESTIR, "Lista", false),
        (cards.as_str(), "Cartões", false),
    ];
    for (address, view, open) in visits {
        let page = ana.get(address).await;
        let html = scraper::Html::parse_document(&page.text().await.unwrap());
        let marked: Vec<String> = html.select(&current).map(|a| a.text().collect()).collect();
        assert_eq!(marked, [view], "{address}");
        assert_eq!(
            html.select(&hidden_view).count(),
            usize::from(view == "Cartões"),
            "{address}"
        );
        let details = html.select(&panel).next().unwrap();
        assert_eq!(details.value().attr("open").is_some(), open, "{address}");
    }
}

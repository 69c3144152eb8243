//! What the framework cannot read is answered inside the shell on every route: a path
//! segment that is not UTF-8 is the 404 page, a form sent with another content type is a
//! page saying the form could not be read; never axum's plain text.

use colheita::web::extract::MSG_FORM_UNREADABLE;
use colheita::web::routes;

use crate::support::*;

/// Every route pattern of `src/web/routes.rs` (its `pub const …: &str = "/…"` lines).
fn patterns() -> Vec<String> {
    let source = include_str!("../../src/web/routes.rs");
    let found: Vec<String> = source
        .lines()
        .filter(|l| l.starts_with("pub const ") && l.contains(": &str = \"/"))
        .filter_map(|l| l.split('"').nth(1).map(str::to_owned))
        .filter(|p| p != routes::ASSETS_PREFIX && p != routes::COOKIE_PATH)
        .collect();
    assert!(found.len() > 40, "{found:?}");
    found
}

/// `pattern` with each `{param}` replaced by `value`.
fn fill(pattern: &str, value: &str) -> String {
    pattern
        .split('/')
        .map(|s| if s.starts_with('{') { value } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

async fn assert_in_shell(resp: reqwest::Response, what: &str) -> (u16, scraper::Html) {
    let status = resp.status().as_u16();
    let kind = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    assert!(kind.starts_with("text/html"), "{what}: {status} {kind}");
    let doc = html(resp).await;
    assert!(
        title(&doc).ends_with("| Colheita"),
        "{what}: {}",
        title(&doc)
    );
    (status, doc)
}

#[tokio::test]
async fn a_path_that_is_not_utf8_is_the_404_page_on_every_route() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let paths: Vec<String> = patterns()
        .iter()
        .filter(|p| p.contains('{'))
        .map(|p| fill(p, "%ff"))
        .collect();
    assert!(paths.iter().any(|p| p == "/investir/%ff"));
    for path in paths {
        let (status, _) = assert_in_shell(app.get(&path).await, &path).await;
        assert_eq!(status, 404, "GET {path}");
        let resp = app.post_form(&path, &[("a", "b")]).await;
        if resp.status() != 405 {
            let (status, _) = assert_in_shell(resp, &path).await;
            assert_eq!(status, 404, "POST {path}");
        }
    }
}

#[tokio::test]
async fn a_form_sent_with_another_content_type_is_refused_inside_the_shell() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let mut posted = 0;
    // Leaving (`/sair`) would end the session the other posts need.
    for pattern in patterns().into_iter().filter(|p| p != routes::SAIR) {
        let path =
            fill(&pattern, "1").replace("/investir/1", "/investir/fazenda-santa-luzia-soja-2027");
        let resp = app
            .client
            .post(app.url(&path))
            .header("Origin", &app.web_url)
            .header("Sec-Fetch-Site", "same-origin")
            .header("Content-Type", "text/plain")
            .body("valor=1000")
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        if status == 405 || (300..400).contains(&status) {
            continue;
        }
        posted += 1;
        assert!(status < 500, "POST {path}: {status}");
        let (_, doc) = assert_in_shell(resp, &path).await;
        if status == 415 {
            assert_eq!(
                text(&doc, "#alerta-mensagem"),
                MSG_FORM_UNREADABLE,
                "{path}"
            );
        }
    }
    assert!(posted > 5, "{posted}");
}

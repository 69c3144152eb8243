//! The shell: 404, headers, compression, cross-site protection, no-JS pages.

use crate::support::*;
use colheita::web::routes;

async fn app() -> TestApp {
    // A platform that is not there: none of these pages may need it.
    TestApp::with_platform("http://127.0.0.1:9", &[]).await
}

#[tokio::test]
async fn healthz_answers_without_the_platform() {
    let app = app().await;
    let resp = app.get(routes::HEALTHZ).await;
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn every_unknown_path_shows_the_404_page() {
    let app = app().await;
    for path in ["/nao-existe", "/investir/x/y/z", "/carteirax"] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 404, "{path}");
        let doc = html(resp).await;
        assert_eq!(
            text(&doc, ".nao-encontrado p"),
            "Infelizmente não encontramos a página que você procurou."
        );
        assert_eq!(
            texts(&doc, ".nao-encontrado a[href='/']"),
            vec!["Voltar à página inicial"]
        );
        assert_eq!(title(&doc), "Página não encontrada | Colheita");
        assert_eq!(texts(&doc, "html[lang='pt-BR']").len(), 1);
    }
}

#[tokio::test]
async fn pages_without_islands_load_no_javascript() {
    let app = app().await;
    let doc = html(app.get("/nao-existe").await).await;
    assert!(texts(&doc, "script[src]").is_empty());
    assert!(texts(&doc, "[data-island]").is_empty());
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = app().await;
    for path in ["/nao-existe", routes::HEALTHZ, routes::HOME] {
        let resp = app.get(path).await;
        let h = resp.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{csp}"
        );
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert!(h.contains_key("referrer-policy"));
    }
}

#[tokio::test]
async fn html_is_compressed_when_the_browser_accepts_it() {
    let app = app().await;
    let resp = app
        .client
        .get(app.url("/nao-existe"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn cross_site_posts_are_refused() {
    let app = app().await;
    let evil = app
        .client
        .post(app.url(routes::SAIR))
        .header("Origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(evil.status(), 403);
    let evil = app
        .client
        .post(app.url(routes::VISIBILIDADE))
        .header("Sec-Fetch-Site", "cross-site")
        .send()
        .await
        .unwrap();
    assert_eq!(evil.status(), 403);
}

/// The `Host` header names no scheme: an https page of the same host and port is another
/// origin, and its post is refused like any other site's.
#[tokio::test]
async fn a_post_from_the_same_host_under_another_scheme_is_refused() {
    let app = app().await;
    let other_scheme = app.web_url.replacen("http://", "https://", 1);
    let resp = app
        .client
        .post(app.url(routes::SAIR))
        .header("Origin", other_scheme)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    let resp = app
        .client
        .post(app.url(routes::SAIR))
        .header("Origin", &app.web_url)
        .send()
        .await
        .unwrap();
    assert_ne!(resp.status(), 403);
}

#[tokio::test]
async fn the_visitor_header_offers_entrar_and_sign_up() {
    let app = app().await;
    let doc = html(app.get("/nao-existe").await).await;
    let nav = texts(&doc, "nav.nav-principal a");
    assert_eq!(nav, vec!["Investir", "Minha carteira", "Minha conta"]);
    assert_eq!(texts(&doc, "header a[href='/entrar']"), vec!["Entrar"]);
    assert!(text(&doc, "a.chat-flutuante").contains("Fale com um especialista"));
}

fn meta_description(doc: &scraper::Html) -> Vec<String> {
    doc.select(&scraper::Selector::parse("head meta[name=description]").unwrap())
        .filter_map(|m| m.value().attr("content").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn every_public_page_has_one_meta_description() {
    let app = TestApp::with_sandbox(&[]).await;
    let offer = routes::captacao("fazenda-santa-luzia-soja-2027");
    let mut seen = Vec::new();
    for path in [
        routes::INVESTIR,
        offer.as_str(),
        routes::QUERO_INVESTIR,
        routes::POLITICA_PRIVACIDADE,
        "/nao-existe",
    ] {
        let doc = html(app.get(path).await).await;
        let d = meta_description(&doc);
        assert_eq!(d.len(), 1, "{path}: {d:?}");
        // Long enough to say something, short enough for a search result.
        assert!((50..=170).contains(&d[0].chars().count()), "{path}: {d:?}");
        seen.push(d[0].clone());
    }
    // The list, an offering and the sign-up each describe themselves.
    assert_ne!(seen[0], seen[1]);
    assert_ne!(seen[1], seen[2]);
    assert_ne!(seen[0], seen[2]);
}

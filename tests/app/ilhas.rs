//! JavaScript only when it is used: the pages ship the loader alone as a script, and the islands
//! that bring React or a library wait for their trigger (tests/e2e/js-budget.spec.ts measures
//! the bytes in a browser).

use colheita::web::routes;

use crate::support::*;

async fn ana() -> TestApp {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    app
}

fn attr(doc: &scraper::Html, sel: &str, name: &str) -> Vec<String> {
    doc.select(&scraper::Selector::parse(sel).unwrap())
        .filter_map(|e| e.value().attr(name).map(str::to_owned))
        .collect()
}

/// What runs before the investor interacts is the loader alone: every other script of the home
/// page and of /investir is an island's JSON props, and the islands that bring React or a
/// library wait for their trigger.
#[tokio::test]
async fn home_and_offerings_include_no_script_but_the_loader() {
    let app = ana().await;
    for route in [routes::HOME, routes::INVESTIR] {
        let body = app.get(route).await.text().await.unwrap();
        let doc = scraper::Html::parse_document(&body);
        let sources = attr(&doc, "script[src]", "src");
        assert_eq!(sources.len(), 1, "{route}: {sources:?}");
        assert!(sources[0].contains("/loader-"), "{route}: {sources:?}");
        let all = doc
            .select(&scraper::Selector::parse("script").unwrap())
            .count();
        let props = doc
            .select(
                &scraper::Selector::parse("[data-island] > script[type='application/json']")
                    .unwrap(),
            )
            .count();
        assert_eq!(all, props + 1, "{route}: only the loader and island props");
        let eager = attr(
            &doc,
            "[data-island]:not([data-carregar]):not([data-lazy])",
            "data-island",
        );
        // React islands all: none loads before the investor touches the page.
        assert!(
            eager.is_empty(),
            "{route}: {eager:?} load before any interaction"
        );
    }
    let doc = html(app.get(routes::INVESTIR).await).await;
    assert_eq!(
        attr(
            &doc,
            "details.painel-filtros [data-island=sliders]",
            "data-carregar"
        ),
        ["interacao"]
    );
}

/// The map's props and the Content-Security-Policy of the offering page that shows it.
async fn map_and_csp(app: &TestApp) -> (serde_json::Value, String) {
    let resp = app
        .get(&routes::captacao("fazenda-santa-luzia-soja-2027"))
        .await;
    assert_eq!(resp.status(), 200);
    let csp = resp.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let doc = html(resp).await;
    let json = doc
        .select(&scraper::Selector::parse("[data-island='map'] > script").unwrap())
        .next()
        .expect("the offering shows a map")
        .inner_html();
    (serde_json::from_str(&json).unwrap(), csp)
}

fn img_src(csp: &str) -> &str {
    csp.split(';')
        .map(str::trim)
        .find(|d| d.starts_with("img-src"))
        .unwrap_or("")
}

/// By default the map asks OpenStreetMap's tile server, credits it, and the CSP lets its
/// images in.
#[tokio::test]
async fn the_map_uses_openstreetmap_by_default() {
    let app = TestApp::with_sandbox(&[]).await;
    let (props, csp) = map_and_csp(&app).await;
    assert_eq!(
        props["tiles"],
        "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    );
    assert!(
        props["attribution"]
            .as_str()
            .unwrap()
            .contains("OpenStreetMap")
    );
    assert!(
        img_src(&csp)
            .split(' ')
            .any(|s| s == "https://tile.openstreetmap.org"),
        "{csp}"
    );
}

/// A configured tile server replaces OpenStreetMap's in the map and in the CSP, which follows
/// its host (a `{s}` subdomain as a wildcard) and no other tile host.
#[tokio::test]
async fn the_map_and_the_csp_follow_the_configured_tile_server() {
    let app = TestApp::with_sandbox(&[
        "--map-tiles-url",
        "https://{s}.mapas.example.org:8443/tiles/{z}/{x}/{y}.png",
        "--map-attribution",
        "© Mapas Exemplo",
    ])
    .await;
    let (props, csp) = map_and_csp(&app).await;
    assert_eq!(
        props["tiles"],
        "https://{s}.mapas.example.org:8443/tiles/{z}/{x}/{y}.png"
    );
    assert_eq!(props["attribution"], "© Mapas Exemplo");
    let img = img_src(&csp);
    assert!(
        img.split(' ')
            .any(|s| s == "https://*.mapas.example.org:8443"),
        "{csp}"
    );
    assert!(!img.contains("openstreetmap"), "{csp}");
}

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
        for name in &eager {
            assert!(
                ["visibility", "countdown"].contains(&name.as_str()),
                "{route}: {name} loads before any interaction"
            );
        }
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

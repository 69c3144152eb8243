//! 'Antes de investir': the public page that explains, in plain words, the risks of
//! investing in small agribusiness issuers before anyone invests. Open to visitors, linked
//! from every page's footer and from the order's terms step, a real page with headings,
//! no script needed and no link that leads nowhere.

use colheita::web::routes;

use crate::support::*;

const OFFER: &str = "fazenda-santa-luzia-soja-2027";

fn hrefs(doc: &scraper::Html, selector: &str) -> Vec<String> {
    let sel = scraper::Selector::parse(selector).unwrap();
    doc.select(&sel)
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_visitor_reads_the_risks_in_plain_words_with_headings_and_no_script() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(routes::ANTES_DE_INVESTIR).await;
    assert_eq!(resp.status(), 200, "public, no login");
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Antes de investir | Colheita");
    assert_eq!(texts(&doc, "main h1"), ["Antes de investir"]);
    let headings = texts(&doc, "main h2");
    assert!(headings.len() >= 6, "{headings:?}");
    let body = text(&doc, "main").to_lowercase();
    for topic in [
        "clima",
        "preço",
        "quebra de safra",
        "liquidez",
        "diversific",
        "selecion",
        "atraso",
        "inadimpl",
        "não garante",
    ] {
        assert!(body.contains(topic), "{topic}: {body}");
    }
    // It works without JavaScript: nothing on it needs a script.
    assert!(texts(&doc, "script").is_empty());
    let description = doc
        .select(&scraper::Selector::parse("head meta[name=description]").unwrap())
        .filter_map(|m| m.value().attr("content").map(str::to_owned))
        .collect::<Vec<_>>();
    assert_eq!(description.len(), 1);
    assert_ne!(
        description[0],
        colheita::web::ui::layout::DEFAULT_DESCRIPTION,
        "a description of its own"
    );
    // Every link of the page's text leads to a page.
    for href in hrefs(&doc, "main a[href^='/']") {
        let status = app.get(&href).await.status();
        assert!(status == 200 || status == 303, "{href} answered {status}");
    }
}

#[tokio::test]
async fn every_page_links_it_from_the_footer_and_the_order_from_its_terms_step() {
    let app = TestApp::with_sandbox(&[]).await;
    for page in [routes::INVESTIR, routes::QUERO_INVESTIR, "/nao-existe"] {
        let doc = html(app.get(page).await).await;
        assert_eq!(
            hrefs(&doc, "footer a"),
            [routes::ANTES_DE_INVESTIR, routes::TRANSPARENCIA],
            "{page}"
        );
    }
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let doc = html(app.get(routes::HOME).await).await;
    assert_eq!(
        hrefs(&doc, "footer a"),
        [routes::ANTES_DE_INVESTIR, routes::TRANSPARENCIA]
    );
    let resp = app
        .post_form(&routes::captacao_reservar(OFFER), &[("valor", "1.000,00")])
        .await;
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(&location(&resp)).await).await;
    assert!(
        hrefs(&doc, "main a").contains(&routes::ANTES_DE_INVESTIR.to_owned()),
        "{}",
        text(&doc, "main")
    );
    // Logged in, the page is the same page inside the investor's shell.
    let doc = html(app.get(routes::ANTES_DE_INVESTIR).await).await;
    assert_eq!(texts(&doc, "main h1"), ["Antes de investir"]);
}

//! The standard CVM warning wherever an offering is presented: a crawl from the home page
//! and the offering list, as a visitor and as an investor in the middle of an order, visits
//! every page that links to an offering or belongs to one and asserts the warning is there.

use std::collections::{BTreeSet, VecDeque};

use colheita::web::routes;
use colheita::web::ui::aviso_cvm::{AVISO_CVM, TITULO};

use crate::support::*;

/// Pages the crawl never opens: downloads, logout, and the platform's login.
fn skipped(path: &str) -> bool {
    path.contains("/documento")
        || path.ends_with(".pdf")
        || path.contains("/contrato")
        || path.starts_with(routes::SAIR)
        || path.starts_with("/static")
}

/// Whether a link leads to an offering (its page, its preview or an order step).
fn offering_link(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let investir = path
        .strip_prefix("/investir/")
        .is_some_and(|rest| !rest.is_empty());
    investir || path.starts_with("/preview/") || path.starts_with("/reservas/")
}

/// Whether the crawl follows a link: the pages an investor meets offerings on.
fn followed(path: &str) -> bool {
    let bare = path.split(['?', '#']).next().unwrap_or_default();
    !skipped(bare)
        && (bare == routes::HOME
            || bare == routes::INVESTIR
            || bare.starts_with(routes::RENDA_VARIAVEL)
            || offering_link(bare))
}

/// The warning, once, with its heading (its accessible name) and its words.
fn has_warning(doc: &scraper::Html) -> bool {
    texts(doc, "aside.aviso-cvm h2") == vec![TITULO.to_owned()]
        && texts(doc, "aside.aviso-cvm p")
            .iter()
            .any(|p| p == AVISO_CVM)
}

fn links(doc: &scraper::Html) -> Vec<String> {
    let sel = scraper::Selector::parse("a[href]").unwrap();
    doc.select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .filter(|h| h.starts_with('/') && !h.starts_with("//"))
        .map(|h| h.split('#').next().unwrap_or_default().to_owned())
        .collect()
}

/// Crawls from `start`; returns the pages visited and those missing the warning.
async fn crawl(app: &TestApp, start: &[String]) -> (Vec<String>, Vec<String>) {
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut visited = Vec::new();
    let mut missing = Vec::new();
    while let Some(path) = queue.pop_front() {
        if visited.len() >= 120 {
            break;
        }
        let resp = app.get(&path).await;
        let html_page = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        if resp.status() != 200 || !html_page {
            continue;
        }
        let doc = html(resp).await;
        visited.push(path.clone());
        let found = links(&doc);
        let presents = offering_link(&path) || found.iter().any(|l| offering_link(l));
        if presents && !has_warning(&doc) {
            missing.push(path.clone());
        }
        for l in found {
            if followed(&l) && seen.insert(l.clone()) {
                queue.push_back(l);
            }
        }
    }
    (visited, missing)
}

#[tokio::test]
async fn every_page_a_visitor_meets_an_offering_on_shows_the_cvm_warning() {
    let app = TestApp::with_sandbox(&[]).await;
    let (visited, missing) = crawl(&app, &[routes::HOME.into(), routes::INVESTIR.into()]).await;
    assert!(
        visited.iter().filter(|p| offering_link(p)).count() >= 3,
        "the crawl reached offerings: {visited:?}"
    );
    assert!(
        missing.is_empty(),
        "pages without the CVM warning: {missing:?}"
    );
}

#[tokio::test]
async fn every_page_an_investor_meets_an_offering_on_shows_the_cvm_warning() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    // An order in progress, so its steps are on the crawl's way.
    let resp = app
        .post_form(
            &routes::captacao_reservar("fazenda-santa-luzia-soja-2027"),
            &[("valor", "1.000,00")],
        )
        .await;
    let terms = location(&resp);
    let (visited, missing) = crawl(
        &app,
        &[routes::HOME.into(), routes::INVESTIR.into(), terms.clone()],
    )
    .await;
    assert!(
        visited.contains(&terms),
        "the crawl reached the terms step: {visited:?}"
    );
    assert!(
        visited.iter().any(|p| p.ends_with("/ordem")),
        "the crawl reached the order's first step: {visited:?}"
    );
    assert!(
        missing.is_empty(),
        "pages without the CVM warning: {missing:?}"
    );
}

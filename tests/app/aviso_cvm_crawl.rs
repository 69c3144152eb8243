//! The standard CVM warning wherever an offering is presented: a crawl from the home page
//! and the offering list, as a visitor and as the demo investor in the middle of an order,
//! visits every page of the site it can reach (the wallet, its simulator, the account area,
//! the notifications and each one opened, the statement…) and asserts that every page that
//! links to an offering, or belongs to one, carries the warning.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use colheita::web::routes;
use colheita::web::ui::aviso_cvm::{AVISO_CVM, TITULO};

use crate::support::*;

/// The crawl's bound: reaching it means pages were left unvisited, which fails the test.
const MAX_PAGES: usize = 400;
/// Query variants of one path the crawl visits (filters, pages, side panels): enough to
/// meet each way a page is drawn without walking every page of a long statement.
const VARIANTS_PER_PATH: usize = 4;

/// Pages the crawl never opens: downloads (files, not pages), logout, and the login
/// machinery (the platform's pages).
fn skipped(path: &str) -> bool {
    let downloads = [".pdf", ".csv", ".ofx", ".ics"];
    downloads.iter().any(|d| path.ends_with(d))
        || path.contains("/documento")
        || path.contains("/contrato")
        || path.starts_with(routes::INFORME_RENDIMENTO_ARQUIVO)
        || path.starts_with(routes::IMPOSTO_DE_RENDA)
        || path.starts_with(routes::MEUS_TERMOS_DOCUMENTO.trim_end_matches("{tipo}"))
        || [routes::SAIR, routes::ENTRAR, routes::AUTENTICACAO].contains(&path)
        || path.starts_with(routes::ASSETS_PREFIX)
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

struct Crawl {
    visited: Vec<String>,
    missing: Vec<String>,
    /// Whether the bound stopped the crawl before it ran out of pages.
    cut_short: bool,
}

/// Crawls every page of the site reachable from `start`.
async fn crawl(app: &TestApp, start: &[String]) -> Crawl {
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut variants: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Crawl {
        visited: Vec::new(),
        missing: Vec::new(),
        cut_short: false,
    };
    while let Some(path) = queue.pop_front() {
        if out.visited.len() >= MAX_PAGES {
            out.cut_short = true;
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
        out.visited.push(path.clone());
        let found = links(&doc);
        let presents = offering_link(&path) || found.iter().any(|l| offering_link(l));
        if presents && !has_warning(&doc) {
            out.missing.push(path.clone());
        }
        for l in found {
            let bare = l.split('?').next().unwrap_or_default().to_owned();
            if skipped(&bare) || seen.contains(&l) {
                continue;
            }
            let n = variants.entry(bare).or_default();
            if *n >= VARIANTS_PER_PATH {
                continue;
            }
            *n += 1;
            seen.insert(l.clone());
            queue.push_back(l);
        }
    }
    out
}

#[tokio::test]
async fn every_page_a_visitor_meets_an_offering_on_shows_the_cvm_warning() {
    let app = TestApp::with_sandbox(&[]).await;
    let c = crawl(&app, &[routes::HOME.into(), routes::INVESTIR.into()]).await;
    assert!(!c.cut_short, "the crawl reached its bound: {:?}", c.visited);
    assert!(
        c.visited.iter().filter(|p| offering_link(p)).count() >= 3,
        "the crawl reached offerings: {:?}",
        c.visited
    );
    assert!(
        c.missing.is_empty(),
        "pages without the CVM warning: {:?}",
        c.missing
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
    // The simulator's results come from a GET form, not a link: the crawl starts there too.
    let simulated = routes::carteira_simulador("valor=10.000%2C00");
    let c = crawl(
        &app,
        &[
            routes::HOME.into(),
            routes::INVESTIR.into(),
            terms.clone(),
            simulated.clone(),
        ],
    )
    .await;
    assert!(!c.cut_short, "the crawl reached its bound: {:?}", c.visited);
    let reached = |p: &str| c.visited.iter().any(|v| v == p);
    for page in [
        terms.as_str(),
        simulated.as_str(),
        routes::CARTEIRA,
        routes::CARTEIRA_SIMULADOR,
        routes::NOTIFICACOES,
        routes::MINHA_CONTA,
        routes::EXTRATO,
    ] {
        assert!(reached(page), "the crawl reached {page}: {:?}", c.visited);
    }
    assert!(
        c.visited.iter().any(|p| p.ends_with("/ordem")),
        "the crawl reached the order's first step: {:?}",
        c.visited
    );
    assert!(
        c.visited
            .iter()
            .any(|p| p.starts_with(&format!("{}/", routes::NOTIFICACOES))),
        "the crawl opened notifications: {:?}",
        c.visited
    );
    assert!(
        c.missing.is_empty(),
        "pages without the CVM warning: {:?}",
        c.missing
    );
}

/// The links of a page's `a.notificacao-abrir` whose text is `titulo`.
fn notifications_titled(doc: &scraper::Html, titulo: &str) -> Vec<String> {
    let sel = scraper::Selector::parse("a.notificacao-abrir").unwrap();
    doc.select(&sel)
        .filter(|a| a.text().collect::<String>().trim() == titulo)
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_notification_announcing_an_offering_carries_the_warning_and_others_do_not() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let unread = html(app.get(routes::NOTIFICACOES).await).await;
    let announcing = notifications_titled(&unread, "Nova captação no ar");
    assert!(!announcing.is_empty(), "{}", text(&unread, "main"));
    for path in &announcing {
        let doc = html(app.get(path).await).await;
        let body = text(&doc, ".notificacao-detalhe");
        assert!(
            body.contains("isento de imposto de renda"),
            "it presents the offering with its yield: {body}"
        );
        assert!(
            links(&doc).iter().any(|l| offering_link(l)),
            "it links to the offering: {body}"
        );
        assert!(has_warning(&doc), "{path} without the CVM warning: {body}");
    }
    // A notice that presents no offering is not dressed as one.
    let read = html(app.get(&routes::notificacoes_aba(true, 1)).await).await;
    let notice = notifications_titled(&read, "Manutenção programada");
    assert_eq!(notice.len(), 1, "{}", text(&read, "main"));
    let doc = html(app.get(&notice[0]).await).await;
    assert!(texts(&doc, "aside.aviso-cvm").is_empty());
}

//! Rentabilidade realizada (/carteira/rentabilidade): the demo investor's realised rates
//! beside the contracted ones, the diversification adding up to 100 %, the concentration
//! note under a low limit, the login it needs, its links, and a failing platform.

use colheita::web::routes;
use rust_decimal::Decimal;
use std::str::FromStr;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

async fn logged_in(extra: &[&str]) -> TestApp {
    let app = TestApp::with_sandbox(extra).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    app
}

fn sel(s: &str) -> scraper::Selector {
    scraper::Selector::parse(s).unwrap()
}

/// Each row of the rates' table: its name and its cells.
fn rows(doc: &scraper::Html) -> Vec<(String, Vec<String>)> {
    doc.select(&sel("#tabela-rentabilidade tbody tr"))
        .map(|tr| {
            let name = words(tr.select(&sel("th")).next().unwrap());
            (name, tr.select(&sel("td")).map(words).collect())
        })
        .collect()
}

/// "12,34% a.a." → 12.34.
fn rate(s: &str) -> Option<Decimal> {
    let n = s.strip_suffix("% a.a.")?.replace('.', "").replace(',', ".");
    Decimal::from_str(&n).ok()
}

/// The wallet's offerings with their badge.
async fn badges(app: &TestApp) -> Vec<(String, String)> {
    let doc = html(app.get(routes::CARTEIRA).await).await;
    doc.select(&sel("details.acordeao"))
        .filter_map(|d| {
            let name = words(d.select(&sel("summary h2")).next()?);
            let badge = words(d.select(&sel("summary .badge")).next()?);
            Some((name, badge))
        })
        .collect()
}

#[tokio::test]
async fn the_demo_investor_sees_each_holdings_realised_rate_beside_the_contracted_one() {
    let app = logged_in(&[]).await;
    let badges = badges(&app).await;
    let resp = app.get(routes::CARTEIRA_RENTABILIDADE).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "main h1"), "Rentabilidade realizada");
    let rows = rows(&doc);
    assert_eq!(rows.len(), badges.len() + 1, "{rows:?}");
    let row = |badge: &str| {
        let (name, _) = badges.iter().find(|(_, b)| b == badge).unwrap();
        rows.iter().find(|(n, _)| n == name).unwrap().1.clone()
    };
    // Paid in full: one figure, close to the contracted rate.
    let pago = row("Liquidado");
    let (contratada, realizada) = (rate(&pago[0]).unwrap(), rate(&pago[1]).unwrap());
    assert!(
        (contratada - realizada).abs() <= Decimal::from(3),
        "{pago:?}"
    );
    assert_eq!(pago[2], "Encerrado: só o recebido");
    // Defaulted: below zero.
    let perdido = row("Inadimplente");
    assert!(
        rate(&perdido[1]).is_some_and(|r| r < Decimal::ZERO) || perdido[1] == "Nada recebido ainda",
        "{perdido:?}"
    );
    // Still running: both figures, never -100 % for nothing received yet.
    let em_dia = row("Em dia");
    assert!(rate(&em_dia[2]).is_some(), "{em_dia:?}");
    for (_, cells) in &rows {
        if cells[3].starts_with("R$ 0,00 ") && cells[2] != "Encerrado: só o recebido" {
            assert_eq!(cells[1], "Nada recebido ainda", "{rows:?}");
        }
    }
    let (last, wallet) = rows.last().unwrap();
    assert_eq!(last, "Carteira toda");
    // Recent payments that earned nothing yet can leave "only received" with no single rate.
    assert!(
        rate(&wallet[1]).is_some() || wallet[1] == "Não calculável",
        "{wallet:?}"
    );
    assert!(rate(&wallet[2]).is_some(), "{wallet:?}");
    assert!(text(&doc, "#metodo + p").contains("XIRR"));
}

#[tokio::test]
async fn every_split_adds_up_to_one_hundred_percent_with_its_chart() {
    let app = logged_in(&["--concentration-limit", "100"]).await;
    let doc = html(app.get(routes::CARTEIRA_RENTABILIDADE).await).await;
    assert_eq!(text(&doc, "h2#diversificacao"), "Diversificação");
    for chave in ["emissor", "uf", "garantia", "rating", "vencimento"] {
        let shares = texts(&doc, &format!("#tabela-{chave} tbody td:last-child"));
        assert!(!shares.is_empty(), "{chave}");
        let sum: Decimal = shares
            .iter()
            .map(|s| Decimal::from_str(&s.trim_end_matches('%').replace(',', ".")).unwrap())
            .sum();
        assert_eq!(
            sum,
            Decimal::from_str("100.00").unwrap(),
            "{chave}: {shares:?}"
        );
        let chart = doc
            .select(&sel(&format!("svg#grafico-{chave}[role=img]")))
            .count();
        assert_eq!(chart, 1, "{chave}");
    }
    assert!(texts(&doc, ".nota-concentracao").is_empty());
}

#[tokio::test]
async fn a_low_limit_calls_out_the_concentration() {
    let app = logged_in(&["--concentration-limit", "1"]).await;
    let doc = html(app.get(routes::CARTEIRA_RENTABILIDADE).await).await;
    let notes = texts(&doc, ".nota-concentracao");
    assert!(notes.iter().any(|n| n.contains("a emissora")), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("o estado")), "{notes:?}");
    assert!(
        notes.iter().all(|n| n.contains("acima de 1,00%")),
        "{notes:?}"
    );
}

#[tokio::test]
async fn the_page_needs_a_login_and_is_linked_from_the_wallet_and_the_home() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(routes::CARTEIRA_RENTABILIDADE).await;
    assert!(resp.status().is_redirection(), "{}", resp.status());
    assert!(location(&resp).starts_with(app.sandbox_url.as_deref().unwrap()));
    assert_eq!(
        app.login_from(resp, "investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    for page in [routes::CARTEIRA, routes::HOME] {
        let doc = html(app.get(page).await).await;
        let link = format!("main a[href='{}']", routes::CARTEIRA_RENTABILIDADE);
        assert_eq!(attr(&doc, &link, "href").len(), 1, "{page}");
    }
}

#[tokio::test]
async fn a_failing_platform_shows_the_error_card() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/detalhada"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    mock_login(&mock).await;
    let app = TestApp::with_platform(&mock.uri(), &[]).await;
    login_via_callback(&app, routes::CARTEIRA).await;
    let resp = app.get(routes::CARTEIRA_RENTABILIDADE).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
}

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
    assert_eq!(
        texts(&doc, "#tabela-rentabilidade thead th"),
        [
            "Captação",
            "Taxa contratada",
            "Realizada (até hoje)",
            "Realizada (com o previsto)",
            "Recebido",
            "Em atraso",
            "Baixado"
        ]
    );
    let rows = rows(&doc);
    assert_eq!(rows.len(), badges.len() + 1, "{rows:?}");
    let with_badge = |badge: &str| -> Vec<Vec<String>> {
        badges
            .iter()
            .filter(|(_, b)| b.starts_with(badge))
            .map(|(name, _)| rows.iter().find(|(n, _)| n == name).unwrap().1.clone())
            .collect()
    };
    // Paid in full: one figure, close to the contracted rate.
    let pago = &with_badge("Liquidado")[0];
    let (contratada, realizada) = (rate(&pago[0]).unwrap(), rate(&pago[1]).unwrap());
    assert!(
        (contratada - realizada).abs() <= Decimal::from(3),
        "{pago:?}"
    );
    assert_eq!(pago[2], "Encerrado: só o recebido");
    // Defaulted and written off: below zero.
    let perdido = &with_badge("Inadimplente")[0];
    assert!(
        rate(&perdido[1]).is_some_and(|r| r < Decimal::ZERO),
        "{perdido:?}"
    );
    // Running and paid on time, young or not: near the contracted rate (what only came back
    // would be a loss of almost everything), a little below it for the days the money
    // waited for the offering to close.
    let em_dia = with_badge("Em dia");
    assert!(em_dia.len() >= 2, "{rows:?}");
    let gap = |cells: &[String]| rate(&cells[0]).unwrap() - rate(&cells[1]).unwrap();
    for cells in &em_dia {
        assert!(
            gap(cells) >= Decimal::new(-5, 1) && gap(cells) <= Decimal::from(2),
            "{cells:?}"
        );
        assert!(rate(&cells[2]).is_some(), "{cells:?}");
    }
    // Late: an overdue instalment counts as nothing until paid, so further below.
    let atrasado = &with_badge("Atrasado")[0];
    assert!(!atrasado[4].starts_with("R$ 0,00"), "{atrasado:?}");
    assert!(
        em_dia
            .iter()
            .all(|cells| gap(atrasado) > gap(cells) + Decimal::ONE),
        "{atrasado:?} {em_dia:?}"
    );
    // Still raising: the money does not yield yet.
    for cells in with_badge("Em captação") {
        assert_eq!(cells[1], "Ainda não rende", "{cells:?}");
        assert!(rate(&cells[2]).is_some(), "{cells:?}");
    }
    let (last, wallet) = rows.last().unwrap();
    assert_eq!(last, "Carteira toda");
    assert!(rate(&wallet[1]).is_some(), "{wallet:?}");
    assert!(rate(&wallet[2]).is_some(), "{wallet:?}");
    assert!(text(&doc, "#metodo + p").contains("XIRR"));
    let metodo = texts(&doc, "#metodo ~ p").join(" ");
    assert!(
        metodo.contains("saldo ainda não vencido, pelo valor de hoje")
            && metodo.contains("Parcelas em atraso contam como zero até serem pagas"),
        "{metodo}"
    );
    // Every holding's start of yield is known: no figure falls back to what came back.
    assert!(texts(&doc, "#nota-so-recebido").is_empty());
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

/// A platform that does not say when each holding's money started to yield: the sandbox
/// behind a forwarder that drops `inicioRendimento` from every holding it answers.
async fn without_the_start_of_yield(sandbox: String) -> String {
    use axum::body::{Body, to_bytes};
    use axum::extract::Request;
    use axum::response::Response;
    let http = crate::support::http_builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let app = axum::Router::new().fallback(move |req: Request| {
        let (http, sandbox) = (http.clone(), sandbox.clone());
        async move {
            let (parts, body) = req.into_parts();
            let body = to_bytes(body, usize::MAX).await.unwrap();
            let pq = parts.uri.path_and_query().map_or("/", |pq| pq.as_str());
            let mut rb = http.request(parts.method.clone(), format!("{sandbox}{pq}"));
            for (name, value) in &parts.headers {
                if name != "host" && name != "content-length" {
                    rb = rb.header(name, value);
                }
            }
            let resp = rb.body(body).send().await.unwrap();
            let mut out = Response::builder().status(resp.status());
            for (name, value) in resp.headers() {
                if !["content-length", "transfer-encoding", "connection"].contains(&name.as_str()) {
                    out = out.header(name, value);
                }
            }
            let ok = resp.status().is_success();
            let mut bytes = resp.bytes().await.unwrap().to_vec();
            if ok && parts.uri.path().starts_with("/v1/investimentos/") {
                let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                v.as_object_mut().unwrap().remove("inicioRendimento");
                bytes = serde_json::to_vec(&v).unwrap();
            }
            out.body(Body::from(bytes)).unwrap()
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

#[tokio::test]
async fn without_the_start_of_yield_the_figure_counts_only_what_came_back_and_says_so() {
    let app = TestApp::with_sandbox_behind(&[], without_the_start_of_yield).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let doc = html(app.get(routes::CARTEIRA_RENTABILIDADE).await).await;
    let note = text(&doc, "#nota-so-recebido");
    assert!(note.contains("conta só o que você já recebeu"), "{note}");
    let rows = rows(&doc);
    let running: Vec<_> = rows
        .iter()
        .filter(|(name, cells)| {
            name != "Carteira toda" && cells[1] != "Ainda não rende" && rate(&cells[2]).is_some()
        })
        .collect();
    assert!(!running.is_empty(), "{rows:?}");
    for (name, _) in &running {
        assert!(note.contains(name.as_str()), "{name}: {note}");
    }
    // As it always was: a young holding that got one small payment looks like a loss.
    assert!(
        running
            .iter()
            .any(|(_, cells)| rate(&cells[1]).is_some_and(|r| r < Decimal::from(-50))),
        "{rows:?}"
    );
}

//! 'Histórico da plataforma': the public track record, year by year, as the platform
//! computes it, with the default rate and its method, the same table as a CSV a spreadsheet
//! in Portuguese opens, a link in every page's footer, and the error card when the platform
//! fails.

use colheita::domain::historico::COLUNAS;
use colheita::web::routes;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::*;

fn number(s: &str) -> bool {
    let (inteiro, casas) = s.split_once(',').unwrap_or((s, ""));
    !inteiro.is_empty()
        && inteiro.chars().all(|c| c.is_ascii_digit())
        && casas.len() == 2
        && casas.chars().all(|c| c.is_ascii_digit())
}

#[tokio::test]
async fn a_visitor_sees_each_year_and_the_default_rate_with_its_method() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(routes::TRANSPARENCIA).await;
    assert_eq!(resp.status(), 200, "public, no login");
    let doc = html(resp).await;
    assert_eq!(texts(&doc, "main h1"), ["Histórico da plataforma"]);
    let anos = texts(&doc, "main table tbody th");
    assert!(!anos.is_empty());
    assert!(
        anos.iter()
            .all(|a| a.len() == 4 && a.parse::<u16>().is_ok()),
        "{anos:?}"
    );
    let cabecalho = texts(&doc, "main table thead th");
    assert_eq!(cabecalho.len(), COLUNAS.len());
    assert_eq!(cabecalho[0], "Ano");
    // Every row is a card on a phone: each cell says what it is.
    let celulas = texts(&doc, "main table tbody td[data-label]").len();
    assert_eq!(celulas, anos.len() * (COLUNAS.len() - 1));
    let corpo = text(&doc, "main");
    assert!(
        corpo.contains("Inadimplência dos últimos 36 meses"),
        "{corpo}"
    );
    assert!(corpo.contains("Como calculamos"), "{corpo}");
    assert!(text(&doc, "main .destaque-valor").ends_with('%'));
    assert_eq!(
        texts(&doc, "main svg.grafico-barras title"),
        ["Valor captado por ano"]
    );
    assert!(texts(&doc, "script").is_empty(), "no script needed");

    // The CSV has the same years, written for a spreadsheet in Portuguese.
    let resp = app.get(routes::TRANSPARENCIA_CSV).await;
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv"),
        "{:?}",
        resp.headers()
    );
    assert!(
        resp.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment"),
    );
    let bytes = resp.bytes().await.unwrap();
    let csv = String::from_utf8(bytes.to_vec()).unwrap();
    let csv = csv.strip_prefix('\u{feff}').expect("a UTF-8 BOM");
    let linhas: Vec<Vec<&str>> = csv
        .split_terminator("\r\n")
        .map(|l| l.split(';').collect())
        .collect();
    assert_eq!(linhas[0], COLUNAS);
    let csv_anos: Vec<&str> = linhas[1..].iter().map(|l| l[0]).collect();
    assert_eq!(csv_anos, anos);
    for l in &linhas[1..] {
        assert_eq!(l.len(), COLUNAS.len(), "{l:?}");
        assert!(number(l[2]) && number(l[9]), "decimal comma: {l:?}");
    }
    let captacoes: u32 = linhas[1..]
        .iter()
        .map(|l| l[1].parse::<u32>().unwrap())
        .sum();
    assert!(captacoes > 0);
}

#[tokio::test]
async fn the_footer_and_the_risks_page_link_it() {
    let app = TestApp::with_sandbox(&[]).await;
    for page in [routes::INVESTIR, routes::ANTES_DE_INVESTIR, "/nao-existe"] {
        let doc = html(app.get(page).await).await;
        let links = doc
            .select(&scraper::Selector::parse("footer a").unwrap())
            .filter_map(|a| a.value().attr("href").map(str::to_owned))
            .collect::<Vec<_>>();
        assert!(
            links.contains(&routes::TRANSPARENCIA.to_owned()),
            "{page}: {links:?}"
        );
    }
    let doc = html(app.get(routes::ANTES_DE_INVESTIR).await).await;
    let sel = scraper::Selector::parse("main a").unwrap();
    assert!(
        doc.select(&sel)
            .any(|a| a.value().attr("href") == Some(routes::TRANSPARENCIA)),
    );
}

#[tokio::test]
async fn a_failing_platform_shows_the_error_card() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/plataforma/historico"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    let app = TestApp::with_platform(&mock.uri(), &[]).await;
    let resp = app.get(routes::TRANSPARENCIA).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
    assert_eq!(app.get(routes::TRANSPARENCIA_CSV).await.status(), 502);
}

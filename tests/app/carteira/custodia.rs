//! Money paid into an offering earns nothing until it goes to the issuer: until then the
//! wallet and the reservation's page say it is held, and show no start of a yield.

use super::*;

const OFFER: &str = "fazenda-santa-luzia-soja-2027";
const HELD: &str = "Não iniciado: valor em custódia até o encerramento da oferta";

/// A reservation's card in the wallet, found by its contract link: its entries' names and
/// its whole text.
fn card(doc: &scraper::Html, id: i64) -> (Vec<String>, String) {
    let cards = scraper::Selector::parse("div.reserva-linha").unwrap();
    let contract =
        scraper::Selector::parse(&format!("a[href=\"{}\"]", routes::carteira_contrato(id)))
            .unwrap();
    let dt = scraper::Selector::parse("dt").unwrap();
    let squash = |s: String| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let card = doc
        .select(&cards)
        .find(|c| c.select(&contract).next().is_some())
        .unwrap_or_else(|| panic!("reservation {id} in the wallet"));
    (
        card.select(&dt)
            .map(|d| squash(d.text().collect()))
            .collect(),
        squash(card.text().collect::<Vec<_>>().join(" ")),
    )
}

/// Orders `valor` in the open offering through the three steps, and returns its id.
async fn order(app: &TestApp, valor: &str) -> i64 {
    let resp = app
        .post_form(&routes::captacao_reservar(OFFER), &[("valor", valor)])
        .await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 303);
    let resp = app.post_form(&location(&resp), &[]).await;
    assert_eq!(resp.status(), 303);
    location(&resp).rsplit('/').next().unwrap().parse().unwrap()
}

#[tokio::test]
async fn paid_money_in_an_open_offering_is_held_with_no_yield_shown() {
    let app = ana().await;
    let id = order(&app, "1.000,00").await;
    // The back office receives the Pix.
    let sandbox = app.sandbox_url.clone().unwrap();
    let paid = crate::support::http()
        .post(format!("{sandbox}/sandbox/reservas/{id}/pagar"))
        .send()
        .await
        .unwrap();
    assert_eq!(paid.status(), 200);

    let doc = html(app.get(&routes::carteira_expandida()).await).await;
    let (names, shown) = card(&doc, id);
    assert!(shown.contains(HELD), "{shown}");
    assert!(names.contains(&"Rendimento".to_owned()), "{names:?}");
    assert!(
        !names.contains(&"Início do rendimento".to_owned()),
        "no yield start while held: {names:?}"
    );

    // The reservation's own page says the same, and promises no start date.
    let doc = html(app.get(&routes::reserva(id)).await).await;
    let panel = text(&doc, "section.reserva");
    assert!(panel.contains(HELD), "{panel}");
    assert!(panel.contains("O valor fica em custódia até o encerramento da oferta"));
    assert!(!panel.contains("Início do rendimento"), "{panel}");
    assert!(!panel.contains("O rendimento começa na data de início informada"));
}

#[tokio::test]
async fn a_holding_that_earns_shows_when_its_yield_started() {
    let app = ana().await;
    let doc = html(app.get(&routes::carteira_expandida()).await).await;
    // Fazenda Santa Rita's offering closed over two years ago: its money has long been
    // earning.
    let accordions = scraper::Selector::parse("details.acordeao").unwrap();
    let santa_rita = doc
        .select(&accordions)
        .map(|d| d.text().collect::<Vec<_>>().join(" "))
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|t| t.starts_with("Fazenda Santa Rita"))
        .expect("the 2024 holding");
    let start = santa_rita
        .split("Início do rendimento ")
        .nth(1)
        .unwrap_or_else(|| panic!("a yield start: {santa_rita}"));
    assert!(
        start.as_bytes()[..10]
            .iter()
            .enumerate()
            .all(|(i, b)| if i == 2 || i == 5 {
                *b == b'/'
            } else {
                b.is_ascii_digit()
            }),
        "a date: {santa_rita}"
    );
    assert!(!santa_rita.contains("em custódia"), "{santa_rita}");
}

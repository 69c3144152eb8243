//! Home: the allocation with percentages that add up, the pending reservations and the
//! opportunities with their order and finished rows.

use super::*;

#[tokio::test]
async fn home_shows_the_allocation_with_percentages_that_add_up() {
    let app = ana().await;
    let doc = html(app.get(routes::HOME).await).await;
    let items = texts(&doc, ".lista-alocacao li");
    assert!(items.len() >= 2, "{items:?}");
    let mut sum = rust_decimal::Decimal::ZERO;
    for item in &items {
        // Each number says what it is.
        assert!(
            item.contains("do total investido · valor atual R$"),
            "{item}"
        );
        let pct = item
            .split(" — ")
            .nth(1)
            .unwrap()
            .split('%')
            .next()
            .unwrap()
            .replace(',', ".");
        assert_eq!(
            pct.split('.').nth(1).unwrap().len(),
            2,
            "two decimals: {item}"
        );
        sum += pct.parse::<rust_decimal::Decimal>().unwrap();
    }
    assert_eq!(sum, rust_decimal::Decimal::new(10000, 2));
    // The donut is drawn by the server (one slice per offering), chart.js only on touch.
    assert_eq!(texts(&doc, "[data-island=rosca]").len(), 1);
    assert_eq!(
        attr(&doc, "[data-island=rosca]", "data-carregar"),
        ["toque"]
    );
    let label = attr(&doc, "[data-island=rosca] svg[role=img]", "aria-label");
    assert_eq!(label.len(), 1);
    assert!(
        label[0].starts_with("Alocação da carteira por captação: "),
        "{label:?}"
    );
    assert_eq!(
        texts(&doc, "[data-island=rosca] svg path").len(),
        items.len()
    );
}

#[tokio::test]
async fn pending_reservations_have_the_spec_columns_badges_and_validity() {
    let app = ana().await;
    let doc = html(app.get(routes::HOME).await).await;
    let heads = texts(&doc, "section[aria-labelledby=pendentes-titulo] thead th");
    assert_eq!(
        &heads[..7],
        [
            "Data da solicitação",
            "Captação",
            "Valor do investimento",
            "Remuneração líquida",
            "Prazo",
            "Validade da solicitação",
            "Status"
        ]
    );
    let statuses = texts(
        &doc,
        "section[aria-labelledby=pendentes-titulo] tbody .badge",
    );
    assert!(
        statuses.contains(&"Aporte pendente".to_owned()),
        "{statuses:?}"
    );
    assert!(statuses.contains(&"Em análise".to_owned()), "{statuses:?}");
    // The unpaid Pix counts down; the row's detail opens the side panel by URL.
    assert!(
        !texts(
            &doc,
            "section[aria-labelledby=pendentes-titulo] [data-island=countdown]"
        )
        .is_empty()
    );
    let details = attr(&doc, "section[aria-labelledby=pendentes-titulo] a", "href");
    assert!(details.iter().all(|h| h.starts_with("/?reserva=")));
    let pix_row = doc
        .select(
            &scraper::Selector::parse("section[aria-labelledby=pendentes-titulo] tbody tr")
                .unwrap(),
        )
        .find(|tr| tr.text().any(|t| t.contains("Aporte pendente")))
        .unwrap();
    let href = pix_row
        .select(&scraper::Selector::parse("a").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("href")
        .unwrap()
        .to_owned();
    let panel = html(app.get(&href).await).await;
    assert_eq!(
        text(&panel, "#detalhe-reserva h2#reserva-titulo"),
        "Detalhe da reserva"
    );
    assert!(text(&panel, "#codigo-pix").starts_with("000201"));
    assert_eq!(texts(&panel, "#detalhe-reserva .qr-pix svg").len(), 1);
}

#[tokio::test]
async fn opportunities_sort_only_on_status_name_and_end_date() {
    let app = ana().await;
    let doc = html(app.get(routes::HOME).await).await;
    let sortable = texts(
        &doc,
        "section[aria-labelledby=oportunidades-titulo] th[aria-sort]",
    );
    assert_eq!(
        sortable,
        vec![
            "Status (ordenar)",
            "Nome da fazenda (ordenar)",
            "Termina em (ordenar)"
        ]
    );
    let heads = texts(
        &doc,
        "section[aria-labelledby=oportunidades-titulo] thead th",
    );
    for h in [
        "Vencimento",
        "Remuneração líquida",
        "Rating",
        "ESG",
        "Valor em captação",
        "% Captado",
        "Disponível para aplicação",
    ] {
        assert!(heads.iter().any(|x| x == h), "{h} in {heads:?}");
    }
    let by_end = html(app.get("/?OrderByField=DataFim&OrderByCriteria=ASC").await).await;
    assert_eq!(
        texts(&by_end, "th[aria-sort=ascending]"),
        vec!["Termina em (ordenar)"]
    );
    let next = attr(&by_end, "th[aria-sort=ascending] a", "href");
    assert_eq!(next, vec!["/?OrderByField=DataFim&OrderByCriteria=DESC"]);
    // A column the opportunities do not sort on is ignored in the address.
    let ignored = html(app.get("/?OrderByField=Rating").await).await;
    assert!(texts(&ignored, "th[aria-sort=ascending]").is_empty());
}

#[tokio::test]
async fn finished_rows_are_greyed_with_only_an_arrow() {
    let app = ana().await;
    let doc = html(app.get("/?OrderByField=Status&OrderByCriteria=DESC").await).await;
    let mut finished = 0;
    for tr in doc.select(
        &scraper::Selector::parse("section[aria-labelledby=oportunidades-titulo] tbody tr")
            .unwrap(),
    ) {
        let greyed = tr.value().classes().any(|c| c == "finalizada");
        let invest = tr
            .select(&scraper::Selector::parse("a.botao-primario").unwrap())
            .count();
        let arrow = tr
            .select(&scraper::Selector::parse("a.botao-seta").unwrap())
            .count();
        if greyed {
            finished += 1;
            assert_eq!((invest, arrow), (0, 1));
        }
    }
    let all = html(app.get("/?Page=3").await).await;
    let greyed_later = all
        .select(&scraper::Selector::parse("tr.finalizada").unwrap())
        .count();
    assert!(
        finished + greyed_later > 0,
        "some finished captacao shows greyed"
    );
}

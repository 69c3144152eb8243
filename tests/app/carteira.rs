//! Home and wallet against the sandbox and a failing platform.

use colheita::web::routes;
use serde_json::json;
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
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

#[tokio::test]
async fn home_shows_the_allocation_with_percentages_that_add_up() {
    let app = ana().await;
    let doc = html(app.get(routes::HOME).await).await;
    let items = texts(&doc, ".lista-alocacao li");
    assert!(items.len() >= 2, "{items:?}");
    let mut sum = rust_decimal::Decimal::ZERO;
    for item in &items {
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

#[tokio::test]
async fn the_wallet_has_one_accordion_per_offering_and_toggle_opens_all() {
    let app = ana().await;
    let doc = html(app.get(routes::CARTEIRA).await).await;
    assert_eq!(title(&doc), "Minha carteira | Colheita");
    let n = texts(&doc, "details.acordeao").len();
    assert!(n >= 2);
    assert_eq!(texts(&doc, "details.acordeao[open]").len(), 0);
    let all = html(app.get(&routes::carteira_expandida()).await).await;
    assert_eq!(texts(&all, "details.acordeao[open]").len(), n);
    let buttons = texts(&all, ".reserva-linha .carteira-acoes a");
    assert!(buttons.iter().any(|b| b == "Fluxo de recebimento"));
    assert!(buttons.iter().any(|b| b == "Documentos anexos"));
    assert!(buttons.iter().any(|b| b.starts_with("Visualizar Contrato")));
    let labels = texts(&all, ".reserva-linha dt");
    for l in [
        "Início do rendimento",
        "Valor investido",
        "Prazo",
        "Remuneração líquida",
        "Parcelas anuais",
        "Forma de pagamento",
    ] {
        assert!(labels.iter().any(|x| x == l), "{l}");
    }
}

#[tokio::test]
async fn cash_flow_documents_and_contract_of_a_reservation() {
    let app = ana().await;
    let doc = html(app.get(&routes::carteira_expandida()).await).await;
    let flow = attr(&doc, ".reserva-linha a[href*='fluxo=']", "href");
    let panel = html(app.get(&flow[0]).await).await;
    assert_eq!(text(&panel, "#painel h2"), "Fluxo de recebimento");
    assert_eq!(
        texts(&panel, "#painel thead th"),
        vec!["Parcela", "Data de pagamento", "Valor estimado", "Status"]
    );
    assert!(!texts(&panel, "#painel tbody tr").is_empty());
    let docs = attr(&doc, ".reserva-linha a[href*='documentos=']", "href");
    let panel = html(app.get(&docs[0]).await).await;
    assert_eq!(text(&panel, "#painel h2"), "Documentos anexos");
    let files = attr(&panel, "#painel li a", "href");
    assert!(!files.is_empty());
    let pdf = app.get(&files[0]).await;
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let contract = attr(&doc, ".reserva-linha a[href$='/contrato']", "href");
    let pdf = app.get(&contract[0]).await;
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let alloc = app.get(routes::CARTEIRA_ALOCACAO_PDF).await;
    assert_eq!(alloc.headers()["content-type"], "application/pdf");
}

async fn wallet_with_failing(route: &str, answer: ResponseTemplate) -> (TestApp, MockServer) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    Mock::given(method("GET"))
        .and(path_regex(route))
        .respond_with(answer)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    (app, server)
}

#[tokio::test]
async fn download_failures_say_what_happened() {
    let (app, _s) =
        wallet_with_failing(r"^/v1/reservas/7/documentos/1$", ResponseTemplate::new(500)).await;
    let resp = app.get(&routes::carteira_documento(7, 1)).await;
    assert_eq!(resp.status(), 502);
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Ocorreu um erro ao fazer o download"
    );
    // A thrown error of a document shows its detalheErro.
    let (app, _s) = wallet_with_failing(
        r"^/v1/reservas/7/documentos/1$",
        ResponseTemplate::new(422).set_body_json(
            json!({"mensagem": "Erro ao gerar o documento", "detalheErro": "Documento ainda não assinado pela securitizadora."}),
        ),
    )
    .await;
    let resp = app.get(&routes::carteira_documento(7, 1)).await;
    assert_eq!(resp.status(), 502);
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Documento ainda não assinado pela securitizadora."
    );
    let (app, _s) = wallet_with_failing(
        r"^/v1/reservas/7/documentos/1$",
        ResponseTemplate::new(404).set_body_json(json!({"mensagem": "x"})),
    )
    .await;
    let resp = app.get(&routes::carteira_documento(7, 1)).await;
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Nenhum arquivo encontrado."
    );
    let (app, _s) = wallet_with_failing(
        r"^/v1/reservas/7/contrato$",
        ResponseTemplate::new(400)
            .set_body_json(json!({"mensagem": "Contrato indisponível no momento."})),
    )
    .await;
    let doc = html(app.get(&routes::carteira_contrato(7)).await).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Contrato indisponível no momento."
    );
    let (app, _s) = wallet_with_failing(
        r"^/v1/reservas/7/documentos$",
        ResponseTemplate::new(200).set_body_json(json!([])),
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"lista": []})))
        .mount(&_s)
        .await;
    let doc = html(app.get("/carteira?documentos=7").await).await;
    assert_eq!(
        text(&doc, "#painel p"),
        "Nenhum arquivo encontrado. Fechar painel"
    );
    // The cash flow of a reservation that is not in the wallet says so (no file is missing).
    let doc = html(app.get(&routes::carteira_fluxo(7)).await).await;
    assert_eq!(
        text(&doc, "#painel [role=alert]"),
        "Não encontramos esta reserva na sua carteira."
    );
    assert!(!text(&doc, "#painel").contains("Nenhum arquivo encontrado."));
    // An empty wallet says so with the product's empty-list text.
    let doc = html(app.get(routes::CARTEIRA).await).await;
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado para os parâmetros informados. Ver oportunidades"
    );
}

#[tokio::test]
async fn a_failing_wallet_shows_the_error_card() {
    let (app, _s) = wallet_with_failing(
        r"^/v1/reservas/alocacao/resumida$",
        ResponseTemplate::new(503),
    )
    .await;
    let resp = app.get(routes::CARTEIRA).await;
    assert_eq!(resp.status(), 502);
    assert_eq!(
        text(&html(resp).await, ".cartao-erro h2"),
        "Ops! Houve uma falha."
    );
}

#[tokio::test]
async fn hidden_values_mask_every_amount_on_home_and_wallet() {
    let app = ana().await;
    app.post_form(routes::VISIBILIDADE, &[("voltar", routes::HOME)])
        .await;
    for page in [
        routes::HOME,
        &routes::carteira_expandida(),
        routes::CARTEIRA_ALOCACAO,
    ] {
        let doc = html(app.get(page).await).await;
        assert_eq!(texts(&doc, "html.valores-ocultos").len(), 1, "{page}");
        let values = texts(&doc, ".valor").len();
        assert!(values > 0, "{page}");
        assert_eq!(
            values,
            texts(&doc, ".valor .valor-mascarado").len(),
            "{page}"
        );
        // No amount is printed outside the masked markup.
        let outside: Vec<String> = texts(&doc, "main td, main dd")
            .into_iter()
            .filter(|t| t.contains("R$ ") && !t.contains("R$ •••••"))
            .collect();
        assert!(
            outside.iter().all(|t| t.contains("(valor oculto)")),
            "{page}: {outside:?}"
        );
    }
}

#[tokio::test]
async fn the_detailed_allocation_and_the_simulator() {
    let app = ana().await;
    let doc = html(app.get(routes::CARTEIRA_ALOCACAO).await).await;
    assert_eq!(
        texts(&doc, "main h2"),
        vec!["Por captação", "Por tipo de garantia"]
    );
    assert!(!texts(&doc, "section[aria-labelledby=por-garantia] tbody tr").is_empty());
    let sim = html(
        app.get("/carteira/simulador?Rating=AA&valor=10.000,00")
            .await,
    )
    .await;
    let rows = texts(&sim, "section[aria-labelledby=comparacao] tbody tr");
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r.contains("R$")), "{rows:?}");
    // The query from /investir is carried in the form.
    assert_eq!(
        attr(&sim, "form input[type=hidden][name=Rating]", "value"),
        vec!["AA"]
    );
    let bad = app.get("/carteira/simulador?valor=xyz").await;
    assert_eq!(bad.status(), 422);
}

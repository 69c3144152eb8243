//! /investir (the list, its filters, sort and search, the allocation block) and what every
//! offering page shares, against the sandbox and against a failing platform.

use colheita::web::routes;
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

fn rows(doc: &scraper::Html) -> Vec<String> {
    texts(doc, "table.tabela-captacoes tbody th[scope=row]")
}

fn column(doc: &scraper::Html, n: usize) -> Vec<String> {
    texts(
        doc,
        &format!("table.tabela-captacoes tbody td:nth-of-type({n})"),
    )
}

#[tokio::test]
async fn the_list_shows_twelve_offerings_a_page_without_drafts() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(routes::INVESTIR).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Investir | Colheita");
    let names = rows(&doc);
    assert_eq!(names.len(), 12);
    let all: Vec<String> = {
        let mut v = names.clone();
        for p in 2..=3 {
            v.extend(rows(
                &html(app.get(&format!("/investir?Page={p}")).await).await,
            ));
        }
        v
    };
    assert!(
        !all.iter()
            .any(|n| n.contains("Sete Lagoas") || n.contains("Bela Vista")),
        "drafts listed"
    );
    assert_eq!(texts(&doc, "nav.paginacao a[aria-current=page]"), vec!["1"]);
    assert!(text(&doc, "p.total").ends_with("captações encontradas"));
}

#[tokio::test]
async fn filters_by_rating_and_term_with_the_number_inputs() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app
        .get("/investir?Rating=AA&VencimentoDe=12&VencimentoAte=24")
        .await;
    // The form's separate ends become one parameter in the address (`Vencimento=a-b`).
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), "/investir?Rating=AA&Vencimento=12-24");
    let doc = html(app.get(&location(&resp)).await).await;
    let ratings = column(&doc, 4);
    assert!(!ratings.is_empty());
    assert!(ratings.iter().all(|r| r == "AA"), "{ratings:?}");
    for term in column(&doc, 2) {
        let months: u32 = term.trim_end_matches(" meses").parse().unwrap();
        assert!((12..=24).contains(&months), "{term}");
    }
    // The page links carry the canonical query.
    let sort_link = doc
        .select(&scraper::Selector::parse("th[aria-sort] a").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("href")
        .unwrap()
        .to_owned();
    assert!(
        sort_link.contains("Rating=AA") && sort_link.contains("Vencimento=12-24"),
        "{sort_link}"
    );
}

#[tokio::test]
async fn sorting_by_name_ascending_then_descending() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get("/investir?OrderByField=NomeCaptacao&OrderByCriteria=ASC")
            .await,
    )
    .await;
    let names = rows(&doc);
    // Sorted as a Brazilian reads them: accents do not move a name.
    let folded: Vec<String> = names
        .iter()
        .map(|n| colheita::domain::pix::fold_ascii(n).to_lowercase())
        .collect();
    let mut sorted = folded.clone();
    sorted.sort();
    assert_eq!(folded, sorted);
    assert_eq!(
        texts(&doc, "th[aria-sort=ascending]"),
        vec!["Nome da fazenda (ordenar)"]
    );
    let next = doc
        .select(&scraper::Selector::parse("th[aria-sort=ascending] a").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("href")
        .unwrap()
        .to_owned();
    assert!(next.contains("OrderByCriteria=DESC"), "{next}");
    let desc = html(app.get(&next).await).await;
    assert_eq!(
        texts(&desc, "th[aria-sort=descending]"),
        vec!["Nome da fazenda (ordenar)"]
    );
    assert_ne!(rows(&desc).first(), names.first());
}

#[tokio::test]
async fn the_search_clears_other_filters_and_finds_by_crop() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.get("/investir?FieldSearch=caf%C3%A9&Rating=AAA").await).await;
    let names = rows(&doc);
    assert!(!names.is_empty());
    assert!(
        names
            .iter()
            .all(|n| n.to_lowercase().contains("café") || n.to_lowercase().contains("cafe"))
            || names.len() >= 2,
        "{names:?}"
    );
    assert!(
        texts(&doc, "#filtro-rating option[selected]")
            .iter()
            .all(|o| o == "Todos")
            || texts(&doc, "#filtro-rating option[selected]").is_empty()
    );
}

#[tokio::test]
async fn a_search_over_150_characters_is_refused_with_a_message_and_kept() {
    let app = TestApp::with_sandbox(&[]).await;
    let long = "s".repeat(151);
    let resp = app.get(&format!("/investir?FieldSearch={long}")).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "A busca pode ter no máximo 150 caracteres."
    );
}

#[tokio::test]
async fn no_result_shows_the_empty_card() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.get("/investir?FieldSearch=xyzzy-nada").await).await;
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado para os parâmetros informados."
    );
}

#[tokio::test]
async fn a_failing_list_shows_the_error_card_with_the_spec_text() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app.get(routes::INVESTIR).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
    assert_eq!(
        text(&doc, ".cartao-erro p"),
        "Algo de inesperado ocorreu ao coletarmos suas informações. Por favor, tente novamente."
    );
}

async fn allocation_with(resumo: ResponseTemplate) -> scraper::Html {
    let server = MockServer::start().await;
    mock_login(&server).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"dados": [], "totalRegistros": 0})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/resumo"))
        .respond_with(resumo)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    let doc = html(app.get(routes::INVESTIR).await).await;
    drop(server);
    doc
}

#[tokio::test]
async fn the_allocation_block_has_its_three_states() {
    let empty = allocation_with(
        ResponseTemplate::new(200)
            .set_body_json(json!({"listaProdutos": [], "saldoDisponivel": 0})),
    )
    .await;
    assert!(text(&empty, ".alocacao").contains("Você ainda não tem investimentos."));
    let balance = allocation_with(
        ResponseTemplate::new(200)
            .set_body_json(json!({"listaProdutos": [], "saldoDisponivel": 500})),
    )
    .await;
    assert_eq!(
        texts(&balance, ".alocacao a[href='/carteira/simulador']"),
        vec!["Simular investimento"]
    );
    // A failing balance shows the message of the error: the platform's, or the generic one.
    let failed = allocation_with(ResponseTemplate::new(500)).await;
    assert_eq!(
        text(&failed, ".alocacao [role=alert]"),
        "Ocorreu um erro. Tente novamente."
    );
    let thrown = allocation_with(
        ResponseTemplate::new(400)
            .set_body_json(json!({"mensagem": "Saldo indisponível no momento."})),
    )
    .await;
    assert_eq!(
        text(&thrown, ".alocacao [role=alert]"),
        "Saldo indisponível no momento."
    );
}

/// An offering's name is text wherever the list writes it: a name made of markup shows as
/// those characters and never becomes an element or ends an attribute.
#[tokio::test]
async fn an_offering_named_with_markup_is_shown_as_text() {
    let server = MockServer::start().await;
    let name = r#"<script>alert(1)</script> & "Soja" <b>"#;
    let mut o = crate::captacoes_filtros::offering_json(1, "fazenda-1", json!([]));
    o["nomeCaptacao"] = json!(name);
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"dados": [o], "totalRegistros": 1})),
        )
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app.get(routes::INVESTIR).await;
    assert_eq!(resp.status(), 200);
    let body = resp.text().await.unwrap();
    assert!(
        !body.contains("<script>alert(1)") && !body.contains("<b>"),
        "{body}"
    );
    let doc = scraper::Html::parse_document(&body);
    assert_eq!(rows(&doc), [name]);
    let invest =
        scraper::Selector::parse("table.tabela-captacoes a[aria-label^='Investir em']").unwrap();
    let labels: Vec<&str> = doc
        .select(&invest)
        .filter_map(|a| a.value().attr("aria-label"))
        .collect();
    assert_eq!(labels, [format!("Investir em {name}")]);
}

/// One meaning per label: the term of the investment (months) and the offering's closing date
/// each keep one name on the detail and the cards.
#[tokio::test]
async fn each_term_has_one_name() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao("fazenda-santa-luzia-soja-2027"))
            .await,
    )
    .await;
    let labels = texts(&doc, "main dl.fatos dt");
    assert!(
        !labels
            .iter()
            .any(|l| l == "Prazo" || l == "Data limite da captação"),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l == "Prazo do investimento"),
        "{labels:?}"
    );
    assert_eq!(
        labels.iter().filter(|l| *l == "Prazo da captação").count(),
        2,
        "{labels:?}"
    );
    let cards = html(app.get("/investir?Visao=cartoes").await).await;
    let labels = texts(&cards, ".cartao-captacao dt");
    assert!(labels.iter().all(|l| l != "Prazo"), "{labels:?}");
    // The list's sort, on a phone one folded menu, names every sortable column.
    let list = html(app.get(routes::INVESTIR).await).await;
    assert_eq!(texts(&list, "details.ordenar li a").len(), 9);
}

//! /investir, the detail, the preview, the PDF and the simulation, against the sandbox and
//! against a failing platform.

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

#[tokio::test]
async fn the_detail_shows_every_part_and_the_visitor_invests_by_signing_up() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app
        .get(&routes::captacao("fazenda-santa-luzia-soja-2027"))
        .await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Detalhes da operação | Colheita");
    assert_eq!(text(&doc, "h1"), "Fazenda Santa Luzia – Soja safra 2026/27");
    let sections = texts(&doc, "details.acordeao > summary h2");
    assert_eq!(
        sections,
        vec![
            "Operação",
            "Galeria",
            "Sobre",
            "Empreendedor",
            "Localização",
            "Dúvidas"
        ]
    );
    assert!(
        text(&doc, "details.acordeao").contains("Isenta de imposto de renda para pessoa física")
    );
    assert_eq!(
        texts(&doc, "#investir a[href='/quero-investir']"),
        vec!["Investir"]
    );
    assert_eq!(
        texts(&doc, "#investir a[href$='/simular']"),
        vec!["Simular"]
    );
    assert_eq!(texts(&doc, ".carrossel iframe").len(), 1, "the one video");
    assert!(texts(&doc, "[data-island=countdown]").len() == 1);
    assert!(texts(&doc, "a[href^='https://www.openstreetmap.org/']").len() == 1);
}

#[tokio::test]
async fn closed_offerings_say_why() {
    let app = TestApp::with_sandbox(&[]).await;
    let full = html(
        app.get(&routes::captacao("soja-fazenda-tres-irmaos-cruz-alta"))
            .await,
    )
    .await;
    assert_eq!(text(&full, "#investir h2"), "Fechado para investimento");
    assert_eq!(
        text(&full, "#investir p"),
        "Esta captação atingiu o limite de arrecadação."
    );
    let ended = html(
        app.get(&routes::captacao("soja-fazenda-rio-das-mortes-primavera"))
            .await,
    )
    .await;
    assert!(text(&ended, "#investir p").starts_with("O período de captação encerrou em "));
}

#[tokio::test]
async fn a_draft_shows_the_empty_card_and_unknown_urls_the_404() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao(
            "milho-fazenda-sete-lagoas-chapadao-do-sul",
        ))
        .await,
    )
    .await;
    assert_eq!(
        text(&doc, ".cartao-vazio h2"),
        "Nenhum resultado encontrado"
    );
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado(s) para o(s) parâmetro(s) informado(s)"
    );
    assert_eq!(
        app.get(&routes::captacao("nao-existe-mesmo"))
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn the_preview_needs_login_shows_drafts_and_hides_the_buttons() {
    let app = TestApp::with_sandbox(&[]).await;
    let first = app
        .get(&routes::captacao(
            "milho-fazenda-sete-lagoas-chapadao-do-sul",
        ))
        .await;
    drop(first);
    let resp = app.get(&routes::preview(1)).await;
    assert_eq!(resp.status(), 303, "preview needs login");
    let landed = app
        .login_from(resp, "investidor@colheita.dev", "colheita123")
        .await;
    assert_eq!(landed.status(), 200);
    let doc = html(landed).await;
    assert_eq!(title(&doc), "Pré-visualização da operação | Colheita");
    assert!(
        texts(&doc, "#investir a").is_empty(),
        "no Investir/Simular in preview"
    );
}

#[tokio::test]
async fn an_offering_without_a_pdf_says_no_file() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao("cafe-conilon-sitio-boa-vista"))
            .await,
    )
    .await;
    // Its documents are only the essential information (CVM 88) every offering has.
    assert_eq!(
        texts(&doc, "details.acordeao a.link-download"),
        vec!["Informações essenciais da oferta (PDF) (abre em nova janela)"]
    );
    let resp = app
        .get(&routes::captacao_documento("cafe-conilon-sitio-boa-vista"))
        .await;
    assert_eq!(resp.status(), 404);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), "Nenhum arquivo encontrado.");
}

#[tokio::test]
async fn the_simulation_runs_only_with_an_amount_and_refuses_bad_ones() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao_simular("fazenda-santa-luzia-soja-2027"))
            .await,
    )
    .await;
    assert_eq!(text(&doc, "h1"), "Simule o seu investimento");
    assert!(texts(&doc, ".cenarios").is_empty());
    let resp = app
        .get("/investir/fazenda-santa-luzia-soja-2027/simular?valor=abc")
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    let kept = doc
        .select(&scraper::Selector::parse("#valor-simulacao").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("value")
        .unwrap()
        .to_owned();
    assert_eq!(kept, "abc");
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

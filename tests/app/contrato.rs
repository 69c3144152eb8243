//! Every built screen rendered from a platform that answers with the contract's fields
//! only (`docs/CONTRACTS.md`; no sandbox additions such as `rendimentoDescricao` on a
//! reservation, `prazoPagamento`, `alocacaoTotal`, the term endpoint or `termoAceito`): no
//! screen fails, none shows an empty value where the contract gives one, and the order can
//! be finished.

use colheita::web::routes;
use jiff::{Timestamp, ToSpan};
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

const URL: &str = "fazenda-contrato-soja";

fn at(days: i64) -> String {
    (Timestamp::now() + (days * 24).hours()).to_string()
}

/// An offering with the contract's fields only; the gallery comes as `listaGaleria`.
fn offering() -> Value {
    json!({
        "id": 41, "urlAmigavel": URL, "nomeCaptacao": "Fazenda Contrato Soja",
        "descricaoProduto": "CPR financeira lastreada em soja.",
        "statusCaptacao": "Captação no ar", "status": {"name": "Captação no ar"},
        "vencimento": 12, "rendimentoDescricao": "17,50% a.a.", "rating": "A",
        "descricaoRating": "Baixo risco", "classificacaoEsg": "Verde",
        "limiteArrecadacao": 1000000, "arrecadado": 250000, "reservado": 50000,
        "disponivel": 750000, "acompanhamento": 25, "fimCaptacao": at(30),
        "imagemPrincipal": "https://img.example/principal.jpg", "favorito": false,
        "garantias": "Aval; Hipoteca",
        "listaGaleria": [
            {"tipo": "Galeria", "url": "https://img.example/galeria-1.jpg"},
            {"tipo": "Empreendedor", "url": "https://img.example/produtor.jpg"}
        ],
        "documentos": [{"id": 9, "tipo": "PdfCaptacao"}],
        "conteudo": {"descricao": "Soja de sequeiro no médio-norte.", "faq": []},
        "empreendedorRural": {"descricao": "Produtor desde 1990.", "localizacao": "Sorriso - MT"},
        "lancamento": {"preLancamento": false, "dataPreLancamento": null, "inicioCaptacao": at(-10)},
        "rentabilidade": {"prazo": 12, "rendimento": 17.5, "descricaoPagamento": "Semestral",
                          "investimentoMinimo": 1000}
    })
}

/// A reservation with the contract's fields only.
fn reservation(id: i64, status: &str, validity: Option<String>) -> Value {
    let pix = (status == "Aporte pendente").then(|| {
        json!({"chave": "45723174000110", "conta": "48213-7", "agencia": "0001",
               "nome": "Colheita Pagamentos Ltda.", "cnpj": "45.723.174/0001-10",
               "instituicao": "Banco Cooperativo (748)"})
    });
    json!({
        "id": id, "data": at(-1), "nomeCaptacao": "Fazenda Contrato Soja", "investimento": 2500,
        "rendimento": 17.5, "prazo": 12, "dataVencimento": validity,
        "status": {"name": status, "color": "#8a5a00"},
        "tipoDoPagamento": 1, "tipoDoPagamentoDescricao": "Pix", "inicioRendimento": at(1),
        "parcelasAnuais": 2,
        "fluxoRecebimentoAmortizacao": [{"dataPagamento": at(180), "valor": 210.5, "statusPagamento": "A receber"}],
        "pix": pix
    })
}

fn allocation() -> Value {
    json!({
        "lista": [{"nomeCaptacao": "Fazenda Contrato Soja", "alocacao": 12000, "percentualAlocacao": 100,
                   "rendimento": 345.67, "valor": 12345.67, "urlAmigavel": URL, "liquidacaoAtiva": false,
                   "listaReservas": [reservation(70, "Pago", None)]}],
        "valorTotal": 12345.67, "rendimentoTotal": 345.67, "rendimentoPercentual": 2.88
    })
}

async fn get_json(server: &MockServer, p: &str, body: Value) {
    Mock::given(method("GET"))
        .and(path(p))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(server)
        .await;
}

/// A platform with the contract's answers, and an investor logged in to the app (with the
/// Pix merchant city configured).
async fn contract_platform() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    get_json(&server, "/v1/reservas/alocacao/resumida", allocation()).await;
    get_json(
        &server,
        "/v1/reservas/pendentes",
        json!([
            reservation(71, "Aporte pendente", Some(at(1))),
            reservation(72, "Em análise", Some(at(3))),
            reservation(73, "Pago", Some(at(-2))),
        ]),
    )
    .await;
    get_json(
        &server,
        "/v1/captacoes",
        json!({"dados": [offering()], "totalRegistros": 1}),
    )
    .await;
    get_json(
        &server,
        &format!("/v1/captacoes/urlamigavel/{URL}"),
        offering(),
    )
    .await;
    get_json(
        &server,
        "/v1/reservas/resumo",
        json!({"saldoDisponivel": 800, "listaProdutos": []}),
    )
    .await;
    let app = TestApp::with_platform(&server.uri(), &["--pix-merchant-city", "CUIABA"]).await;
    login_via_callback(&app, routes::HOME).await;
    (server, app)
}

fn row_of<'a>(doc: &'a scraper::Html, needle: &str) -> scraper::ElementRef<'a> {
    doc.select(
        &scraper::Selector::parse("section[aria-labelledby=pendentes-titulo] tbody tr").unwrap(),
    )
    .find(|tr| tr.text().any(|t| t.contains(needle)))
    .unwrap_or_else(|| panic!("no row with {needle}"))
}

#[tokio::test]
async fn home_reads_validity_yield_and_totals_from_the_contracts_fields() {
    let (_server, app) = contract_platform().await;
    let resp = app.get(routes::HOME).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    for status in ["Aporte pendente", "Em análise"] {
        let row = row_of(&doc, status);
        let text: String = row.text().collect();
        assert!(text.contains("17,50% a.a."), "{status}: {text}");
        // Every reservation with a deadline counts down to its dataVencimento.
        let countdown = scraper::Selector::parse("[data-island=countdown] time").unwrap();
        assert_eq!(row.select(&countdown).count(), 1, "{status}: {text}");
    }
    let paid: String = row_of(&doc, "Pago").text().collect();
    assert!(paid.contains("Finalizado"), "{paid}");
    let totals = text(&doc, ".resumo-lista");
    for value in ["R$ 12.000,00", "R$ 345,67", "2,88%", "R$ 12.345,67"] {
        assert!(totals.contains(value), "{value} missing in {totals}");
    }
    let offer = text(&doc, "section[aria-labelledby=oportunidades-titulo] tbody");
    assert!(offer.contains("Fazenda Contrato Soja") && offer.contains("17,50% a.a."));
}

#[tokio::test]
async fn an_empty_home_uses_the_products_empty_text_in_each_block() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    get_json(
        &server,
        "/v1/reservas/alocacao/resumida",
        json!({"lista": [], "valorTotal": 0, "rendimentoTotal": 0, "rendimentoPercentual": 0}),
    )
    .await;
    get_json(&server, "/v1/reservas/pendentes", json!([])).await;
    get_json(
        &server,
        "/v1/captacoes",
        json!({"dados": [], "totalRegistros": 0}),
    )
    .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    let doc = html(app.get(routes::HOME).await).await;
    assert_eq!(
        texts(&doc, ".cartao-vazio :is(h2, h3)"),
        vec!["Nenhum item encontrado."; 3]
    );
    assert_eq!(
        texts(&doc, ".cartao-vazio p:first-of-type"),
        vec!["Não há resultado para os parâmetros informados."; 3]
    );
}

#[tokio::test]
async fn list_and_detail_show_every_contract_value_and_the_gallery_from_lista_galeria() {
    let (_server, app) = contract_platform().await;
    let resp = app.get(routes::INVESTIR).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert!(text(&doc, "main").contains("Fazenda Contrato Soja"));
    assert!(text(&doc, ".alocacao").contains("R$ 800,00"));

    let resp = app.get(&routes::captacao(URL)).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    let main = text(&doc, "main");
    for value in [
        "Fazenda Contrato Soja",
        "17,50% a.a.",
        "12 meses",
        "Verde",
        "R$ 1.000,00",
        "Semestral",
        "Aval",
        "Hipoteca",
        "Soja de sequeiro no médio-norte.",
        "Produtor desde 1990.",
    ] {
        assert!(main.contains(value), "{value} missing");
    }
    let images: Vec<String> = doc
        .select(&scraper::Selector::parse("main img").unwrap())
        .filter_map(|i| i.value().attr("src").map(str::to_owned))
        .collect();
    for src in [
        "https://img.example/principal.jpg",
        "https://img.example/galeria-1.jpg",
        "https://img.example/produtor.jpg",
    ] {
        assert!(images.iter().any(|i| i == src), "{src} not in {images:?}");
    }
}

#[tokio::test]
async fn the_order_finishes_without_the_term_endpoint_or_termo_aceito() {
    let (server, app) = contract_platform().await;
    // Creation answers id, idReserva, conteudo and titulo only.
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({
            "id": 88, "idReserva": 88, "titulo": "Termo de ciência de riscos",
            "conteudo": "Investir envolve riscos.\n\nLeia com atenção."
        })))
        .mount(&server)
        .await;
    Mock::given(method("PATCH"))
        .and(path("/v1/reservas/88/assinarcontrato"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("PATCH"))
        .and(path("/v1/reservas/88/confirmarinvestimento"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "inicioRendimento": at(1),
            "pix": {"chave": "45723174000110", "dataVencimento": at(1), "conta": "48213-7",
                    "agencia": "0001", "nome": "Colheita Pagamentos Ltda.",
                    "cnpj": "45.723.174/0001-10", "instituicao": "Banco Cooperativo (748)"}
        })))
        .expect(1)
        .mount(&server)
        .await;
    // Before confirmation the reservation is Aberto (no termoAceito); after, Aporte pendente.
    let mut aberto = reservation(88, "Aberto", None);
    aberto["pix"] = Value::Null;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/88"))
        .respond_with(ResponseTemplate::new(200).set_body_json(aberto))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    get_json(
        &server,
        "/v1/reservas/88",
        reservation(88, "Aporte pendente", Some(at(1))),
    )
    .await;
    Mock::given(method("GET"))
        .and(path_regex(r"^/v1/reservas/88/termo$"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;

    let resp = app
        .post_form(&routes::captacao_reservar(URL), &[("valor", "2.500,00")])
        .await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);
    assert_eq!(terms, routes::reserva_termos(88));
    let doc = html(app.get(&terms).await).await;
    assert_eq!(text(&doc, "main h1"), "Termo de ciência de riscos");
    assert_eq!(
        text(&doc, ".termo-conteudo"),
        "Investir envolve riscos. Leia com atenção."
    );
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::reserva_confirmar(88));
    // Step 3 shows the summary: no loop back to the terms.
    let resp = app.get(&routes::reserva_confirmar(88)).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert!(text(&doc, "main").contains("17,50% a.a."));
    let resp = app.post_form(&routes::reserva_confirmar(88), &[]).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::reserva(88));
    let doc = html(app.get(&routes::reserva(88)).await).await;
    // The Pix object has no value: the reservation's amount is shown and encoded.
    let receiver = text(&doc, ".pix dl");
    assert!(receiver.contains("R$ 2.500,00"), "{receiver}");
    let code = text(&doc, "#codigo-pix");
    assert!(code.contains("54072500.00"), "{code}");
    // The merchant city comes from the configuration.
    assert!(code.contains("6006CUIABA"), "{code}");
    assert_eq!(
        texts(&doc, "[data-island=countdown] time").len(),
        1,
        "the Pix deadline counts down"
    );
}

#[tokio::test]
async fn without_the_term_the_terms_step_offers_the_contract_and_goes_on() {
    let (server, app) = contract_platform().await;
    Mock::given(method("PATCH"))
        .and(path("/v1/reservas/91/assinarcontrato"))
        .respond_with(ResponseTemplate::new(204))
        .mount(&server)
        .await;
    // Another browser (no term kept) opens step 2 of an existing reservation.
    let doc = html(app.get(&routes::reserva_termos(91)).await).await;
    assert_eq!(text(&doc, "main h1"), "Termo de adesão");
    let links: Vec<String> = doc
        .select(&scraper::Selector::parse("main a").unwrap())
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect();
    assert!(links.contains(&routes::carteira_contrato(91)), "{links:?}");
    let resp = app
        .post_form(
            &routes::reserva_termos(91),
            &[("aceite", "sim"), ("ciencia_risco", "sim")],
        )
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::reserva_confirmar(91));
}

#[tokio::test]
async fn the_wallet_reads_its_totals_and_rows_from_the_contracts_fields() {
    let (_server, app) = contract_platform().await;
    let resp = app.get(&routes::carteira_expandida()).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    let totals = text(&doc, ".resumo-lista");
    for value in ["R$ 12.000,00", "R$ 345,67", "2,88%", "R$ 12.345,67"] {
        assert!(totals.contains(value), "{value} missing in {totals}");
    }
    let row = text(&doc, ".reserva-linha");
    for value in ["R$ 2.500,00", "12 meses", "17,50% a.a.", "Pix"] {
        assert!(row.contains(value), "{value} missing in {row}");
    }
    let flow = html(app.get(&routes::carteira_fluxo(70)).await).await;
    assert!(text(&flow, "#painel tbody").contains("R$ 210,50"));
}

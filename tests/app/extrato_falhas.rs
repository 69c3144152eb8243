//! The statement, the income report, the notifications and the category products when the
//! platform fails or has nothing: error and empty cards, the message of the error where the
//! product shows it, and a header counter that never delays or breaks a page.

use colheita::web::routes;
use serde_json::json;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

async fn platform() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    mock_home(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    (server, app)
}

async fn answer(server: &MockServer, p: &str, status: u16, body: serde_json::Value) {
    Mock::given(method("GET"))
        .and(path(p))
        .respond_with(ResponseTemplate::new(status).set_body_json(body))
        .mount(server)
        .await;
}

#[tokio::test]
async fn a_failing_statement_shows_the_error_card_and_an_empty_one_the_empty_card() {
    let (server, app) = platform().await;
    answer(&server, "/v1/cadastro", 503, json!({})).await;
    let failing = Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"mensagem": "falhou"})))
        .up_to_n_times(1)
        .mount_as_scoped(&server)
        .await;
    let resp = app.get(routes::EXTRATO).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
    // The filter stays usable, with the investor's own account.
    assert_eq!(
        text(&doc, "#codigoCliente option[selected]"),
        "Conta 100234"
    );
    drop(failing);

    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .and(query_param("dias", "7"))
        .and(query_param("codigoCliente", "100234"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"dados": [], "totalDeRegistros": 0})),
        )
        .mount(&server)
        .await;
    let doc = html(app.get(routes::EXTRATO).await).await;
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado para os parâmetros informados."
    );
    assert_eq!(text(&doc, ".resumo-filtro strong"), "7 dias, Conta 100234");
}

#[tokio::test]
async fn the_dates_go_to_the_platform_as_iso_and_the_lines_show_as_cards() {
    let (server, app) = platform().await;
    answer(&server, "/v1/cadastro", 200, json!({"contas": [{"codigoCliente": "100234", "conta": "1-0"}, {"codigoCliente": "100999", "conta": "9-9"}]})).await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .and(query_param("dataInicio", "2026-10-01"))
        .and(query_param("dataFim", "2026-10-20"))
        .and(query_param("codigoCliente", "100999"))
        .and(query_param("Tipo", "Rendimento"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"dados": [
            {"data": "2026-10-05T09:00:00-03:00", "valor": 123.45, "descricao": "Rendimento de Fazenda X",
             "banco": "341 - Itaú Unibanco S.A.", "nomeAtivo": "Fazenda X", "tipo": "Rendimento", "status": "Liquidado"}
        ], "totalDeRegistros": 1})))
        .mount(&server)
        .await;
    let doc = html(
        app.get(&routes::extrato(
            "dataInicio=01%2F10%2F2026&dataFim=20%2F10%2F2026&codigoCliente=100999&Tipo=Rendimento",
        ))
        .await,
    )
    .await;
    assert_eq!(
        text(&doc, ".resumo-filtro strong"),
        "Conta 100999, 01/10/2026 até 20/10/2026, Rendimento"
    );
    assert_eq!(
        texts(&doc, "table.tabela-cartoes tbody td")
            .iter()
            .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>(),
        [
            "05/10/2026",
            "R$ 123,45 R$ ••••• (valor oculto)",
            "Rendimento de Fazenda X",
            "341 - Itaú Unibanco S.A."
        ]
    );
    assert_eq!(
        texts(&doc, "#codigoCliente option"),
        ["Conta 100234", "Conta 100999"]
    );
    // One result is below the page size: no pagination.
    assert!(texts(&doc, "nav.paginacao").is_empty());
}

#[tokio::test]
async fn a_failing_counter_never_breaks_a_page_and_a_failing_list_shows_its_message() {
    let (server, app) = platform().await;
    answer(
        &server,
        "/v1/notificacoes/contador",
        500,
        json!({"mensagem": "contador fora"}),
    )
    .await;
    let home = app.get(routes::HOME).await;
    assert_eq!(home.status(), 200);
    let doc = html(home).await;
    assert_eq!(text(&doc, "a.link-notificacoes"), "Notificações");
    assert!(texts(&doc, ".link-notificacoes .contador").is_empty());

    answer(
        &server,
        "/v1/notificacoes",
        500,
        json!({"mensagem": "Serviço de notificações indisponível."}),
    )
    .await;
    answer(
        &server,
        "/v1/notificacoes/configuracoes",
        500,
        json!({"mensagem": "Configurações indisponíveis."}),
    )
    .await;
    let resp = app.get(routes::NOTIFICACOES).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, ".cartao-erro p"),
        "Serviço de notificações indisponível."
    );
    assert_eq!(
        text(&doc, "#configurar-notificacoes [role=alert]"),
        "Configurações indisponíveis."
    );
}

/// A page drawn before its counter call came back (its own calls answered first) leaves the
/// count to the next page, which shows and keeps it without asking the platform again.
#[tokio::test]
async fn a_count_that_arrives_after_its_page_is_shown_by_the_next_page_without_a_second_call() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/notificacoes/contador"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"naoLidas": 3}))
                .set_delay(std::time::Duration::from_millis(300)),
        )
        .expect(1)
        .mount(&server)
        .await;
    let first = html(app.get(routes::HOME).await).await;
    assert!(texts(&first, ".link-notificacoes .contador").is_empty());
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;
    let second = html(app.get(routes::HOME).await).await;
    assert_eq!(text(&second, ".link-notificacoes .contador"), "3 não lidas");
    let third = html(app.get(routes::INVESTIR).await).await;
    assert_eq!(text(&third, ".link-notificacoes .contador"), "3 não lidas");
    server.verify().await;
}

#[tokio::test]
async fn the_counter_shows_in_the_header_and_the_tab() {
    let (server, app) = platform().await;
    answer(
        &server,
        "/v1/notificacoes/contador",
        200,
        json!({"naoLidas": 4}),
    )
    .await;
    answer(&server, "/v1/notificacoes/configuracoes", 200, json!([])).await;
    answer(&server, "/v1/notificacoes", 200, json!({"dados": [
        {"id": 8, "titulo": "Pix recebido", "resumo": "Recebemos o seu Pix.", "dataEnvio": "2026-11-20T10:15:00-03:00", "dataLeitura": null},
        {"id": 7, "titulo": "Sem data", "resumo": null, "dataEnvio": null, "dataLeitura": null}
    ], "totalDeRegistros": 2})).await;
    let doc = html(app.get(routes::NOTIFICACOES).await).await;
    assert_eq!(text(&doc, ".link-notificacoes .contador"), "4 não lidas");
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "Não lidos 4");
    assert_eq!(
        texts(&doc, ".notificacao .texto-secundario"),
        ["Enviada em: 20/11/2026 às 10:15", "Enviada em: -"]
    );
    // No setting stored means notifications are on.
    assert!(
        doc.select(&scraper::Selector::parse("#aplicativo[checked]").unwrap())
            .next()
            .is_some()
    );
    // The count is kept in the session: the next page shows it at once.
    let home = html(app.get(routes::HOME).await).await;
    assert_eq!(text(&home, ".link-notificacoes .contador"), "4 não lidas");
}

#[tokio::test]
async fn the_action_button_never_leaves_the_site() {
    let (server, app) = platform().await;
    answer(
        &server,
        "/v1/notificacoes/contador",
        200,
        json!({"naoLidas": 0}),
    )
    .await;
    answer(&server, "/v1/notificacoes/3", 200, json!({"id": 3, "titulo": "Oferta",
        "mensagem": {"titulo": "Oferta", "resumo": "Veja.", "dataEnvio": "2026-11-20T10:15:00-03:00",
                     "tituloBotao": "Ver agora", "uRLBotao": "https://golpe.example/pix"}})).await;
    let doc = html(app.get(&routes::notificacao(3)).await).await;
    let href = doc
        .select(&scraper::Selector::parse(".notificacao-detalhe a.botao-primario").unwrap())
        .next()
        .and_then(|a| a.value().attr("href").map(str::to_owned));
    assert_eq!(href.as_deref(), Some(routes::INVESTIR));
    assert_eq!(
        text(&doc, ".notificacao-detalhe a.botao-primario"),
        "Ver agora"
    );
    answer(
        &server,
        "/v1/notificacoes/4",
        404,
        json!({"mensagem": "Notificação não encontrada."}),
    )
    .await;
    assert_eq!(app.get(&routes::notificacao(4)).await.status(), 404);
}

#[tokio::test]
async fn the_income_report_and_the_products_fail_to_their_cards() {
    let (server, app) = platform().await;
    answer(
        &server,
        "/v1/cadastro/documentos",
        500,
        json!({"mensagem": "fora"}),
    )
    .await;
    let resp = app.get(routes::INFORME_RENDIMENTO).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "h2#informe-titulo"),
        "Seus rendimentos anuais consolidados"
    );
    // A fault is not "no report": the error card with its retry, never the empty card.
    let report = "section[aria-labelledby=informe-titulo]";
    assert_eq!(
        text(&doc, &format!("{report} .cartao-erro h2")),
        "Ops! Houve uma falha."
    );
    assert_eq!(
        texts(&doc, &format!("{report} .cartao-erro a")),
        ["Tentar novamente"]
    );
    assert!(texts(&doc, ".cartao-vazio").is_empty());

    answer(&server, "/v1/produtos", 500, json!({"mensagem": "fora"})).await;
    let resp = app.get(&routes::renda_variavel("3", 1, 10)).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "h1"), "LCA");
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
}

#[tokio::test]
async fn the_income_report_line_names_the_year_the_document_states() {
    let (server, app) = platform().await;
    answer(
        &server,
        "/v1/cadastro/documentos",
        200,
        json!([{
            "id": 7,
            "tipoDocumento": "Others",
            "nomeDocumento": "informe.pdf",
            "descricaoDocumento": "Informe de rendimentos — ano-calendário 2025",
            "dataEnvio": "2026-02-01T08:00:00"
        }]),
    )
    .await;
    let doc = html(app.get(routes::INFORME_RENDIMENTO).await).await;
    assert_eq!(
        text(&doc, "a.informe-abrir"),
        "Ano calendário - 2025 (PDF, abre em nova janela)"
    );
    // The report line is not a failure (the guide, whose years this platform does not
    // answer, fails on its own).
    assert!(texts(&doc, "section[aria-labelledby=informe-titulo] .cartao-erro").is_empty());
}

#[tokio::test]
async fn a_failing_tax_guide_shows_its_error_card_under_a_report_that_works() {
    let (server, app) = platform().await;
    answer(&server, "/v1/cadastro/documentos", 200, json!([])).await;
    answer(&server, "/v1/informe/anos", 200, json!([2025, 2024])).await;
    answer(
        &server,
        "/v1/informe/2025/declaracao",
        503,
        json!({"mensagem": "fora"}),
    )
    .await;
    let resp = app.get(routes::INFORME_RENDIMENTO).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    // The report answered (none yet); the guide failed on its own.
    assert_eq!(
        texts(
            &doc,
            "section[aria-labelledby=informe-titulo] .cartao-vazio"
        )
        .len(),
        1
    );
    assert_eq!(
        text(&doc, ".declaracao-irpf .cartao-erro h2"),
        "Ops! Houve uma falha."
    );
    assert!(texts(&doc, "article.irpf-item").is_empty());

    // A guide with garbage for its amounts is a failure too, never a 5xx of the page.
    answer(
        &server,
        "/v1/informe/2024/declaracao",
        200,
        json!({"ano": 2024, "itens": [{"nomeCaptacao": 1}]}),
    )
    .await;
    let resp = app
        .get(&format!("{}?ano=2024", routes::INFORME_RENDIMENTO))
        .await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, ".declaracao-irpf .cartao-erro h2"),
        "Ops! Houve uma falha."
    );
}

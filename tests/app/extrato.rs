//! The statement, the income report and the category search against the sandbox, as
//! investidor@ (Completo, months of movements, the 2024 income report) and basico@ (nothing
//! yet).

use colheita::web::routes;

use crate::support::*;

/// dd/mm/aaaa of the São Paulo day `n` days ago.
fn days_ago(n: i64) -> String {
    let today = colheita::domain::dates::today_in_sao_paulo(jiff::Timestamp::now());
    let d = today.checked_sub(jiff::Span::new().days(n)).unwrap();
    colheita::domain::dates::format_civil_date_br(d)
}

fn rows(doc: &scraper::Html) -> usize {
    texts(doc, "table.tabela-cartoes tbody tr").len()
}

#[tokio::test]
async fn the_statement_filters_by_days_range_kind_and_text() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::EXTRATO).await).await;
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "Extrato");
    assert_eq!(text(&doc, ".resumo-filtro strong"), "7 dias, Conta 204817");

    let doc = html(app.get(&routes::extrato("dias=90&PageSize=1000")).await).await;
    assert_eq!(text(&doc, ".resumo-filtro strong"), "90 dias, Conta 204817");
    let all90 = rows(&doc);
    assert!(all90 > 3, "{all90} lines in 90 days");
    // Each status badge wears its meaning's colour, and the legend says what they mean.
    assert!(text(&doc, ".legenda-status").contains("Cancelado: não será liquidada."));
    for (label, class) in [("Pendente", "badge-aviso"), ("Cancelado", "badge-erro")] {
        let wrong = texts(&doc, &format!("td.celula-texto .badge:not(.{class})"));
        assert!(!wrong.iter().any(|b| b == label), "{label}: {wrong:?}");
    }
    let doc = html(app.get(&routes::extrato("dias=30&PageSize=1000")).await).await;
    let all30 = rows(&doc);
    assert!(all30 >= 1 && all30 <= all90, "{all30} of {all90}");

    // A custom range: 'Personalizado' takes the dates (dd/mm/aaaa).
    let (start, end) = (days_ago(60), days_ago(0));
    let q = serde_urlencoded::to_string([
        ("dias", "personalizado"),
        ("dataInicio", &start),
        ("dataFim", &end),
        ("PageSize", "1000"),
    ])
    .unwrap();
    let doc = html(app.get(&routes::extrato(&q)).await).await;
    assert_eq!(
        text(&doc, ".resumo-filtro strong"),
        format!("Conta 204817, {start} até {end}")
    );
    assert!(rows(&doc) >= all30);

    // The kind: only rendimentos.
    let doc = html(
        app.get(&routes::extrato("dias=90&Tipo=Rendimento&PageSize=1000"))
            .await,
    )
    .await;
    assert_eq!(
        text(&doc, ".resumo-filtro strong"),
        "90 dias, Conta 204817, Rendimento"
    );
    let descriptions = texts(
        &doc,
        "table.tabela-cartoes tbody td[data-label=\"Descrição\"]",
    );
    assert!(!descriptions.is_empty());
    assert!(
        descriptions.iter().all(|d| d.contains("Rendimento")),
        "{descriptions:?}"
    );

    // Free text alone is the summary, and finds nothing when nothing matches.
    let doc = html(app.get(&routes::extrato("dias=90&FieldSearch=xyzzy")).await).await;
    assert_eq!(text(&doc, ".resumo-filtro strong"), "xyzzy");
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
}

#[tokio::test]
async fn a_quick_period_chosen_after_a_custom_range_applies_the_days() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let (start, end) = (days_ago(60), days_ago(0));
    let q = serde_urlencoded::to_string([
        ("dias", "personalizado"),
        ("dataInicio", &start),
        ("dataFim", &end),
    ])
    .unwrap();
    let doc = html(app.get(&routes::extrato(&q)).await).await;
    // The form says the dates hold, and keeps them for the next submission.
    assert_eq!(
        attr(&doc, "input[name=dias][checked]", "value"),
        ["personalizado"]
    );
    assert_eq!(text(&doc, "label[for=dias-personalizado]"), "Personalizado");
    assert_eq!(
        attr(&doc, "#dataInicio", "value"),
        std::slice::from_ref(&start)
    );

    assert_eq!(
        attr(&doc, "input[name=periodoAnterior]", "value"),
        ["personalizado"]
    );

    // The same form submitted with 15 dias chosen: the days apply, the old dates do not.
    let q = serde_urlencoded::to_string([
        ("PageSize", "10"),
        ("periodoAnterior", "personalizado"),
        ("dias", "15"),
        ("dataInicio", &start),
        ("dataFim", &end),
    ])
    .unwrap();
    let resp = app.get(&routes::extrato(&q)).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".resumo-filtro strong"), "15 dias, Conta 204817");
    assert_eq!(attr(&doc, "input[name=dias][checked]", "value"), ["15"]);
    assert_eq!(attr(&doc, "#dataInicio", "value"), [""]);
}

#[tokio::test]
async fn ninety_days_count_the_same_as_days_and_as_a_range() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let by_days = html(app.get(&routes::extrato("dias=90&PageSize=1000")).await).await;
    let q = serde_urlencoded::to_string([
        ("dias", "personalizado"),
        ("dataInicio", &days_ago(89)),
        ("dataFim", &days_ago(0)),
        ("PageSize", "1000"),
    ])
    .unwrap();
    let resp = app.get(&routes::extrato(&q)).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(rows(&html(resp).await), rows(&by_days));
    let q = serde_urlencoded::to_string([
        ("dias", "personalizado"),
        ("dataInicio", &days_ago(90)),
        ("dataFim", &days_ago(0)),
    ])
    .unwrap();
    let resp = app.get(&routes::extrato(&q)).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "O período não pode ultrapassar 90 dias."
    );
    assert_eq!(
        attr(&doc, "input[name=dias][checked]", "value"),
        ["personalizado"]
    );
}

#[tokio::test]
async fn the_statement_refuses_over_ninety_days_keeping_the_dates() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let (start, end) = (days_ago(91), days_ago(0));
    let q = serde_urlencoded::to_string([("dataInicio", &start), ("dataFim", &end)]).unwrap();
    let resp = app.get(&routes::extrato(&q)).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "O período não pode ultrapassar 90 dias."
    );
    assert_eq!(attr(&doc, "#dataInicio", "value"), [start]);
    assert_eq!(attr(&doc, "#dataFim", "value"), [end]);
    // Dates without a choice are the custom range, and the form says so.
    assert_eq!(
        attr(&doc, "input[name=dias][checked]", "value"),
        ["personalizado"]
    );
    let resp = app.get(&routes::extrato("dias=91")).await;
    assert_eq!(resp.status(), 422);
}

#[tokio::test]
async fn the_statement_pages_with_the_chosen_size() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::extrato("dias=90&PageSize=1000")).await).await;
    let total = rows(&doc);
    assert!(total > 10, "the seed has {total} lines in 90 days");
    let doc = html(app.get(&routes::extrato("dias=90")).await).await;
    assert_eq!(rows(&doc), 10);
    assert_eq!(text(&doc, "nav.paginacao a[aria-current=page]"), "1");
    let links = attr(&doc, "nav.paginacao a", "href");
    assert!(links.iter().all(|l| l.contains("dias=90")), "{links:?}");
    assert_eq!(
        texts(&doc, "#PageSize-lista option"),
        ["10", "20", "30", "40", "50", "100", "200", "500", "1000"]
    );
    let doc = html(app.get(&routes::extrato("dias=90&Page=2")).await).await;
    assert_eq!(rows(&doc), (total - 10).min(10));
    assert_eq!(text(&doc, "nav.paginacao a[aria-current=page]"), "2");
}

#[tokio::test]
async fn basico_has_an_empty_statement_and_no_income_report() {
    let app = logged_in_as("basico@colheita.dev").await;
    let doc = html(app.get(routes::EXTRATO).await).await;
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
    let doc = html(app.get(routes::INFORME_RENDIMENTO).await).await;
    assert_eq!(text(&doc, ".cartao-vazio h3"), "Nenhum item encontrado.");
    let resp = app.get(routes::INFORME_RENDIMENTO_ARQUIVO).await;
    assert_eq!(resp.status(), 404);
}

#[tokio::test]
async fn the_income_report_opens_and_downloads() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::INFORME_RENDIMENTO).await).await;
    assert_eq!(
        text(&doc, "h2#informe-titulo"),
        "Seus rendimentos anuais consolidados"
    );
    assert_eq!(
        text(&doc, "a.informe-abrir"),
        "Ano calendário - 2024 (PDF, abre em nova janela)"
    );
    assert_eq!(attr(&doc, "a.informe-abrir", "target"), ["_blank"]);
    let resp = app.get(routes::INFORME_RENDIMENTO_ARQUIVO).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    assert!(
        resp.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline")
    );
    assert!(resp.bytes().await.unwrap().starts_with(b"%PDF-"));
    let resp = app
        .get(&format!("{}?baixar=1", routes::INFORME_RENDIMENTO_ARQUIVO))
        .await;
    assert!(
        resp.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    // The documents tab does not list the report among the registration's documents.
    let doc = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert_eq!(texts(&doc, ".documento-linha").len(), 3);
}

#[tokio::test]
async fn the_category_search_lists_products_and_explains_unknown_codes() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::renda_variavel("3", 1, 10)).await).await;
    assert_eq!(text(&doc, "h1"), "LCA");
    assert!(rows(&doc) >= 3);
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "LCA");
    let doc = html(
        app.get(&routes::renda_variavel("3", 1, 10).replace("PageSize=10", "PageSize=1"))
            .await,
    )
    .await;
    // 1 is not an offered size: back to 10.
    assert!(rows(&doc) >= 3);
    let doc = html(app.get(&routes::renda_variavel("10", 1, 10)).await).await;
    assert_eq!(text(&doc, "h1"), "COE");
    assert_eq!(text(&doc, ".cartao-vazio h2"), "Nenhum item encontrado.");
    for code in ["99", "abc"] {
        let resp = app.get(&routes::renda_variavel(code, 1, 10)).await;
        assert_eq!(resp.status(), 404, "{code}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "h1"), "Categoria não encontrada");
        assert_eq!(texts(&doc, "nav.abas a").len(), 10);
    }
    // No category asked for is no error: the categories to choose from.
    for path in [
        routes::RENDA_VARIAVEL.to_owned(),
        routes::renda_variavel("", 1, 10),
    ] {
        let resp = app.get(&path).await;
        assert_eq!(resp.status(), 200, "{path}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "h1"), "Categorias de investimento", "{path}");
        assert_eq!(texts(&doc, "nav.abas a").len(), 10, "{path}");
        assert!(texts(&doc, "nav.abas a[aria-current]").is_empty(), "{path}");
    }
}

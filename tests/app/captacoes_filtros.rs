//! Offerings, the rest: the simulation (page, modal fragment, empty answer) and the operation
//! PDF (the last PdfCaptacao, streamed; the download failing), against the sandbox and
//! against a wiremock platform.

use colheita::web::routes;
use serde_json::json;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::*;

const SANTA_LUZIA: &str = "fazenda-santa-luzia-soja-2027";

/// The sandbox PDFs' text, decoded through their fonts' ToUnicode maps: the crate's own
/// reader, shared with its unit tests.
#[path = "../../src/sandbox/pdf/leitura.rs"]
mod leitura;
pub(crate) use leitura::texto_do_pdf as pdf_text;

fn attr(doc: &scraper::Html, selector: &str, name: &str) -> Option<String> {
    let sel = scraper::Selector::parse(selector).unwrap();
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr(name))
        .map(str::to_owned)
}

#[tokio::test]
async fn the_simulation_shows_each_scenario_with_its_total_and_installments() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app
        .get(&format!(
            "{}?valor=10.000,00",
            routes::captacao_simular(SANTA_LUZIA)
        ))
        .await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Simule o seu investimento | Colheita");
    assert_eq!(
        texts(&doc, ".cenarios h3"),
        vec![
            "Cenário base",
            "Cenário com reinvestimento",
            "Cenário conservador"
        ]
    );
    // 17,50 % a.a., 12 months, monthly interest (checked by hand in the sandbox's unit tests).
    assert_eq!(
        texts(&doc, ".cenarios strong .valor-real"),
        vec!["R$ 11.623,57", "R$ 11.750,00", "R$ 11.449,69"]
    );
    assert_eq!(
        attr(&doc, "#valor-simulacao", "value").as_deref(),
        Some("10.000,00"),
        "the amount is kept"
    );
    // The chart island (loaded lazily) over its fallback: one table per scenario, one row per installment.
    assert_eq!(
        attr(&doc, "[data-island=chart]", "data-lazy").as_deref(),
        Some("")
    );
    assert_eq!(
        texts(&doc, "[data-island=chart] table caption"),
        vec![
            "Parcelas — Cenário base",
            "Parcelas — Cenário com reinvestimento",
            "Parcelas — Cenário conservador",
        ]
    );
    let rows = |n: usize| {
        texts(
            &doc,
            &format!("[data-island=chart] .tabela-rolagem:nth-of-type({n}) tbody tr"),
        )
        .len()
    };
    assert_eq!((rows(1), rows(2), rows(3)), (12, 1, 12));
    let base = texts(
        &doc,
        "[data-island=chart] .tabela-rolagem:nth-of-type(1) tbody td.num .valor-real",
    );
    assert_eq!(base.len(), 12);
    assert!(base[..11].iter().all(|v| v == "R$ 135,30"), "{base:?}");
    assert_eq!(
        base[11], "R$ 10.135,27",
        "the last payment brings the principal and the rounding"
    );
    // The chart props put all three scenarios on the same twelve payment days.
    let props: serde_json::Value = serde_json::from_str(&text(
        &doc,
        "[data-island=chart] script[type='application/json']",
    ))
    .unwrap();
    assert_eq!(props["height"], 400);
    assert_eq!(props["labels"].as_array().unwrap().len(), 12);
    let reinvest = props["datasets"][1]["data"].as_array().unwrap();
    assert_eq!(
        reinvest.iter().filter(|v| *v != "0").count(),
        1,
        "{reinvest:?}"
    );
}

#[tokio::test]
async fn the_modal_gets_the_panel_alone_and_a_refusal_with_its_alert() {
    let app = TestApp::with_sandbox(&[]).await;
    // The detail's Simular link is the simulation island's fallback.
    let detail = html(app.get(&routes::captacao(SANTA_LUZIA)).await).await;
    let props: serde_json::Value = serde_json::from_str(&text(
        &detail,
        "#investir [data-island=simulacao] script[type='application/json']",
    ))
    .unwrap();
    assert_eq!(
        props,
        json!({"url": routes::captacao_simular(SANTA_LUZIA), "title": "Simule o seu investimento"})
    );
    assert_eq!(
        texts(
            &detail,
            "#investir [data-island=simulacao] a[href$='/simular']"
        ),
        vec!["Simular"]
    );

    let resp = app
        .get(&format!(
            "{}?parcial=1",
            routes::captacao_simular(SANTA_LUZIA)
        ))
        .await;
    assert_eq!(resp.status(), 200);
    let body = resp.text().await.unwrap();
    assert!(
        !body.contains("<html") && !body.contains("<header"),
        "no shell: {body}"
    );
    let frag = scraper::Html::parse_fragment(&body);
    assert_eq!(texts(&frag, "section.painel-simulacao").len(), 1);
    assert!(texts(&frag, "h1").is_empty(), "the modal has its own title");
    assert_eq!(
        texts(&frag, "label[for=valor-simulacao]"),
        vec!["Valor do investimento (R$)"]
    );

    let resp = app
        .get(&format!(
            "{}?valor=1.000,00&parcial=1",
            routes::captacao_simular(SANTA_LUZIA)
        ))
        .await;
    assert_eq!(resp.status(), 200);
    let frag = scraper::Html::parse_fragment(&resp.text().await.unwrap());
    assert_eq!(texts(&frag, "#simulacao-resultados"), vec!["Resultados"]);
    assert_eq!(texts(&frag, ".cenarios h4").len(), 3);
    assert_eq!(texts(&frag, "[data-island=chart]").len(), 1);

    let resp = app
        .get(&format!(
            "{}?valor=12a&parcial=1",
            routes::captacao_simular(SANTA_LUZIA)
        ))
        .await;
    assert_eq!(resp.status(), 422);
    let frag = scraper::Html::parse_fragment(&resp.text().await.unwrap());
    assert_eq!(text(&frag, "dialog.alerta h2"), "Atenção!");
    assert_eq!(
        text(&frag, "dialog.alerta p"),
        "Informe um valor maior que zero no formato 1.234,56."
    );
    assert_eq!(
        attr(&frag, "#valor-simulacao", "value").as_deref(),
        Some("12a")
    );
}

pub(crate) fn offering_json(
    id: i64,
    url: &str,
    documentos: serde_json::Value,
) -> serde_json::Value {
    json!({"id": id, "urlAmigavel": url, "nomeCaptacao": "Fazenda Teste – Soja", "descricaoProduto": "Teste.",
        "statusCaptacao": "Captação no ar", "status": {"id": 3, "name": "Captação no ar", "color": "#1b7f3b"},
        "vencimento": 12, "rendimentoDescricao": "15,00% a.a.", "rating": "A", "limiteArrecadacao": 100000.0,
        "arrecadado": 1000.0, "reservado": 0.0, "disponivel": 99000.0, "acompanhamento": 1.0,
        "fimCaptacao": "2099-01-20T23:59:59-03:00", "documentos": documentos,
        "rentabilidade": {"prazo": 12, "rendimento": 15.0, "descricaoPagamento": "Juros mensais", "investimentoMinimo": 1000.0}})
}

pub(crate) async fn platform_with_offering(
    id: i64,
    url: &str,
    documentos: serde_json::Value,
) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(format!("/v1/captacoes/urlamigavel/{url}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(offering_json(id, url, documentos)))
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn an_empty_simulation_says_nothing_was_found() {
    let server = platform_with_offering(41, "fazenda-teste", json!([])).await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/simular/41"))
        .and(query_param("valorBase", "2500.50"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([])))
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app
        .get("/investir/fazenda-teste/simular?valor=2.500,50")
        .await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, ".cartao-vazio h2"),
        "Nenhum resultado encontrado"
    );
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado(s) para o(s) parâmetro(s) informado(s)"
    );
    assert!(texts(&doc, "[data-island=chart]").is_empty());
    assert!(
        texts(&doc, "script[src]").is_empty(),
        "no island, no loader"
    );
}

#[tokio::test]
async fn the_operation_pdf_is_the_last_pdfcaptacao_streamed_from_the_sandbox() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(&routes::captacao_documento(SANTA_LUZIA)).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    let bytes = resp.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = pdf_text(&bytes);
    assert!(
        text.contains("Documento: Lâmina da operação (versão 2)"),
        "{text}"
    );
    assert!(
        !text.contains("versão 1") && !text.contains("Minuta"),
        "{text}"
    );
    assert!(text.contains("Fazenda Santa Luzia"), "{text}");
}

#[tokio::test]
async fn the_download_asks_the_platform_for_the_last_pdfcaptacao() {
    let docs = json!([
        {"id": 7, "tipo": "PdfCaptacao", "nome": "v1"},
        {"id": 8, "tipo": "Contrato", "nome": "Contrato"},
        {"id": 9, "tipo": "PdfCaptacao", "nome": "v2"},
        {"id": 10, "tipo": "Outro", "nome": "Anexo"}
    ]);
    let server = platform_with_offering(42, "fazenda-docs", docs).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/42/documento/9"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(b"%PDF-1.7 nove".to_vec(), "application/pdf"),
        )
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app.get(&routes::captacao_documento("fazenda-docs")).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    assert_eq!(&resp.bytes().await.unwrap()[..], b"%PDF-1.7 nove");
}

#[tokio::test]
async fn a_failing_download_says_so() {
    let server = platform_with_offering(
        43,
        "fazenda-falha",
        json!([{"id": 5, "tipo": "PdfCaptacao", "nome": "v1"}]),
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/43/documento/5"))
        .respond_with(ResponseTemplate::new(500).set_body_json(json!({"mensagem": "falhou"})))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app.get(&routes::captacao_documento("fazenda-falha")).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Ocorreu um erro ao fazer o download"
    );
    assert_eq!(
        texts(&doc, "main a[href='/investir/fazenda-falha']").len(),
        1,
        "a way back to the captacao"
    );
}

//! The duties of Resolução CVM nº 88/2022 on the offering pages: the standard warning on
//! the detail and the list, the essential information and the risk alerts of the detail,
//! the essential-information PDF, and a failed close, against the sandbox and a platform
//! double.

use colheita::domain::cvm;
use colheita::web::routes;
use colheita::web::ui::aviso_cvm::AVISO_CVM;
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::captacoes_filtros::{offering_json, pdf_text};
use crate::support::*;

const URL: &str = "fazenda-santa-luzia-soja-2027";

/// The `dt` → `dd` pairs of the essential-information section.
fn essentials(doc: &scraper::Html) -> Vec<(String, String)> {
    let dts = texts(doc, "section.informacoes-essenciais dl dt");
    let dds = texts(doc, "section.informacoes-essenciais dl dd");
    dts.into_iter().zip(dds).collect()
}

fn hrefs(doc: &scraper::Html, selector: &str) -> Vec<String> {
    let sel = scraper::Selector::parse(selector).unwrap();
    doc.select(&sel)
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn the_detail_shows_the_warning_the_essential_information_and_the_risks() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(&routes::captacao(URL)).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;

    // The warning, word for word, with its heading and its two links.
    assert_eq!(text(&doc, "aside.aviso-cvm h2"), "Aviso da CVM");
    assert_eq!(text(&doc, "aside.aviso-cvm p"), AVISO_CVM);
    assert!(AVISO_CVM.starts_with("As sociedades empresárias de pequeno porte"));
    assert_eq!(
        texts(&doc, "aside.aviso-cvm a"),
        vec![
            "Informações essenciais da oferta (PDF) (abre em nova janela)",
            "Alertas de risco"
        ]
    );
    assert_eq!(
        hrefs(&doc, "aside.aviso-cvm a"),
        vec![
            routes::captacao_informacoes_essenciais(URL),
            routes::captacao_alertas(URL)
        ]
    );
    // Before the details, so it is read before investing.
    let html_text = doc.html();
    assert!(
        html_text.find("aviso-cvm").unwrap() < html_text.find("acordeoes").unwrap(),
        "the warning comes before the accordions"
    );

    assert_eq!(
        text(&doc, "section.informacoes-essenciais h2"),
        "Informações essenciais"
    );
    // The targets come first; the issuer's items follow (tests/app/captacoes_emissor.rs).
    assert_eq!(
        essentials(&doc)[..5],
        [
            (
                "Valor alvo mínimo".into(),
                "R$ 1.000.000,00 R$ ••••• (valor oculto) (67 % do valor alvo máximo)".into()
            ),
            (
                "Valor alvo máximo".into(),
                "R$ 1.500.000,00 R$ ••••• (valor oculto)".into()
            ),
            ("Prazo da captação".into(), essentials(&doc)[2].1.clone()),
            ("Distribuição parcial".into(), "Permitida".into()),
            (
                "Se o valor alvo mínimo não for atingido".into(),
                "A oferta é cancelada e todo o valor investido é devolvido integralmente.".into()
            ),
        ]
    );
    let prazo = &essentials(&doc)[2].1;
    assert!(
        prazo.len() == 10 && prazo.as_bytes()[2] == b'/' && prazo.as_bytes()[5] == b'/',
        "{prazo}"
    );
    assert_eq!(
        hrefs(&doc, "section.informacoes-essenciais a"),
        vec![routes::captacao_informacoes_essenciais(URL)]
    );

    // The anchor the warning points to, with every risk.
    assert_eq!(text(&doc, "#alertas-de-risco h2"), "Alertas de risco");
    assert_eq!(texts(&doc, "#alertas-de-risco li"), cvm::RISCOS.to_vec());
    // The documents list offers the new PDF too.
    assert!(
        hrefs(&doc, "details.acordeao a.link-download")
            .contains(&routes::captacao_informacoes_essenciais(URL))
    );
    assert!(texts(&doc, ".aviso-malsucedida").is_empty());
}

#[tokio::test]
async fn an_offering_without_partial_distribution_says_so() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao("cacau-cabruca-fazenda-provisao"))
            .await,
    )
    .await;
    let facts = essentials(&doc);
    assert_eq!(
        facts[3],
        ("Distribuição parcial".into(), "Não permitida".into())
    );
    assert_eq!(
        facts[0].1,
        format!("{} (100 % do valor alvo máximo)", facts[1].1),
        "the minimum is the whole target"
    );
}

#[tokio::test]
async fn the_list_shows_the_general_warning_without_an_offerings_links() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.get(routes::INVESTIR).await).await;
    assert_eq!(text(&doc, "aside.aviso-cvm h2"), "Aviso da CVM");
    assert_eq!(text(&doc, "aside.aviso-cvm p"), AVISO_CVM);
    assert!(texts(&doc, "aside.aviso-cvm a").is_empty());
}

#[tokio::test]
async fn the_essential_information_pdf_is_downloaded_through_the_document_route() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(&routes::captacao_informacoes_essenciais(URL)).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    let bytes = resp.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = pdf_text(&bytes);
    for esperado in [
        "Informações essenciais da oferta",
        "Valor alvo mínimo: R$ 1.000.000,00",
        "Alertas de risco",
    ] {
        assert!(text.contains(esperado), "missing {esperado:?} in {text}");
    }
    // The route without the query still gives the operation PDF.
    let resp = app.get(&routes::captacao_documento(URL)).await;
    let text = pdf_text(&resp.bytes().await.unwrap());
    assert!(text.contains("Informações da operação"), "{text}");
}

async fn platform_with(offering: serde_json::Value) -> MockServer {
    let server = MockServer::start().await;
    let url = offering["urlAmigavel"].as_str().unwrap().to_owned();
    Mock::given(method("GET"))
        .and(path(format!("/v1/captacoes/urlamigavel/{url}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(offering))
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_failed_close_is_announced_and_a_platform_without_the_fields_still_renders() {
    let mut o = offering_json(44, "fazenda-malsucedida", json!([]));
    o["resultadoCaptacao"] = json!("Malsucedida");
    o["valorAlvoMinimo"] = json!(60000.00);
    o["distribuicaoParcial"] = json!(true);
    let server = platform_with(o).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let doc = html(app.get(&routes::captacao("fazenda-malsucedida")).await).await;
    assert_eq!(
        text(&doc, ".aviso-malsucedida"),
        "Esta captação foi encerrada sem atingir o valor alvo mínimo. As reservas foram canceladas e os valores devolvidos."
    );
    // Without the document listed, the warning links only the risk alerts, and the
    // essential-information download says there is no file.
    assert_eq!(texts(&doc, "aside.aviso-cvm a"), vec!["Alertas de risco"]);
    let resp = app
        .get(&routes::captacao_informacoes_essenciais(
            "fazenda-malsucedida",
        ))
        .await;
    assert_eq!(resp.status(), 404);

    // An older platform (no CVM 88 fields): the page renders, the maximum is the limit.
    let server = platform_with(offering_json(45, "fazenda-antiga", json!([]))).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app.get(&routes::captacao("fazenda-antiga")).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    let facts = essentials(&doc);
    assert_eq!(facts[0].1, "-");
    assert!(facts[1].1.starts_with("R$ 100.000,00"), "{facts:?}");
    assert_eq!(facts[3].1, "-");
    assert_eq!(text(&doc, "aside.aviso-cvm p"), AVISO_CVM);
}

#[tokio::test]
async fn the_essential_information_download_asks_the_platform_for_its_document() {
    let docs = json!([
        {"id": 9, "tipo": "PdfCaptacao", "nome": "Lâmina"},
        {"id": 11, "tipo": "InformacoesEssenciais", "nome": "Informações essenciais da oferta"}
    ]);
    let server = platform_with(offering_json(46, "fazenda-essencial", docs)).await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/46/documento/11"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(b"%PDF-1.7 onze".to_vec(), "application/pdf"),
        )
        .expect(1)
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let resp = app
        .get(&routes::captacao_informacoes_essenciais(
            "fazenda-essencial",
        ))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(&resp.bytes().await.unwrap()[..], b"%PDF-1.7 onze");
}

//! The statement's files (CSV, OFX, PDF): names and types, every movement of the filter
//! across the platform's pages, the cap, and a refused filter.

use colheita::domain::extrato::exportar::MSG_LIMITE;
use colheita::web::routes;
use serde_json::json;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

fn header(resp: &reqwest::Response, name: &str) -> String {
    resp.headers()[name].to_str().unwrap().to_owned()
}

fn line(id: u32) -> serde_json::Value {
    json!({"id": id, "data": "2026-11-20T10:15:00-03:00", "valor": -10.5, "descricao": format!("Aporte {id}"),
        "banco": "341 - ITAÚ UNIBANCO S.A.", "nomeAtivo": "Soja", "tipo": "Aporte", "status": "Liquidado"})
}

async fn platform() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    mock_home(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    (server, app)
}

#[tokio::test]
async fn the_statement_page_links_its_files_with_its_filter() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::extrato("dias=30")).await).await;
    let links: Vec<String> = doc
        .select(&scraper::Selector::parse(".extrato-exportar a").unwrap())
        .map(|a| a.value().attr("href").unwrap().to_owned())
        .collect();
    assert_eq!(links.len(), 3, "{links:?}");
    for (link, export) in links.iter().zip([
        routes::EXTRATO_CSV,
        routes::EXTRATO_OFX,
        routes::EXTRATO_PDF,
    ]) {
        assert!(link.starts_with(&format!("{export}?")), "{link}");
        assert!(link.contains("dias=30"), "{link}");
    }
}

#[tokio::test]
async fn the_csv_and_the_ofx_are_named_and_typed_and_hold_every_movement() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::extrato("dias=90&PageSize=10")).await).await;
    let count: usize = text(&doc, ".secao p.texto-secundario")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(count > 10, "more than one page on screen: {count}");
    let resp = app
        .get(&routes::extrato_exportar(
            routes::EXTRATO_CSV,
            "dias=90&PageSize=10",
        ))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-type"), "text/csv; charset=utf-8");
    let disposition = header(&resp, "content-disposition");
    assert!(
        disposition.starts_with("attachment; filename=\"extrato-")
            && disposition.ends_with(".csv\""),
        "{disposition}"
    );
    let body = resp.bytes().await.unwrap();
    assert!(
        body.starts_with(b"\xef\xbb\xbfData;Descri\xc3\xa7\xc3\xa3o;Valor;Tipo;Status;Banco\r\n")
    );
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert_eq!(
        text.matches("\r\n").count(),
        count + 1,
        "the header and every movement, not one page"
    );

    let resp = app
        .get(&routes::extrato_exportar(routes::EXTRATO_OFX, "dias=90"))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-type"), "application/x-ofx");
    assert!(header(&resp, "content-disposition").ends_with(".ofx\""));
    assert!(resp.text().await.unwrap().contains("<BANKTRANLIST>"));
}

#[tokio::test]
async fn a_refused_filter_is_the_statement_page_with_its_message() {
    let app = logged_in_as("investidor@colheita.dev").await;
    for export in [routes::EXTRATO_CSV, routes::EXTRATO_OFX] {
        let resp = app.get(&routes::extrato_exportar(export, "dias=120")).await;
        assert_eq!(resp.status(), 422, "{export}");
        let doc = html(resp).await;
        assert!(text(&doc, "[role=alert]").contains("O período não pode ultrapassar 90 dias."));
    }
}

#[tokio::test]
async fn exports_read_every_page_of_the_platform() {
    let (server, app) = platform().await;
    for (page, ids) in [(1u32, 1..=1000u32), (2, 1001..=2000), (3, 2001..=2500)] {
        Mock::given(method("GET"))
            .and(path("/v1/reservas/extrato"))
            .and(query_param("Page", page.to_string()))
            .and(query_param("PageSize", "1000"))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({"dados": ids.map(line).collect::<Vec<_>>(), "totalDeRegistros": 2500}),
            ))
            .expect(1)
            .mount(&server)
            .await;
    }
    let resp = app
        .get(&routes::extrato_exportar(routes::EXTRATO_CSV, "dias=30"))
        .await;
    assert_eq!(resp.status(), 200);
    let text = resp.text().await.unwrap();
    assert_eq!(text.matches("\r\n").count(), 2501);
    assert!(text.contains(
        "\r\n20/11/2026;Aporte 2500;-10,50;Aporte;Liquidado;341 - ITAÚ UNIBANCO S.A.\r\n"
    ));
}

#[tokio::test]
async fn past_the_cap_the_investor_is_asked_for_a_shorter_period() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"dados": [line(1)], "totalDeRegistros": 5001})),
        )
        .expect(1)
        .mount(&server)
        .await;
    let resp = app
        .get(&routes::extrato_exportar(routes::EXTRATO_OFX, "dias=30"))
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert!(text(&doc, "[role=alert]").contains(MSG_LIMITE));
    assert!(text(&doc, ".resumo-filtro").contains("30 dias"));
}

#[tokio::test]
async fn a_failing_platform_is_the_error_card() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    for export in [routes::EXTRATO_CSV, routes::EXTRATO_OFX] {
        let resp = app.get(export).await;
        assert_eq!(resp.status(), 502, "{export}");
        assert_eq!(
            text(&html(resp).await, ".cartao-erro h2"),
            "Ops! Houve uma falha."
        );
    }
}

#[tokio::test]
async fn the_pdf_is_the_platform_s_with_the_filter_totals_and_page_numbers() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let resp = app
        .get(&routes::extrato_exportar(
            routes::EXTRATO_PDF,
            "dias=90&Tipo=Rendimento",
        ))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-type"), "application/pdf");
    let disposition = header(&resp, "content-disposition");
    assert!(
        disposition.starts_with("attachment; filename=\"extrato-")
            && disposition.ends_with(".pdf\""),
        "{disposition}"
    );
    let bytes = resp.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    let text = crate::captacoes_filtros::pdf_text(&bytes);
    for part in [
        "Extrato de movimentações",
        "Filtro:",
        "tipo Rendimento",
        "Saldo do período:",
        "página 1 de",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(
        !text.contains("Aporte em"),
        "only the filter's movements: {text}"
    );
}

#[tokio::test]
async fn the_pdf_past_the_cap_gets_the_same_message_without_asking_for_the_file() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .and(query_param("PageSize", "1"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"dados": [line(1)], "totalDeRegistros": 9000})),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato/exportar/Pdf"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(b"%PDF-1.7".to_vec()))
        .expect(0)
        .mount(&server)
        .await;
    let resp = app
        .get(&routes::extrato_exportar(routes::EXTRATO_PDF, "dias=30"))
        .await;
    assert_eq!(resp.status(), 422);
    assert!(text(&html(resp).await, "[role=alert]").contains(MSG_LIMITE));
}

#[tokio::test]
async fn a_failing_pdf_says_the_download_failed() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"dados": [line(1)], "totalDeRegistros": 1})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/extrato/exportar/Pdf"))
        .respond_with(ResponseTemplate::new(500))
        .mount(&server)
        .await;
    let resp = app
        .get(&routes::extrato_exportar(routes::EXTRATO_PDF, "dias=30"))
        .await;
    assert_eq!(resp.status(), 502);
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Ocorreu um erro ao fazer o download"
    );
}

/// A registration listing no accounts offers none but the investor's own: a foreign code
/// is refused on the page and on every file before the platform is asked for it.
#[tokio::test]
async fn a_foreign_account_is_refused_before_the_platform_is_asked() {
    let (server, app) = platform().await;
    Mock::given(method("GET"))
        .and(path("/v1/cadastro"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"contas": []})))
        .mount(&server)
        .await;
    for p in ["/v1/reservas/extrato", "/v1/reservas/extrato/exportar/Pdf"] {
        Mock::given(method("GET"))
            .and(path(p))
            .respond_with(ResponseTemplate::new(404))
            .expect(0)
            .mount(&server)
            .await;
    }
    for export in [
        routes::EXTRATO,
        routes::EXTRATO_CSV,
        routes::EXTRATO_OFX,
        routes::EXTRATO_PDF,
    ] {
        let resp = app
            .get(&routes::extrato_exportar(export, "codigoCliente=204817"))
            .await;
        assert_eq!(resp.status(), 422, "{export}");
        let doc = html(resp).await;
        assert!(
            text(&doc, "[role=alert]").contains(colheita::domain::extrato::MSG_ACCOUNT),
            "{export}"
        );
    }
}

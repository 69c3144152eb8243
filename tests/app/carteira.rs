//! Home and wallet against the sandbox and a failing platform.

mod custodia;
mod falhas;
mod inicio;

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
        vec!["Por captação", "Por tipo de garantia", "Aviso da CVM"]
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

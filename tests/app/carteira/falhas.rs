//! The wallet and its downloads against a failing platform.

use super::*;

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

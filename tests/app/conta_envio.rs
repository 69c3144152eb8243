//! The documents tab's upload island drives the same route as the form, asking for JSON:
//! `{"proximo"}` after saving (with the success message waiting on that page) and 422
//! `{"mensagem"}` on a refusal, never an HTML page it would have to parse.

use colheita::web::routes;
use reqwest::multipart::{Form, Part};

use crate::support::*;

async fn upload_json(app: &TestApp, tipo: &str, name: &str, bytes: Vec<u8>) -> reqwest::Response {
    app.client
        .post(app.url(&routes::dados_documento(tipo)))
        .header("Origin", &app.web_url)
        .header("Sec-Fetch-Site", "same-origin")
        .header("Accept", "application/json")
        .multipart(Form::new().part("documento", Part::bytes(bytes).file_name(name.to_owned())))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_upload_island_gets_json_answers() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("basico@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let page = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert_eq!(
        texts(&page, "[data-island=envio-documento] .documento-linha form").len(),
        3,
        "a Básico profile's forms are inside the island"
    );

    let refused = upload_json(&app, "IdentityDocumentBack", "nota.jpg", b"texto".to_vec()).await;
    assert_eq!(refused.status(), 422);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(
        body["mensagem"],
        "Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf."
    );

    let saved = upload_json(
        &app,
        "IdentityDocumentBack",
        "verso.pdf",
        b"%PDF-1.4\n%verso\n".to_vec(),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let body: serde_json::Value = saved.json().await.unwrap();
    assert_eq!(body["proximo"], routes::DADOS_DOCUMENTOS);
    let next = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert_eq!(text(&next, "dialog.alerta p"), "Documento salvo");
    assert!(
        texts(&next, ".documento-linha button")
            .contains(&"Substituir Documento de identidade (verso)".to_owned())
    );
}

#[tokio::test]
async fn a_view_only_profile_has_no_upload_island() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let page = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert!(texts(&page, "[data-island=envio-documento]").is_empty());
    assert!(texts(&page, ".documento-linha form").is_empty());
    let refused = upload_json(
        &app,
        "IdentityDocumentBack",
        "verso.pdf",
        b"%PDF-1.4\n".to_vec(),
    )
    .await;
    assert_eq!(refused.status(), 422);
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(
        body["mensagem"],
        "Os documentos só podem ser alterados enquanto o seu perfil é básico."
    );
}

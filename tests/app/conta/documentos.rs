//! The registration documents (content, size, metadata, view-only) and the verification
//! request they lead to.

use super::*;
use reqwest::multipart::{Form, Part};

/// A 1×1 JPEG whose EXIF carries the phone's GPS position.
fn photo_with_location() -> Vec<u8> {
    let seg = |marker: u8, payload: &[u8]| {
        let len = u16::try_from(payload.len() + 2).unwrap().to_be_bytes();
        [&[0xFF, marker][..], &len, payload].concat()
    };
    let exif = [&b"Exif\0\0MM\0*\0\0\0\x08"[..], b"GPSLatitude -12.5456"].concat();
    [
        &[0xFF, 0xD8][..],
        &seg(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
        &seg(0xE1, &exif),
        &seg(0xC0, &[8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
        &seg(0xDA, &[0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]),
        &[0x12, 0x34, 0x56, 0xFF, 0xD9],
    ]
    .concat()
}

async fn upload(app: &TestApp, tipo: &str, name: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name(name.to_owned());
    app.client
        .post(app.url(&routes::dados_documento(tipo)))
        .header("Origin", &app.web_url)
        .header("Sec-Fetch-Site", "same-origin")
        .multipart(Form::new().part("documento", part))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn documents_are_checked_stripped_and_then_verification_goes_through() {
    let app = logged_in_as("basico@colheita.dev").await;
    let doc = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert_eq!(
        texts(&doc, ".documento-linha button"),
        [
            "Enviar Documento de identidade (frente)",
            "Enviar Documento de identidade (verso)",
            "Enviar Selfie com o documento"
        ]
    );
    // Verification first says what is missing, in order.
    let (status, message, _) = alert(app.post_form(routes::VERIFICAR_PERFIL, &[]).await).await;
    assert_eq!(status, 422);
    assert!(
        message.starts_with(
            "Por favor, certifique-se de atualizar todos os campos das suas Informações Pessoais"
        ),
        "{message}"
    );
    app.post_form(routes::DADOS_PESSOAIS, &PERSONAL).await;
    let (_, message, _) = alert(app.post_form(routes::VERIFICAR_PERFIL, &[]).await).await;
    assert_eq!(
        message,
        "Por favor, atualize as informações do seu endereço antes de solicitar a verificação do seu cadastro."
    );
    app.post_form(routes::DADOS_ENDERECO, &ADDRESS).await;
    let (_, message, _) = alert(app.post_form(routes::VERIFICAR_PERFIL, &[]).await).await;
    assert_eq!(
        message,
        "Por favor, envie todos os documentos obrigatórios antes de solicitar a verificação do seu cadastro."
    );

    // A program disguised as a photo, an oversize file.
    let (status, message, _) = alert(
        upload(
            &app,
            "IdentityDocument",
            "rg.jpg",
            b"MZ\x90\0\x03\0\0\0".to_vec(),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (
            422,
            "Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf."
        )
    );
    let mut big = photo_with_location();
    big.resize(10 * 1024 * 1024 + 1, 0);
    let (status, message, _) = alert(upload(&app, "IdentityDocument", "rg.jpg", big).await).await;
    assert_eq!(
        (status, message.as_str()),
        (422, "O arquivo deve ter no máximo 10 MB.")
    );

    // A photo: saved without its location.
    let resp = upload(&app, "IdentityDocument", "rg.jpg", photo_with_location()).await;
    assert_eq!(
        flash(&app, resp).await,
        ("Sucesso!".into(), "Documento salvo".into())
    );
    let stored = app.get(&routes::dados_documento("IdentityDocument")).await;
    assert_eq!(stored.status(), 200);
    assert_eq!(stored.headers()["content-type"], "image/jpeg");
    let bytes = stored.bytes().await.unwrap();
    assert!(bytes.starts_with(&[0xFF, 0xD8, 0xFF]));
    assert!(!bytes.windows(11).any(|w| w == b"GPSLatitude"));
    let doc = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert!(texts(&doc, ".documento-linha button")[0].starts_with("Substituir"));
    let resp = upload(
        &app,
        "SelfieWithDocument",
        "selfie.pdf",
        b"%PDF-1.4\n%test\n".to_vec(),
    )
    .await;
    assert_eq!(resp.status(), 303);

    // Now the verification goes through and the state is Em análise everywhere.
    let resp = app.post_form(routes::VERIFICAR_PERFIL, &[]).await;
    assert_eq!(
        flash(&app, resp).await,
        (
            "Parabéns!".into(),
            "Perfil enviado para análise. Em breve você já poderá investir.".into()
        )
    );
    let doc = html(app.get(routes::DADOS_DOCUMENTOS).await).await;
    assert!(text(&doc, ".perfil-estado").contains(
        "Estamos verificando o seu perfil. Em breve, após a análise, você já poderá investir."
    ));
    assert!(text(&doc, "header").contains("Em análise"));
    // Typed or reloaded, the verification address leads back to the registration.
    let resp = app.get(routes::VERIFICAR_PERFIL).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::DADOS_CADASTRAIS);
    assert!(
        texts(&doc, ".documento-linha form").is_empty(),
        "view-only now"
    );
    let (status, message, _) = alert(
        upload(
            &app,
            "IdentityDocumentBack",
            "verso.jpg",
            photo_with_location(),
        )
        .await,
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(
        message,
        "Os documentos só podem ser alterados enquanto o seu perfil é básico."
    );
}

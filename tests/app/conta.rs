//! The account area against the sandbox: every tab, every message of the registration
//! forms in its order with the typed values kept, documents (content, size, metadata,
//! view-only), the verification request, the bank account, the terms and the tax return.

use colheita::web::routes;
use reqwest::multipart::{Form, Part};

use crate::support::*;

const FILL: &str = "Necessário preencher todos os campos para prosseguir.";

async fn as_user(email: &str) -> TestApp {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(app.login(email, "colheita123").await.status(), 200);
    app
}

fn value(doc: &scraper::Html, sel: &str) -> String {
    doc.select(&scraper::Selector::parse(sel).unwrap())
        .next()
        .and_then(|e| e.value().attr("value").map(str::to_owned))
        .unwrap_or_default()
}

async fn alert(resp: reqwest::Response) -> (u16, String, scraper::Html) {
    let status = resp.status().as_u16();
    let doc = html(resp).await;
    (status, text(&doc, "dialog.alerta p"), doc)
}

/// Follows a POST's redirect and answers the alert of the page it leads to.
async fn flash(app: &TestApp, resp: reqwest::Response) -> (String, String) {
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(&location(&resp)).await).await;
    (
        text(&doc, "dialog.alerta h2"),
        text(&doc, "dialog.alerta p"),
    )
}

const PERSONAL: [(&str, &str); 9] = [
    ("nome", "Bruno Basico Souza"),
    ("celular", "(65) 99123-4567"),
    ("genero", "0"),
    ("estado", "MT"),
    ("nacionalidade", "1"),
    ("rg_numero", "1234567"),
    ("rg_estado", "MT"),
    ("rg_emissor", "SSP"),
    ("politicamente_exposto", "sim"),
];

const ADDRESS: [(&str, &str); 8] = [
    ("cep", "78890-000"),
    ("rua", "Avenida Blumenau"),
    ("numero", "1200"),
    ("complemento", "Sala 3"),
    ("bairro", "Centro"),
    ("cidade", "Sorriso"),
    ("estado", "MT"),
    ("pais", "BRA"),
];

fn with<'a>(base: &[(&'a str, &'a str)], field: &str, v: &'a str) -> Vec<(&'a str, &'a str)> {
    base.iter()
        .map(|(k, old)| (*k, if *k == field { v } else { *old }))
        .collect()
}

#[tokio::test]
async fn the_account_tabs_lead_to_real_pages() {
    let app = as_user("investidor@colheita.dev").await;
    let doc = html(app.get(routes::MINHA_CONTA).await).await;
    assert_eq!(title(&doc), "Minha conta | Colheita");
    let tabs = texts(&doc, "nav.abas > ul > li > a");
    assert_eq!(
        tabs,
        [
            "Dados cadastrais",
            "Declaração de investidor",
            "Conta bancária",
            "Extrato",
            "Informe de rendimentos",
            "Meus termos",
            "Alterar senha"
        ]
    );
    for path in [
        routes::DADOS_CADASTRAIS,
        routes::DADOS_PESSOAIS,
        routes::DADOS_ENDERECO,
        routes::DADOS_PERFIL,
        routes::DADOS_DOCUMENTOS,
        routes::DECLARACAO_INVESTIDOR,
        routes::CONTA_BANCARIA,
        routes::EXTRATO,
        routes::INFORME_RENDIMENTO,
        routes::MEUS_TERMOS,
        routes::ALTERAR_SENHA,
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 200, "{path}");
        // Every tab is drawn inside the account: its heading and its tabs.
        let doc = html(resp).await;
        assert_eq!(text(&doc, "main h1"), "Minha conta", "{path}");
        assert_eq!(texts(&doc, "nav.abas > ul > li > a").len(), 7, "{path}");
    }
    let doc = html(app.get(routes::ALTERAR_SENHA).await).await;
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "Alterar senha");
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    assert_eq!(
        text(&doc, "nav.abas-secundarias a[aria-current=page]"),
        "Endereço"
    );
    assert_eq!(
        text(&doc, "nav.abas > ul > li > a[aria-current=page]"),
        "Dados cadastrais"
    );
    assert!(text(&doc, ".perfil-estado").contains("Seu perfil está verificado."));
    let verify = format!("form[action='{}']", routes::VERIFICAR_PERFIL);
    assert!(texts(&doc, &verify).is_empty());
}

#[tokio::test]
async fn personal_data_messages_in_order_with_the_values_kept_then_saved() {
    let app = as_user("basico@colheita.dev").await;
    let doc = html(app.get(routes::DADOS_PESSOAIS).await).await;
    assert!(text(&doc, ".perfil-estado").contains("Perfil básico"));
    assert!(
        value(&doc, "#campo-cpf").len() == 14,
        "the CPF is shown masked"
    );
    let cases = [
        (with(&PERSONAL, "genero", ""), FILL),
        (
            with(&PERSONAL, "nome", "Bruno"),
            "Por favor, informe um nome válido para prosseguir.",
        ),
        (
            with(&PERSONAL, "celular", "(11) 1111-1111"),
            "Por favor, informe um celular válido para prosseguir.",
        ),
    ];
    for (form, message) in cases {
        let (status, text_, doc) = alert(app.post_form(routes::DADOS_PESSOAIS, &form).await).await;
        assert_eq!((status, text_.as_str()), (422, message));
        let typed = form.iter().find(|(k, _)| *k == "nome").unwrap().1;
        assert_eq!(value(&doc, "#campo-nome"), typed);
    }
    let resp = app.post_form(routes::DADOS_PESSOAIS, &PERSONAL).await;
    assert_eq!(
        flash(&app, resp).await,
        (
            "Parabéns!".into(),
            "Informações atualizadas com sucesso.".into()
        )
    );
    let doc = html(app.get(routes::DADOS_PESSOAIS).await).await;
    assert_eq!(value(&doc, "#campo-nome"), "Bruno Basico Souza");
    assert_eq!(value(&doc, "#campo-rg-numero"), "1234567");
    assert_eq!(text(&doc, "#campo-genero option[selected]"), "Masculino");
    // The header greets with the new name.
    assert!(text(&doc, "header").contains("Bruno"));
}

#[tokio::test]
async fn the_address_needs_a_valid_cep_then_is_saved() {
    let app = as_user("basico@colheita.dev").await;
    let (status, message, doc) = alert(
        app.post_form(routes::DADOS_ENDERECO, &with(&ADDRESS, "cep", "7889-00"))
            .await,
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(message, "Por favor, informe um CEP válido para prosseguir.");
    assert_eq!(value(&doc, "#campo-cep"), "7889-00");
    let (_, message, _) = alert(
        app.post_form(routes::DADOS_ENDERECO, &with(&ADDRESS, "bairro", " "))
            .await,
    )
    .await;
    assert_eq!(message, FILL);
    let resp = app.post_form(routes::DADOS_ENDERECO, &ADDRESS).await;
    assert_eq!(flash(&app, resp).await.0, "Parabéns!");
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    assert_eq!(value(&doc, "#campo-cep"), "78890-000");
    assert_eq!(value(&doc, "#campo-complemento"), "Sala 3");
}

#[tokio::test]
async fn the_questionnaire_needs_every_answer_and_shows_the_profile() {
    use colheita::domain::suitability::PERGUNTAS;
    let app = as_user("basico@colheita.dev").await;
    let mut answers: Vec<(&str, &str)> = PERGUNTAS
        .iter()
        .map(|q| (q.id, q.opcoes[q.opcoes.len() - 1].id))
        .collect();
    let last = answers.pop().unwrap();
    let (status, message, doc) = alert(app.post_form(routes::DADOS_PERFIL, &answers).await).await;
    assert_eq!((status, message.as_str()), (422, FILL));
    // The answers given stay chosen.
    let chosen = format!("#{}-{}", answers[0].0, answers[0].1);
    assert_eq!(texts(&doc, &format!("{chosen}[checked]")).len(), 1);
    answers.push(last);
    let resp = app.post_form(routes::DADOS_PERFIL, &answers).await;
    assert_eq!(flash(&app, resp).await.0, "Parabéns!");
    let doc = html(app.get(routes::DADOS_PERFIL).await).await;
    assert!(text(&doc, ".perfil-resultado h3").contains("Arrojado"));
}

/// A JPEG whose EXIF carries the phone's GPS position.
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
    let app = as_user("basico@colheita.dev").await;
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

#[tokio::test]
async fn the_bank_must_come_from_the_list() {
    let app = as_user("investidor@colheita.dev").await;
    let doc = html(app.get(routes::CONTA_BANCARIA).await).await;
    assert_eq!(text(&doc, "main h2"), "Dados Bancários");
    let form = [
        ("banco", "999"),
        ("tipo_conta", "Savings"),
        ("agencia", "1234"),
        ("digito_agencia", ""),
        ("conta", "98765"),
        ("digito_conta", "0"),
    ];
    let (status, message, doc) = alert(app.post_form(routes::CONTA_BANCARIA, &form).await).await;
    assert_eq!(status, 422);
    assert_eq!(
        message,
        "Selecione um dos bancos da listagem para prosseguir."
    );
    assert_eq!(value(&doc, "#campo-conta"), "98765");
    let (_, message, _) = alert(
        app.post_form(routes::CONTA_BANCARIA, &with(&form, "conta", ""))
            .await,
    )
    .await;
    assert_eq!(message, FILL);
    let resp = app
        .post_form(routes::CONTA_BANCARIA, &with(&form, "banco", "341"))
        .await;
    assert_eq!(flash(&app, resp).await.0, "Parabéns!");
    let doc = html(app.get(routes::CONTA_BANCARIA).await).await;
    assert_eq!(
        text(&doc, "#campo-banco option[selected]")
            .split(' ')
            .next(),
        Some("341")
    );
    assert_eq!(
        text(&doc, "#campo-tipo-conta option[selected]"),
        "Conta poupança"
    );
}

#[tokio::test]
async fn my_terms_download_real_documents_and_the_tax_return_needs_a_year() {
    let app = as_user("investidor@colheita.dev").await;
    let doc = html(app.get(routes::MEUS_TERMOS).await).await;
    let lines = texts(&doc, ".lista-termos a");
    assert_eq!(lines.len(), 4);
    for (slug, line) in [
        ("termos-e-condicoes", "Termos e condições"),
        ("politica-de-privacidade", "Políticas de privacidade"),
        ("contrato-vinculante-master", "Contrato vinculante master"),
        ("termo-de-ciencia-de-risco", "Termo de Ciência de Risco"),
    ] {
        assert!(lines.iter().any(|l| l.starts_with(line)), "{line}");
        let pdf = app.get(&routes::meus_termos_documento(slug)).await;
        assert_eq!(pdf.status(), 200, "{slug}");
        assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"), "{slug}");
    }
    assert_eq!(
        app.get(&routes::meus_termos_documento("outro"))
            .await
            .status(),
        404
    );
    let years = texts(&doc, "#ano option");
    assert!(years.len() >= 2, "{years:?}");
    let (status, message, _) =
        alert(app.get(&format!("{}?ano=", routes::IMPOSTO_DE_RENDA)).await).await;
    assert_eq!((status, message.as_str()), (422, FILL));
    let year: i32 = years[1].parse().unwrap();
    let pdf = app.get(&routes::imposto_de_renda(year)).await;
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
}

#[tokio::test]
async fn personal_data_asks_in_the_order_of_its_rules_gender_third() {
    let app = as_user("basico@colheita.dev").await;
    let doc = html(app.get(routes::DADOS_PESSOAIS).await).await;
    let form = format!("form[action='{}']", routes::DADOS_PESSOAIS);
    let names: Vec<String> = doc
        .select(&scraper::Selector::parse(&format!("{form} input, {form} select")).unwrap())
        .filter_map(|e| e.value().attr("name").map(str::to_owned))
        .filter(|n| n != "politicamente_exposto" && !n.starts_with('_'))
        .collect();
    assert_eq!(
        names[..10],
        [
            "cpf",
            "nome",
            "genero",
            "email",
            "celular",
            "estado",
            "nacionalidade",
            "rg_numero",
            "rg_estado",
            "rg_emissor"
        ]
    );
}

#[tokio::test]
async fn the_cep_has_its_live_mask_and_is_accepted_with_or_without_it() {
    let app = as_user("basico@colheita.dev").await;
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    let masked = texts(
        &doc,
        "[data-island=mascara-telefone] input#campo-cep[data-mascara=cep]",
    );
    assert_eq!(masked.len(), 1, "the CEP sits in the mask island");
    let resp = app
        .post_form(routes::DADOS_ENDERECO, &with(&ADDRESS, "cep", "78890000"))
        .await;
    assert_eq!(flash(&app, resp).await.0, "Parabéns!");
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    assert_eq!(value(&doc, "#campo-cep"), "78890-000");
}

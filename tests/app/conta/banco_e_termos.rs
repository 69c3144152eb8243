//! The bank account from the list, and the terms and the tax return to download.

use super::*;

#[tokio::test]
async fn the_bank_must_come_from_the_list() {
    let app = logged_in_as("investidor@colheita.dev").await;
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
    let app = logged_in_as("investidor@colheita.dev").await;
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

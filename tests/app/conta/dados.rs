//! The registration forms: personal data, address and the questionnaire, each message in
//! its order with the typed values kept.

use super::*;

#[tokio::test]
async fn personal_data_messages_in_order_with_the_values_kept_then_saved() {
    let app = logged_in_as("basico@colheita.dev").await;
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
    let app = logged_in_as("basico@colheita.dev").await;
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
    let app = logged_in_as("basico@colheita.dev").await;
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

#[tokio::test]
async fn personal_data_asks_in_the_order_of_its_rules_gender_third() {
    let app = logged_in_as("basico@colheita.dev").await;
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
    let app = logged_in_as("basico@colheita.dev").await;
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    let masked = texts(
        &doc,
        "[data-island=mascara] input#campo-cep[data-mascara=cep]",
    );
    assert_eq!(masked.len(), 1, "the CEP sits in the mask island");
    let resp = app
        .post_form(routes::DADOS_ENDERECO, &with(&ADDRESS, "cep", "78890000"))
        .await;
    assert_eq!(flash(&app, resp).await.0, "Parabéns!");
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    assert_eq!(value(&doc, "#campo-cep"), "78890-000");
}

/// A control or bidi character is refused with its field's message and kept as typed,
/// never stored.
#[tokio::test]
async fn control_characters_are_refused_with_the_value_kept() {
    let app = logged_in_as("basico@colheita.dev").await;
    let (status, message, doc) = alert(
        app.post_form(
            routes::DADOS_PESSOAIS,
            &with(&PERSONAL, "rg_numero", "a\r\nX-Injected: 1"),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (422, "Informe o RG com letras, números, pontos ou traços.")
    );
    // The HTML parser reads the kept CR LF as one line feed.
    assert_eq!(value(&doc, "#campo-rg-numero"), "a\nX-Injected: 1");
    let (status, message, doc) = alert(
        app.post_form(
            routes::DADOS_ENDERECO,
            &with(&ADDRESS, "bairro", "Centro\u{202E}gpj"),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (422, "Use apenas letras, números e sinais comuns.")
    );
    assert_eq!(value(&doc, "#campo-bairro"), "Centro\u{202E}gpj");
    let doc = html(app.get(routes::DADOS_PESSOAIS).await).await;
    assert!(!value(&doc, "#campo-rg-numero").contains('\n'));
}

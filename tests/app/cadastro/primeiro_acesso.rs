//! The first access with a temporary password from the sandbox outbox, and the password
//! change.

use super::*;

/// The outbox page of the sandbox, and the temporary password mailed to `email`.
async fn mailed_password(app: &TestApp, email: &str) -> (Html, String) {
    let url = format!("{}/caixa-de-saida", app.sandbox_url.as_deref().unwrap());
    let resp = crate::support::http().get(url).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    let sel = Selector::parse("article.mensagem").unwrap();
    let article = doc
        .select(&sel)
        .find(|a| a.text().any(|t| t.trim() == email))
        .unwrap_or_else(|| panic!("no e-mail to {email}"));
    let body: String = article.text().collect::<Vec<_>>().join(" ");
    let password = body
        .split("Senha temporária: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_owned();
    (doc, password)
}

#[tokio::test]
async fn a_new_investor_gets_a_temporary_password_and_must_change_it_on_first_access() {
    let app = TestApp::with_sandbox(&[]).await;
    let cpf = new_cpf();
    let email = "joana.pereira@exemplo.com.br";
    let s = Signup {
        nome: "Joana Pereira",
        email,
        celular: "(21) 98765-4321",
        cpf: &cpf,
        termos: true,
    };
    let (resp, _) = app.follow(sign_up(&app, &s).await).await;
    assert_eq!(
        text(&html(resp).await, "main h1"),
        "Cadastro realizado com sucesso!"
    );
    // A second sign-up: the outbox lists the newest first.
    let cpf2 = new_cpf();
    let s2 = Signup {
        nome: "Carlos Souza",
        email: "carlos@exemplo.com.br",
        celular: "(31) 99876-5432",
        cpf: &cpf2,
        termos: true,
    };
    assert_eq!(sign_up(&app, &s2).await.status(), 303);

    let (outbox, temporary) = mailed_password(&app, email).await;
    assert_eq!(title(&outbox), "Caixa de saída | Colheita Sandbox");
    let first = texts(&outbox, "article.mensagem");
    assert!(
        first[0].contains("carlos@exemplo.com.br") && first[1].contains(email),
        "{first:?}"
    );
    assert!(first[1].contains("Seus dados de acesso à Colheita"));
    assert!(first[1].contains("Olá, Joana!"));
    assert_eq!(
        attr(&outbox, "article.mensagem a", "href"),
        Some(app.url(routes::ENTRAR))
    );
    assert_eq!(temporary.len(), 10);

    // First access: tipoResposta 'trocarsenha' leads to the password change.
    let doc = html(app.login(email, &temporary).await).await;
    assert_eq!(title(&doc), "Alterar senha | Colheita");
    assert_eq!(
        text(&doc, "#regras-senha"),
        "A senha deve ter pelo menos 8 caracteres, com letras e números."
    );
    for (id, auto) in [
        ("senha-atual", "current-password"),
        ("nova-senha", "new-password"),
        ("confirmacao-senha", "new-password"),
    ] {
        assert_eq!(
            attr(&doc, &format!("#{id}"), "type").as_deref(),
            Some("password")
        );
        assert_eq!(
            attr(&doc, &format!("#{id}"), "autocomplete").as_deref(),
            Some(auto)
        );
        assert!(exists(&doc, &format!("label[for={id}]")));
    }
    assert_eq!(
        attr(&doc, "#nova-senha", "aria-describedby").as_deref(),
        Some("regras-senha")
    );

    let change = |atual: &str, nova: &str, conf: &str| {
        let form = [
            ("senha_atual", atual.to_owned()),
            ("nova_senha", nova.to_owned()),
            ("confirmacao_senha", conf.to_owned()),
        ];
        let app = &app;
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post_form(routes::ALTERAR_SENHA, &form).await
        }
    };
    for (atual, nova, conf, message, invalid) in [
        ("", "", "", PREENCHER, "#senha-atual"),
        (
            temporary.as_str(),
            "abc123",
            "abc123",
            "A nova senha deve ter pelo menos 8 caracteres.",
            "#nova-senha",
        ),
        (
            temporary.as_str(),
            "somenteletras",
            "somenteletras",
            "A nova senha deve ter letras e números.",
            "#nova-senha",
        ),
        (
            temporary.as_str(),
            "Safra2027",
            "Safra2028",
            "A confirmação não confere com a nova senha.",
            "#confirmacao-senha",
        ),
        (
            temporary.as_str(),
            temporary.as_str(),
            temporary.as_str(),
            "A nova senha deve ser diferente da senha atual.",
            "#nova-senha",
        ),
        (
            "Errada123",
            "Safra2027",
            "Safra2027",
            "A senha atual não confere.",
            "#senha-atual",
        ),
    ] {
        let resp = change(atual, nova, conf).await;
        assert_eq!(resp.status(), 422, "{message}");
        let body = resp.text().await.unwrap();
        let doc = Html::parse_document(&body);
        assert_eq!(title(&doc), "Alterar senha | Colheita");
        assert_alert(&doc, message);
        assert_eq!(
            attr(&doc, invalid, "aria-invalid").as_deref(),
            Some("true"),
            "{message}"
        );
        // Passwords never come back in the page.
        for typed in [atual, nova, conf].into_iter().filter(|t| !t.is_empty()) {
            assert!(!body.contains(typed), "{typed} echoed back");
        }
        assert!(attr(&doc, "#nova-senha", "value").is_none());
    }

    let resp = change(&temporary, "Safra2027", "Safra2027").await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::HOME);
    let doc = html(app.get(routes::HOME).await).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Sucesso!");
    assert_eq!(
        text(&doc, "dialog.alerta #alerta-mensagem"),
        "Senha alterada com sucesso."
    );
    assert_eq!(text(&doc, ".menu-perfil summary"), "Olá, Joana");

    // The old password no longer logs in; the new one does, straight to / (no trocarsenha).
    app.logout().await;
    let resp = app
        .login_from(app.get(routes::HOME).await, email, &temporary)
        .await;
    assert_eq!(resp.status(), 401);
    let doc = html(app.login(email, "Safra2027").await).await;
    assert_eq!(title(&doc), "Início | Colheita");
    assert_eq!(text(&doc, ".menu-perfil .badge"), "Perfil básico");
}

#[tokio::test]
async fn the_sandbox_refuses_a_password_change_without_a_session_or_breaking_the_rules() {
    let app = TestApp::with_sandbox(&[]).await;
    let url = format!("{}/v2/seguranca/senha", app.sandbox_url.as_deref().unwrap());
    let body =
        json!({"senhaAtual": "colheita123", "novaSenha": "curta1", "confirmacaoSenha": "curta1"});
    let resp = crate::support::http()
        .put(&url)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);
    // The sign-up endpoint re-checks the data too.
    let resp = crate::support::http()
        .post(format!(
            "{}/v1/cadastro",
            app.sandbox_url.as_deref().unwrap()
        ))
        .json(
            &json!({"dadosBasicos": {"nome": "Joana Pereira", "email": "j@exemplo.com",
            "telefones": [{"tipo": 2, "codigoArea": "11", "numero": "912345678"}]},
            "dadosPessoais": {"documento": "12345678900"}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    assert_eq!(
        resp.json::<serde_json::Value>().await.unwrap()["mensagem"],
        CPF
    );
}

#[tokio::test]
async fn the_password_change_shows_the_platform_message_and_survives_its_failure() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    mock_token(&server, token_body("a1", "r1", 300, 1800, "trocarsenha")).await;
    mock_user(&server).await;
    let resp = login_via_callback(&app, routes::HOME).await;
    assert_eq!(location(&resp), routes::ALTERAR_SENHA);
    let form = [
        ("senha_atual", "Antiga123"),
        ("nova_senha", "Safra2027"),
        ("confirmacao_senha", "Safra2027"),
    ];
    for (template, status, message) in [
        (
            ResponseTemplate::new(400)
                .set_body_json(json!({"mensagem": "A senha atual não confere."})),
            422,
            "A senha atual não confere.",
        ),
        (ResponseTemplate::new(503), 502, GENERICO),
        (
            ResponseTemplate::new(204).set_delay(Duration::from_secs(4)),
            502,
            GENERICO,
        ),
    ] {
        let guard = Mock::given(method("PUT"))
            .and(path("/v2/seguranca/senha"))
            .and(header("Authorization", "Bearer a1"))
            .and(body_json(json!({"senhaAtual": "Antiga123", "novaSenha": "Safra2027", "confirmacaoSenha": "Safra2027"})))
            .respond_with(template)
            .mount_as_scoped(&server)
            .await;
        let resp = app.post_form(routes::ALTERAR_SENHA, &form).await;
        assert_eq!(resp.status(), status, "{message}");
        assert_alert(&html(resp).await, message);
        drop(guard);
    }
    // A 401: the session is over, to login.
    let _guard = Mock::given(method("PUT"))
        .and(path("/v2/seguranca/senha"))
        .respond_with(ResponseTemplate::new(401))
        .mount_as_scoped(&server)
        .await;
    let resp = app.post_form(routes::ALTERAR_SENHA, &form).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"));
}

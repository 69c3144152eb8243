//! The sign-up form: its fields, its rules in order, and a successful sign-up.

use super::*;

#[tokio::test]
async fn the_sign_up_form_has_its_title_labelled_fields_limits_and_links() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(routes::QUERO_INVESTIR).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Cadastre-se | Colheita");
    assert_eq!(
        text(&doc, "main h1"),
        "Investidor, Cadastre-se agora mesmo!"
    );
    for (id, label, max, auto) in [
        ("cadastro-nome", "Nome completo", "150", "name"),
        ("cadastro-email", "E-mail", "100", "email"),
        ("cadastro-celular", "Celular/WhatsApp", "20", "tel"),
        ("cadastro-cpf", "CPF", "14", "off"),
    ] {
        assert_eq!(text(&doc, &format!("label[for={id}]")), label);
        assert_eq!(
            attr(&doc, &format!("#{id}"), "maxlength").as_deref(),
            Some(max),
            "{id}"
        );
        assert_eq!(
            attr(&doc, &format!("#{id}"), "autocomplete").as_deref(),
            Some(auto),
            "{id}"
        );
    }
    assert_eq!(
        attr(&doc, "#cadastro-cpf", "inputmode").as_deref(),
        Some("numeric")
    );
    assert_eq!(
        attr(&doc, "#cadastro-celular", "type").as_deref(),
        Some("tel")
    );
    assert!(attr(&doc, "#cadastro-celular", "aria-describedby").is_some());
    assert!(text(&doc, "#cadastro-celular-ajuda").contains("(##) #####-####"));
    assert!(!exists(&doc, "#cadastro-termos[checked]"));
    assert!(text(&doc, "label[for=cadastro-termos]").contains("termos e condições"));
    assert_eq!(
        attr(&doc, "label[for=cadastro-termos] a", "href").as_deref(),
        Some(routes::POLITICA_PRIVACIDADE)
    );
    assert_eq!(text(&doc, "form button[type=submit]"), "Enviar");
    assert_eq!(
        attr(&doc, "form .form-acoes a", "href").as_deref(),
        Some(routes::HOME)
    );
    assert_eq!(
        text(&doc, "form .form-acoes a"),
        "Já é cliente? Acesse aqui"
    );
    // The phone mask is an island; the plain field works without it.
    assert_eq!(
        attr(&doc, "[data-island] #cadastro-celular", "name").as_deref(),
        Some("celular")
    );

    let policy = app.get(routes::POLITICA_PRIVACIDADE).await;
    assert_eq!(policy.status(), 200);
    let doc = html(policy).await;
    assert_eq!(title(&doc), "Política de privacidade | Colheita");
    assert!(text(&doc, "main").contains("LGPD"));
}

#[tokio::test]
async fn every_sign_up_rule_is_reported_in_the_forms_order_keeping_what_was_typed() {
    let app = TestApp::with_sandbox(&[]).await;
    let steps: [(Signup, &str, &str); 6] = [
        (
            Signup {
                nome: " ",
                email: "",
                celular: "",
                cpf: "",
                termos: false,
            },
            PREENCHER,
            "#cadastro-email",
        ),
        (
            Signup {
                nome: "Joana",
                email: "joana@",
                celular: "(11) 81234-5678",
                cpf: "12345678900",
                termos: false,
            },
            TERMOS,
            "#cadastro-termos",
        ),
        (
            Signup {
                nome: "Joana",
                email: "joana@",
                celular: "(11) 81234-5678",
                cpf: "12345678900",
                termos: true,
            },
            NOME,
            "#cadastro-nome",
        ),
        (
            Signup {
                nome: "Joana Pereira",
                email: "joana@",
                celular: "(11) 81234-5678",
                cpf: "12345678900",
                termos: true,
            },
            EMAIL,
            "#cadastro-email",
        ),
        (
            Signup {
                nome: "Joana Pereira",
                email: "joana@exemplo.com.br",
                celular: "(11) 81234-5678",
                cpf: "12345678900",
                termos: true,
            },
            CELULAR,
            "#cadastro-celular",
        ),
        (
            Signup {
                nome: "Joana Pereira",
                email: "joana@exemplo.com.br",
                celular: "11 91234.5678",
                cpf: "12345678900",
                termos: true,
            },
            CPF,
            "#cadastro-cpf",
        ),
    ];
    for (s, message, invalid) in &steps {
        let resp = sign_up(&app, s).await;
        assert_eq!(resp.status(), 422, "{message}");
        let doc = html(resp).await;
        assert_eq!(title(&doc), "Cadastre-se | Colheita");
        assert_alert(&doc, message);
        assert_kept(&doc, s);
        assert_eq!(
            attr(&doc, invalid, "aria-invalid").as_deref(),
            Some("true"),
            "{message}"
        );
    }
}

#[tokio::test]
async fn a_sign_up_sends_the_platforms_record_and_shows_the_success_card_once() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    Mock::given(method("POST"))
        .and(path("/v1/cadastro"))
        .and(header("X-Plataforma", "web"))
        .and(body_json(json!({
            "isChecked": true, "step": 1, "status": 0, "idReserva": null,
            "dadosBasicos": {"nome": "Joana Pereira", "email": "joana@exemplo.com.br",
                "telefones": [{"tipo": 2, "codigoArea": "11", "numero": "912345678",
                               "telefoneCompleto": "(11) 91234-5678"}]},
            "dadosPessoais": {"documento": "52998224725"}})))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"id": 77})))
        .expect(1)
        .mount(&server)
        .await;
    // A CPF pasted with its mask is read as its digits.
    let s = Signup {
        nome: " Joana  Pereira ",
        email: "joana@exemplo.com.br",
        celular: "11 91234-5678",
        cpf: "529.982.247-25",
        termos: true,
    };
    let resp = sign_up(&app, &s).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::QUERO_INVESTIR_SUCESSO);
    let resp = app.get(routes::QUERO_INVESTIR_SUCESSO).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Cadastre-se | Colheita");
    assert_eq!(text(&doc, "main h1"), "Cadastro realizado com sucesso!");
    let card = text(&doc, "main .cadastro-sucesso");
    assert!(card.contains("Em instantes você receberá um e-mail com seus dados de acesso."));
    assert!(card.contains("suporte"));
    assert!(
        attr(&doc, "main .cadastro-sucesso p a", "href")
            .unwrap()
            .starts_with("https://wa.me/")
    );
    assert_eq!(
        attr(&doc, "main .cadastro-sucesso a.botao", "href").as_deref(),
        Some(routes::ENTRAR)
    );
    // The card is the only message: no alert dialog repeating it.
    assert!(!exists(&doc, "dialog.alerta"));
    // Only right after a success: a reload goes back to the form.
    let again = app.get(routes::QUERO_INVESTIR_SUCESSO).await;
    assert_eq!(again.status(), 303);
    assert_eq!(location(&again), routes::QUERO_INVESTIR);
}

#[tokio::test]
async fn every_failing_sign_up_field_says_why_under_itself() {
    let app = TestApp::with_sandbox(&[]).await;
    let s = Signup {
        nome: "",
        email: "joana@",
        celular: "",
        cpf: "123.456.789-00",
        termos: false,
    };
    let resp = sign_up(&app, &s).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    // The alert still tells the first failure in the form's order.
    assert_alert(&doc, PREENCHER);
    for (field, message) in [
        ("nome", "Preencha este campo."),
        ("email", EMAIL),
        ("celular", "Preencha este campo."),
        ("cpf", CPF),
        ("termos", TERMOS),
    ] {
        let input = format!("#cadastro-{field}");
        assert_eq!(
            attr(&doc, &input, "aria-invalid").as_deref(),
            Some("true"),
            "{field}"
        );
        let described = attr(&doc, &input, "aria-describedby").unwrap_or_default();
        let id = format!("cadastro-{field}-erro");
        assert!(
            described.split(' ').any(|d| d == id),
            "{field}: {described}"
        );
        assert_eq!(text(&doc, &format!("#{id}.campo-erro")), message, "{field}");
    }
    // A valid field has no message and no mark.
    let s = Signup {
        nome: "Joana Pereira",
        ..s
    };
    let doc = html(sign_up(&app, &s).await).await;
    assert!(attr(&doc, "#cadastro-nome", "aria-invalid").is_none());
    assert!(!exists(&doc, "#cadastro-nome-erro"));
}

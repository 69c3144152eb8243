//! The sign-up against the platform's answers: errors, failures, duplicates, and the
//! session the sign-up page clears.

use super::*;

/// The form after a platform answer of `status` with `body`, asserting the alert and
/// that every value was kept.
async fn platform_answer(template: ResponseTemplate) -> (u16, Html) {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    Mock::given(method("POST"))
        .and(path("/v1/cadastro"))
        .respond_with(template)
        .mount(&server)
        .await;
    let s = Signup {
        nome: "Joana Pereira",
        email: "joana@exemplo.com.br",
        celular: "(11) 91234-5678",
        cpf: "52998224725",
        termos: true,
    };
    let resp = sign_up(&app, &s).await;
    let status = resp.status().as_u16();
    let doc = html(resp).await;
    assert_kept(&doc, &s);
    assert_eq!(
        text(&doc, "main h1"),
        "Investidor, Cadastre-se agora mesmo!"
    );
    (status, doc)
}

#[tokio::test]
async fn a_success_without_id_shows_the_generic_error() {
    for template in [
        ResponseTemplate::new(200).set_body_json(json!({"nome": "Joana Pereira"})),
        ResponseTemplate::new(201).set_body_json(json!({"id": null})),
        ResponseTemplate::new(204),
    ] {
        let (status, doc) = platform_answer(template).await;
        assert_eq!(status, 502);
        assert_alert(&doc, GENERICO);
    }
}

#[tokio::test]
async fn a_sign_up_in_progress_and_other_errors_show_their_messages() {
    let (status, doc) = platform_answer(ResponseTemplate::new(400).set_body_json(
        json!({"mensagem": "Prospect com cadastro em andamento para o CPF/e-mail informado."}),
    ))
    .await;
    assert_eq!(status, 422);
    assert_alert(&doc, EM_ANDAMENTO);
    let (status, doc) = platform_answer(
        ResponseTemplate::new(400)
            .set_body_json(json!({"mensagem": "CPF bloqueado para cadastro."})),
    )
    .await;
    assert_eq!(status, 422);
    assert_alert(&doc, "CPF bloqueado para cadastro.");
    let (status, doc) = platform_answer(
        ResponseTemplate::new(500)
            .set_body_json(json!({"mensagem": "Serviço de cadastro fora do ar."})),
    )
    .await;
    assert_eq!(status, 502);
    assert_alert(&doc, "Serviço de cadastro fora do ar.");
}

#[tokio::test]
async fn a_failing_platform_never_gives_a_500() {
    for template in [
        ResponseTemplate::new(503).set_body_json(json!({"mensagem": "indisponível"})),
        ResponseTemplate::new(500).set_body_string("<html>erro</html>"),
        ResponseTemplate::new(201).set_body_string("não é json"),
        // Longer than the app's 2 s request timeout.
        ResponseTemplate::new(201)
            .set_body_json(json!({"id": 1}))
            .set_delay(Duration::from_secs(4)),
    ] {
        let (status, doc) = platform_answer(template).await;
        assert_eq!(status, 502);
        assert_alert(&doc, GENERICO);
    }
    // Nobody listening at all.
    let app = TestApp::with_platform("http://127.0.0.1:9", &[]).await;
    let s = Signup {
        nome: "Joana Pereira",
        email: "j@exemplo.com",
        celular: "11912345678",
        cpf: "52998224725",
        termos: true,
    };
    let resp = sign_up(&app, &s).await;
    assert_eq!(resp.status(), 502);
    assert_alert(&html(resp).await, GENERICO);
}

#[tokio::test]
async fn a_cpf_or_email_already_registered_gets_the_platforms_message() {
    let app = TestApp::with_sandbox(&[]).await;
    let cpf = new_cpf();
    let first = Signup {
        nome: "Joana Pereira",
        email: "joana@exemplo.com.br",
        celular: "(11) 91234-5678",
        cpf: &cpf,
        termos: true,
    };
    assert_eq!(sign_up(&app, &first).await.status(), 303);
    let other_cpf = new_cpf();
    for s in [
        // Same CPF, another e-mail.
        Signup {
            email: "outra@exemplo.com.br",
            ..first
        },
        // Same e-mail (other case), another CPF.
        Signup {
            email: "JOANA@exemplo.com.br",
            cpf: &other_cpf,
            ..first
        },
        // A seeded investor's e-mail.
        Signup {
            email: "investidor@colheita.dev",
            cpf: &other_cpf,
            ..first
        },
    ] {
        let resp = sign_up(&app, &s).await;
        assert_eq!(resp.status(), 422, "{}", s.email);
        let doc = html(resp).await;
        assert_alert(&doc, EM_ANDAMENTO);
        assert_kept(&doc, &s);
    }
}

#[tokio::test]
async fn entering_the_sign_up_page_clears_the_session() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.login("investidor@colheita.dev", "colheita123").await).await;
    assert!(exists(&doc, ".menu-perfil"));
    let doc = html(app.get(routes::QUERO_INVESTIR).await).await;
    assert!(
        !exists(&doc, ".menu-perfil"),
        "the sign-up is drawn for a visitor"
    );
    let resp = app.get(routes::HOME).await;
    assert_eq!(resp.status(), 303, "the session is gone");
    assert!(location(&resp).contains("/login?"));
}

//! Sign-up (/quero-investir), the sandbox outbox, the first access with a temporary
//! password and the password change (/minha-conta/alterar-senha).

use colheita::web::routes;
use std::time::Duration;

use scraper::{Html, Selector};
use serde_json::json;
use wiremock::matchers::{body_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

const PREENCHER: &str = "Necessário preencher todos os campos para prosseguir.";
const TERMOS: &str = "Necessário aceitar os termos e condições e de uso para prosseguir.";
const NOME: &str = "Por favor, informe um nome válido para prosseguir.";
const EMAIL: &str = "Por favor, informe um e-mail válido para prosseguir.";
const CELULAR: &str = "Por favor, informe um celular válido para prosseguir.";
const CPF: &str = "Por favor, informe um CPF válido para prosseguir.";
const EM_ANDAMENTO: &str = "Já existe um cadastro em andamento com os dados informados. Efetue o login ou recupere sua senha para prosseguir.";
const GENERICO: &str = "Ocorreu um erro. Tente novamente.";

/// A valid CPF nobody has (random base, check digits computed).
fn new_cpf() -> String {
    loop {
        let mut d: Vec<u32> = (0..9).map(|_| rand::random_range(0..10)).collect();
        if d.iter().all(|x| *x == d[0]) {
            continue;
        }
        for _ in 0..2 {
            let n = d.len() as u32 + 1;
            let sum: u32 = d.iter().zip((2..=n).rev()).map(|(x, w)| x * w).sum();
            d.push(sum * 10 % 11 % 10);
        }
        return d
            .iter()
            .map(|x| char::from_digit(*x, 10).unwrap())
            .collect();
    }
}

struct Signup<'a> {
    nome: &'a str,
    email: &'a str,
    celular: &'a str,
    cpf: &'a str,
    termos: bool,
}

impl Signup<'_> {
    fn form(&self) -> Vec<(&str, &str)> {
        let mut f = vec![
            ("nome", self.nome),
            ("email", self.email),
            ("celular", self.celular),
            ("cpf", self.cpf),
        ];
        if self.termos {
            f.push(("termos", "sim"));
        }
        f
    }
}

async fn sign_up(app: &TestApp, s: &Signup<'_>) -> reqwest::Response {
    app.post_form(routes::QUERO_INVESTIR, &s.form()).await
}

fn attr(doc: &Html, selector: &str, name: &str) -> Option<String> {
    let sel = Selector::parse(selector).unwrap();
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr(name).map(str::to_owned))
}

fn exists(doc: &Html, selector: &str) -> bool {
    doc.select(&Selector::parse(selector).unwrap())
        .next()
        .is_some()
}

/// The 'Atenção!' alert with `message`.
fn assert_alert(doc: &Html, message: &str) {
    assert_eq!(text(doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(text(doc, "dialog.alerta #alerta-mensagem"), message);
}

/// Every typed value is back in the form, the checkbox too.
fn assert_kept(doc: &Html, s: &Signup<'_>) {
    assert_eq!(
        attr(doc, "#cadastro-nome", "value").unwrap_or_default(),
        s.nome
    );
    assert_eq!(
        attr(doc, "#cadastro-email", "value").unwrap_or_default(),
        s.email
    );
    assert_eq!(
        attr(doc, "#cadastro-celular", "value").unwrap_or_default(),
        s.celular
    );
    assert_eq!(
        attr(doc, "#cadastro-cpf", "value").unwrap_or_default(),
        s.cpf
    );
    assert_eq!(exists(doc, "#cadastro-termos[checked]"), s.termos);
}

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
        ("cadastro-cpf", "CPF", "11", "off"),
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
    let s = Signup {
        nome: " Joana  Pereira ",
        email: "joana@exemplo.com.br",
        celular: "11 91234-5678",
        cpf: "52998224725",
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

/// The outbox page of the sandbox, and the temporary password mailed to `email`.
async fn mailed_password(app: &TestApp, email: &str) -> (Html, String) {
    let url = format!("{}/caixa-de-saida", app.sandbox_url.as_deref().unwrap());
    let resp = reqwest::get(url).await.unwrap();
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
    let resp = reqwest::Client::new()
        .put(&url)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);
    // The sign-up endpoint re-checks the data too.
    let resp = reqwest::Client::new()
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

//! Attempts per client address (issue: rate limits): the sign-up, counted only when it
//! would reach the platform, and the sandbox provider's login, every attempt counted.

use colheita::web::routes;

use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::*;

const MUITAS: &str = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

fn form<'a>(cpf: &'a str, email: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("nome", "Joana Pereira"),
        ("email", email),
        ("celular", "11 91234-5678"),
        ("cpf", cpf),
        ("termos", "sim"),
    ]
}

#[tokio::test]
async fn sign_ups_reaching_the_platform_are_limited_per_address_keeping_the_form() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(&server.uri(), &["--signup-limit", "2"]).await;
    Mock::given(method("POST"))
        .and(path("/v1/cadastro"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"id": 77})))
        .expect(2)
        .mount(&server)
        .await;
    // Refused by the form's own rules: these never reach the platform and do not count.
    for _ in 0..3 {
        let resp = app
            .post_form(routes::QUERO_INVESTIR, &form("123", "joana@exemplo.com.br"))
            .await;
        assert_eq!(resp.status(), 422);
    }
    for _ in 0..2 {
        let resp = app
            .post_form(
                routes::QUERO_INVESTIR,
                &form("52998224725", "joana@exemplo.com.br"),
            )
            .await;
        assert_eq!(resp.status(), 303);
    }
    let resp = app
        .post_form(
            routes::QUERO_INVESTIR,
            &form("11144477735", "outra@exemplo.com.br"),
        )
        .await;
    assert_eq!(resp.status(), 429);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta #alerta-mensagem"), MUITAS);
    assert_eq!(value(&doc, "#cadastro-cpf"), "11144477735");
    assert_eq!(value(&doc, "#cadastro-email"), "outra@exemplo.com.br");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance() {
    let server = MockServer::start().await;
    let app = TestApp::with_platform(
        &server.uri(),
        &["--signup-limit", "1", "--trust-forwarded-for"],
    )
    .await;
    Mock::given(method("POST"))
        .and(path("/v1/cadastro"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"id": 77})))
        .mount(&server)
        .await;
    let from = |client: &'static str| {
        app.client
            .post(app.url(routes::QUERO_INVESTIR))
            .header("x-forwarded-for", client)
            .form(&form("52998224725", "joana@exemplo.com.br"))
            .send()
    };
    assert_eq!(from("198.51.100.1").await.unwrap().status(), 303);
    assert_eq!(from("198.51.100.1").await.unwrap().status(), 429);
    // A spoofed first entry does not help: only the proxy's own (last) entry counts.
    assert_eq!(
        from("203.0.113.9, 198.51.100.1").await.unwrap().status(),
        429
    );
    assert_eq!(from("198.51.100.2").await.unwrap().status(), 303);
}

#[tokio::test]
async fn login_attempts_at_the_provider_are_limited_per_address_right_or_wrong() {
    let app = TestApp::with_sandbox(&["--sandbox-login-limit", "2"]).await;
    for _ in 0..2 {
        let resp = app.login("investidor@colheita.dev", "errada-123").await;
        assert_eq!(resp.status(), 401);
    }
    // Over the limit even the right password is refused, with its own message.
    let resp = app.login("investidor@colheita.dev", "colheita123").await;
    assert_eq!(resp.status(), 429);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "[role=alert]"), MUITAS);
    assert_eq!(value(&doc, "#email"), "investidor@colheita.dev");
}

/// The password-guess count follows the account the session's tokens belong to: the user
/// summary cookie of another login, put beside them, neither resets the count nor keeps
/// the session alive past twice the limit. Each guess comes from its own address, so
/// only the per-account count can refuse it.
#[tokio::test]
async fn password_guesses_count_for_the_account_of_the_tokens_whatever_the_user_cookie() {
    use reqwest::cookie::CookieStore;
    let app = TestApp::with_sandbox(&["--trust-forwarded-for"]).await;
    let (attacker, jar) = app.browser_with_jar();
    let (other, other_jar) = app.browser_with_jar();
    let url = url::Url::parse(&app.web_url).unwrap();
    let investidor = attacker
        .login("investidor@colheita.dev", "colheita123")
        .await;
    assert_eq!(investidor.status(), 200);
    other.login("ativa@colheita.dev", "colheita123").await;
    let cookies = other_jar.cookies(&url).unwrap();
    let other_user = cookies
        .to_str()
        .unwrap()
        .split("; ")
        .find(|c| c.starts_with("colheita_usuario="))
        .expect("the other login's user cookie")
        .to_owned();
    let guess = |n: u32| {
        let attacker = &attacker;
        async move {
            let form = [
                ("senha_atual", "Errada123"),
                ("nova_senha", "NovaSenha123"),
                ("confirmacao_senha", "NovaSenha123"),
            ];
            attacker
                .client
                .post(attacker.url(routes::ALTERAR_SENHA))
                .header("Origin", &attacker.web_url)
                .header("Sec-Fetch-Site", "same-origin")
                .header("x-forwarded-for", format!("198.51.100.{n}"))
                .form(&form)
                .send()
                .await
                .unwrap()
        }
    };
    for n in 1..=5 {
        assert_eq!(guess(n).await.status(), 422, "guess {n}");
    }
    jar.add_cookie_str(&format!("{other_user}; Path=/"), &url);
    for n in 6..=10 {
        assert_eq!(guess(n).await.status(), 429, "guess {n}");
    }
    jar.add_cookie_str(&format!("{other_user}; Path=/"), &url);
    assert_eq!(guess(11).await.status(), 303, "the session ends");
    assert_eq!(attacker.get(routes::CARTEIRA).await.status(), 303);
}

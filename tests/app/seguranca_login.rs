//! Login hardening end to end (web app + embedded sandbox over real HTTP): PKCE binds a
//! code to the browser that started the login, the provider only redirects to the
//! registered address, a password change signs the other browsers out, over-long
//! passwords are refused, and the sandbox's own transitions refuse other sites.

use colheita::web::routes;
use scraper::Html;

use crate::support::*;

const EMAIL: &str = "investidor@colheita.dev";
const SENHA: &str = "colheita123";

/// The query of the login page URL a redirect points to.
fn login_query(resp: &reqwest::Response) -> Vec<(String, String)> {
    url::Url::parse(&location(resp))
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect()
}

fn param(q: &[(String, String)], name: &str) -> String {
    q.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

/// Posts the sandbox's login form for the login started by `resp` and returns the code of
/// the provider's redirect, without following it.
async fn code_for(app: &TestApp, resp: &reqwest::Response) -> String {
    let login_url = url::Url::parse(&location(resp)).unwrap();
    let mut form: Vec<(String, String)> = login_url.query_pairs().into_owned().collect();
    form.push(("email".into(), EMAIL.into()));
    form.push(("senha".into(), SENHA.into()));
    let mut post_url = login_url.clone();
    post_url.set_query(None);
    let back = app.client.post(post_url).form(&form).send().await.unwrap();
    assert_eq!(back.status(), 303);
    let to = url::Url::parse(&location(&back)).unwrap();
    assert_eq!(
        to.as_str().split('?').next(),
        Some(app.url(routes::AUTENTICACAO).as_str())
    );
    param(&to.query_pairs().into_owned().collect::<Vec<_>>(), "code")
}

#[tokio::test]
async fn the_login_redirect_carries_an_s256_pkce_challenge_fresh_each_time() {
    let app = TestApp::with_sandbox(&[]).await;
    let first = login_query(&app.get(routes::ENTRAR).await);
    let second = login_query(&app.another_browser().get(routes::ENTRAR).await);
    assert_eq!(param(&first, "code_challenge_method"), "S256");
    let challenge = param(&first, "code_challenge");
    assert_eq!(challenge.len(), 43, "base64url of a SHA-256");
    assert_ne!(challenge, param(&second, "code_challenge"));
}

#[tokio::test]
async fn a_code_stolen_from_one_browser_cannot_be_exchanged_in_another() {
    let app = TestApp::with_sandbox(&[]).await;
    let victim_start = app.get(routes::ENTRAR).await;
    let code = code_for(&app, &victim_start).await;
    let victim_state = param(&login_query(&victim_start), "state");

    // The attacker starts a login of their own (their state, their verifier) and injects
    // the victim's code into their callback.
    let attacker = app.another_browser();
    let attacker_state = param(&login_query(&attacker.get(routes::ENTRAR).await), "state");
    let resp = attacker
        .get(&format!("/autenticacao?code={code}&state={attacker_state}"))
        .await;
    assert_eq!(resp.status(), 400);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Código de autenticação inválido ou expirado."
    );
    assert_eq!(attacker.get(routes::CARTEIRA).await.status(), 303);

    // The victim's own browser, which holds the verifier, still completes its login.
    let resp = app
        .get(&format!("/autenticacao?code={code}&state={victim_state}"))
        .await;
    assert_eq!(resp.status(), 303, "{}", location(&resp));
    assert_eq!(app.get(routes::CARTEIRA).await.status(), 200);
}

#[tokio::test]
async fn the_provider_refuses_a_redirect_uri_other_than_the_registered_one() {
    let app = TestApp::with_sandbox(&[]).await;
    let start = app.get(routes::ENTRAR).await;
    let login = url::Url::parse(&location(&start)).unwrap();
    for other in [
        format!("{}/outra", app.web_url),
        format!("{}/", app.url(routes::AUTENTICACAO)),
        "http://atacante.test/autenticacao".to_owned(),
    ] {
        let mut evil = login.clone();
        let pairs: Vec<(String, String)> = login
            .query_pairs()
            .into_owned()
            .map(|(k, v)| {
                if k == "redirect_uri" {
                    (k, other.clone())
                } else {
                    (k, v)
                }
            })
            .collect();
        evil.query_pairs_mut().clear().extend_pairs(&pairs);
        let resp = app.client.get(evil).send().await.unwrap();
        assert_eq!(resp.status(), 400, "{other}");
        assert!(resp.headers().get("location").is_none());
        let doc = Html::parse_document(&resp.text().await.unwrap());
        assert!(
            text(&doc, "[role=alert]").contains("não registrado"),
            "{other}"
        );
    }
    // The registered one, exactly as the web app sends it, opens the form.
    assert_eq!(app.client.get(login).send().await.unwrap().status(), 200);
}

#[tokio::test]
async fn changing_the_password_signs_out_the_other_browsers_but_not_this_one() {
    let app = TestApp::with_sandbox(&[]).await;
    let other = app.another_browser();
    app.login(EMAIL, SENHA).await;
    other.login(EMAIL, SENHA).await;
    assert_eq!(other.get(routes::CARTEIRA).await.status(), 200);
    let resp = app
        .post_form(
            routes::ALTERAR_SENHA,
            &[
                ("senha_atual", SENHA),
                ("nova_senha", "Safra2027"),
                ("confirmacao_senha", "Safra2027"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(app.get(routes::CARTEIRA).await.status(), 200);
    let resp = other.get(routes::CARTEIRA).await;
    assert_eq!(resp.status(), 303, "the other browser is sent to login");
    assert!(location(&resp).contains("/login?"), "{}", location(&resp));
}

#[tokio::test]
async fn an_over_long_password_is_refused_like_a_wrong_one() {
    let app = TestApp::with_sandbox(&[]).await;
    let long = "a1".repeat(65);
    for email in [EMAIL, "ninguem@colheita.dev"] {
        let resp = app
            .login_from(app.get(routes::ENTRAR).await, email, &long)
            .await;
        assert_eq!(resp.status(), 401, "{email}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "[role=alert]"), "E-mail ou senha inválidos.");
    }
}

#[tokio::test]
async fn the_sandbox_transitions_refuse_cross_site_requests() {
    let app = TestApp::with_sandbox(&[]).await;
    let sandbox = app.sandbox_url.clone().unwrap();
    let url = format!("{sandbox}/sandbox/reservas/999999/aprovar");
    let client = crate::support::http();
    for (name, value) in [
        ("Sec-Fetch-Site", "cross-site"),
        ("Sec-Fetch-Site", "same-site"),
        ("Origin", "http://atacante.test"),
        ("Origin", app.web_url.as_str()),
    ] {
        let resp = client.post(&url).header(name, value).send().await.unwrap();
        assert_eq!(resp.status(), 403, "{name}: {value}");
    }
    for headers in [vec![], vec![("Origin", sandbox.as_str())]] {
        let mut req = client.post(&url);
        for (k, v) in headers {
            req = req.header(k, v);
        }
        assert_eq!(req.send().await.unwrap().status(), 404);
    }
}

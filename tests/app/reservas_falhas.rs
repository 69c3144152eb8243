//! The platform failing at each step of the order: the user sees what happened, what
//! they typed is kept, and the reservation's state stays clear (nothing is lost).

use colheita::web::routes;
use std::time::Duration;

use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

const GENERIC: &str = "Ocorreu um erro. Tente novamente.";

async fn platform() -> (MockServer, TestApp) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    let captacao = json!({"id": 5, "urlAmigavel": "fazenda-x", "nomeCaptacao": "Fazenda X",
        "status": {"name": "Captação no ar"}, "limiteArrecadacao": 100000, "arrecadado": 0, "reservado": 0,
        "disponivel": 100000, "acompanhamento": 0, "fimCaptacao": "2099-12-31T23:59:59-03:00",
        "rentabilidade": {"investimentoMinimo": 1000}});
    Mock::given(method("GET"))
        .and(path("/v1/captacoes/urlamigavel/fazenda-x"))
        .respond_with(ResponseTemplate::new(200).set_body_json(captacao))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/cadastro/permiteLiquidacaoViaAtiva"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!(false)))
        .mount(&server)
        .await;
    let term = json!({"id": 9, "idReserva": 9, "status": "Aberto", "titulo": "Termo de adesão", "conteudo": "Texto.",
        "termos": [{"descricao": "Li e aceito", "opcao": 1}], "investimento": 2000});
    Mock::given(method("GET"))
        .and(path("/v1/reservas/9/termo"))
        .respond_with(ResponseTemplate::new(200).set_body_json(term))
        .mount(&server)
        .await;
    Mock::given(method("GET")).and(path("/v1/reservas/9"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": 9, "nomeCaptacao": "Fazenda X",
            "urlAmigavel": "fazenda-x", "investimento": 2000, "status": {"name": "Aberto"}, "termoAceito": true,
            "tipoDoPagamentoDescricao": "Pix"}))).mount(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    (server, app)
}

#[tokio::test]
async fn creating_the_reservation_fails_with_the_server_message_and_the_amount_kept() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .respond_with(
            ResponseTemplate::new(400)
                .set_body_json(json!({"mensagem": "Captação temporariamente indisponível."})),
        )
        .mount(&server)
        .await;
    let resp = app
        .post_form(
            &routes::captacao_reservar("fazenda-x"),
            &[("valor", "2.000,00")],
        )
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Captação temporariamente indisponível."
    );
    assert_eq!(texts(&doc, "#valor[value='2.000,00']").len(), 1);
}

#[tokio::test]
async fn an_unavailable_platform_at_creation_is_the_generic_message() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let doc = html(
        app.post_form(
            &routes::captacao_reservar("fazenda-x"),
            &[("valor", "2.000,00")],
        )
        .await,
    )
    .await;
    assert_eq!(text(&doc, "dialog.alerta p"), GENERIC);
    // A creation answer without an id is a failure too.
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({"titulo": "x"})))
        .mount(&server)
        .await;
    let doc = html(
        app.post_form(
            &routes::captacao_reservar("fazenda-x"),
            &[("valor", "2.000,00")],
        )
        .await,
    )
    .await;
    assert_eq!(text(&doc, "dialog.alerta p"), GENERIC);
}

#[tokio::test]
async fn signing_fails_and_the_term_and_tick_stay() {
    let (server, app) = platform().await;
    Mock::given(method("PATCH"))
        .and(path("/v1/reservas/9/assinarcontrato"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    let resp = app
        .post_form(
            &routes::reserva_termos(9),
            &[("aceite", "sim"), ("ciencia_risco", "sim")],
        )
        .await;
    // The platform failed (not the investor): 502, like every form of the product.
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), GENERIC);
    assert_eq!(text(&doc, "main h1"), "Termo de adesão");
    assert_eq!(texts(&doc, "#aceite[checked]").len(), 1);
}

#[tokio::test]
async fn a_confirmation_timeout_shows_the_summary_to_try_again() {
    let (server, app) = platform().await;
    Mock::given(method("PATCH"))
        .and(path("/v1/reservas/9/confirmarinvestimento"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(4)))
        .mount(&server)
        .await;
    let resp = app.post_form(&routes::reserva_confirmar(9), &[]).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), GENERIC);
    assert_eq!(
        texts(&doc, "form[action='/reservas/9/confirmar'] button"),
        vec!["Confirmar investimento"]
    );
    assert!(text(&doc, "dl.fatos").contains("R$ 2.000,00"));
}

#[tokio::test]
async fn confirming_accepts_200_201_and_204() {
    for status in [200, 201, 204] {
        let (server, app) = platform().await;
        Mock::given(method("PATCH"))
            .and(path("/v1/reservas/9/confirmarinvestimento"))
            .respond_with(ResponseTemplate::new(status))
            .mount(&server)
            .await;
        let resp = app.post_form(&routes::reserva_confirmar(9), &[]).await;
        assert_eq!(resp.status(), 303, "{status}");
        assert_eq!(location(&resp), routes::reserva(9));
    }
}

#[tokio::test]
async fn the_amount_reaches_the_platform_as_the_exact_number_typed() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .and(wiremock::matchers::body_string_contains(
            r#""investimento":2000.10,"#,
        ))
        .respond_with(ResponseTemplate::new(503))
        .expect(1)
        .mount(&server)
        .await;
    let resp = app
        .post_form(
            &routes::captacao_reservar("fazenda-x"),
            &[("valor", "2.000,10")],
        )
        .await;
    assert_ne!(resp.status(), 500);
}

#[tokio::test]
async fn a_platform_amount_past_what_an_f64_holds_is_shown_to_the_cent() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    // Raw text, not `json!`: a `Value` would hold the number as an f64 already.
    // 2^53 + 1 cents; read through an f64 it would show ...409,94. The rate as a string
    // holding a decimal is tolerated (else the whole reservation would be unreadable).
    let reserva = r#"{"id":10,"nomeCaptacao":"Fazenda X","urlAmigavel":"fazenda-x",
        "investimento":90071992547409.93,"rendimento":"17.50","status":{"name":"Aberto"},
        "tipoDoPagamentoDescricao":"Pix"}"#;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/10"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(reserva, "application/json"))
        .mount(&server)
        .await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    let resp = app.get(&routes::reserva(10)).await;
    assert_eq!(resp.status(), 200);
    let main = text(&html(resp).await, "main");
    assert!(main.contains("R$ 90.071.992.547.409,93"), "{main}");
}

/// Twenty digits in the amount of an offering with nothing reserved: too large, said so
/// before the platform is asked, with the amount kept.
#[tokio::test]
async fn a_twenty_digit_amount_is_too_large_with_the_amount_kept() {
    let (server, app) = platform().await;
    Mock::given(method("POST"))
        .and(path("/v1/reservas"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"mensagem":
            "O valor informado precisa ser maior que zero, e igual ou maior que o investimento mínimo."})))
        .expect(0)
        .mount(&server)
        .await;
    let typed = "9".repeat(20);
    let resp = app
        .post_form(
            &routes::captacao_reservar("fazenda-x"),
            &[("valor", &typed)],
        )
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "O valor informado é grande demais."
    );
    assert_eq!(texts(&doc, &format!("#valor[value='{typed}']")).len(), 1);
}

//! The investor duties of Resolução CVM nº 88/2022 through the web app, against the real
//! sandbox: a new investor declares, is stopped by the annual limit with the room shown,
//! must accept the risk term, confirms, withdraws from the wallet and sees the refund.

use colheita::web::routes;

use crate::support::*;

const OFFER: &str = "fazenda-santa-luzia-soja-2027";

async fn investor() -> TestApp {
    let app = TestApp::with_sandbox(&["--sandbox-extra-investors", "1"]).await;
    assert_eq!(
        app.login("carga-001@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    app
}

fn alert(doc: &scraper::Html) -> String {
    text(doc, "dialog.alerta p")
}

#[tokio::test]
async fn declare_be_stopped_by_the_limit_accept_the_risk_term_confirm_and_withdraw() {
    let app = investor().await;
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert_eq!(text(&doc, "main h2"), "Declaração de investidor");
    assert!(
        text(&doc, "main").contains("R$ 20.000,00"),
        "the platform's amounts"
    );

    // Each refusal keeps what was typed.
    let resp = app
        .post_form(
            routes::DECLARACAO_INVESTIDOR,
            &[("qualificado", "nao"), ("outras", "15.000,00")],
        )
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        alert(&doc),
        "Informe se a sua renda bruta anual ou os seus investimentos financeiros passam de R$ 200.000,00."
    );
    assert_eq!(texts(&doc, "#campo-qualificado-nao[checked]").len(), 1);
    assert_eq!(value(&doc, "#campo-outras"), "15.000,00");
    let typed = [
        ("qualificado", "nao"),
        ("faixa", "ate"),
        ("outras", "15.000,00"),
    ];
    let resp = app.post_form(routes::DECLARACAO_INVESTIDOR, &typed).await;
    assert_eq!(resp.status(), 422);
    assert_eq!(
        alert(&html(resp).await),
        "Confirme que as informações declaradas são verdadeiras."
    );
    let mut with_truth = typed.to_vec();
    with_truth.extend([("veracidade", "sim"), ("captacao", OFFER)]);
    let resp = app
        .post_form(routes::DECLARACAO_INVESTIDOR, &with_truth)
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::captacao_reservar(OFFER));

    // The amount step shows the room and refuses more.
    let order = routes::captacao_reservar(OFFER);
    let doc = html(app.get(&order).await).await;
    assert!(text(&doc, "#limite-disponivel").starts_with("R$ 5.000,00"));
    let resp = app.post_form(&order, &[("valor", "6.000,00")]).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        alert(&doc),
        "O valor ultrapassa o seu limite anual de investimento. Você ainda pode investir R$ 5.000,00 neste ano."
    );
    assert_eq!(value(&doc, "#valor"), "6.000,00");
    let resp = app.post_form(&order, &[("valor", "3.000,00")]).await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);

    // The risk term, and the declaration being confirmed, at step 2.
    let doc = html(app.get(&terms).await).await;
    assert!(text(&doc, "#ciencia-titulo").starts_with("Termo de Ciência de Risco"));
    assert!(text(&doc, ".declaracao-resumo").contains("R$ 15.000,00"));
    let resp = app.post_form(&terms, &[("aceite", "sim")]).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        alert(&doc),
        "Aceite o Termo de Ciência de Risco para confirmar o investimento."
    );
    assert_eq!(texts(&doc, "#aceite[checked]").len(), 1, "the tick is kept");
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 303);
    let confirm = location(&resp);
    let resp = app.post_form(&confirm, &[]).await;
    assert_eq!(resp.status(), 303);
    let reserva = location(&resp);
    let id: i64 = reserva.rsplit('/').next().unwrap().parse().unwrap();

    // The room is used; the reservation offers the withdrawal, with its last day.
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert!(text(&doc, ".limite-anual").contains("R$ 2.000,00"));
    let doc = html(app.get(&reserva).await).await;
    assert!(text(&doc, ".desistencia-aviso").starts_with("Desistência disponível até"));
    let withdraw = routes::carteira_desistencia(id);
    let doc = html(app.get(&withdraw).await).await;
    assert_eq!(
        texts(&doc, ".desistencia form button[type=submit]"),
        ["Confirmar desistência"]
    );
    let resp = app.post_form(&withdraw, &[]).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::CARTEIRA);
    let doc = html(app.get(routes::CARTEIRA).await).await;
    assert!(text(&doc, "dialog.alerta").contains("Desistência registrada"));
    assert!(text(&doc, "#canceladas-titulo").contains("Desistências e cancelamentos"));
    assert!(text(&doc, "main").contains("Desistência do investidor"));
    // Not twice: the page says the period is over, and the form is gone.
    let doc = html(app.get(&withdraw).await).await;
    assert!(texts(&doc, ".desistencia form button[type=submit]").is_empty());
    let resp = app.post_form(&withdraw, &[]).await;
    assert_eq!(resp.status(), 422);
    assert_eq!(
        alert(&html(resp).await),
        "Não é possível desistir desta reserva."
    );
    // The room is back, and the statement shows the cancelled contribution.
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert!(text(&doc, ".limite-anual").contains("R$ 5.000,00"));
    let doc = html(app.get(routes::EXTRATO).await).await;
    assert!(
        text(&doc, "main").contains("Cancelado"),
        "the Aporte line is cancelled"
    );
}

#[tokio::test]
async fn the_amount_step_leads_to_the_declaration_and_back() {
    // A Completo investor without a declaration is refused by the sandbox (its tests); here
    // the way from the amount step to the declaration and back.
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let doc = html(app.get(&routes::captacao_reservar(OFFER)).await).await;
    let link = doc
        .select(&scraper::Selector::parse(".limite-declaracao a").unwrap())
        .next()
        .and_then(|a| a.value().attr("href").map(str::to_owned))
        .unwrap();
    assert_eq!(link, routes::declaracao_voltar(OFFER));
    let doc = html(app.get(&link).await).await;
    assert_eq!(value(&doc, "input[name=captacao]"), OFFER);
    assert_eq!(
        texts(&doc, "#campo-faixa-acima[checked]").len(),
        1,
        "the stored band"
    );
}

mod failing_platform {
    use colheita::web::routes;
    use serde_json::json;
    use wiremock::matchers::{body_partial_json, method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use crate::platform::*;
    use crate::support::*;

    async fn platform(withdraw: ResponseTemplate) -> (MockServer, TestApp) {
        let server = MockServer::start().await;
        mock_login(&server).await;
        Mock::given(method("GET"))
            .and(path("/v1/reservas/7"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": 7,
                "nomeCaptacao": "Fazenda X", "investimento": 2000, "status": {"name": "Pago"},
                "desistenciaAte": "2099-12-31T00:00:00-03:00", "desistenciaPermitida": true})))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/reservas/7/desistencia"))
            .respond_with(withdraw)
            .mount(&server)
            .await;
        let app = TestApp::with_platform(&server.uri(), &[]).await;
        login_via_callback(&app, routes::HOME).await;
        (server, app)
    }

    #[tokio::test]
    async fn a_failing_withdrawal_draws_the_page_again_with_the_message() {
        let (_server, app) = platform(ResponseTemplate::new(503)).await;
        let page = routes::carteira_desistencia(7);
        let doc = html(app.get(&page).await).await;
        assert!(
            text(&doc, ".desistencia dl").contains("30/12/2099"),
            "the last day"
        );
        let resp = app.post_form(&page, &[]).await;
        assert_eq!(resp.status(), 502);
        let doc = html(resp).await;
        assert_eq!(
            text(&doc, "dialog.alerta p"),
            "Ocorreu um erro. Tente novamente."
        );
        assert_eq!(
            texts(&doc, ".desistencia form button[type=submit]"),
            ["Confirmar desistência"]
        );
    }

    #[tokio::test]
    async fn a_refused_withdrawal_shows_the_platforms_reason() {
        let (_server, app) = platform(ResponseTemplate::new(409).set_body_json(
            json!({"mensagem": "O prazo de desistência deste investimento terminou."}),
        ))
        .await;
        let resp = app.post_form(&routes::carteira_desistencia(7), &[]).await;
        assert_eq!(resp.status(), 422);
        assert_eq!(
            text(&html(resp).await, "dialog.alerta p"),
            "O prazo de desistência deste investimento terminou."
        );
    }

    /// A platform without `GET /v1/reservas/{id}/termo`: the risk term of the 201 is kept
    /// (its title and version) and still has to be accepted; its text is linked as a PDF.
    #[tokio::test]
    async fn the_risk_term_survives_a_platform_without_the_term_endpoint() {
        let server = MockServer::start().await;
        mock_login(&server).await;
        Mock::given(method("GET"))
            .and(path("/v1/captacoes/urlamigavel/fazenda-x"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": 5,
                "urlAmigavel": "fazenda-x", "nomeCaptacao": "Fazenda X", "status": {"name": "Captação no ar"},
                "limiteArrecadacao": 100000, "arrecadado": 0, "reservado": 0, "disponivel": 100000,
                "fimCaptacao": "2099-12-31T23:59:59-03:00", "rentabilidade": {"investimentoMinimo": 1000}})))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/reservas"))
            .respond_with(
                ResponseTemplate::new(201).set_body_json(json!({"id": 9, "idReserva": 9,
                "status": "Aberto", "titulo": "Termo de adesão", "conteudo": "Texto.",
                "termos": [{"descricao": "Li e aceito", "opcao": "1"}], "investimento": 2000,
                "cienciaRisco": {"titulo": "Termo de Ciência de Risco", "versao": "7",
                    "conteudo": "Riscos.", "aceitoEm": null}})),
            )
            .mount(&server)
            .await;
        Mock::given(method("PATCH"))
            .and(path("/v1/reservas/9/assinarcontrato"))
            .and(body_partial_json(
                json!({"versaoCienciaRisco": "7", "declaracaoConfirmada": true}),
            ))
            .respond_with(ResponseTemplate::new(204))
            .expect(1)
            .mount(&server)
            .await;
        let app = TestApp::with_platform(&server.uri(), &[]).await;
        login_via_callback(&app, routes::HOME).await;
        let resp = app
            .post_form(
                &routes::captacao_reservar("fazenda-x"),
                &[("valor", "2.000,00")],
            )
            .await;
        assert_eq!(resp.status(), 303);
        let terms = location(&resp);
        let doc = html(app.get(&terms).await).await;
        assert_eq!(texts(&doc, "#ciencia_risco").len(), 1);
        assert!(text(&doc, ".ciencia-risco").contains("Ler o Termo de Ciência de Risco (PDF)"));
        let resp = app.post_form(&terms, &[("aceite", "sim")]).await;
        assert_eq!(resp.status(), 422);
        assert_eq!(
            text(&html(resp).await, "dialog.alerta p"),
            "Aceite o Termo de Ciência de Risco para confirmar o investimento."
        );
        let resp = app
            .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
            .await;
        assert_eq!(resp.status(), 303);
        assert_eq!(location(&resp), routes::reserva_confirmar(9));
    }
}

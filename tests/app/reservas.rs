//! The order flow against the sandbox: gates, every message, Pix and partner
//! debit, JSON mode for the island, the race for the last amount.

use crate::support::*;
use colheita::web::routes;

const OFFER: &str = "fazenda-santa-luzia-soja-2027";

async fn step1(app: &TestApp, valor: &str) -> reqwest::Response {
    app.post_form(&routes::captacao_reservar(OFFER), &[("valor", valor)])
        .await
}

#[tokio::test]
async fn a_visitor_pressing_investir_goes_to_sign_up() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app.get(&routes::captacao_reservar(OFFER)).await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), routes::QUERO_INVESTIR);
}

#[tokio::test]
async fn basico_and_em_analise_are_told_why_they_cannot_invest_yet() {
    let app = logged_in_as("basico@colheita.dev").await;
    let doc = html(app.get(&routes::captacao_reservar(OFFER)).await).await;
    assert_eq!(
        text(&doc, "main h1"),
        "Complete o seu cadastro para investir"
    );
    assert!(texts(&doc, "form[action$='/ordem']").is_empty());
    // The profile's badge and message, and the way to finish the registration.
    assert_eq!(
        text(&doc, "main .perfil-situacao"),
        "Perfil básico Complete seu cadastro e peça a verificação do perfil para investir."
    );
    assert_eq!(
        texts(&doc, "main a[href='/minha-conta/dados-cadastrais']"),
        vec!["Completar cadastro"]
    );
    let app = logged_in_as("analise@colheita.dev").await;
    let doc = html(app.get(&routes::captacao_reservar(OFFER)).await).await;
    assert!(text(&doc, "main").contains("Em breve, após a análise, você já poderá investir."));
}

#[tokio::test]
async fn every_amount_message_in_order_with_the_value_kept() {
    let app = logged_in_as("investidor@colheita.dev").await;
    for (typed, msg) in [
        ("", "Necessário preencher todos os campos para prosseguir."),
        (
            "abc",
            "Necessário preencher todos os campos para prosseguir.",
        ),
        // Filled and > 0 first: zero and negative amounts ask to fill the fields.
        (
            "0,00",
            "Necessário preencher todos os campos para prosseguir.",
        ),
        (
            "-10,00",
            "Necessário preencher todos os campos para prosseguir.",
        ),
        (
            "999,99",
            "O valor informado precisa ser maior que zero, e igual ou maior que o investimento mínimo.",
        ),
        (
            "975.000,01",
            "O valor da sua reserva não está mais disponível para investir. Verifique a quantia disponível na página da operação.",
        ),
    ] {
        let resp = step1(&app, typed).await;
        assert_eq!(resp.status(), 422, "{typed}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
        assert_eq!(text(&doc, "dialog.alerta p"), msg, "{typed}");
        assert_eq!(value(&doc, "#valor"), typed);
        // Once the alert is closed the message stays under the field, tied to it.
        let field = doc
            .select(&scraper::Selector::parse("#valor").unwrap())
            .next()
            .unwrap();
        assert_eq!(field.value().attr("aria-invalid"), Some("true"), "{typed}");
        assert_eq!(
            field.value().attr("aria-describedby"),
            Some("valor-erro valor-ajuda")
        );
        assert_eq!(text(&doc, "form .campo #valor-erro"), msg, "{typed}");
    }
}

#[tokio::test]
async fn the_amount_field_states_the_minimum_and_is_unmarked_before_a_refusal() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::captacao_reservar(OFFER)).await).await;
    assert_eq!(
        text(&doc, "#valor-ajuda"),
        "Mínimo de R$ 1.000,00. Use o formato 1.234,56."
    );
    assert!(texts(&doc, "#valor-erro").is_empty());
    assert!(texts(&doc, "#valor[aria-invalid]").is_empty());
}

#[tokio::test]
async fn the_pix_flow_ends_with_the_qr_code_and_a_valid_copyable_code() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let resp = step1(&app, "2.500,00").await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);
    assert!(terms.ends_with("/termos"), "{terms}");
    let doc = html(app.get(&terms).await).await;
    assert_eq!(text(&doc, ".etapa-atual"), "Passo 2 de 3");
    assert!(!text(&doc, "main h1").is_empty());
    // Without the declaration.
    let resp = app.post_form(&terms, &[]).await;
    assert_eq!(resp.status(), 422);
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Necessário concordar com os termos para prosseguir."
    );
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 303);
    let confirm = location(&resp);
    let doc = html(app.get(&confirm).await).await;
    assert_eq!(text(&doc, ".etapa-atual"), "Passo 3 de 3");
    assert!(text(&doc, "dl.fatos").contains("Pix"));
    assert!(text(&doc, "dl.fatos").contains("R$ 2.500,00"));
    let resp = app.post_form(&confirm, &[]).await;
    assert_eq!(resp.status(), 303);
    let status_url = location(&resp);
    let doc = html(app.get(&status_url).await).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Sucesso!");
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Investimento reservado com sucesso."
    );
    assert_eq!(text(&doc, ".reserva h2"), "Aporte pendente");
    assert_eq!(texts(&doc, ".qr-pix svg").len(), 1);
    let code = text(&doc, "#codigo-pix");
    assert!(code.starts_with("000201"), "{code}");
    assert!(colheita::domain::pix::verify_crc(&code), "{code}");
    assert!(code.contains("Captacao: Fazenda Santa Luzia"), "{code}");
    assert!(code.contains("54072500.00"), "{code}");
    assert_eq!(texts(&doc, "[data-island=countdown]").len(), 1);
    assert_eq!(texts(&doc, "[data-island=copiar]").len(), 1);
    // Closing goes back to the detail.
    assert_eq!(
        texts(
            &doc,
            ".reserva a[href='/investir/fazenda-santa-luzia-soja-2027']"
        ),
        vec!["Fechar"]
    );
}

#[tokio::test]
async fn partner_debit_ends_in_analysis_with_its_explanation() {
    let app = logged_in_as("ativa@colheita.dev").await;
    let resp = step1(&app, "5.000,00").await;
    let terms = location(&resp);
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    let confirm = location(&resp);
    let doc = html(app.get(&confirm).await).await;
    assert!(text(&doc, "dl.fatos").contains("Débito em conta na corretora parceira"));
    let resp = app.post_form(&confirm, &[]).await;
    let doc = html(app.get(&location(&resp)).await).await;
    assert!(text(&doc, ".reserva").contains("Em análise"));
    assert!(
        text(&doc, ".reserva").contains("Se não for aprovada, o pagamento passará a ser por Pix")
    );
    assert!(texts(&doc, ".qr-pix").is_empty());
}

#[tokio::test]
async fn two_term_options_need_a_choice() {
    let app = logged_in_as("investidor@colheita.dev").await;
    // Rated BB: the sandbox presents two options.
    let resp = app
        .post_form(
            &routes::captacao_reservar("cacau-cabruca-fazenda-provisao"),
            &[("valor", "1.000,00")],
        )
        .await;
    let terms = location(&resp);
    let doc = html(app.get(&terms).await).await;
    assert_eq!(texts(&doc, "input[type=radio][name=opcao]").len(), 2);
    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        "Selecione uma das opções do termo para prosseguir."
    );
    assert_eq!(texts(&doc, "#aceite[checked]").len(), 1, "the tick is kept");
    let first = value(&doc, "input[name=opcao]");
    let resp = app
        .post_form(
            &terms,
            &[
                ("aceite", "sim"),
                ("ciencia_risco", "sim"),
                ("opcao", &first),
            ],
        )
        .await;
    assert_eq!(resp.status(), 303);
}

#[tokio::test]
async fn the_island_gets_json_from_the_same_routes() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let bad = app
        .client
        .post(app.url(&routes::captacao_reservar(OFFER)))
        .header("Origin", &app.web_url)
        .header("Accept", "application/json")
        .form(&[("valor", "")])
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 422);
    let body: serde_json::Value = bad.json().await.unwrap();
    assert_eq!(
        body["mensagem"],
        "Necessário preencher todos os campos para prosseguir."
    );
    let ok = app
        .client
        .post(app.url(&routes::captacao_reservar(OFFER)))
        .header("Origin", &app.web_url)
        .header("Accept", "application/json")
        .form(&[("valor", "1.000,00")])
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    let body: serde_json::Value = ok.json().await.unwrap();
    assert!(body["proximo"].as_str().unwrap().ends_with("/termos"));
}

#[tokio::test]
async fn racing_for_the_last_amount_never_oversubscribes() {
    let app = TestApp::with_sandbox(&[]).await;
    // 348.000,00 left; 12 investors × 40.000,00 = 480.000,00: at most 8 can win. (ativa@
    // is a qualified investor: no annual limit stands in the way of the race.)
    let offer = &routes::captacao("trigo-cooperado-planalto-passo-fundo");
    let mut browsers = Vec::new();
    for _ in 0..12 {
        let b = app.another_browser();
        assert_eq!(
            b.login("ativa@colheita.dev", "colheita123").await.status(),
            200
        );
        let resp = b
            .post_form(&format!("{offer}/ordem"), &[("valor", "40.000,00")])
            .await;
        assert_eq!(resp.status(), 303);
        let terms = location(&resp);
        let resp = b
            .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
            .await;
        browsers.push((b, location(&resp)));
    }
    let confirmations = browsers
        .iter()
        .map(|(b, confirm)| b.post_form(confirm, &[]));
    let results = futures::future::join_all(confirmations).await;
    let won = results.iter().filter(|r| r.status() == 303).count();
    assert_eq!(won, 8, "exactly what fits");
    for r in results.into_iter().filter(|r| r.status() != 303) {
        assert_eq!(r.status(), 422);
        let doc = html(r).await;
        assert_eq!(
            text(&doc, "dialog.alerta p"),
            "O valor da sua reserva não está mais disponível para investir. Verifique a quantia disponível na página da operação."
        );
    }
}

/// Posting to another investor's reservation, or to one that does not exist, is the 404
/// page, as the same address's GET gives, never a platform failure; an island gets the
/// message with 422.
#[tokio::test]
async fn posting_to_a_reservation_that_is_not_yours_is_the_404_page() {
    let owner = logged_in_as("investidor@colheita.dev").await;
    let resp = step1(&owner, "1000").await;
    assert_eq!(resp.status(), 303);
    let theirs: i64 = location(&resp).split('/').nth(2).unwrap().parse().unwrap();
    let other = owner.another_browser();
    assert_eq!(
        other
            .login("ativa@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let ticks = [("aceite", "sim"), ("ciencia_risco", "sim")];
    for id in [theirs, 987_654] {
        for post in [
            routes::carteira_desistencia(id),
            routes::reserva_termos(id),
            routes::reserva_confirmar(id),
        ] {
            let resp = other.post_form(&post, &ticks).await;
            assert_eq!(resp.status(), 404, "{post}");
            assert_eq!(
                title(&html(resp).await),
                "Página não encontrada | Colheita",
                "{post}"
            );
            let resp = other
                .client
                .post(other.url(&post))
                .header("Origin", &other.web_url)
                .header("Sec-Fetch-Site", "same-origin")
                .header("Accept", "application/json")
                .form(&ticks)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status(), 422, "{post}");
            let answer: serde_json::Value = resp.json().await.unwrap();
            assert!(answer["mensagem"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
}

//! The qualified investor's declaration through the web app, against the real sandbox:
//! being qualified takes the Declaração de investidor qualificado (its criteria and the
//! amount from the platform) signed with a tick, and the order's terms step shows it.

use colheita::domain::limite_anual::{
    AnnualLimitRules, MSG_QUALIFIED_TERM, QUALIFIED_INVESTMENTS, msg_qualified_band,
};
use colheita::web::routes;

use crate::support::*;

const OFFER: &str = "fazenda-santa-luzia-soja-2027";

#[tokio::test]
async fn qualifying_takes_the_signed_declaration_which_the_order_then_shows() {
    let app = TestApp::with_sandbox(&[
        "--sandbox-extra-investors",
        "1",
        "--sandbox-qualified-investments",
        "1200000.00",
    ])
    .await;
    assert_eq!(
        app.login("carga-001@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert!(
        text(&doc, "#termo-qualificado-titulo").starts_with("Declaração de investidor qualificado")
    );
    let term = text(&doc, ".termo-qualificado .termo-conteudo");
    assert!(term.contains("superior a R$ 1.200.000,00"), "{term}");
    assert!(term.contains("certificação profissional"), "{term}");

    // "Sim" alone is refused, with what was typed kept.
    let resp = app
        .post_form(
            routes::DECLARACAO_INVESTIDOR,
            &[
                ("qualificado", "sim"),
                ("veracidade", "sim"),
                ("captacao", OFFER),
            ],
        )
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), MSG_QUALIFIED_TERM);
    assert_eq!(texts(&doc, "#campo-qualificado-sim[checked]").len(), 1);
    assert_eq!(texts(&doc, "#campo-veracidade[checked]").len(), 1);
    assert_eq!(
        texts(&doc, "#campo-termo_qualificado[aria-invalid=true]").len(),
        1
    );

    let resp = app
        .post_form(
            routes::DECLARACAO_INVESTIDOR,
            &[
                ("qualificado", "sim"),
                ("termo_qualificado", "sim"),
                ("versao_termo_qualificado", "2026.1"),
                ("veracidade", "sim"),
                ("captacao", OFFER),
            ],
        )
        .await;
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert!(
        text(&doc, ".termo-assinado")
            .starts_with("Declaração de investidor qualificado assinada em"),
        "{}",
        text(&doc, ".termo-qualificado")
    );

    // The terms step shows the signed declaration being confirmed.
    let resp = app
        .post_form(&routes::captacao_reservar(OFFER), &[("valor", "1.000,00")])
        .await;
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(&location(&resp)).await).await;
    let summary = text(&doc, ".declaracao-resumo");
    assert!(summary.contains("Investidor qualificado"), "{summary}");
    assert!(
        summary.contains("Declaração de investidor qualificado assinada em"),
        "{summary}"
    );
    assert!(summary.contains("(versão 2026.1)"), "{summary}");
}

#[tokio::test]
async fn the_withdrawal_period_and_the_refund_deadline_are_said_before_committing() {
    let app = TestApp::with_sandbox(&[
        "--sandbox-extra-investors",
        "1",
        "--sandbox-withdrawal-days",
        "7",
        "--sandbox-refund-business-days",
        "3",
    ])
    .await;
    assert_eq!(
        app.login("carga-001@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let resp = app
        .post_form(&routes::captacao_reservar(OFFER), &[("valor", "1.000,00")])
        .await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);
    let doc = html(app.get(&terms).await).await;
    assert_eq!(
        text(&doc, "#prazo-desistencia"),
        "Até 7 dias contados da confirmação, sem qualquer custo"
    );
    assert!(text(&doc, "#prazo-devolucao").contains("devolução em até 3 dias úteis"));
    let risk = text(&doc, ".ciencia-risco .termo-conteudo");
    assert!(
        risk.contains("prazo de desistência informado na oferta, de 7 dias"),
        "{risk}"
    );

    let resp = app
        .post_form(&terms, &[("aceite", "sim"), ("ciencia_risco", "sim")])
        .await;
    assert_eq!(resp.status(), 303);
    let confirm = location(&resp);
    let doc = html(app.get(&confirm).await).await;
    assert_eq!(text(&doc, "h1"), "Confira e confirme");
    assert_eq!(
        text(&doc, "#prazo-desistencia"),
        "Até 7 dias contados da confirmação, sem qualquer custo"
    );
    assert!(text(&doc, "#prazo-devolucao").contains("devolução em até 3 dias úteis"));

    // Confirmed, the withdrawal page says the same refund deadline.
    let resp = app.post_form(&confirm, &[]).await;
    assert_eq!(resp.status(), 303);
    let id: i64 = location(&resp).rsplit('/').next().unwrap().parse().unwrap();
    let doc = html(app.get(&routes::carteira_desistencia(id)).await).await;
    assert_eq!(text(&doc, "h1"), "Desistir do investimento");
    let deadline = text(&doc, ".desistencia #prazo-devolucao");
    assert!(
        deadline.contains("devolução em até 3 dias úteis"),
        "{}",
        text(&doc, ".desistencia")
    );
}

#[tokio::test]
async fn the_terms_options_follow_the_recorded_declaration_and_refuse_to_contradict_it() {
    const SPECULATIVE: &str = "cacau-cabruca-fazenda-provisao";
    let app = TestApp::with_sandbox(&["--sandbox-extra-investors", "1"]).await;
    // A qualified investor (the synthetic investors are seeded qualified, signed).
    assert_eq!(
        app.login("carga-001@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let resp = app
        .post_form(
            &routes::captacao_reservar(SPECULATIVE),
            &[("valor", "1.000,00")],
        )
        .await;
    assert_eq!(resp.status(), 303);
    let terms = location(&resp);
    let doc = html(app.get(&terms).await).await;
    let chosen = doc
        .select(&scraper::Selector::parse("input[name=opcao][checked]").unwrap())
        .map(|e| e.value().attr("value").unwrap_or_default().to_owned())
        .collect::<Vec<_>>();
    assert_eq!(chosen, ["1"], "the qualified option comes chosen");
    assert!(text(&doc, "label[for=opcao-0]").starts_with("Declaro ser investidor qualificado"));
    let link = doc
        .select(&scraper::Selector::parse("#opcao-ajuda a").unwrap())
        .next()
        .and_then(|a| a.value().attr("href").map(str::to_owned));
    assert_eq!(link.as_deref(), Some(routes::DECLARACAO_INVESTIDOR));

    // "Not qualified" contradicts the declaration: refused, with what was ticked kept.
    let resp = app
        .post_form(
            &terms,
            &[("aceite", "sim"), ("opcao", "2"), ("ciencia_risco", "sim")],
        )
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        colheita::domain::limite_anual::opcoes::MSG_OPTION_CONTRADICTS
    );
    assert_eq!(texts(&doc, "#opcao-1[checked]").len(), 1);
    assert_eq!(texts(&doc, "#aceite[checked]").len(), 1);
    assert_eq!(texts(&doc, "#opcao-ajuda a").len(), 1);

    let resp = app
        .post_form(
            &terms,
            &[("aceite", "sim"), ("opcao", "1"), ("ciencia_risco", "sim")],
        )
        .await;
    assert_eq!(resp.status(), 303);
}

#[tokio::test]
async fn a_qualified_investor_with_investments_up_to_the_threshold_is_refused_and_nothing_saved() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let typed = [
        ("qualificado", "sim"),
        ("termo_qualificado", "sim"),
        ("versao_termo_qualificado", "2026.1"),
        ("faixa", "ate"),
        ("renda", "50.000,00"),
        ("outras", "1.000,00"),
        ("veracidade", "sim"),
        ("captacao", OFFER),
    ];
    let resp = app.post_form(routes::DECLARACAO_INVESTIDOR, &typed).await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(
        text(&doc, "dialog.alerta p"),
        msg_qualified_band(&AnnualLimitRules::CVM_88, QUALIFIED_INVESTMENTS)
    );
    // The form as typed, the band marked as the answer to fix.
    for ticked in [
        "#campo-qualificado-sim",
        "#campo-termo_qualificado",
        "#campo-faixa-ate",
        "#campo-veracidade",
    ] {
        assert_eq!(
            texts(&doc, &format!("{ticked}[checked]")).len(),
            1,
            "{ticked}"
        );
    }
    assert_eq!(value(&doc, "#campo-renda"), "50.000,00");
    assert_eq!(value(&doc, "#campo-outras"), "1.000,00");
    assert_eq!(value(&doc, "input[name=captacao]"), OFFER);
    assert_eq!(
        texts(&doc, "fieldset[aria-invalid=true] #campo-faixa-ate").len(),
        1
    );
    // Nothing saved: the declaration in force is still "not qualified, above the threshold".
    let doc = html(app.get(routes::DECLARACAO_INVESTIDOR).await).await;
    assert_eq!(texts(&doc, "#campo-qualificado-nao[checked]").len(), 1);
    assert_eq!(texts(&doc, "#campo-faixa-acima[checked]").len(), 1);
    assert!(texts(&doc, ".termo-assinado").is_empty());
}

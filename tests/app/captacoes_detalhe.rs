//! An offering's detail page, its preview, its PDF and its simulation, against the sandbox.

use colheita::web::routes;

use crate::support::*;

#[tokio::test]
async fn the_detail_shows_every_part_and_the_visitor_invests_by_signing_up() {
    let app = TestApp::with_sandbox(&[]).await;
    let resp = app
        .get(&routes::captacao("fazenda-santa-luzia-soja-2027"))
        .await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "Detalhes da operação | Colheita");
    assert_eq!(text(&doc, "h1"), "Fazenda Santa Luzia – Soja safra 2026/27");
    let sections = texts(&doc, "details.acordeao > summary h2");
    assert_eq!(
        sections,
        vec![
            "Operação",
            "Galeria",
            "Sobre",
            "Empreendedor",
            "Localização",
            "Dúvidas"
        ]
    );
    assert!(
        text(&doc, "details.acordeao").contains("Isenta de imposto de renda para pessoa física")
    );
    assert_eq!(
        texts(&doc, "#investir a[href='/quero-investir']"),
        vec!["Investir"]
    );
    assert_eq!(
        texts(&doc, "#investir a[href$='/simular']"),
        vec!["Simular"]
    );
    assert_eq!(texts(&doc, ".carrossel iframe").len(), 1, "the one video");
    assert!(texts(&doc, "[data-island=countdown]").len() == 1);
    assert!(texts(&doc, "a[href^='https://www.openstreetmap.org/']").len() == 1);
}

#[tokio::test]
async fn closed_offerings_say_why() {
    let app = TestApp::with_sandbox(&[]).await;
    let full = html(
        app.get(&routes::captacao("soja-fazenda-tres-irmaos-cruz-alta"))
            .await,
    )
    .await;
    assert_eq!(text(&full, "#investir h2"), "Fechado para investimento");
    assert_eq!(
        text(&full, "#investir p"),
        "Esta captação atingiu o limite de arrecadação."
    );
    let ended = html(
        app.get(&routes::captacao("soja-fazenda-rio-das-mortes-primavera"))
            .await,
    )
    .await;
    assert!(text(&ended, "#investir p").starts_with("O período de captação encerrou em "));
}

#[tokio::test]
async fn a_draft_shows_the_empty_card_and_unknown_urls_the_404() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao(
            "milho-fazenda-sete-lagoas-chapadao-do-sul",
        ))
        .await,
    )
    .await;
    assert_eq!(
        text(&doc, ".cartao-vazio h2"),
        "Nenhum resultado encontrado"
    );
    assert_eq!(
        text(&doc, ".cartao-vazio p"),
        "Não há resultado(s) para o(s) parâmetro(s) informado(s)"
    );
    assert_eq!(
        app.get(&routes::captacao("nao-existe-mesmo"))
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn the_preview_needs_login_shows_drafts_and_hides_the_buttons() {
    let app = TestApp::with_sandbox(&[]).await;
    let first = app
        .get(&routes::captacao(
            "milho-fazenda-sete-lagoas-chapadao-do-sul",
        ))
        .await;
    drop(first);
    let resp = app.get(&routes::preview(1)).await;
    assert_eq!(resp.status(), 303, "preview needs login");
    let landed = app
        .login_from(resp, "investidor@colheita.dev", "colheita123")
        .await;
    assert_eq!(landed.status(), 200);
    let doc = html(landed).await;
    assert_eq!(title(&doc), "Pré-visualização da operação | Colheita");
    assert!(
        texts(&doc, "#investir a").is_empty(),
        "no Investir/Simular in preview"
    );
}

#[tokio::test]
async fn an_offering_without_a_pdf_says_no_file() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao("cafe-conilon-sitio-boa-vista"))
            .await,
    )
    .await;
    // Its documents are only the essential information (CVM 88) every offering has.
    assert_eq!(
        texts(&doc, "details.acordeao a.link-download"),
        vec!["Informações essenciais da oferta (PDF) (abre em nova janela)"]
    );
    let resp = app
        .get(&routes::captacao_documento("cafe-conilon-sitio-boa-vista"))
        .await;
    assert_eq!(resp.status(), 404);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta p"), "Nenhum arquivo encontrado.");
}

#[tokio::test]
async fn the_simulation_runs_only_with_an_amount_and_refuses_bad_ones() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao_simular("fazenda-santa-luzia-soja-2027"))
            .await,
    )
    .await;
    assert_eq!(text(&doc, "h1"), "Simule o seu investimento");
    assert!(texts(&doc, ".cenarios").is_empty());
    let resp = app
        .get("/investir/fazenda-santa-luzia-soja-2027/simular?valor=abc")
        .await;
    assert_eq!(resp.status(), 422);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
    assert_eq!(value(&doc, "#valor-simulacao"), "abc");
}

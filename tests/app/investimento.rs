//! After the money goes in: the wallet's situation badges and a holding's page (its
//! situation, amounts, story and the issuer's updates with their reports), against a
//! platform that answers as the contract says, a failing one, and the seeded sandbox.

mod sandbox;

use colheita::web::routes;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

const URL: &str = "cpr-soja-fazenda-boa-vista";

fn holding() -> Value {
    json!({
        "idCaptacao": 12, "nomeCaptacao": "CPR Soja – Fazenda Boa Vista", "urlAmigavel": URL,
        "situacao": "ATRASADO", "diasEmAtraso": 12, "inicioRendimento": "2026-03-01",
        "proximoPagamento": {"data": "2026-12-10", "valor": 123.45},
        "investido": 5000.00, "recebido": 812.30, "aReceber": 4500.00, "emAtraso": 61.20,
        "baixado": 0.00,
        "reservas": [{"id": 31, "valor": 5000.00}],
        "parcelas": [],
        "eventos": [
            {"data": "2026-11-16", "tipo": "PARCELA_EM_ATRASO", "titulo": "Parcela 9 em atraso",
             "descricao": "A emissora ainda não pagou a parcela que venceu em 15/11/2026.",
             "valor": 61.20, "parcela": 9, "diasDeAtraso": 1},
            {"data": "2026-04-03", "tipo": "PARCELA_PAGA", "titulo": "Parcela 1 paga com 2 dias de atraso",
             "descricao": "O valor foi creditado.", "valor": 61.20, "parcela": 1, "diasDeAtraso": 2},
            {"data": "2026-03-01", "tipo": "INICIO_RENDIMENTO", "titulo": "Início do rendimento",
             "descricao": "O rendimento começou a contar.", "valor": null, "parcela": null,
             "diasDeAtraso": null}
        ]
    })
}

fn updates() -> Value {
    json!({"atualizacoes": [
        {"id": 7, "data": "2026-10-15", "tipo": "TRIMESTRAL",
         "titulo": "Relatório do 3º trimestre de 2026",
         "texto": "A colheita terminou.\n\nA venda da safra começou.",
         "relatorio": {"nome": "relatorio-3t-2026.pdf", "tamanhoBytes": 12345}},
        {"id": 6, "data": "2026-09-01", "tipo": "COMUNICADO", "titulo": "Chuvas em setembro",
         "texto": "O plantio atrasou uma semana.", "relatorio": null}
    ]})
}

async fn answer(server: &MockServer, at: &str, body: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path(at))
        .respond_with(body)
        .mount(server)
        .await;
}

/// A logged-in investor against a platform answering `holding` and `updates`.
async fn investor(holding: ResponseTemplate, updates: ResponseTemplate) -> (TestApp, MockServer) {
    let server = MockServer::start().await;
    mock_login(&server).await;
    answer(&server, &format!("/v1/investimentos/{URL}"), holding).await;
    answer(&server, "/v1/captacoes/12/atualizacoes", updates).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    (app, server)
}

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn attr(doc: &scraper::Html, sel: &str, name: &str) -> Vec<String> {
    doc.select(&scraper::Selector::parse(sel).unwrap())
        .filter_map(|e| e.value().attr(name).map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn the_holding_page_says_the_situation_the_amounts_the_story_and_the_updates() {
    let (app, _s) = investor(ok(holding()), ok(updates())).await;
    let resp = app.get(&routes::carteira_investimento(URL)).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(title(&doc), "CPR Soja – Fazenda Boa Vista | Colheita");
    assert_eq!(texts(&doc, "main h1"), vec!["CPR Soja – Fazenda Boa Vista"]);
    assert_eq!(
        attr(&doc, "main a.botao-texto", "href")[0],
        routes::CARTEIRA
    );
    assert_eq!(
        text(&doc, ".situacao .badge.badge-aviso"),
        "Atrasado há 12 dias"
    );
    let meaning = text(&doc, ".situacao p");
    assert!(
        meaning.contains("venceu há 12 dias") && meaning.contains("continua devido a você"),
        "{meaning}"
    );
    assert_eq!(
        text(&doc, ".situacao .proximo-pagamento"),
        "Próximo pagamento previsto: 10/12/2026 , no valor de R$ 123,45 R$ ••••• (valor oculto) ."
    );
    let facts: Vec<String> = texts(&doc, "dl.resumo-lista > div");
    assert_eq!(
        facts,
        vec![
            "Valor investido R$ 5.000,00 R$ ••••• (valor oculto)",
            "Recebido até agora R$ 812,30 R$ ••••• (valor oculto)",
            "A receber R$ 4.500,00 R$ ••••• (valor oculto)",
            "Em atraso R$ 61,20 R$ ••••• (valor oculto)",
        ]
    );
    assert_eq!(
        texts(&doc, "dl.resumo-lista > .resumo-alerta dt"),
        vec!["Em atraso"]
    );
    // The story, newest first, each step dated by a <time> the machine can read.
    assert_eq!(
        texts(&doc, "#linha-do-tempo + ol > li h3"),
        vec![
            "Parcela 9 em atraso",
            "Parcela 1 paga com 2 dias de atraso",
            "Início do rendimento"
        ]
    );
    assert_eq!(
        attr(&doc, "#linha-do-tempo + ol > li time", "datetime"),
        vec!["2026-11-16", "2026-04-03", "2026-03-01"]
    );
    let first = texts(&doc, "#linha-do-tempo + ol > li")[0].clone();
    assert!(
        first.starts_with("16/11/2026 Parcela 9 em atraso A emissora"),
        "{first}"
    );
    assert!(first.contains("Valor: R$ 61,20"), "{first}");
    // The issuer's updates, newest first, a report for the periodic one only.
    assert_eq!(
        texts(&doc, "#atualizacoes + ol > li h3"),
        vec!["Relatório do 3º trimestre de 2026", "Chuvas em setembro"]
    );
    assert_eq!(
        texts(
            &doc,
            "#atualizacoes + ol > li:first-child > p:not(.evento-data)"
        )[..2],
        ["A colheita terminou.", "A venda da safra começou."]
    );
    assert_eq!(
        attr(&doc, "#atualizacoes + ol a", "href"),
        vec![routes::carteira_investimento_relatorio(URL, 7)]
    );
    assert!(text(&doc, "#atualizacoes + ol a").starts_with("Abrir o relatório (PDF, 13 KB)"));
    // The reservations' documents and contract, as on the wallet.
    let links = attr(&doc, "#documentos ~ .reserva-linha a", "href");
    assert_eq!(
        links,
        vec![
            routes::carteira_documentos(31),
            routes::carteira_contrato(31)
        ]
    );
}

#[tokio::test]
async fn a_report_is_streamed_as_the_pdf_the_platform_sent() {
    let (app, server) = investor(ok(holding()), ok(updates())).await;
    answer(
        &server,
        "/v1/captacoes/12/atualizacoes/7/relatorio",
        ResponseTemplate::new(200).set_body_raw(b"%PDF-1.7 relatorio".to_vec(), "application/pdf"),
    )
    .await;
    let resp = app
        .get(&routes::carteira_investimento_relatorio(URL, 7))
        .await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "application/pdf");
    assert_eq!(resp.headers()["cache-control"], "no-store");
    assert!(resp.bytes().await.unwrap().starts_with(b"%PDF"));
    // An update without a report: the page says there is no file.
    let resp = app
        .get(&routes::carteira_investimento_relatorio(URL, 6))
        .await;
    assert_eq!(resp.status(), 404);
    assert_eq!(
        text(&html(resp).await, "dialog.alerta p"),
        "Nenhum arquivo encontrado."
    );
}

#[tokio::test]
async fn a_holding_the_investor_does_not_have_is_the_404_page() {
    let not_found = ResponseTemplate::new(404)
        .set_body_json(json!({"mensagem": "Investimento não encontrado."}));
    let (app, _s) = investor(not_found, ok(updates())).await;
    for p in [
        routes::carteira_investimento(URL),
        routes::carteira_investimento_relatorio(URL, 7),
        routes::carteira_investimento("outra-captacao"),
    ] {
        let resp = app.get(&p).await;
        assert_eq!(resp.status(), 404, "{p}");
        assert_eq!(
            text(&html(resp).await, "main h1"),
            "Página não encontrada",
            "{p}"
        );
    }
    // A path segment that is no offering never reaches the platform.
    let resp = app.get("/carteira/investimentos/%2e%2e").await;
    assert_eq!(resp.status(), 404);
}

#[tokio::test]
async fn a_failing_platform_gives_the_error_card_inside_the_shell() {
    for (holding, updates) in [
        (ResponseTemplate::new(503), ok(updates())),
        (ok(holding()), ResponseTemplate::new(500)),
        (ok(json!({"idCaptacao": "x"})), ok(updates())),
    ] {
        let (app, _s) = investor(holding, updates).await;
        let resp = app.get(&routes::carteira_investimento(URL)).await;
        assert_eq!(resp.status(), 502);
        let doc = html(resp).await;
        assert_eq!(texts(&doc, "main .cartao-erro").len(), 1);
        assert_eq!(texts(&doc, "header").len(), 1);
    }
}

#[tokio::test]
async fn the_holding_page_needs_a_login_and_comes_back_to_it() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    let report = routes::carteira_investimento_relatorio(URL, 7);
    let resp = app.get(&report).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"), "{}", location(&resp));
    let page = routes::carteira_investimento(URL);
    let resp = app.get(&page).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"), "{}", location(&resp));
    let resp = login_via_callback(&app, &page).await;
    assert_eq!(location(&resp), page);
}

/// The wallet as the platform states each holding: one badge per offering, named (never
/// the colour alone), each holding linked to its page; the totals late and in recovery
/// only when there are some.
#[tokio::test]
async fn the_wallet_shows_one_situation_badge_per_offering_and_links_each_holding() {
    let server = MockServer::start().await;
    mock_login(&server).await;
    let item = |nome: &str, url: &str, situacao: &str, dias: i32| {
        json!({"idCaptacao": 1, "nomeCaptacao": nome, "urlAmigavel": url, "alocacao": 1000,
               "percentualAlocacao": 10, "rendimento": 1, "valor": 1001, "listaReservas": [],
               "situacao": situacao, "diasEmAtraso": dias, "valorEmAtraso": 0})
    };
    let wallet = |atraso: f64, recuperacao: f64| {
        ok(json!({"lista": [
            item("A", "a", "EM_CAPTACAO", 0), item("B", "b", "EM_DIA", 0),
            item("C", "c", "ATRASADO", 12), item("D", "d", "EM_RECUPERACAO", 40),
            item("E", "e", "INADIMPLENTE", 120), item("F", "f", "LIQUIDADO", 0),
            {"nomeCaptacao": "G", "alocacao": 1, "percentualAlocacao": 1, "rendimento": 0,
             "valor": 1, "listaReservas": []}],
            "valorTotal": 6007, "rendimentoTotal": 6, "rendimentoPercentual": 0.1,
            "valorEmAtraso": atraso, "valorEmRecuperacao": recuperacao}))
    };
    let alloc = Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(wallet(61.2, 4500.0))
        .mount_as_scoped(&server)
        .await;
    answer(&server, "/v1/reservas/canceladas", ok(json!([]))).await;
    mock_home_rest(&server).await;
    let app = TestApp::with_platform(&server.uri(), &[]).await;
    login_via_callback(&app, routes::HOME).await;
    let doc = html(app.get(routes::CARTEIRA).await).await;
    assert_eq!(
        texts(&doc, "details.acordeao summary .badge"),
        vec![
            "Em captação",
            "Em dia",
            "Atrasado há 12 dias",
            "Em recuperação",
            "Inadimplente",
            "Liquidado"
        ]
    );
    let classes = attr(&doc, "details.acordeao summary .badge", "class");
    for (c, tone) in classes.iter().zip([
        "badge-info",
        "badge-sucesso",
        "badge-aviso",
        "badge-aviso",
        "badge-erro",
        "badge-neutro",
    ]) {
        assert!(c.contains(tone), "{c} {tone}");
    }
    let links = attr(
        &doc,
        "details.acordeao a[href^='/carteira/investimentos/']",
        "href",
    );
    let expected: Vec<String> = ["a", "b", "c", "d", "e", "f"]
        .iter()
        .map(|u| routes::carteira_investimento(u))
        .collect();
    assert_eq!(links, expected);
    for page in [routes::CARTEIRA, routes::HOME] {
        let doc = html(app.get(page).await).await;
        assert_eq!(
            texts(&doc, "dl.resumo-lista > .resumo-alerta"),
            vec![
                "Em atraso R$ 61,20 R$ ••••• (valor oculto)",
                "Em recuperação R$ 4.500,00 R$ ••••• (valor oculto)"
            ],
            "{page}"
        );
    }
    drop(alloc);
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(wallet(0.0, 0.0))
        .mount(&server)
        .await;
    for page in [routes::CARTEIRA, routes::HOME] {
        let doc = html(app.get(page).await).await;
        assert!(texts(&doc, ".resumo-alerta").is_empty(), "{page}");
        assert!(text(&doc, "main").contains("Valor total"), "{page}");
    }
}

/// A written-off holding: its unpaid instalments read 'Baixada', explained, never 'A vencer';
/// one taken by a renegotiation reads 'Renegociada', explained too.
#[tokio::test]
async fn the_instalments_say_their_state_and_what_it_means() {
    let mut h = holding();
    h["situacao"] = json!("INADIMPLENTE");
    h["proximoPagamento"] = json!(null);
    h["parcelas"] = json!([
        {"numero": 1, "vencimento": "2026-04-01", "valor": 61.20, "pago": 61.20,
         "pagoEm": "2026-04-01", "estado": "PAGA"},
        {"numero": 2, "vencimento": "2026-05-01", "valor": 61.20, "pago": 30.00,
         "pagoEm": "2026-08-01", "estado": "RENEGOCIADA"},
        {"numero": 3, "vencimento": "2027-06-01", "valor": 5061.20, "pago": 0,
         "pagoEm": null, "estado": "BAIXADA"}
    ]);
    let (app, _s) = investor(ok(h), ok(updates())).await;
    let doc = html(app.get(&routes::carteira_investimento(URL)).await).await;
    assert_eq!(text(&doc, "h2#parcelas"), "Parcelas");
    let rows = texts(&doc, "#parcelas ~ .tabela-rolagem tbody tr");
    assert_eq!(rows.len(), 3);
    assert_eq!(
        texts(
            &doc,
            "#parcelas ~ .tabela-rolagem td[data-label='Situação']"
        ),
        vec!["Paga", "Renegociada", "Baixada"]
    );
    assert_eq!(
        attr(&doc, "#parcelas ~ .tabela-rolagem td time", "datetime"),
        vec![
            "2026-04-01",
            "2026-04-01",
            "2026-05-01",
            "2026-08-01",
            "2027-06-01"
        ]
    );
    assert!(
        rows[2].starts_with("3 01/06/2027 R$ 5.061,20"),
        "{}",
        rows[2]
    );
    assert!(!text(&doc, "main").contains("A vencer"));
    let meanings = texts(&doc, "ul.estados-parcela li");
    assert_eq!(meanings.len(), 3, "{meanings:?}");
    assert!(
        meanings[1].starts_with("Renegociada: ") && meanings[1].contains("Renegociação acordada")
    );
    assert!(
        meanings[2].starts_with("Baixada: ") && meanings[2].contains("não é mais esperado"),
        "{}",
        meanings[2]
    );
    // No instalments yet: said in words.
    let (app, _s) = investor(ok(holding()), ok(updates())).await;
    let doc = html(app.get(&routes::carteira_investimento(URL)).await).await;
    assert!(texts(&doc, "#parcelas ~ .tabela-rolagem").is_empty());
    assert!(text(&doc, "#parcelas + p").starts_with("As parcelas aparecem"));
}

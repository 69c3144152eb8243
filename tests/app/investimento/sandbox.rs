//! The seeded demo investor: one holding in each situation, each page with its story and
//! the issuer's updates, the reports as PDFs, and nobody else's holding.

use super::*;

/// Each offering of the wallet: its name, its badge and its holding's page.
async fn wallet(app: &TestApp) -> Vec<(String, String, String)> {
    let doc = html(app.get(routes::CARTEIRA).await).await;
    let sel = |s: &str| scraper::Selector::parse(s).unwrap();
    doc.select(&sel("details.acordeao"))
        .filter_map(|d| {
            let name = words(d.select(&sel("summary h2")).next()?);
            let badge = words(d.select(&sel("summary .badge")).next()?);
            let href = d
                .select(&sel("a[href^='/carteira/investimentos/']"))
                .next()?
                .value()
                .attr("href")?
                .to_owned();
            Some((name, badge, href))
        })
        .collect()
}

fn late_days(badge: &str) -> Option<i32> {
    badge
        .strip_prefix("Atrasado há ")?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

#[tokio::test]
async fn the_demo_investor_sees_every_situation_on_the_wallet_and_the_home() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let badges: Vec<&str> = holdings.iter().map(|(_, b, _)| b.as_str()).collect();
    for s in [
        "Em captação",
        "Em dia",
        "Em recuperação",
        "Inadimplente",
        "Liquidado",
    ] {
        assert!(badges.contains(&s), "{s} missing in {badges:?}");
    }
    assert!(
        badges
            .iter()
            .any(|b| late_days(b).is_some_and(|d| (1..30).contains(&d))),
        "no holding late under 30 days in {badges:?}"
    );
    for page in [routes::CARTEIRA, routes::HOME] {
        let doc = html(app.get(page).await).await;
        let alerts = texts(&doc, "dl.resumo-lista > .resumo-alerta dt");
        assert_eq!(alerts, vec!["Em atraso", "Em recuperação"], "{page}");
    }
}

#[tokio::test]
async fn a_late_holding_tells_its_story_newest_first_with_the_issuers_reports() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let (name, badge, href) = holdings
        .iter()
        .find(|(_, b, _)| late_days(b).is_some())
        .unwrap();
    let resp = app.get(href).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(&text(&doc, "main h1"), name);
    assert_eq!(&text(&doc, ".situacao .badge"), badge);
    assert!(text(&doc, ".situacao").contains("Próximo pagamento previsto"));
    let facts = texts(&doc, "dl.resumo-lista dt");
    assert_eq!(
        facts[..4],
        [
            "Valor investido",
            "Recebido até agora",
            "A receber",
            "Em atraso"
        ]
    );
    assert!(!text(&doc, "dl.resumo-lista .resumo-alerta dd").contains("R$ 0,00 "));
    let dates = attr(&doc, "#linha-do-tempo + ol > li time", "datetime");
    assert!(dates.len() >= 3, "{dates:?}");
    let mut newest_first = dates.clone();
    newest_first.sort();
    newest_first.reverse();
    assert_eq!(dates, newest_first);
    assert!(
        texts(&doc, "#linha-do-tempo + ol > li h3")
            .iter()
            .any(|t| t.contains("atraso")),
        "{:?}",
        texts(&doc, "#linha-do-tempo + ol > li h3")
    );
    let updates = attr(&doc, "#atualizacoes + ol > li time", "datetime");
    assert!(!updates.is_empty());
    let mut sorted = updates.clone();
    sorted.sort();
    sorted.reverse();
    assert_eq!(updates, sorted);
    let reports = attr(&doc, "#atualizacoes + ol a[href$='/relatorio']", "href");
    assert!(!reports.is_empty());
    let pdf = app.get(&reports[0]).await;
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));
    // The reservations' documents and contract, as the wallet has them.
    assert!(
        !attr(
            &doc,
            "#documentos ~ .reserva-linha a[href$='/contrato']",
            "href"
        )
        .is_empty()
    );
}

#[tokio::test]
async fn a_holding_in_recovery_shows_its_renegotiation() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let (_, _, href) = holdings
        .iter()
        .find(|(_, b, _)| b == "Em recuperação")
        .unwrap();
    let doc = html(app.get(href).await).await;
    let story = text(&doc, "#linha-do-tempo + ol").to_lowercase();
    assert!(story.contains("renegocia"), "{story}");
}

#[tokio::test]
async fn another_investors_holding_is_the_404_page() {
    let ana = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&ana).await;
    let other = ana.another_browser();
    assert_eq!(
        other
            .login("basico@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let theirs: Vec<String> = wallet(&other)
        .await
        .into_iter()
        .map(|(_, _, h)| h)
        .collect();
    let (_, _, href) = holdings
        .iter()
        .find(|(_, _, h)| !theirs.contains(h))
        .unwrap();
    let resp = other.get(href).await;
    assert_eq!(resp.status(), 404);
    assert_eq!(text(&html(resp).await, "main h1"), "Página não encontrada");
    let report = format!("{href}/atualizacoes/1/relatorio");
    assert_eq!(other.get(&report).await.status(), 404);
    // And without a login, the page asks for one.
    let visitor = ana.another_browser();
    let resp = visitor.get(href).await;
    assert_eq!(resp.status(), 303);
    assert!(location(&resp).contains("/login?"));
}

/// The issuer pays the late instalments: the holding is on time again, its story says the
/// payment came late, and the wallet's badge and late total follow.
#[tokio::test]
async fn a_payment_clears_a_late_holding() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let (name, _, href) = holdings
        .iter()
        .find(|(_, b, _)| late_days(b).is_some())
        .unwrap();
    let doc = html(app.get(href).await).await;
    let reserva: i64 = text(&doc, "#documentos ~ .reserva-linha strong")
        .trim_start_matches("Reserva nº ")
        .parse()
        .unwrap();
    let overdue: Vec<u32> = texts(&doc, "#linha-do-tempo + ol > li h3")
        .iter()
        .filter_map(|t| {
            t.strip_prefix("Parcela ")?
                .strip_suffix(" em atraso")?
                .parse()
                .ok()
        })
        .collect();
    assert!(!overdue.is_empty());
    let sandbox = app.sandbox_url.clone().unwrap();
    for n in overdue {
        let url = format!("{sandbox}/sandbox/reservas/{reserva}/parcelas/{n}/pagar");
        let resp = crate::support::http().post(&url).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{url}");
    }
    let doc = html(app.get(href).await).await;
    assert_eq!(text(&doc, ".situacao .badge"), "Em dia");
    let newest = texts(&doc, "#linha-do-tempo + ol > li h3")[0].clone();
    assert!(newest.contains("paga com"), "{newest}");
    assert!(texts(&doc, "dl.resumo-lista > .resumo-alerta").is_empty());
    let now = wallet(&app).await;
    let badge = &now.iter().find(|(n, _, _)| n == name).unwrap().1;
    assert_eq!(badge, "Em dia");
}

/// The demo investor's written-off holding promises none of its unpaid instalments; the
/// renegotiated one explains its 'Renegociada' instalments.
#[tokio::test]
async fn written_off_and_renegotiated_instalments_say_so() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let href = |badge: &str| {
        holdings
            .iter()
            .find(|(_, b, _)| b == badge)
            .map(|(_, _, h)| h.clone())
            .unwrap()
    };
    let doc = html(app.get(&href("Inadimplente")).await).await;
    let states = texts(
        &doc,
        "#parcelas ~ .tabela-rolagem td[data-label='Situação']",
    );
    assert!(states.iter().any(|s| s == "Baixada"), "{states:?}");
    assert!(
        states
            .iter()
            .all(|s| ["Paga", "Paga com atraso", "Baixada"].contains(&s.as_str())),
        "{states:?}"
    );
    assert!(
        texts(&doc, "ul.estados-parcela li")
            .iter()
            .any(|m| m.starts_with("Baixada: ")),
    );
    assert_eq!(
        text(&doc, ".situacao .proximo-pagamento"),
        "Não há um próximo pagamento previsto no momento."
    );
    let doc = html(app.get(&href("Em recuperação")).await).await;
    let states = texts(
        &doc,
        "#parcelas ~ .tabela-rolagem td[data-label='Situação']",
    );
    assert!(states.iter().any(|s| s == "Renegociada"), "{states:?}");
    assert!(!states.iter().any(|s| s == "Baixada"), "{states:?}");
    assert!(
        texts(&doc, "ul.estados-parcela li")
            .iter()
            .any(|m| m.starts_with("Renegociada: ") && m.contains("linha do tempo")),
    );
}

/// The wallet's 'Fluxo de recebimento' and the payment calendar promise nothing of the
/// written-off holding: its open instalments read 'Baixada' in the panel, explained, and
/// the calendar lists only what was paid of it.
#[tokio::test]
async fn the_wallet_and_the_calendar_promise_nothing_written_off() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let holdings = wallet(&app).await;
    let (name, _, href) = holdings
        .iter()
        .find(|(_, b, _)| b == "Inadimplente")
        .unwrap();
    let doc = html(app.get(href).await).await;
    let reserva: i64 = text(&doc, "#documentos ~ .reserva-linha strong")
        .trim_start_matches("Reserva nº ")
        .parse()
        .unwrap();
    let panel = html(app.get(&routes::carteira_fluxo(reserva)).await).await;
    let states = texts(&panel, "#painel td[data-label=Status]");
    assert!(states.iter().any(|s| s == "Baixada"), "{states:?}");
    assert!(
        states.iter().all(|s| s == "Pago" || s == "Baixada"),
        "{states:?}"
    );
    assert!(text(&panel, "#painel").contains("não são mais esperados"));
    let agenda = html(app.get(routes::CARTEIRA_AGENDA).await).await;
    let rows: Vec<String> = texts(&agenda, "section.agenda-mes tbody tr")
        .into_iter()
        .filter(|r| r.contains(name.as_str()))
        .collect();
    assert!(!rows.is_empty(), "its paid instalments are in the calendar");
    assert!(
        rows.iter()
            .all(|r| !r.contains("Previsto") && !r.contains("Atrasado")),
        "{rows:?}"
    );
}

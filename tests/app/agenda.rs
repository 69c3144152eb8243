//! The payment calendar (/carteira/agenda) and its calendar file against the sandbox and a
//! failing platform.

use colheita::domain::agenda;
use colheita::domain::dates;
use colheita::web::routes;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::platform::*;
use crate::support::*;

fn month_name(offset: i64) -> String {
    use jiff::ToSpan;
    let today = dates::today_in_sao_paulo(jiff::Timestamp::now());
    colheita::domain::dates::civil_month_year_br(
        agenda::mes(today).checked_add(offset.months()).unwrap(),
    )
}

#[tokio::test]
async fn the_demo_investor_sees_this_month_the_next_months_and_the_past() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let resp = app.get(routes::CARTEIRA_AGENDA).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(text(&doc, "h1"), agenda_title());
    let upcoming = texts(&doc, "main section.agenda-mes > h2");
    assert_eq!(
        upcoming.first(),
        Some(&month_name(0)),
        "this month first: {upcoming:?}"
    );
    assert!(
        upcoming.contains(&month_name(1)),
        "next month: {upcoming:?}"
    );
    assert!(upcoming.len() >= 3, "{upcoming:?}");
    let past = texts(&doc, "main details.agenda-passados section.agenda-mes > h3");
    assert_eq!(
        past.first(),
        Some(&month_name(-1)),
        "the past, newest first: {past:?}"
    );
    // Every month has its total, every row its state.
    assert_eq!(
        texts(&doc, "section.agenda-mes").len(),
        texts(&doc, "section.agenda-mes p.agenda-total").len()
    );
    let states = texts(&doc, "section.agenda-mes td[data-label=Status]");
    assert!(states.iter().any(|s| s == "Pago"), "{states:?}");
    assert!(states.iter().any(|s| s == "Previsto"), "{states:?}");
    assert!(
        states
            .iter()
            .all(|s| ["Pago", "Previsto", "Atrasado"].contains(&s.as_str()))
    );
    let totals = texts(&doc, "dl.resumo-lista dt");
    assert!(totals[0].starts_with("Total em "), "{totals:?}");
}

fn agenda_title() -> String {
    "Agenda de recebimentos".to_owned()
}

#[tokio::test]
async fn the_chart_is_an_accessible_svg_with_its_table() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::CARTEIRA_AGENDA).await).await;
    let svg = "svg.grafico-barras[role=img]";
    assert_eq!(
        attr(&doc, svg, "aria-labelledby"),
        ["grafico-agenda-titulo grafico-agenda-descricao"]
    );
    assert_eq!(
        text(&doc, "svg.grafico-barras title"),
        "Recebimentos por mês nos próximos 12 meses"
    );
    let desc = text(&doc, "svg.grafico-barras desc");
    assert!(
        desc.starts_with(&format!("Total por mês: {}: R$ ", month_name(0))),
        "{desc}"
    );
    // A row per month: its label, then its value at the bar's end.
    let labels = texts(&doc, "svg.grafico-barras text");
    assert_eq!(labels.len(), 24);
    let today = dates::today_in_sao_paulo(jiff::Timestamp::now());
    assert_eq!(labels[0], agenda::mes_curto(agenda::mes(today)));
    assert!(labels[1].starts_with("R$ "), "{labels:?}");
    assert!(!texts(&doc, "svg.grafico-barras rect").is_empty());
    let rows = texts(&doc, ".agenda-dados tbody tr");
    assert_eq!(rows.len(), 12);
    assert!(rows[0].starts_with(&month_name(0)), "{rows:?}");
    // The value at the bar's end is the table's.
    assert!(
        rows[0].contains(&format!(" {} ", labels[1])),
        "{rows:?} {labels:?}"
    );
    // No island draws it: the page has none.
    assert!(texts(&doc, "main [data-island]").is_empty());
}

#[tokio::test]
async fn the_filter_keeps_one_state_and_one_offering() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(&routes::carteira_agenda("situacao=pago")).await).await;
    let states = texts(&doc, "section.agenda-mes td[data-label=Status]");
    assert!(!states.is_empty());
    assert!(states.iter().all(|s| s == "Pago"), "{states:?}");
    assert_eq!(attr(&doc, "#situacao option[selected]", "value"), ["pago"]);
    assert_eq!(
        attr(&doc, "a[href^='/carteira/agenda.ics']", "href"),
        ["/carteira/agenda.ics?situacao=pago"]
    );

    let offers = attr(&doc, "#captacao option", "value");
    let first = offers.iter().find(|v| !v.is_empty()).unwrap().clone();
    let name = texts(&doc, &format!("#captacao option[value='{first}']"))[0].clone();
    let doc = html(
        app.get(&routes::carteira_agenda(&format!("captacao={first}")))
            .await,
    )
    .await;
    let rows = texts(&doc, "section.agenda-mes td[data-label=Captação]");
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| r.starts_with(&name)),
        "{name}: {rows:?}"
    );
}

#[tokio::test]
async fn a_filter_value_outside_the_options_is_refused_and_kept() {
    let app = logged_in_as("investidor@colheita.dev").await;
    for q in ["situacao=quitado", "captacao=abc", "captacao=999999"] {
        let resp = app.get(&routes::carteira_agenda(q)).await;
        assert_eq!(resp.status(), 422, "{q}");
        let doc = html(resp).await;
        assert!(
            text(&doc, "[role=alert]").contains(agenda::MSG_OPCAO),
            "{q}"
        );
        let kept = q.split('=').nth(1).unwrap();
        assert!(
            attr(&doc, "option[selected]", "value").contains(&kept.to_owned()),
            "{q}"
        );
        let resp = app.get(&routes::carteira_agenda_ics(q)).await;
        assert_eq!(resp.status(), 422, "{q}");
    }
}

#[tokio::test]
async fn the_wallet_and_the_home_link_to_the_agenda() {
    let app = logged_in_as("investidor@colheita.dev").await;
    for page in [routes::CARTEIRA, routes::HOME] {
        let doc = html(app.get(page).await).await;
        assert_eq!(
            attr(
                &doc,
                &format!("main a[href='{}']", routes::CARTEIRA_AGENDA),
                "href"
            )
            .len(),
            1,
            "{page}"
        );
    }
}

#[tokio::test]
async fn an_investor_without_investments_sees_the_empty_card() {
    let app = logged_in_as("basico@colheita.dev").await;
    let resp = app.get(routes::CARTEIRA_AGENDA).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, ".cartao-vazio h2"),
        "Nenhum recebimento na agenda"
    );
    assert!(texts(&doc, "svg.grafico-barras").is_empty());
    let ics = app.get(routes::CARTEIRA_AGENDA_ICS).await;
    assert_eq!(ics.status(), 200);
    let body = ics.text().await.unwrap();
    assert!(!body.contains("BEGIN:VEVENT"));
}

#[tokio::test]
async fn the_calendar_file_is_named_typed_and_folded() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let resp = app.get(routes::CARTEIRA_AGENDA_ICS).await;
    assert_eq!(resp.status(), 200);
    let h = |n: &str| resp.headers()[n].to_str().unwrap().to_owned();
    assert_eq!(h("content-type"), "text/calendar; charset=utf-8");
    assert_eq!(
        h("content-disposition"),
        "attachment; filename=\"agenda-recebimentos.ics\""
    );
    assert_eq!(h("cache-control"), "no-store");
    let body = resp.text().await.unwrap();
    assert!(body.starts_with("BEGIN:VCALENDAR\r\n"));
    for line in body.split("\r\n") {
        assert!(line.len() <= 75, "{} octets: {line}", line.len());
        assert!(!line.contains('\n') && !line.contains('\r'));
    }
}

#[tokio::test]
async fn a_failing_platform_shows_the_error_card() {
    let mock = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/reservas/alocacao/resumida"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    mock_login(&mock).await;
    let app = TestApp::with_platform(&mock.uri(), &[]).await;
    login_via_callback(&app, routes::CARTEIRA).await;
    let resp = app.get(routes::CARTEIRA_AGENDA).await;
    assert_eq!(resp.status(), 502);
    let doc = html(resp).await;
    assert_eq!(text(&doc, ".cartao-erro h2"), "Ops! Houve uma falha.");
    let resp = app.get(routes::CARTEIRA_AGENDA_ICS).await;
    assert_eq!(resp.status(), 502);
}

#[tokio::test]
async fn hidden_values_mask_every_amount_and_the_chart() {
    let app = logged_in_as("investidor@colheita.dev").await;
    app.post_form(routes::VISIBILIDADE, &[("voltar", routes::CARTEIRA_AGENDA)])
        .await;
    let doc = html(app.get(routes::CARTEIRA_AGENDA).await).await;
    assert_eq!(texts(&doc, "html.valores-ocultos").len(), 1);
    let values = texts(&doc, ".valor").len();
    assert!(values > 12, "{values}");
    assert_eq!(values, texts(&doc, ".valor .valor-mascarado").len());
    let outside: Vec<String> = texts(&doc, "main td, main dd")
        .into_iter()
        .filter(|t| t.contains("R$ ") && !t.contains("R$ •••••"))
        .collect();
    assert!(outside.is_empty(), "{outside:?}");
    // The bars' heights tell the amounts: the chart gives way to a note (by the stylesheet).
    assert_eq!(
        text(&doc, ".agenda-grafico .valores-ocultos-aviso"),
        "Gráfico oculto enquanto os valores estão ocultos."
    );
}

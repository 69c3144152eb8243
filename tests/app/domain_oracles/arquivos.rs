//! The files the investor downloads, read by independent parsers: the agenda's iCalendar
//! file by ical.js, the statement's CSV by Papa Parse and its OFX by ofx-js.

use std::collections::BTreeSet;

use colheita::web::routes;
use serde_json::Value;

use super::support::oracle;
use crate::support::*;

async fn body(app: &TestApp, path: &str) -> String {
    let resp = app.get(path).await;
    assert_eq!(resp.status(), 200, "{path}");
    // The bytes as sent: `text()` would drop a BOM.
    String::from_utf8(resp.bytes().await.unwrap().to_vec()).unwrap()
}

fn uids(v: &Value) -> Vec<String> {
    v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["uid"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_agenda_calendar_imports_into_ical_js() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let rows = texts(
        &html(app.get(routes::CARTEIRA_AGENDA).await).await,
        "section.agenda-mes tbody tr",
    )
    .len();
    let previstos = texts(
        &html(app.get(&routes::carteira_agenda("situacao=previsto")).await).await,
        "section.agenda-mes tbody tr",
    )
    .len();
    let files = vec![
        body(&app, routes::CARTEIRA_AGENDA_ICS).await,
        body(&app, routes::CARTEIRA_AGENDA_ICS).await,
        body(&app, &routes::carteira_agenda_ics("situacao=previsto")).await,
    ];
    let Some(v) = oracle("ical.js", &files) else {
        return;
    };
    for (i, cal) in v.iter().enumerate() {
        assert_eq!(cal["ok"], true, "file {i}: {cal}");
        assert_eq!(cal["version"], "2.0");
        assert_eq!(cal["method"], "PUBLISH");
        for e in cal["events"].as_array().unwrap() {
            assert_eq!(e["allDay"], true, "{e}");
            let summary = e["summary"].as_str().unwrap();
            assert!(
                summary.starts_with("Recebimento: ") && summary.contains(" — R$ "),
                "{summary}"
            );
            let description = e["description"].as_str().unwrap();
            assert!(description.starts_with("Reserva nº "), "{description}");
            assert!(description.contains("\nStatus: "), "{description}");
            assert!(e["end"].as_str().unwrap() > e["start"].as_str().unwrap());
        }
    }
    assert_eq!(
        v[0]["events"].as_array().unwrap().len(),
        rows,
        "one event per row"
    );
    assert_eq!(v[2]["events"].as_array().unwrap().len(), previstos);
    let first = uids(&v[0]);
    assert_eq!(
        first.iter().collect::<BTreeSet<_>>().len(),
        first.len(),
        "one UID per payment"
    );
    assert_eq!(uids(&v[1]), first, "downloading again gives the same UIDs");
    assert!(uids(&v[2]).iter().all(|u| first.contains(u)));
}

fn rows(v: &Value) -> Vec<Vec<String>> {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn the_statement_opens_in_papa_parse_and_ofx_js() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let q = "dias=90";
    let csv = body(&app, &routes::extrato_exportar(routes::EXTRATO_CSV, q)).await;
    let ofx = body(&app, &routes::extrato_exportar(routes::EXTRATO_OFX, q)).await;
    let Some(c) = oracle("csv.js", &[csv]) else {
        return;
    };
    let c = &c[0];
    assert_eq!(c["bom"], true);
    assert_eq!(c["errors"].as_array().unwrap().len(), 0, "{c}");
    let rows = rows(c);
    assert_eq!(
        rows[0],
        ["Data", "Descrição", "Valor", "Tipo", "Status", "Banco"]
    );
    let date = regex_lite(r"^\d{2}/\d{2}/\d{4}$");
    let number = regex_lite(r"^-?\d+,\d{2}$");
    for r in &rows[1..] {
        assert_eq!(r.len(), 6, "{r:?}");
        assert!(date(&r[0]) && number(&r[2]), "{r:?}");
    }
    assert!(
        rows.iter().any(|r| r[3] == "Amortização"),
        "accents survive"
    );
    let movements = rows.len() - 1;
    let cancelled = rows.iter().filter(|r| r[4] == "Cancelado").count();
    assert!(cancelled > 0);

    let Some(o) = oracle("ofx.js", &[ofx]) else {
        return;
    };
    let o = &o[0];
    assert_eq!(o["ok"], true, "{o}");
    assert_eq!(o["currency"], "BRL");
    assert_eq!(o["status"], "0");
    let trn = o["transactions"].as_array().unwrap();
    assert_eq!(
        trn.len(),
        movements - cancelled,
        "one per movement that moved money"
    );
    let fitids: BTreeSet<&str> = trn.iter().map(|t| t["fitid"].as_str().unwrap()).collect();
    assert_eq!(fitids.len(), trn.len(), "unique FITIDs");
    for t in trn {
        let amount: f64 = t["amount"].as_str().unwrap().parse().unwrap();
        let expected = if amount < 0.0 { "DEBIT" } else { "CREDIT" };
        assert_eq!(t["type"], expected, "{t}");
        assert!(t["posted"].as_str().unwrap().ends_with("[-3:BRT]"), "{t}");
    }
    // The period of the filter: the last 90 days.
    let end = o["end"].as_str().unwrap();
    let start = o["start"].as_str().unwrap();
    assert_eq!((end.len(), start.len()), (8, 8));
    assert!(start < end);
}

/// A tiny matcher for the shapes above (digits, separators), without a regex crate.
#[tokio::test]
async fn the_track_record_opens_in_papa_parse() {
    let app = TestApp::with_sandbox(&[]).await;
    let csv = body(&app, routes::TRANSPARENCIA_CSV).await;
    let Some(c) = oracle("csv.js", &[csv]) else {
        return;
    };
    let c = &c[0];
    assert_eq!(c["bom"], true);
    assert_eq!(c["errors"].as_array().unwrap().len(), 0, "{c}");
    let rows = rows(c);
    assert_eq!(rows[0], colheita::domain::historico::COLUNAS);
    let number = regex_lite(r"^-?\d+,\d{2}$");
    assert!(rows.len() > 1);
    for r in &rows[1..] {
        assert_eq!(r.len(), 10, "{r:?}");
        assert!(
            r[0].parse::<u16>().is_ok() && number(&r[2]) && number(&r[9]),
            "{r:?}"
        );
    }
}

fn regex_lite(pattern: &'static str) -> impl Fn(&str) -> bool {
    move |s: &str| match pattern {
        r"^\d{2}/\d{2}/\d{4}$" => {
            s.len() == 10
                && s.chars().enumerate().all(|(i, c)| {
                    if i == 2 || i == 5 {
                        c == '/'
                    } else {
                        c.is_ascii_digit()
                    }
                })
        }
        _ => {
            let s = s.strip_prefix('-').unwrap_or(s);
            let mut parts = s.split(',');
            let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
                return false;
            };
            !a.is_empty()
                && a.chars().all(|c| c.is_ascii_digit())
                && b.len() == 2
                && b.chars().all(|c| c.is_ascii_digit())
        }
    }
}

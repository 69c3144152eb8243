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
    resp.text().await.unwrap()
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
    let app = crate::agenda::logged_in("investidor@colheita.dev").await;
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

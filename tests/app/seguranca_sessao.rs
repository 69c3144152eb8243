//! Session security of the web app: a link from another site cannot end a session.

use colheita::web::routes;

use crate::support::*;

async fn visit(
    app: &TestApp,
    path: &str,
    site: Option<&str>,
    referer: Option<&str>,
) -> reqwest::Response {
    let mut rb = app.client.get(app.url(path));
    if let Some(s) = site {
        rb = rb.header("Sec-Fetch-Site", s);
    }
    if let Some(r) = referer {
        rb = rb.header("Referer", r);
    }
    rb.send().await.unwrap()
}

#[tokio::test]
async fn a_link_from_another_site_to_the_sign_up_does_not_log_out() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );

    for (site, referer) in [
        (Some("cross-site"), None),
        (Some("same-site"), None),
        (None, Some("https://evil.example/pagina")),
    ] {
        let resp = visit(&app, routes::QUERO_INVESTIR, site, referer).await;
        assert_eq!(resp.status(), 200, "{site:?} {referer:?}");
        assert_eq!(
            app.get(routes::HOME).await.status(),
            200,
            "still logged in after {site:?} {referer:?}"
        );
    }

    // The site's own link (or a typed address) clears it, as the product says.
    let resp = visit(&app, routes::QUERO_INVESTIR, Some("same-origin"), None).await;
    assert_eq!(resp.status(), 200);
    let home = app.get(routes::HOME).await;
    assert_eq!(home.status(), 303, "the session is gone");
}

#[tokio::test]
async fn a_forged_login_callback_from_another_site_does_not_log_out() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let forged = format!("{}?code=roubado&state=forjado", routes::AUTENTICACAO);
    let resp = visit(&app, &forged, Some("cross-site"), None).await;
    assert_eq!(resp.status(), 400, "the failure is shown");
    assert_eq!(
        app.get(routes::HOME).await.status(),
        200,
        "the session is intact"
    );
    // The same address reached from the site itself ends the session.
    let resp = visit(&app, &forged, Some("same-origin"), None).await;
    assert_eq!(resp.status(), 400);
    assert_eq!(app.get(routes::HOME).await.status(), 303);
}

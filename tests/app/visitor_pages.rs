//! A visitor's kept page is kept once per encoding (brotli, gzip or none), whatever the
//! spelling of `Accept-Encoding`: variants of the header neither fill the cache with copies
//! nor get an encoding they refused.

use colheita::web::routes;

use crate::support::*;

/// The sandbox's offering list asked by a newcomer saying `accept_encoding`: whether it came
/// from the kept copies, and its `Content-Encoding`.
async fn visit(app: &TestApp, accept_encoding: Option<&str>) -> (bool, Option<String>) {
    let mut rb = crate::support::http().get(app.url(routes::INVESTIR));
    if let Some(v) = accept_encoding {
        rb = rb.header("accept-encoding", v);
    }
    let resp = rb.send().await.unwrap();
    assert_eq!(resp.status(), 200);
    let kept = resp.headers().get("x-colheita-cache").is_some();
    let encoding = resp
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    (kept, encoding)
}

#[tokio::test]
async fn spellings_of_one_encoding_share_one_kept_copy() {
    let app = TestApp::with_sandbox(&["--micro-cache", "30"]).await;
    let br = Some("br".to_owned());
    assert_eq!(
        visit(&app, Some("gzip, deflate, br")).await,
        (false, br.clone())
    );
    for spelling in ["br", "BR;q=1.0, gzip;q=0.5", "zstd, br, x-custom-1", "*"] {
        assert_eq!(
            visit(&app, Some(spelling)).await,
            (true, br.clone()),
            "{spelling}"
        );
    }
    let gzip = Some("gzip".to_owned());
    assert_eq!(visit(&app, Some("gzip")).await, (false, gzip.clone()));
    for spelling in ["gzip, deflate", "br;q=0, gzip", "GZIP;q=0.9, x-custom-2"] {
        assert_eq!(
            visit(&app, Some(spelling)).await,
            (true, gzip.clone()),
            "{spelling}"
        );
    }
    assert_eq!(visit(&app, None).await, (false, None));
    for spelling in ["identity", "deflate, x-custom-3", "br;q=0, gzip;q=0", ""] {
        assert_eq!(
            visit(&app, Some(spelling)).await,
            (true, None),
            "{spelling}"
        );
    }
}

/// The visitor pages' choice of encoding is theirs alone: an asset keeps its precompressed
/// gzip copy for a newcomer whose browser also names brotli (it has no brotli copy).
#[tokio::test]
async fn an_asset_asked_by_a_newcomer_naming_brotli_still_comes_gzipped() {
    let app = TestApp::with_sandbox(&["--micro-cache", "30"]).await;
    for spelling in ["gzip, deflate, br", "br, gzip", "gzip"] {
        let resp = crate::support::http()
            .get(app.url(colheita::web::assets::asset_url("islands/loader.js")))
            .header("accept-encoding", spelling)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "{spelling}");
        assert_eq!(
            resp.headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            Some("gzip"),
            "{spelling}"
        );
    }
}

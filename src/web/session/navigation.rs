//! Which navigations may end a session. A GET that logs out (entering the sign-up, a login
//! callback with a state we did not issue) must not be triggerable by a link or an image
//! on another site: only a navigation this site started, or one the person typed or
//! bookmarked, counts.

use axum::http::{HeaderMap, header};

use super::Jar;
use crate::web::AppState;

/// Ends the session at the provider (a failure there is only logged: the cookies go
/// anyway) and clears its cookies.
pub async fn end_session(app: &AppState, jar: &Jar) {
    if let Some((_, refresh)) = jar.tokens() {
        app.refresh.forget(&refresh.t);
        if let Err(e) = app.api.end_session(&refresh.t).await {
            tracing::info!(error = %e, "ending the session at the provider failed");
        }
    }
    jar.clear_session();
}

/// `Sec-Fetch-Site` same-origin or none (typed, bookmarked). Without fetch metadata (old
/// browsers, tools), a `Referer` of another origin marks a link from elsewhere; no
/// `Referer` at all counts as typed.
pub fn same_site_navigation(headers: &HeaderMap, public_origin: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return matches!(site, "same-origin" | "none");
    }
    match headers.get(header::REFERER).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(referer) => url::Url::parse(referer)
            .is_ok_and(|u| u.origin().ascii_serialization() == public_origin),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "https://app.colheita.dev";

    fn h(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.insert(*k, v.parse().expect("header value"));
        }
        m
    }

    #[test]
    fn fetch_metadata_decides_when_present() {
        assert!(same_site_navigation(
            &h(&[("sec-fetch-site", "same-origin")]),
            ORIGIN
        ));
        assert!(same_site_navigation(
            &h(&[("sec-fetch-site", "none")]),
            ORIGIN
        ));
        for site in ["cross-site", "same-site"] {
            let with_own_referer = h(&[
                ("sec-fetch-site", site),
                ("referer", "https://app.colheita.dev/"),
            ]);
            assert!(!same_site_navigation(&with_own_referer, ORIGIN), "{site}");
        }
    }

    #[test]
    fn without_it_a_foreign_referer_is_a_link_from_elsewhere() {
        assert!(same_site_navigation(&h(&[]), ORIGIN));
        assert!(same_site_navigation(
            &h(&[("referer", "https://app.colheita.dev/investir")]),
            ORIGIN
        ));
        assert!(!same_site_navigation(
            &h(&[("referer", "https://evil.example/")]),
            ORIGIN
        ));
        assert!(!same_site_navigation(
            &h(&[("referer", "https://app.colheita.dev.evil.example/")]),
            ORIGIN
        ));
        assert!(!same_site_navigation(
            &h(&[("referer", "not a url")]),
            ORIGIN
        ));
    }
}

//! Embedded, content-hashed assets: every file of `static/` and the islands bundle.
//!
//! `build.rs` writes the table (`$OUT_DIR/assets.rs`); this module looks assets up by logical name
//! (`"css/app.css"`, `"img/logo.svg"`, `"islands/loader.js"`, `"islands/countdown.js"`) for the
//! views, and serves them under `/assets/{name}-{hash}.{ext}` with an immutable cache and the
//! build-time gzip body when the client accepts it.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// Path relative to `static/` (`"css/app.css"`), or `"islands/{name}.js"` for islands and
    /// `"islands/chunk-HASH.js"` for their shared chunks.
    pub logical: &'static str,
    /// `/assets/{stem}-{hash}.{ext}`.
    pub url: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
    /// Gzip of `bytes` made at build time; empty when not compressible or not smaller.
    pub gzip: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// URL prefix of every asset.
pub const PREFIX: &str = "/assets/";
/// What [`asset_url`] answers for an unknown logical name (served as 404).
pub const MISSING: &str = "/assets/missing";
/// Cache policy of hashed assets: the URL changes whenever the content does.
pub const CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

static BY_LOGICAL: LazyLock<HashMap<&'static str, &'static Asset>> =
    LazyLock::new(|| ASSETS.iter().map(|a| (a.logical, a)).collect());

/// Keyed by the part of the URL after [`PREFIX`].
static BY_NAME: LazyLock<HashMap<&'static str, &'static Asset>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|a| (a.url.strip_prefix(PREFIX).unwrap_or(a.url), a))
        .collect()
});

/// The islands' chunks by island name (`countdown` for `islands/countdown.js`).
static ISLAND_SRC: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .filter_map(|a| {
            let name = a.logical.strip_prefix("islands/")?.strip_suffix(".js")?;
            Some((name, a.url))
        })
        .collect()
});

/// Every embedded asset.
pub fn all() -> &'static [Asset] {
    ASSETS
}

/// The asset with this logical name.
pub fn asset(logical: &str) -> Option<&'static Asset> {
    BY_LOGICAL.get(logical).copied()
}

/// The hashed URL of an asset, e.g. `asset_url("css/app.css")` → `"/assets/app-1a2b3c4d.css"`.
/// Unknown names answer [`MISSING`] (and log a warning) so a typo shows up as a 404, not a panic.
pub fn asset_url(logical: &str) -> &'static str {
    match asset(logical) {
        Some(a) => a.url,
        None => {
            tracing::warn!(logical, "unknown asset");
            MISSING
        }
    }
}

/// The raw bytes of an asset.
pub fn asset_bytes(logical: &str) -> Option<&'static [u8]> {
    asset(logical).map(|a| a.bytes)
}

/// The chunk URL of island `name` (`island_src("countdown")` → `/assets/countdown-HASH.js`).
pub fn island_src(name: &str) -> &'static str {
    match ISLAND_SRC.get(name) {
        Some(url) => url,
        // Unknown: logged and answered as any unknown asset.
        None => asset_url(&format!("islands/{name}.js")),
    }
}

/// The URLs of the chunks island `name` imports (React's shared chunk, its library), which
/// `<link rel=modulepreload>` of the island's own chunk does not fetch.
pub fn island_imports(name: &str) -> Vec<&'static str> {
    let logical = format!("islands/{name}.js");
    ISLAND_IMPORTS
        .iter()
        .find(|(island, _)| *island == logical)
        .map_or(&[][..], |(_, chunks)| *chunks)
        .iter()
        .filter_map(|c| asset(c).map(|a| a.url))
        .collect()
}

/// The URL of the island loader (`<script type="module" src=…>` on pages with islands).
pub fn loader_src() -> &'static str {
    asset_url("islands/loader.js")
}

/// `GET /assets/{*path}`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/assets/{*path}", get(serve))
}

async fn serve(uri: axum::http::Uri, headers: HeaderMap) -> Response {
    // Asset names are plain ASCII, so the address as sent is the name: anything encoded
    // (a byte that is not UTF-8 included) names no asset.
    let path = uri
        .path()
        .strip_prefix(super::routes::ASSETS_PREFIX)
        .unwrap_or_default();
    match BY_NAME.get(path) {
        Some(asset) => respond(asset, &headers),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            "Not found",
        )
            .into_response(),
    }
}

fn respond(asset: &'static Asset, request: &HeaderMap) -> Response {
    let etag = etag(asset);
    let mut response = if if_none_match(request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if !asset.gzip.is_empty() && accepts_gzip(request) {
        let mut r = Body::from(asset.gzip).into_response();
        r.headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        r
    } else {
        Body::from(asset.bytes).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    response
}

/// The content hash is in the URL, so the URL's file name is a strong validator.
fn etag(asset: &Asset) -> String {
    format!(
        "\"{}\"",
        asset.url.strip_prefix(PREFIX).unwrap_or(asset.url)
    )
}

fn if_none_match(request: &HeaderMap, etag: &str) -> bool {
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

/// `Accept-Encoding` lists gzip (or `*`) without `q=0`.
fn accepts_gzip(request: &HeaderMap) -> bool {
    super::encoding::coding_weight(request, "gzip") > 0.0
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use axum::http::Request;
    use tower::ServiceExt;

    async fn get(uri: &str, headers: &[(&str, &str)]) -> Response {
        let mut req = Request::builder().uri(uri);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        routes::<()>()
            .oneshot(req.body(Body::empty()).unwrap())
            .await
            .unwrap()
    }

    async fn body(resp: Response) -> Vec<u8> {
        axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec()
    }

    fn is_hashed_url(url: &str, stem: &str, ext: &str) -> bool {
        let Some(rest) = url.strip_prefix(&format!("/assets/{stem}-")) else {
            return false;
        };
        let Some(hash) = rest.strip_suffix(&format!(".{ext}")) else {
            return false;
        };
        hash.len() == 8 && hash.chars().all(|c| c.is_ascii_alphanumeric())
    }

    #[test]
    fn static_files_get_a_content_hashed_url() {
        let url = asset_url("css/app.css");
        assert!(is_hashed_url(url, "app", "css"), "{url}");
        let hash = &url["/assets/app-".len()..url.len() - ".css".len()];
        assert!(
            hash.chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
            "static files use 8 lowercase hex chars: {url}"
        );
    }

    #[test]
    fn islands_keep_their_esbuild_names_under_assets() {
        for name in ["loader", "countdown", "visibility"] {
            let url = asset_url(&format!("islands/{name}.js"));
            assert!(is_hashed_url(url, name, "js"), "{url}");
        }
        for island in colheita_islands::Island::ALL {
            let name = island.name();
            assert_eq!(island_src(name), asset_url(&format!("islands/{name}.js")));
            assert_ne!(island_src(name), MISSING, "{name}");
        }
        assert_eq!(island_src("nenhuma"), MISSING);
        assert_eq!(loader_src(), asset_url("islands/loader.js"));
        assert!(
            all()
                .iter()
                .any(|a| a.logical.starts_with("islands/chunk-")),
            "code shared by islands (the modal helpers) lives in a chunk"
        );
    }

    #[test]
    fn unknown_names_fall_back_to_missing() {
        assert_eq!(asset_url("nao/existe.css"), MISSING);
        assert_eq!(asset_bytes("nao/existe.css"), None);
        assert!(asset_bytes("css/app.css").is_some_and(|b| !b.is_empty()));
    }

    #[test]
    fn every_url_is_unique_and_text_is_precompressed() {
        let mut urls: Vec<_> = all().iter().map(|a| a.url).collect();
        urls.sort_unstable();
        urls.dedup();
        assert_eq!(urls.len(), all().len());
        for logical in ["css/app.css", "islands/loader.js", "islands/countdown.js"] {
            let a = asset(logical).unwrap();
            assert!(
                !a.gzip.is_empty() && a.gzip.len() < a.bytes.len(),
                "{logical}"
            );
        }
    }

    #[tokio::test]
    async fn serves_gzip_when_accepted() {
        let a = asset("css/app.css").unwrap();
        let resp = get(a.url, &[("accept-encoding", "br, gzip, deflate")]).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let h = resp.headers();
        assert_eq!(h["content-encoding"], "gzip");
        assert_eq!(h["content-type"], "text/css; charset=utf-8");
        assert_eq!(h["cache-control"], CACHE_CONTROL);
        assert_eq!(h["vary"], "Accept-Encoding");
        assert_eq!(body(resp).await, a.gzip);
    }

    #[tokio::test]
    async fn serves_identity_without_gzip_in_accept_encoding() {
        let a = asset("islands/loader.js").unwrap();
        for accept in [None, Some("br"), Some("gzip;q=0"), Some("identity")] {
            let headers: Vec<(&str, &str)> =
                accept.map(|v| ("accept-encoding", v)).into_iter().collect();
            let resp = get(a.url, &headers).await;
            assert_eq!(resp.status(), StatusCode::OK);
            let h = resp.headers();
            assert!(h.get("content-encoding").is_none(), "{accept:?}");
            assert_eq!(h["content-type"], "text/javascript; charset=utf-8");
            assert_eq!(h["cache-control"], CACHE_CONTROL);
            assert_eq!(body(resp).await, a.bytes);
        }
    }

    #[tokio::test]
    async fn answers_not_modified_to_a_matching_etag() {
        let a = asset("css/app.css").unwrap();
        let first = get(a.url, &[]).await;
        let etag = first.headers()["etag"].to_str().unwrap().to_owned();
        let resp = get(a.url, &[("if-none-match", &etag)]).await;
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED);
        assert!(body(resp).await.is_empty());
    }

    #[tokio::test]
    async fn unknown_assets_are_404() {
        for uri in [
            "/assets/missing",
            "/assets/app-00000000.css",
            "/assets/css/app.css",
        ] {
            let resp = get(uri, &[("accept-encoding", "gzip")]).await;
            assert_eq!(resp.status(), StatusCode::NOT_FOUND, "{uri}");
        }
    }
}

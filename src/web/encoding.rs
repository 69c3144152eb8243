//! `Accept-Encoding`, read once for the whole app: a leaf module (it imports nothing of
//! the web app), so the assets and the visitor pages can both use it.

use axum::http::{HeaderMap, header};

/// The weight (`q`) the request's `Accept-Encoding` gives `coding`, by name or through `*`
/// (a name outweighs `*`); 0 when neither is listed or the weight cannot be read. The one
/// reading of the header, for the precompressed assets and the visitor pages' key
/// (tower-http's compression layer keeps its own reading private).
pub fn coding_weight(headers: &HeaderMap, coding: &str) -> f32 {
    let (mut named, mut any) = (None, None);
    let items = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','));
    for item in items {
        let mut params = item.split(';');
        let name = params.next().unwrap_or_default().trim();
        let q = params
            .filter_map(|p| p.split_once('='))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
            .map_or(Some(1.0), |(_, q)| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        if name.eq_ignore_ascii_case(coding) {
            named = Some(q);
        } else if name == "*" {
            any = Some(q);
        }
    }
    named.or(any).unwrap_or(0.0)
}

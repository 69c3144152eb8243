//! The security headers of what the sandbox renders itself, in one place: its HTML
//! pages (the login page and the e-mail outbox) and the offering images it serves.
//! The JSON API sends none of these: it is not opened by a browser as a document.

use axum::http::{HeaderMap, HeaderValue, header};

/// What kind of response the headers protect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Conteudo {
    /// An HTML page of the sandbox: no script at all, styles only from the sandbox's own
    /// stylesheets, never framed, never cached, no referrer leaked to the sites it links.
    Pagina,
    /// An image served under `/midia`: an SVG opened directly must not run script.
    Midia,
}

const CSP_PAGINA: &str =
    "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";
const CSP_MIDIA: &str = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/// Sets the security headers of `conteudo` on a response's headers.
pub(crate) fn proteger(h: &mut HeaderMap, conteudo: Conteudo) {
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    match conteudo {
        Conteudo::Pagina => {
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CSP_PAGINA),
            );
            h.insert(
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            );
            h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
        Conteudo::Midia => {
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CSP_MIDIA),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_get_a_strict_policy_and_images_a_sandboxed_one() {
        let mut h = HeaderMap::new();
        proteger(&mut h, Conteudo::Pagina);
        assert_eq!(h[header::CONTENT_SECURITY_POLICY], CSP_PAGINA);
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(h[header::CACHE_CONTROL], "no-store");
        assert_eq!(h[header::REFERRER_POLICY], "no-referrer");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");

        let mut h = HeaderMap::new();
        proteger(&mut h, Conteudo::Midia);
        assert_eq!(h[header::CONTENT_SECURITY_POLICY], CSP_MIDIA);
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(h.get(header::CACHE_CONTROL).is_none());
    }
}

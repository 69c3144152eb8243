//! Platform paths that carry a value as text (an offering's friendly URL, a terms type).
//! Each value is one percent-encoded segment; a dot segment or an empty value is refused
//! as not found before any URL exists, since a URL parser would resolve `..` and walk out
//! of the resource (`/v1/captacoes/urlamigavel/..` is `/v1/captacoes/`).

use super::ApiError;
use crate::domain::segmento;

/// What stays as it is in a segment; everything else (`/`, `?`, `#`, `%`, a space,
/// non-ASCII) is percent-encoded.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// One path segment holding `value`, or not found when it cannot be one.
pub(crate) fn segment(value: &str) -> Result<String, ApiError> {
    if !segmento::is_segment(value) {
        return Err(ApiError::NotFound {
            message: String::new(),
        });
    }
    Ok(percent_encoding::utf8_percent_encode(value, SEGMENT).to_string())
}

/// `/v1/captacoes/urlamigavel/{urlAmigavel}`.
pub(crate) fn captacao_by_url(url_amigavel: &str) -> Result<String, ApiError> {
    Ok(format!(
        "/v1/captacoes/urlamigavel/{}",
        segment(url_amigavel)?
    ))
}

/// `/v1/investimentos/{urlAmigavel}`.
pub(crate) fn investimento(url_amigavel: &str) -> Result<String, ApiError> {
    Ok(format!("/v1/investimentos/{}", segment(url_amigavel)?))
}

/// `/v1/termos/{tipo}`.
pub(crate) fn termo(tipo: &str) -> Result<String, ApiError> {
    Ok(format!("/v1/termos/{}", segment(tipo)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The path as the HTTP client resolves it, under a base with a path of its own.
    fn resolved(path: &str) -> String {
        let url = url::Url::parse(&format!("http://plataforma.test/api{path}"));
        url.map(|u| u.path().to_owned()).unwrap_or_default()
    }

    #[test]
    fn dot_segments_are_refused_before_any_url_exists() {
        for s in ["", ".", ".."] {
            assert!(matches!(captacao_by_url(s), Err(ApiError::NotFound { .. })));
            assert!(matches!(termo(s), Err(ApiError::NotFound { .. })));
            assert!(matches!(investimento(s), Err(ApiError::NotFound { .. })));
        }
        assert_eq!(
            captacao_by_url("%2e%2e").ok().as_deref(),
            Some("/v1/captacoes/urlamigavel/%252e%252e")
        );
    }

    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(".".to_owned()),
            Just("..".to_owned()),
            "[./%a-z?#\\\\ ]{0,6}",
            any::<String>(),
        ]
    }

    proptest! {
        /// Whatever the value, the request stays on its resource: one more segment that
        /// decodes back to the value, or no request at all.
        #[test]
        fn a_value_never_moves_the_request_off_its_resource(v in value()) {
            for (built, prefix) in [
                (captacao_by_url(&v), "/api/v1/captacoes/urlamigavel/"),
                (termo(&v), "/api/v1/termos/"),
                (investimento(&v), "/api/v1/investimentos/"),
            ] {
                let Ok(path) = built else {
                    prop_assert!(!segmento::is_segment(&v));
                    continue;
                };
                let got = resolved(&path);
                let rest = got.strip_prefix(prefix);
                prop_assert!(rest.is_some(), "{v:?} -> {got}");
                let rest = rest.unwrap_or_default();
                prop_assert!(!rest.contains('/'), "{v:?} -> {got}");
                let decoded = percent_encoding::percent_decode_str(rest).decode_utf8_lossy();
                prop_assert_eq!(decoded.as_ref(), v.as_str());
            }
        }
    }
}

//! Extractors every sandbox resource shares: the numeric `{id}` of an address. The
//! authenticated investor is `autenticacao::Investidor` (with `read`/`write`, how a
//! resource reads and changes the investor's own data).

use crate::sandbox::erro::ApiError;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;

/// The `{id}` of the address as a number. Anything else (letters, an overflow, a negative
/// sign, nothing) names no record, so it answers 404 in the platform's envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Id(pub(crate) i64);

impl<S: Send + Sync> FromRequestParts<S> for Id {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(texto) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::nao_encontrado())?;
        parse(&texto).map(Id).ok_or_else(ApiError::nao_encontrado)
    }
}

/// A record id: decimal digits only, at least 1.
pub(crate) fn parse(texto: &str) -> Option<i64> {
    if texto.is_empty() || !texto.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    texto.parse::<i64>().ok().filter(|id| *id > 0)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn only_positive_decimal_ids_name_a_record() {
        assert_eq!(parse("42"), Some(42));
        assert_eq!(parse("007"), Some(7));
        for ruim in [
            "",
            "0",
            "-1",
            "+1",
            "1a",
            " 1",
            "1.0",
            "99999999999999999999",
            "..",
        ] {
            assert_eq!(parse(ruim), None, "{ruim:?}");
        }
    }
}

//! PKCE (RFC 7636), S256 only, as RFC 9700 §2.1.1 asks: the login page takes a
//! `code_challenge`, the code exchange must present the `code_verifier` it was made from.
//! A stolen code is useless without the verifier, which never leaves the client.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use sha2::{Digest, Sha256};

/// The only method accepted: `plain` would send the verifier itself through the browser.
pub(crate) const METODO: &str = "S256";

/// A verifier is 43–128 characters of the RFC's unreserved set.
fn verificador_valido(v: &str) -> bool {
    (43..=128).contains(&v.len())
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// An S256 challenge is the unpadded base64url of a SHA-256: exactly 43 characters.
pub(crate) fn desafio_valido(c: &str) -> bool {
    c.len() == 43
        && c.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
}

/// The S256 challenge of a verifier.
pub(crate) fn desafio(verificador: &str) -> String {
    B64URL.encode(Sha256::digest(verificador.as_bytes()))
}

/// Whether `verificador` is well formed and hashes to `desafio_guardado`. The challenge
/// travelled through the browser, so comparing it in plain time leaks nothing secret.
pub(crate) fn confere(verificador: &str, desafio_guardado: &str) -> bool {
    verificador_valido(verificador)
        && desafio_valido(desafio_guardado)
        && desafio(verificador) == desafio_guardado
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exemplo_da_rfc_7636() {
        // RFC 7636, appendix B.
        let v = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        assert_eq!(desafio(v), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
        assert!(confere(v, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
        assert!(!confere(v, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN"));
        assert!(!confere("curto", &desafio("curto")));
        assert!(!confere("", ""));
    }
}

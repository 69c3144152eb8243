//! Seals the token pair a refresh token was rotated into, so that within the reuse
//! interval the same pair can be handed out again (two requests of one browser racing
//! on one refresh token) while the database still holds no usable token: the key is
//! derived from the old refresh token itself, which the database keeps only as a
//! differently-prefixed digest. AES-256-GCM from the `aes-gcm` crate, random nonce.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use sha2::{Digest, Sha256};

const NONCE: usize = 12;

fn cifra(refresh: &str) -> Aes256Gcm {
    let chave: [u8; 32] = Sha256::new()
        .chain_update(b"colheita-sandbox/par-sucessor\0")
        .chain_update(refresh.as_bytes())
        .finalize()
        .into();
    Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&chave))
}

/// `nonce || ciphertext` of `claro`, openable only with `refresh`.
pub(crate) fn selar(refresh: &str, claro: &[u8]) -> Option<Vec<u8>> {
    let nonce: [u8; NONCE] = rand::random();
    let cifrado = cifra(refresh)
        .encrypt(Nonce::from_slice(&nonce), claro)
        .ok()?;
    let mut selado = nonce.to_vec();
    selado.extend_from_slice(&cifrado);
    Some(selado)
}

/// The sealed bytes, if `refresh` is the token they were sealed under and nothing was
/// altered.
pub(crate) fn abrir(refresh: &str, selado: &[u8]) -> Option<Vec<u8>> {
    let (nonce, cifrado) = selado.split_at_checked(NONCE)?;
    cifra(refresh)
        .decrypt(Nonce::from_slice(nonce), cifrado)
        .ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn so_o_mesmo_token_abre_o_selo() {
        let selado = selar("r1", b"par").unwrap();
        assert_eq!(abrir("r1", &selado).unwrap(), b"par");
        assert!(abrir("r2", &selado).is_none());
        assert!(abrir("r1", &selado[..5]).is_none());
    }
}

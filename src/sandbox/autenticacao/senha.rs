//! Password storage: salted, iterated SHA-256 (the only hash in our dependency set),
//! stored as `sha256i$<iterations>$<salt>$<digest>` (base64). Never the password.

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
use sha2::{Digest, Sha256};

/// Enough to make offline guessing slow while a login stays in the low milliseconds.
const ITERACOES: u32 = 20_000;

/// Cap on what we hash, so a megabyte "password" cannot burn CPU.
pub(crate) const TAMANHO_MAXIMO: usize = 256;

pub(crate) fn gerar_hash(senha: &str) -> String {
    let sal: [u8; 16] = rand::random();
    let digest = derivar(senha, &sal, ITERACOES);
    format!(
        "sha256i${ITERACOES}${}${}",
        B64.encode(sal),
        B64.encode(digest)
    )
}

/// Whether `senha` matches the stored hash, compared in constant time.
pub(crate) fn confere(senha: &str, armazenado: &str) -> bool {
    let mut partes = armazenado.split('$');
    let (Some("sha256i"), Some(iter), Some(sal), Some(esperado), None) = (
        partes.next(),
        partes.next(),
        partes.next(),
        partes.next(),
        partes.next(),
    ) else {
        return false;
    };
    let (Ok(iter), Ok(sal), Ok(esperado)) =
        (iter.parse::<u32>(), B64.decode(sal), B64.decode(esperado))
    else {
        return false;
    };
    if iter == 0 || senha.len() > TAMANHO_MAXIMO {
        return false;
    }
    iguais(&derivar(senha, &sal, iter), &esperado)
}

/// Burns the same time as a real check, so "no such e-mail" and "wrong password" cannot
/// be told apart by timing.
pub(crate) fn gastar_tempo(senha: &str) {
    let _ = derivar(senha, b"colheita-sandbox", ITERACOES);
}

fn derivar(senha: &str, sal: &[u8], iteracoes: u32) -> [u8; 32] {
    let mut h: [u8; 32] = Sha256::new()
        .chain_update(sal)
        .chain_update(senha.as_bytes())
        .finalize()
        .into();
    for _ in 1..iteracoes {
        h = Sha256::new()
            .chain_update(h)
            .chain_update(sal)
            .chain_update(senha.as_bytes())
            .finalize()
            .into();
    }
    h
}

fn iguais(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_confere_so_com_a_senha_certa_e_usa_sal() {
        let h1 = gerar_hash("colheita123");
        let h2 = gerar_hash("colheita123");
        assert_ne!(h1, h2, "salt differs");
        assert!(!h1.contains("colheita123"));
        assert!(confere("colheita123", &h1));
        assert!(!confere("colheita124", &h1));
        assert!(!confere("colheita123", "lixo"));
    }
}

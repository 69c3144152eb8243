//! Password storage: Argon2id in PHC strings (`$argon2id$v=19$m=…$<salt>$<hash>`), never
//! the password. Release builds use the `argon2` crate's defaults (OWASP's minimum:
//! 19 MiB, 2 passes); debug builds use 1 MiB and 1 pass, because the test suite seeds a
//! fresh database (eight investors) per test and logs in hundreds of times, and
//! unoptimised Argon2 at full cost makes it crawl. The parameters travel in each PHC
//! string, so either build verifies the other's hashes. Hashes of the old iterated SHA-256
//! scheme are upgraded once, at start-up ([`migrar_legados`]).

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rusqlite::Transaction;

use crate::sandbox::DEMO_PASSWORD;
use crate::sandbox::autenticacao::store;
use crate::sandbox::erro::ApiError;

/// Longest password accepted, in characters (the new-password rule's own cap). Anything
/// longer is refused before any hashing, so a megabyte "password" cannot burn CPU.
pub(crate) const TAMANHO_MAXIMO: usize = 128;

/// What a stored hash that can match no password looks like (a legacy hash we could not
/// upgrade): `confere` fails on it like on any unparsable string.
const INUTILIZAVEL: &str = "!";

/// Whether `senha` is over the length cap (checked on bytes first: 4 bytes per character
/// at most, so the character count never walks a huge string).
pub(crate) fn longa_demais(senha: &str) -> bool {
    senha.len() > TAMANHO_MAXIMO * 4 || senha.chars().count() > TAMANHO_MAXIMO
}

/// Memory (KiB) and passes of new hashes (see the module note for the debug values).
const CUSTO: (u32, u32) = if cfg!(debug_assertions) {
    (1024, 1)
} else {
    (Params::DEFAULT_M_COST, Params::DEFAULT_T_COST)
};

fn argon2() -> Argon2<'static> {
    let params = Params::new(CUSTO.0, CUSTO.1, Params::DEFAULT_P_COST, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string of `senha` with a fresh random salt.
pub(crate) fn gerar_hash(senha: &str) -> String {
    let bytes: [u8; 16] = rand::random();
    // Hashing only fails on out-of-range parameters, which are constants here; a hash
    // nobody can match is the safe fallback.
    let Ok(sal) = SaltString::encode_b64(&bytes) else {
        return INUTILIZAVEL.to_owned();
    };
    argon2()
        .hash_password(senha.as_bytes(), &sal)
        .map_or_else(|_| INUTILIZAVEL.to_owned(), |h| h.to_string())
}

/// Whether `senha` matches the stored hash (the crate compares in constant time). An
/// over-long password never matches and is never hashed.
pub(crate) fn confere(senha: &str, armazenado: &str) -> bool {
    if longa_demais(senha) {
        return false;
    }
    let Ok(hash) = PasswordHash::new(armazenado) else {
        return false;
    };
    argon2().verify_password(senha.as_bytes(), &hash).is_ok()
}

/// A hash of nothing anyone knows, with the same parameters as every real one.
static HASH_FICTICIO: LazyLock<String> =
    LazyLock::new(|| gerar_hash("colheita-sandbox: nenhum usuário tem esta senha"));

/// Runs the same Argon2id check as a real login against a dummy hash, so "no such e-mail"
/// and "wrong password" take the same time.
pub(crate) fn gastar_tempo(senha: &str) {
    let _ = confere(senha, &HASH_FICTICIO);
}

/// Upgrades hashes of the old iterated SHA-256 scheme (`sha256i$…`): the demo password is
/// re-hashed with Argon2id; any other legacy hash (a password changed on an old database)
/// cannot be recovered and becomes unusable. Runs once per start, in the caller's
/// transaction; a database without legacy hashes costs one query.
pub(crate) fn migrar_legados(tx: &Transaction<'_>) -> Result<usize, ApiError> {
    let legados = store::hashes_legados(tx)?;
    for (id, antigo) in &legados {
        let novo = if legado::confere(DEMO_PASSWORD, antigo) {
            gerar_hash(DEMO_PASSWORD)
        } else {
            INUTILIZAVEL.to_owned()
        };
        store::gravar_hash(tx, *id, &novo)?;
    }
    Ok(legados.len())
}

/// The retired scheme, kept only to recognise the demo password during the upgrade.
mod legado {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
    use sha2::{Digest, Sha256};

    pub(super) fn confere(senha: &str, armazenado: &str) -> bool {
        let partes: Vec<&str> = armazenado.split('$').collect();
        let ["sha256i", iter, sal, esperado] = partes.as_slice() else {
            return false;
        };
        let (Ok(iter), Ok(sal), Ok(esperado)) =
            (iter.parse::<u32>(), B64.decode(sal), B64.decode(esperado))
        else {
            return false;
        };
        // The old scheme's own limit; also bounds the work of a corrupt row.
        if iter == 0 || iter > 1_000_000 {
            return false;
        }
        derivar(senha, &sal, iter).as_slice() == esperado.as_slice()
    }

    pub(super) fn derivar(senha: &str, sal: &[u8], iteracoes: u32) -> [u8; 32] {
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
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn hash_e_argon2id_confere_so_com_a_senha_certa_e_usa_sal() {
        let h1 = gerar_hash("colheita123");
        let h2 = gerar_hash("colheita123");
        let prefixo = format!("$argon2id$v=19$m={},t={},p=1$", CUSTO.0, CUSTO.1);
        assert!(h1.starts_with(&prefixo), "{h1}");
        assert_ne!(h1, h2, "salt differs");
        assert!(!h1.contains("colheita123"));
        assert!(confere("colheita123", &h1));
        assert!(!confere("colheita124", &h1));
        assert!(!confere("colheita123", "lixo"));
        assert!(!confere("colheita123", INUTILIZAVEL));
    }

    #[test]
    fn senha_longa_demais_nunca_confere() {
        let longa = "a1".repeat(65);
        assert!(longa_demais(&longa));
        assert!(!longa_demais(&"a1".repeat(64)));
        assert!(!confere(&longa, &gerar_hash(&longa)));
    }

    #[test]
    fn o_hash_ficticio_tem_os_mesmos_parametros_dos_reais() {
        let real = PasswordHash::new(&HASH_FICTICIO).unwrap();
        assert_eq!(real.algorithm.as_str(), "argon2id");
        let h = gerar_hash("x");
        let outro = PasswordHash::new(&h).unwrap();
        assert_eq!(real.params, outro.params);
    }

    #[test]
    fn hash_legado_da_senha_demo_e_reconhecido() {
        use base64::Engine;
        use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
        let sal = [7u8; 16];
        let h = format!(
            "sha256i$20000${}${}",
            B64.encode(sal),
            B64.encode(legado::derivar(DEMO_PASSWORD, &sal, 20_000))
        );
        assert!(legado::confere(DEMO_PASSWORD, &h));
        assert!(!legado::confere("outra", &h));
    }
}

//! Password length before hashing, and the retired hash upgraded to Argon2id.

use super::*;

#[tokio::test]
async fn senha_acima_do_limite_e_recusada_antes_do_hash() {
    let amb = ambiente();
    // Even the right password, when over 128 characters, never logs in.
    let longa = "a1".repeat(65);
    let hash = crate::sandbox::autenticacao::senha::gerar_hash(&longa);
    amb.sandbox
        .db()
        .write(move |tx| {
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = ?2",
                params![hash, INVESTIDOR],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    for email in [INVESTIDOR, "ninguem@colheita.dev"] {
        let r = postar_login(&amb.router, email, &longa).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{email}");
        assert!(r.texto().contains("E-mail ou senha inválidos."));
    }
}

#[tokio::test]
async fn hash_legado_da_senha_demo_vira_argon2id_ao_abrir() {
    let pasta = pasta_temporaria();
    let abrir = || Sandbox::open(SandboxConfig::new(pasta.clone(), PUBLIC_URL.into())).unwrap();
    let sandbox = abrir();
    // The retired scheme's hash of the demo password (iterated SHA-256), as an old
    // database holds it, and one of an unknown password.
    let desconhecido =
        "sha256i$20000$AAAAAAAAAAAAAAAAAAAAAA$9Wd0Nq1jMWQbN9q9f0S3n3i0i9V0q2k4P8m3A2d1Bc0";
    let demo = hash_legado(crate::sandbox::DEMO_PASSWORD);
    sandbox
        .db()
        .write(move |tx| {
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = 'ativa@colheita.dev'",
                params![desconhecido],
            )?;
            tx.execute(
                "UPDATE usuarios SET senha_hash = ?1 WHERE email = ?2",
                params![demo, INVESTIDOR],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    drop(sandbox);
    let sandbox = abrir();
    let hashes: Vec<String> = sandbox
        .db()
        .read(|c| {
            let mut q = c.prepare("SELECT senha_hash FROM usuarios")?;
            let v = q
                .query_map([], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    assert!(
        hashes.iter().all(|h| !h.starts_with("sha256i$")),
        "{hashes:?}"
    );
    let router = sandbox.router();
    let r = postar_login(&router, "ativa@colheita.dev", crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(
        r.status,
        StatusCode::UNAUTHORIZED,
        "an unknown legacy hash is unusable"
    );
    let r = postar_login(&router, INVESTIDOR, crate::sandbox::DEMO_PASSWORD).await;
    assert_eq!(
        r.status,
        StatusCode::SEE_OTHER,
        "the demo password still logs in"
    );
    drop(router);
    drop(sandbox);
    let _ = std::fs::remove_dir_all(&pasta);
}

/// The retired scheme: `sha256i$<iterations>$<salt>$<digest>`, iterated SHA-256.
fn hash_legado(senha: &str) -> String {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
    use sha2::{Digest, Sha256};
    let sal = [9u8; 16];
    let mut h: [u8; 32] = Sha256::new()
        .chain_update(sal)
        .chain_update(senha)
        .finalize()
        .into();
    for _ in 1..20_000 {
        h = Sha256::new()
            .chain_update(h)
            .chain_update(sal)
            .chain_update(senha)
            .finalize()
            .into();
    }
    format!("sha256i$20000${}${}", B64.encode(sal), B64.encode(h))
}

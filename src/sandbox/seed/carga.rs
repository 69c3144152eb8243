//! Synthetic investors for measurements and races (`--sandbox-extra-investors N`): after
//! the seed, N investors `carga-001@colheita.dev` … `carga-N@colheita.dev`, password
//! [`DEMO_PASSWORD`], registration Completo and Pix only (no partner debit), so each can
//! log in and order at once. Deterministic (the same N gives the same people), and
//! without reservations, so the offerings' figures are the seed's.

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use super::pessoas::cpf_com_digitos;
use crate::sandbox::autenticacao::senha;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::{DEMO_PASSWORD, tempo};

/// The most the flag may ask for: the CPF bases `5xxxxxxxx` and the codes `9xxxxxx` hold
/// far more, but a sandbox with more investors than this is a typo.
pub(crate) const MAXIMO: usize = 100_000;

/// The e-mail of the k-th synthetic investor (1-based): `carga-001@colheita.dev`.
pub(crate) fn email(k: usize) -> String {
    format!("carga-{k:03}@colheita.dev")
}

/// Adds `n` investors after the seeded ones. Runs inside the seeding transaction.
pub(in crate::sandbox) fn inserir(
    tx: &Transaction<'_>,
    n: usize,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    if n == 0 {
        return Ok(());
    }
    if n > MAXIMO {
        return Err(SandboxError::Seed(format!(
            "no máximo {MAXIMO} investidores sintéticos (pedidos: {n})"
        )));
    }
    // One hash for all: Argon2 per investor would make seeding thousands take minutes,
    // and a shared salt reveals only that these throwaway accounts share the published
    // demo password.
    let hash = senha::gerar_hash(DEMO_PASSWORD);
    let mut inserir = tx.prepare_cached(
        "INSERT INTO usuarios (codigo, email, senha_hash, cadastro, permite_liquidacao_ativa,
            saldo_centavos, nome, telefone_ddd, telefone_numero, cpf, genero, data_nascimento,
            estado_nascimento, nacionalidade, pais, rg_numero, rg_estado, rg_emissor,
            cep, rua, numero, complemento, bairro, cidade, estado, pais_endereco,
            banco, agencia, digito_agencia, conta, digito_conta, tipo_conta, conta_corretora,
            criado_em)
         VALUES (?1, ?2, ?3, 'Completo', 0, 0, ?4, '11', ?5, ?6, ?7, '1985-04-10', 'SP',
            'Brazilian', 'BRA', ?8, 'SP', 'SSP', '01310100', 'Avenida Paulista', ?9, '',
            'Bela Vista', 'São Paulo', 'SP', 'BRA', '001', '0001', '', ?10, '0',
            'CheckingAccount', NULL, ?11)",
    )?;
    for k in 1..=n {
        // Bases starting with 5 and codes starting with 9 with seven digits: no seeded
        // investor has one, and a sign-up's code has six digits.
        let cpf = cpf_com_digitos(&format!("5{k:08}"))
            .ok_or_else(|| SandboxError::Seed(format!("CPF do investidor sintético {k}")))?;
        let genero = if k % 2 == 0 { "Female" } else { "Male" };
        inserir.execute(params![
            format!("9{k:06}"),
            email(k),
            hash,
            format!("Investidor de Carga {k:03}"),
            format!("9{:08}", 10_000_000 + k),
            cpf,
            genero,
            format!("{k:09}"),
            k.to_string(),
            format!("{k:07}"),
            tempo::ms(agora),
        ])?;
    }
    tracing::info!(
        investidores = n,
        "sandbox: investidores sintéticos adicionados"
    );
    Ok(())
}

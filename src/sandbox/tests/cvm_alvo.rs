//! An offering's minimum target is at least its share of the maximum (two thirds by
//! default, a parameter), enforced where the sandbox seeds or adds offerings.

use crate::domain::cvm::TargetRatio;
use crate::sandbox::{Sandbox, SandboxConfig};

use super::*;

#[tokio::test]
async fn todo_alvo_minimo_semeado_e_ao_menos_dois_tercos_do_maximo() {
    let amb = ambiente_com(|c| c.extra_offerings = 60);
    let abaixo: Vec<(String, i64, i64)> = amb
        .sandbox
        .db()
        .read(|c| {
            let mut st = c.prepare(
                "SELECT url_amigavel, valor_alvo_minimo_centavos, limite_centavos FROM captacoes
                 WHERE valor_alvo_minimo_centavos * 3 < limite_centavos * 2",
            )?;
            let linhas = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(linhas)
        })
        .await
        .unwrap();
    assert!(abaixo.is_empty(), "{abaixo:?}");
    // Every seeded offering still closes as it was meant to: none fails.
    amb.sandbox.close_ended_offerings().await.unwrap();
}

#[test]
fn uma_razao_que_o_seed_nao_cumpre_impede_a_abertura() {
    let mut cfg = SandboxConfig::new(pasta_temporaria(), PUBLIC_URL.to_owned());
    cfg.minimum_target_ratio = TargetRatio { num: 9, den: 10 };
    let erro = Sandbox::open(cfg).err().expect("refused");
    assert!(
        erro.to_string()
            .contains("valor alvo mínimo abaixo de 9/10 do valor alvo máximo"),
        "{erro}"
    );
}

//! `GET /v1/cadastro/meucadastro` of the seeded investors, how they are stored, and
//! `GET /v1/cadastro/permiteLiquidacaoViaAtiva`.

use axum::http::StatusCode;
use std::collections::HashSet;

use serde_json::json;

use super::reservas::{ATIVA, INVESTIDOR, token};
use super::*;
use crate::domain::validate::is_valid_cpf;

#[tokio::test]
async fn meu_cadastro_dos_quatro_investidores() {
    let amb = ambiente();
    for (email, nome, cadastro) in [
        (
            "investidor@colheita.dev",
            "Ana Beatriz Carvalho",
            "Completo",
        ),
        ("ativa@colheita.dev", "Rafael Moreira Lima", "Completo"),
        ("basico@colheita.dev", "Carlos Eduardo Souza", "Básico"),
        (
            "analise@colheita.dev",
            "Juliana Ferreira Alves",
            "Em análise",
        ),
    ] {
        let t = entrar(&amb.router, email).await;
        let u = get(&amb.router, "/v1/cadastro/meucadastro", Some(&acesso(&t)))
            .await
            .json();
        assert_eq!(u["dadosBasicos"]["nome"], nome);
        assert_eq!(u["dadosBasicos"]["email"], email);
        assert_eq!(u["cadastro"], cadastro);
        assert!(u["id"].is_i64() && u["codigo"].is_string());
        assert!(
            is_valid_cpf(u["dadosPessoais"]["documento"].as_str().unwrap()),
            "{email}"
        );
        let tel = &u["dadosBasicos"]["telefones"][0];
        assert_eq!(tel["numero"].as_str().unwrap().len(), 9);
        if cadastro == "Básico" {
            assert!(u["dadosComplementares"]["endereco"]["cep"].is_null());
            assert_eq!(
                u["dadosFinanceiros"]["contasBancarias"],
                serde_json::json!([])
            );
        } else {
            assert_eq!(
                u["dadosComplementares"]["endereco"]["cep"]
                    .as_str()
                    .unwrap()
                    .len(),
                8
            );
            assert_eq!(
                u["dadosFinanceiros"]["contasBancarias"][0]["banco"]
                    .as_str()
                    .unwrap()
                    .len(),
                3
            );
            assert_eq!(u["dadosPessoais"]["documentoIdentidade"][0]["tipo"], "RG");
            let nascimento = u["dadosPessoais"]["dataNascimento"].as_str().unwrap();
            assert!(nascimento.ends_with("T00:00:00-03:00"), "{nascimento}");
            assert!(
                nascimento.parse::<jiff::Timestamp>().is_ok(),
                "{nascimento}"
            );
        }
    }
}

#[tokio::test]
async fn investidores_semeados_tem_cpf_valido_e_senha_com_hash() {
    let amb = ambiente();
    let linhas: Vec<(String, String)> = amb
        .sandbox
        .db()
        .read(|c| {
            let mut q = c.prepare("SELECT cpf, senha_hash FROM usuarios")?;
            let v = q
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    assert!(linhas.len() >= 4);
    let hashes: HashSet<&String> = linhas.iter().map(|(_, h)| h).collect();
    assert_eq!(hashes.len(), linhas.len(), "salted");
    for (cpf, hash) in &linhas {
        assert!(is_valid_cpf(cpf), "{cpf}");
        assert!(hash.starts_with("$argon2id$") && !hash.contains(crate::sandbox::DEMO_PASSWORD));
    }
}

#[tokio::test]
async fn permite_liquidacao_via_ativa() {
    let amb = ambiente();
    for (email, esperado) in [
        (ATIVA, true),
        (INVESTIDOR, false),
        ("basico@colheita.dev", false),
    ] {
        let t = token(&amb.router, email).await;
        let r = get(
            &amb.router,
            "/v1/cadastro/permiteLiquidacaoViaAtiva",
            Some(&t),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.json(), json!(esperado), "{email}");
    }
    let r = get(&amb.router, "/v1/cadastro/permiteLiquidacaoViaAtiva", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

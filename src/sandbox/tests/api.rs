//! Registration, balance summary, media, 404s, seeded investors, expiry, concurrency.

use std::collections::HashSet;
use std::str::FromStr;

use axum::http::{StatusCode, header};
use rusqlite::params;
use rust_decimal::Decimal;
use serde_json::Value;

use super::super::tempo;
use super::*;
use crate::domain::validate::is_valid_cpf;

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

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
        .ler(|c| {
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
        assert!(hash.starts_with("sha256i$") && !hash.contains(super::super::DEMO_PASSWORD));
    }
}

#[tokio::test]
async fn reservas_da_investidora_cobrem_os_status_e_o_resumo_confere() {
    let amb = ambiente();
    let status: HashSet<String> = amb
        .sandbox
        .db()
        .ler(|c| {
            let mut q = c.prepare(
                "SELECT r.status FROM reservas r JOIN usuarios u ON u.id = r.usuario_id
                 WHERE u.email = 'investidor@colheita.dev'",
            )?;
            let v = q.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    for s in [
        "Aporte pendente",
        "Pago",
        "Em análise",
        "Aprovado",
        "Cancelado",
    ] {
        assert!(status.contains(s), "{s} missing: {status:?}");
    }
    let t = entrar(&amb.router, "investidor@colheita.dev").await;
    let r = get(&amb.router, "/v1/reservas/resumo", Some(&acesso(&t))).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    for campo in [
        "saldoBloqueado",
        "saldoD0",
        "saldoD1",
        "saldoD2",
        "saldoDisponivel",
        "saldoTotal",
        "valorProvisionado",
        "valorPatrimonioTotal",
    ] {
        assert!(v[campo].is_number(), "{campo}");
    }
    assert!(dec(&v["valorProvisionado"]) > Decimal::ZERO);
    let produtos = v["listaProdutos"].as_array().unwrap();
    assert!(!produtos.is_empty());
    let soma: Decimal = produtos.iter().map(|p| dec(&p["valor"])).sum();
    assert_eq!(
        dec(&v["valorPatrimonioTotal"]),
        soma + dec(&v["saldoTotal"])
    );

    let t = entrar(&amb.router, "ativa@colheita.dev").await;
    let v = get(&amb.router, "/v1/reservas/resumo", Some(&acesso(&t)))
        .await
        .json();
    assert_eq!(dec(&v["saldoTotal"]), Decimal::from(18_500));
    assert!(dec(&v["saldoBloqueado"]) > Decimal::ZERO);
    assert_eq!(
        dec(&v["saldoDisponivel"]) + dec(&v["saldoBloqueado"]),
        dec(&v["saldoTotal"])
    );

    let t = entrar(&amb.router, "basico@colheita.dev").await;
    let v = get(&amb.router, "/v1/reservas/resumo", Some(&acesso(&t)))
        .await
        .json();
    assert_eq!(dec(&v["valorPatrimonioTotal"]), Decimal::ZERO);
    assert_eq!(v["listaProdutos"], serde_json::json!([]));
}

#[tokio::test]
async fn pix_vencido_deixa_de_contar_e_a_varredura_cancela() {
    let amb = ambiente();
    let (id, captacao, valor): (i64, i64, i64) = amb
        .sandbox
        .db()
        .escrever(|tx| {
            let linha = tx.query_row(
                "SELECT r.id, r.captacao_id, r.investimento_centavos FROM reservas r
                 JOIN usuarios u ON u.id = r.usuario_id
                 WHERE u.email = 'investidor@colheita.dev' AND r.status = 'Aporte pendente'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            Ok(linha)
        })
        .await
        .unwrap();
    let antes = dec(
        &get(&amb.router, &format!("/v1/captacoes/{captacao}"), None)
            .await
            .json()["reservado"],
    );
    let vencido = tempo::ms(tempo::agora()) - 1000;
    amb.sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "UPDATE reservas SET pix_vencimento = ?1 WHERE id = ?2",
                params![vencido, id],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let depois = dec(
        &get(&amb.router, &format!("/v1/captacoes/{captacao}"), None)
            .await
            .json()["reservado"],
    );
    assert_eq!(
        antes - depois,
        Decimal::new(valor, 2),
        "stops counting at the deadline"
    );
    assert_eq!(amb.sandbox.expire_overdue().await.unwrap(), 1);
    assert_eq!(amb.sandbox.expire_overdue().await.unwrap(), 0);
    let status: String = amb
        .sandbox
        .db()
        .ler(move |c| {
            Ok(c.query_row(
                "SELECT status FROM reservas WHERE id = ?1",
                params![id],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    assert_eq!(status, "Cancelado");
}

#[tokio::test]
async fn rota_desconhecida_e_midia_invalida_dao_404() {
    let amb = ambiente();
    for uri in [
        "/v1/nada",
        "/v2/nada",
        "/midia/../Cargo.toml",
        "/midia/captacoes/nao-existe.svg",
        "/midia/a//b.svg",
    ] {
        let r = get(&amb.router, uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            r.json(),
            serde_json::json!({"mensagem": "Recurso não encontrado."}),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn midia_existente_e_servida_com_tipo() {
    let amb = ambiente();
    let o = get(&amb.router, "/v1/captacoes?PageSize=1", None)
        .await
        .json();
    let url = o["dados"][0]["imagemPrincipal"]
        .as_str()
        .unwrap()
        .to_owned();
    let caminho = url.strip_prefix(PUBLIC_URL).unwrap();
    let r = get(&amb.router, caminho, None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(caminho.ends_with(".svg"), "{caminho}");
    assert_eq!(r.headers[header::CONTENT_TYPE], "image/svg+xml");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn cinquenta_pedidos_simultaneos() {
    let amb = ambiente();
    let t = entrar(&amb.router, "investidor@colheita.dev").await;
    let a = acesso(&t);
    let mut tarefas = Vec::new();
    for i in 0..50 {
        let router = amb.router.clone();
        let a = a.clone();
        tarefas.push(tokio::spawn(async move {
            let uri = match i % 5 {
                0 => "/v1/cadastro/meucadastro".to_owned(),
                1 => "/v1/reservas/resumo".to_owned(),
                2 => format!(
                    "/v1/captacoes?Page={}&PageSize=3&OrderByField=Rendimento",
                    i % 4 + 1
                ),
                3 => "/v1/captacoes/1".to_owned(),
                _ => "/v1/captacoes?FieldSearch=soja".to_owned(),
            };
            get(&router, &uri, Some(&a)).await.status
        }));
    }
    // Logins (writes) at the same time as the reads.
    let mut logins = Vec::new();
    for _ in 0..5 {
        let router = amb.router.clone();
        logins.push(tokio::spawn(async move {
            entrar(&router, "ativa@colheita.dev").await
        }));
    }
    for t in tarefas {
        assert_eq!(t.await.unwrap(), StatusCode::OK);
    }
    for l in logins {
        assert_eq!(l.await.unwrap()["tipoResposta"], "sucesso");
    }
}

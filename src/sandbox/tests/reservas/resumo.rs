//! `GET /v1/reservas/resumo` over the seeded reservations, and the expiry of an overdue
//! Pix reservation.

use std::collections::HashSet;

use axum::http::StatusCode;
use rusqlite::params;
use rust_decimal::Decimal;

use crate::sandbox::tempo;
use crate::sandbox::tests::reservas::dec;
use crate::sandbox::tests::*;

#[tokio::test]
async fn reservas_da_investidora_cobrem_os_status_e_o_resumo_confere() {
    let amb = ambiente();
    let status: HashSet<String> = amb
        .sandbox
        .db()
        .read(|c| {
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
        .write(|tx| {
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
        .write(move |tx| {
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
        .read(move |c| {
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

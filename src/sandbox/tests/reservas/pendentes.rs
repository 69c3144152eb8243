//! `GET /v1/reservas/pendentes`: what the home's "reservas pendentes" table lists, from the
//! seeded investor's reservations and as the clock moves past a Pix deadline or the 30 days
//! after a payment.

use axum::http::{Method, StatusCode};
use rusqlite::params;

use crate::domain::status::ReservaStatus;
use crate::sandbox::tempo;
use crate::sandbox::tests::reservas::{
    INVESTIDOR, chamar, id_do_investidor, oferta_aberta, pedido, token,
};
use crate::sandbox::tests::*;

/// A listed reservation's state, read from the name the answer spells.
fn estado(r: &serde_json::Value) -> ReservaStatus {
    ReservaStatus::from(r["status"]["name"].as_str().unwrap())
}

#[tokio::test]
async fn pendentes_do_investidor_semeado() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/reservas/pendentes", Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let lista = r.json().as_array().unwrap().clone();
    let status: Vec<ReservaStatus> = lista.iter().map(estado).collect();
    // Seeded: Aporte pendente, Pago 12 days ago, Em análise, Aprovado; not the Pago of a
    // closed offering 30+ days ago nor the Cancelado.
    for s in [
        ReservaStatus::AportePendente,
        ReservaStatus::Pago,
        ReservaStatus::EmAnalise,
        ReservaStatus::Aprovado,
    ] {
        assert!(status.contains(&s), "{s:?} in {status:?}");
    }
    assert!(!status.contains(&ReservaStatus::Cancelado));
    assert_eq!(
        status.iter().filter(|s| **s == ReservaStatus::Pago).count(),
        1
    );
    let datas: Vec<jiff::Timestamp> = lista
        .iter()
        .map(|r| r["data"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(datas.windows(2).all(|w| w[0] >= w[1]), "newest first");
    for r in &lista {
        for campo in [
            "id",
            "data",
            "nomeCaptacao",
            "urlAmigavel",
            "investimento",
            "rendimento",
            "prazo",
            "tipoDoPagamento",
            "tipoDoPagamentoDescricao",
            "inicioRendimento",
            "parcelasAnuais",
        ] {
            assert!(!r[campo].is_null(), "{campo}: {r}");
        }
        assert!(r["status"]["color"].as_str().unwrap().starts_with('#'));
        let pendente = estado(r) == ReservaStatus::AportePendente;
        assert_eq!(r["pix"].is_object(), pendente);
        // The request's validity: the Pix deadline; a partner debit has none.
        if pendente {
            assert!(r["dataVencimento"].is_string(), "{r}");
        }
        if r["tipoDoPagamento"] == 2 {
            assert!(r["dataVencimento"].is_null(), "{r}");
        }
    }
    // A new Aberto reservation appears first.
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let n = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    let nova = n.json()["id"].clone();
    let lista = get(&amb.router, "/v1/reservas/pendentes", Some(&t))
        .await
        .json();
    assert_eq!(lista[0]["id"], nova);
    assert_eq!(estado(&lista[0]), ReservaStatus::Aberto);
    assert_eq!(
        get(&amb.router, "/v1/reservas/pendentes", None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

/// The ids of the pending list, as the investor's token reads it.
async fn pendentes(amb: &Ambiente, t: &str) -> Vec<i64> {
    let r = get(&amb.router, "/v1/reservas/pendentes", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

/// The seeded investor's reservation recorded as `status`, the most recently paid first.
async fn do_investidor(amb: &Ambiente, status: ReservaStatus) -> i64 {
    let usuario = id_do_investidor(amb).await;
    amb.sandbox
        .db()
        .read(move |c| {
            Ok(c.query_row(
                "SELECT id FROM reservas WHERE usuario_id = ?1 AND status = ?2
                 ORDER BY paga_em DESC LIMIT 1",
                params![usuario, status],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap()
}

async fn gravar(amb: &Ambiente, sql: &'static str, valor: i64, id: i64) {
    amb.sandbox
        .db()
        .write(move |tx| {
            tx.execute(sql, params![valor, id])?;
            Ok(())
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn o_pago_sai_aos_30_dias_e_o_pix_vencido_sai_na_hora() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let pago = do_investidor(&amb, ReservaStatus::Pago).await;
    let aporte = do_investidor(&amb, ReservaStatus::AportePendente).await;
    let antes = pendentes(&amb, &t).await;
    assert!(
        antes.contains(&pago) && antes.contains(&aporte),
        "{antes:?}"
    );

    let dia = 24 * 3600 * 1000;
    let agora = tempo::ms(tempo::agora());
    let pago_em = "UPDATE reservas SET paga_em = ?1 WHERE id = ?2";
    gravar(&amb, pago_em, agora - 29 * dia, pago).await;
    assert!(
        pendentes(&amb, &t).await.contains(&pago),
        "paid 29 days ago"
    );
    gravar(&amb, pago_em, agora - 31 * dia, pago).await;
    assert!(
        !pendentes(&amb, &t).await.contains(&pago),
        "paid 31 days ago"
    );

    // Still recorded as Aporte pendente, but its Pix is past its deadline: cancelled.
    let vencimento = "UPDATE reservas SET pix_vencimento = ?1 WHERE id = ?2";
    gravar(&amb, vencimento, agora - 1000, aporte).await;
    let depois = pendentes(&amb, &t).await;
    assert!(!depois.contains(&aporte), "{depois:?}");
    assert_eq!(depois.len(), antes.len() - 2, "{antes:?} → {depois:?}");
}

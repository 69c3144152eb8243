//! Money on the sandbox's wire: every amount is a JSON number written with the decimal's
//! own digits (never a string, never through an f64), as CONTRACTS.md says.

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;

use super::reservas::{INVESTIDOR, oferta_aberta, reservar, token};
use super::*;

/// 2^53 + 1 cents: the first amount of cents an f64 cannot hold.
const ALEM_DO_F64: i64 = 9_007_199_254_740_993;

#[tokio::test]
async fn an_offering_answers_its_amounts_with_every_digit() {
    let amb = ambiente();
    let (id, _) = oferta_aberta(&amb, false).await;
    amb.sandbox
        .db()
        .write(move |tx| {
            tx.execute(
                "UPDATE captacoes SET limite_centavos = ?1, rendimento_centesimos = 1750
                 WHERE id = ?2",
                params![ALEM_DO_F64, id],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let detalhe = get(&amb.router, &format!("/v1/captacoes/{id}"), None).await;
    assert_eq!(detalhe.status, StatusCode::OK);
    let detalhe = detalhe.texto();
    assert!(
        detalhe.contains(r#""limiteArrecadacao":90071992547409.93,"#),
        "{detalhe}"
    );
    // The scale is kept: 17.50, not 17.5.
    assert!(detalhe.contains(r#""rendimento":17.50,"#), "{detalhe}");
    let lista = get(&amb.router, "/v1/captacoes?PageSize=1000", None).await;
    assert!(
        lista
            .texto()
            .contains(r#""limiteArrecadacao":90071992547409.93,"#)
    );
}

#[tokio::test]
async fn a_reservation_answers_the_amount_with_the_digits_it_was_sent_with() {
    let amb = ambiente();
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let t = token(&amb.router, INVESTIDOR).await;
    // 1000.10 stays 1000.10 (an f64 round trip writes 1000.1).
    let valor = minimo + Decimal::new(10, 2);
    let corpo = format!(r#"{{"idCaptacao":{id},"investimento":{valor},"tipoPagamento":1}}"#);
    let r = pedir(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        Some(&t),
        Some(("application/json", corpo)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let esperado = format!(r#""investimento":{valor},"#);
    assert!(r.texto().contains(&esperado), "{}", r.texto());

    // Confirmed by Pix: the reservation and its Pix data carry the same digits.
    let (reserva, _) = reservar(&amb.router, &t, id, valor, 1).await;
    let r = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t)).await;
    let texto = r.texto();
    assert!(texto.contains(&esperado), "{texto}");
    assert!(texto.contains(&format!(r#""valor":{valor}}}"#)), "{texto}");
}

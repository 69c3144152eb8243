//! A partner-debit reservation: Em análise, then approved or rejected.

use axum::http::{Method, StatusCode};

use crate::sandbox::tests::reservas::*;
use crate::sandbox::tests::*;

#[tokio::test]
async fn ciclo_debito_parceira_aprovar_e_rejeitar() {
    let amb = ambiente();
    let t = token(&amb.router, ATIVA).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let (r1, conf) = reservar(&amb.router, &t, id, minimo, 2).await;
    assert_eq!(conf["status"], "Em análise");
    assert!(conf["pix"].is_null());
    let ver = get(&amb.router, &format!("/v1/reservas/{r1}"), Some(&t))
        .await
        .json();
    assert_eq!(ver["tipoDoPagamento"], 2);
    assert_eq!(
        ver["tipoDoPagamentoDescricao"],
        "Débito em conta na corretora parceira"
    );

    let a = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r1}/aprovar"),
        None,
        None,
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.texto());
    assert_eq!(a.json()["status"]["name"], "Aprovado");
    assert!(
        !a.json()["fluxoRecebimentoAmortizacao"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r1}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.json()["status"]["name"], "Pago");

    let (r2, _) = reservar(&amb.router, &t, id, minimo, 2).await;
    let antes = oferta_json(&amb.router, id).await;
    let rej = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r2}/rejeitar"),
        None,
        None,
    )
    .await;
    assert_eq!(rej.status, StatusCode::OK, "{}", rej.texto());
    let rej = rej.json();
    assert_eq!(rej["status"]["name"], "Aporte pendente");
    assert_eq!(rej["tipoDoPagamento"], 1);
    assert!(rej["pix"]["chave"].is_string() && rej["dataVencimento"].is_string());
    let depois = oferta_json(&amb.router, id).await;
    assert_eq!(dec(&depois["reservado"]), dec(&antes["reservado"]) + minimo);

    let x = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r2}/aprovar"),
        None,
        None,
    )
    .await;
    assert_eq!(x.status, StatusCode::CONFLICT);
    let x = pedir(
        &amb.router,
        Method::POST,
        "/sandbox/reservas/999999/pagar",
        None,
        None,
    )
    .await;
    assert_eq!(x.status, StatusCode::NOT_FOUND);
}

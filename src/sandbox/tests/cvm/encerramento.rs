//! The close of an offering: below its minimum it cancels and refunds, with success the
//! money moves only after the withdrawal periods, and the sweeper closes each once.

use super::*;

#[tokio::test]
async fn captacao_encerrada_abaixo_do_minimo_cancela_e_devolve_as_reservas() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let paga = investir(&amb, &t, oferta, minimo).await;
    bastidor(&amb, &format!("/sandbox/reservas/{paga}/pagar")).await;
    let pendente = investir(&amb, &t, oferta, minimo).await;
    no_banco(
        &amb,
        "UPDATE captacoes SET valor_alvo_minimo_centavos = limite_centavos WHERE id = ?1",
        oferta,
        None,
    )
    .await;
    let r = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json()["resultado"], "Malsucedida");
    assert!(r.json()["reservasCanceladas"].as_u64().unwrap() >= 2);
    for id in [paga, pendente] {
        let r = reserva(&amb, &t, id).await;
        assert_eq!(r["status"]["name"], "Cancelado");
        assert_eq!(
            r["motivoCancelamento"],
            "Captação encerrada sem atingir o valor alvo mínimo"
        );
    }
    let (estornos, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000&Tipo=Estorno").await;
    assert_eq!(estornos.len(), 1, "only the paid one is refunded");
    assert_eq!(dec(&estornos[0]["valor"]), minimo);
    let avisos = titulos(&amb, &t).await;
    assert_eq!(
        avisos.iter().filter(|a| *a == "Captação cancelada").count(),
        2
    );
    let again = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let nenhuma = bastidor(&amb, "/sandbox/captacoes/999999/encerrar").await;
    assert_eq!(nenhuma.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn o_encerramento_com_sucesso_repassa_so_depois_do_prazo_de_desistencia() {
    let (amb, t, oferta, id) = paga_sem_minimo().await;
    let r = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(r.json()["resultado"], "Sucesso");
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = reserva(&amb, &t, id).await;
    assert_eq!(r["status"]["name"], "Pago");
    assert_eq!(
        r["dataRepasse"],
        Value::Null,
        "not inside the withdrawal period"
    );
    // Every withdrawal period of the offering ends (the money moves only then).
    prazos_da_oferta_encerrados(&amb, oferta).await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = reserva(&amb, &t, id).await;
    assert!(r["dataRepasse"].is_string());
    assert_eq!(desistir(&amb, &t, id).await.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn o_varredor_encerra_as_captacoes_vencidas_uma_vez() {
    let amb = ambiente();
    let falhas = || async {
        amb.sandbox
            .db()
            .read(|c| {
                Ok(c.query_row(
                    "SELECT COUNT(*) FROM captacoes WHERE resultado = 'Malsucedida'",
                    [],
                    |r| r.get::<_, i64>(0),
                )?)
            })
            .await
            .unwrap()
    };
    // The seed's failed offering is settled already; the others whose period ended close
    // successfully, once.
    let antes = falhas().await;
    let n = amb.sandbox.close_ended_offerings().await.unwrap();
    assert!(n >= 1, "{n}");
    assert_eq!(amb.sandbox.close_ended_offerings().await.unwrap(), 0);
    assert_eq!(falhas().await, antes);
}

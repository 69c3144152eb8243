//! The right of withdrawal: inside its period everything is refunded, after it no more.

use super::*;

#[tokio::test]
async fn desistir_dentro_do_prazo_devolve_tudo_e_depois_nao_se_pode_mais() {
    let (amb, t) = novo_investidor(|c| c.withdrawal_days = 7).await;
    declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": 0}),
    )
    .await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let nome = oferta_json(&amb.router, oferta).await["nomeCaptacao"]
        .as_str()
        .unwrap()
        .to_owned();
    let id = investir(&amb, &t, oferta, minimo * reais(2)).await;
    let r = reserva(&amb, &t, id).await;
    assert_eq!(r["desistenciaPermitida"], true);
    let ate = crate::domain::dates::parse_platform_datetime(r["desistenciaAte"].as_str().unwrap())
        .unwrap();
    let confirmada =
        crate::domain::dates::parse_platform_datetime(r["data"].as_str().unwrap()).unwrap();
    assert_eq!(
        ate,
        crate::domain::desistencia::withdrawal_ends(confirmada, 7).max(ate)
    );
    assert!(
        ate > tempo::mais(
            tempo::agora(),
            std::time::Duration::from_secs(6 * 24 * 3600)
        )
    );
    // Paid: the withdrawal refunds it.
    let p = bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    assert_eq!(p.status, StatusCode::OK);
    let room = dec(&declaracao(&amb, &t).await["limite"]["disponivel"]);
    let r = desistir(&amb, &t, id).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json()["status"]["name"], "Cancelado");
    assert_eq!(r.json()["motivoCancelamento"], "Desistência do investidor");
    assert_eq!(r.json()["desistenciaPermitida"], false);
    assert_eq!(
        dec(&declaracao(&amb, &t).await["limite"]["disponivel"]),
        room + minimo * reais(2)
    );
    let (linhas, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000&Tipo=Estorno").await;
    let estorno = linhas
        .iter()
        .find(|l| l["nomeAtivo"] == nome.as_str())
        .expect("estorno");
    assert_eq!(dec(&estorno["valor"]), minimo * reais(2));
    assert_eq!(titulos(&amb, &t).await[0], "Desistência registrada");
    let canceladas = get(&amb.router, "/v1/reservas/canceladas", Some(&t))
        .await
        .json();
    assert_eq!(canceladas[0]["id"], json!(id));
    let again = desistir(&amb, &t, id).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(
        again.json()["mensagem"],
        "Não é possível desistir desta reserva."
    );
    let registros = get(&amb.router, "/v1/cadastro/registros", Some(&t))
        .await
        .json();
    assert_eq!(registros[0]["documento"], "Desistencia");

    // Past the period the option is gone.
    let id = investir(&amb, &t, oferta, minimo).await;
    prazo_encerrado(&amb, id).await;
    let r = reserva(&amb, &t, id).await;
    assert_eq!(r["desistenciaPermitida"], false);
    let r = desistir(&amb, &t, id).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(
        r.json()["mensagem"],
        "O prazo de desistência deste investimento terminou."
    );
    // Someone else's reservation is unknown.
    let outro = token(&amb.router, "investidor@colheita.dev").await;
    assert_eq!(
        desistir(&amb, &outro, id).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn uma_desistencia_antes_do_pagamento_cancela_sem_cobrar() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let id = investir(&amb, &t, oferta, minimo).await;
    let r = desistir(&amb, &t, id).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json()["pix"], Value::Null);
    let (linhas, _) = extrato(&amb.router, &t, "dias=1&PageSize=1000").await;
    assert!(linhas.iter().all(|l| l["tipo"] != "Estorno"));
    assert!(
        linhas
            .iter()
            .any(|l| l["tipo"] == "Aporte" && l["status"] == "Cancelado")
    );
}

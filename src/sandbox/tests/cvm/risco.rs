//! The risk term before confirming, and its acceptance on the record.

use super::*;

#[tokio::test]
async fn sem_o_termo_de_ciencia_de_risco_a_confirmacao_e_recusada_e_o_aceite_fica_registrado() {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let r = criar(&amb, &t, oferta, minimo).await;
    let id = r.json()["id"].as_i64().unwrap();
    let c = &r.json()["cienciaRisco"];
    assert_eq!(c["titulo"], "Termo de Ciência de Risco");
    assert_eq!(c["versao"], "2026.1");
    assert_eq!(c["aceitoEm"], Value::Null);
    let conteudo = c["conteudo"].as_str().unwrap();
    for risco in [
        "Perda do capital",
        "Risco de crédito",
        "Liquidez",
        "não analisa previamente",
    ] {
        assert!(conteudo.contains(risco), "{risco}");
    }
    assinar(&amb, &t, id, json!({"aceite": true})).await;
    let c = confirmar(&amb, &t, id).await;
    assert_eq!(c.status, StatusCode::BAD_REQUEST);
    assert_eq!(c.json()["mensagem"], MSG_RISK);
    // An outdated version is refused at signing.
    let r = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{id}/assinarcontrato"),
        &t,
        Some(json!({"aceite": true, "versaoCienciaRisco": "2025.9"})),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assinar(
        &amb,
        &t,
        id,
        json!({"aceite": true, "versaoCienciaRisco": "2026.1", "declaracaoConfirmada": true}),
    )
    .await;
    let termo = get(&amb.router, &format!("/v1/reservas/{id}/termo"), Some(&t)).await;
    assert!(termo.json()["cienciaRisco"]["aceitoEm"].is_string());
    assert_eq!(confirmar(&amb, &t, id).await.status, StatusCode::OK);
    let registros = get(&amb.router, "/v1/cadastro/registros", Some(&t))
        .await
        .json();
    let docs: Vec<(String, String, Value)> = registros
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert!(r["dataRegistro"].is_string());
            (
                r["documento"].as_str().unwrap().to_owned(),
                r["versao"].as_str().unwrap().to_owned(),
                r["idReserva"].clone(),
            )
        })
        .collect();
    for doc in ["TermoCienciaRisco", "TermoAdesao", "ConfirmacaoDeclaracao"] {
        assert!(
            docs.iter().any(|(d, _, r)| d == doc && *r == json!(id)),
            "{doc}: {docs:?}"
        );
    }
    assert!(
        docs.iter()
            .any(|(d, v, _)| d == "DeclaracaoInvestidor" && v == "2026.1")
    );
    assert!(
        docs.iter()
            .any(|(d, v, _)| d == "TermoCienciaRisco" && v == "2026.1")
    );
}

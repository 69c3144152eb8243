//! The annual-limit declaration: no investing without it, the room it leaves, the qualified
//! investor and the parameters as configuration.

use super::*;

#[tokio::test]
async fn sem_declaracao_nao_se_investe_e_o_limite_recusa_com_o_espaco_restante() {
    let (amb, t) = novo_investidor(|_| {}).await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    assert!(minimo <= reais(1000), "a small minimum: {minimo}");
    let d = declaracao(&amb, &t).await;
    assert_eq!(d["declaracao"], Value::Null);
    assert_eq!(dec(&d["regras"]["limiteAnual"]), reais(20_000));
    assert_eq!(dec(&d["regras"]["patamar"]), reais(200_000));
    assert_eq!(dec(&d["regras"]["percentual"]), reais(10));
    let r = criar(&amb, &t, oferta, reais(1000)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["mensagem"],
        "Antes de investir, preencha a sua declaração de investidor em Minha conta."
    );

    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": 15000.00}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let l = &r.json()["limite"];
    assert_eq!(dec(&l["limiteAnual"]), reais(20_000));
    assert_eq!(dec(&l["disponivel"]), reais(5_000));
    assert_eq!(r.json()["declaracao"]["versao"], "2026.1");

    let r = criar(&amb, &t, oferta, reais(6000)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["mensagem"],
        "O valor ultrapassa o seu limite anual de investimento. Você ainda pode investir R$ 5.000,00 neste ano."
    );
    // Exactly the room fits; only a confirmed reservation uses it.
    let r = criar(&amb, &t, oferta, reais(5000)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    assert_eq!(
        dec(&declaracao(&amb, &t).await["limite"]["disponivel"]),
        reais(5_000)
    );
    investir(&amb, &t, oferta, reais(3000)).await;
    let d = declaracao(&amb, &t).await;
    assert_eq!(dec(&d["limite"]["investidoNaPlataforma"]), reais(3_000));
    assert_eq!(dec(&d["limite"]["disponivel"]), reais(2_000));
    // The reservation created before, for the whole room, no longer fits at confirmation.
    let id = r.json()["id"].as_i64().unwrap();
    assinar(
        &amb,
        &t,
        id,
        json!({"aceite": true, "versaoCienciaRisco": "2026.1"}),
    )
    .await;
    let c = confirmar(&amb, &t, id).await;
    assert_eq!(c.status, StatusCode::BAD_REQUEST);
    assert!(
        c.json()["mensagem"]
            .as_str()
            .unwrap()
            .ends_with("Você ainda pode investir R$ 2.000,00 neste ano."),
        "{}",
        c.texto()
    );
}

#[tokio::test]
async fn qualificado_nao_tem_limite_e_acima_do_patamar_vale_o_percentual() {
    let (amb, t) = novo_investidor(|_| {}).await;
    let r = declarar_qualificado(&amb, &t).await;
    assert_eq!(r.json()["limite"]["limiteAnual"], Value::Null);
    assert_eq!(r.json()["limite"]["disponivel"], Value::Null);
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": true, "rendaBrutaAnual": 350000.00,
               "investimentosFinanceiros": 500000.00, "investidoOutrasPlataformas": 0}),
    )
    .await;
    assert_eq!(dec(&r.json()["limite"]["limiteAnual"]), reais(50_000));
    // Above the band, an amount above the threshold must back it.
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": true, "rendaBrutaAnual": 150000.00,
               "investidoOutrasPlataformas": 0}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["mensagem"],
        "Informe a renda bruta anual ou os investimentos financeiros acima de R$ 200.000,00."
    );
    for corpo in [
        json!({"acimaDoPatamar": false}),
        json!("x"),
        json!({"qualificado": false, "acimaDoPatamar": false}),
    ] {
        let r = declarar(&amb, &t, corpo.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{corpo}");
        assert_eq!(
            r.json()["mensagem"],
            "Necessário preencher todos os campos para prosseguir."
        );
    }
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": -1}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // The one in force is the last accepted one.
    assert_eq!(
        dec(&declaracao(&amb, &t).await["limite"]["limiteAnual"]),
        reais(50_000)
    );
}

#[tokio::test]
async fn os_valores_do_limite_sao_configuracao() {
    let (amb, t) = novo_investidor(|c| {
        c.annual_limit.base = reais(10_000);
        c.annual_limit.threshold = reais(100_000);
    })
    .await;
    let d = declaracao(&amb, &t).await;
    assert_eq!(dec(&d["regras"]["limiteAnual"]), reais(10_000));
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": false, "acimaDoPatamar": false, "investidoOutrasPlataformas": 0}),
    )
    .await;
    assert_eq!(dec(&r.json()["limite"]["disponivel"]), reais(10_000));
    let (oferta, _) = oferta_aberta(&amb, false).await;
    let r = criar(&amb, &t, oferta, reais(10_001)).await;
    assert!(
        r.json()["mensagem"]
            .as_str()
            .unwrap()
            .contains("R$ 10.000,00")
    );
    // The term's options and text carry the parameters in force.
    let (especulativa, _) = oferta_aberta(&amb, true).await;
    let r = criar(&amb, &t, especulativa, reais(1_000)).await;
    let termo = r.texto();
    assert!(
        termo.contains("R$ 100.000,00") && termo.contains("R$ 10.000,00"),
        "{termo}"
    );
}

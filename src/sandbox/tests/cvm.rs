//! The investor duties of Resolução CVM nº 88/2022 as the sandbox enforces them: the
//! annual-limit declaration and its room, the risk term before confirming, the right of
//! withdrawal, the close of an offering below its minimum target, the record, and the
//! parameters as configuration.

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::extrato::extrato;
use super::reservas::{chamar, dec, oferta_aberta, oferta_json, pedido, token};
use super::*;
use crate::domain::reserva::MSG_RISK;
use crate::sandbox::tempo;

pub(super) const CARGA: &str = "carga-001@colheita.dev";

/// A sandbox with one synthetic investor whose seeded declaration is removed: the investor
/// declares as a new user would.
pub(super) async fn novo_investidor(
    ajustar: impl FnOnce(&mut SandboxConfig),
) -> (Ambiente, String) {
    let amb = ambiente_com(|c| {
        c.extra_investors = 1;
        ajustar(c);
    });
    amb.sandbox
        .db()
        .escrever(|tx| {
            tx.execute(
                "DELETE FROM declaracoes_investidor WHERE usuario_id =
                    (SELECT id FROM usuarios WHERE email = ?1)",
                params![CARGA],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let t = token(&amb.router, CARGA).await;
    (amb, t)
}

/// A new investor who declared being qualified (no annual limit in the way).
pub(super) async fn qualificado() -> (Ambiente, String) {
    let (amb, t) = novo_investidor(|_| {}).await;
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": false, "versaoTermoQualificado": "2026.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    (amb, t)
}

pub(super) async fn declarar(amb: &Ambiente, t: &str, corpo: Value) -> Resposta {
    chamar(
        &amb.router,
        Method::PUT,
        "/v1/cadastro/declaracao-investidor",
        t,
        Some(corpo),
    )
    .await
}

pub(super) async fn declaracao(amb: &Ambiente, t: &str) -> Value {
    let r = get(&amb.router, "/v1/cadastro/declaracao-investidor", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
}

pub(super) async fn criar(amb: &Ambiente, t: &str, oferta: i64, valor: Decimal) -> Resposta {
    chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        t,
        Some(pedido(oferta, valor, 1)),
    )
    .await
}

pub(super) async fn assinar(amb: &Ambiente, t: &str, id: i64, corpo: Value) {
    let r = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{id}/assinarcontrato"),
        t,
        Some(corpo),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.texto());
}

pub(super) async fn confirmar(amb: &Ambiente, t: &str, id: i64) -> Resposta {
    chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{id}/confirmarinvestimento"),
        t,
        None,
    )
    .await
}

pub(super) async fn desistir(amb: &Ambiente, t: &str, id: i64) -> Resposta {
    chamar(
        &amb.router,
        Method::POST,
        &format!("/v1/reservas/{id}/desistencia"),
        t,
        None,
    )
    .await
}

/// Creates, signs (with the risk term) and confirms: the reservation id.
pub(super) async fn investir(amb: &Ambiente, t: &str, oferta: i64, valor: Decimal) -> i64 {
    let r = criar(amb, t, oferta, valor).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let id = r.json()["id"].as_i64().unwrap();
    let opcao = r.json()["termos"][0]["opcao"].clone();
    assinar(
        amb,
        t,
        id,
        json!({"opcao": opcao, "aceite": true, "versaoCienciaRisco": "2026.1", "declaracaoConfirmada": true}),
    )
    .await;
    let c = confirmar(amb, t, id).await;
    assert_eq!(c.status, StatusCode::OK, "{}", c.texto());
    id
}

pub(super) fn reais(v: i64) -> Decimal {
    Decimal::from(v)
}

pub(super) async fn titulos(amb: &Ambiente, t: &str) -> Vec<String> {
    let r = get(&amb.router, "/v1/notificacoes?PageSize=1000", Some(t)).await;
    r.json()["dados"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["titulo"].as_str().unwrap().to_owned())
        .collect()
}

/// A sandbox-only back-office call (`/sandbox/...`): no token.
pub(super) async fn bastidor(amb: &Ambiente, caminho: &str) -> Resposta {
    pedir(&amb.router, Method::POST, caminho, None, None).await
}

/// One statement with its parameters, straight on the database (what time or the back
/// office would have done).
pub(super) async fn no_banco(amb: &Ambiente, sql: &'static str, a: i64, b: Option<i64>) {
    amb.sandbox
        .db()
        .escrever(move |tx| {
            match b {
                Some(b) => tx.execute(sql, params![a, b])?,
                None => tx.execute(sql, params![a])?,
            };
            Ok(())
        })
        .await
        .unwrap();
}

/// The withdrawal period of reservation `id` ends now.
pub(super) async fn prazo_encerrado(amb: &Ambiente, id: i64) {
    let agora = tempo::ms(tempo::agora()) - 1;
    no_banco(
        amb,
        "UPDATE reservas SET desistencia_ate = ?1 WHERE id = ?2",
        agora,
        Some(id),
    )
    .await;
}

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
    let r = declarar(
        &amb,
        &t,
        json!({"qualificado": true, "acimaDoPatamar": false, "versaoTermoQualificado": "2026.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
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
    let r = get(&amb.router, &format!("/v1/reservas/{id}"), Some(&t))
        .await
        .json();
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
    let r = get(&amb.router, &format!("/v1/reservas/{id}"), Some(&t))
        .await
        .json();
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
        let r = get(&amb.router, &format!("/v1/reservas/{id}"), Some(&t))
            .await
            .json();
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
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let id = investir(&amb, &t, oferta, minimo).await;
    bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    no_banco(
        &amb,
        "UPDATE captacoes SET valor_alvo_minimo_centavos = 0 WHERE id = ?1",
        oferta,
        None,
    )
    .await;
    let r = bastidor(&amb, &format!("/sandbox/captacoes/{oferta}/encerrar")).await;
    assert_eq!(r.json()["resultado"], "Sucesso");
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = get(&amb.router, &format!("/v1/reservas/{id}"), Some(&t))
        .await
        .json();
    assert_eq!(r["status"]["name"], "Pago");
    assert_eq!(
        r["dataRepasse"],
        Value::Null,
        "not inside the withdrawal period"
    );
    // Every withdrawal period of the offering ends (the money moves only then).
    let antes = tempo::ms(tempo::agora()) - 1;
    no_banco(
        &amb,
        "UPDATE reservas SET desistencia_ate = ?1 WHERE captacao_id = ?2 AND desistencia_ate > ?1",
        antes,
        Some(oferta),
    )
    .await;
    amb.sandbox.close_ended_offerings().await.unwrap();
    let r = get(&amb.router, &format!("/v1/reservas/{id}"), Some(&t))
        .await
        .json();
    assert!(r["dataRepasse"].is_string());
    assert_eq!(desistir(&amb, &t, id).await.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn o_varredor_encerra_as_captacoes_vencidas_uma_vez() {
    let amb = ambiente();
    // The seeded offerings whose period already ended close successfully.
    let n = amb.sandbox.close_ended_offerings().await.unwrap();
    assert!(n >= 1, "{n}");
    assert_eq!(amb.sandbox.close_ended_offerings().await.unwrap(), 0);
    let falhas: i64 = amb
        .sandbox
        .db()
        .ler(|c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM captacoes WHERE resultado = 'Malsucedida'",
                [],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    assert_eq!(falhas, 0);
}

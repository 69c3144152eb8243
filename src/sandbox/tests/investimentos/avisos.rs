//! The notices: the seed's history is not news; a new update, an instalment overdue, a
//! change of situation and a recovery step each notify the investor, with a button to the
//! holding's page and the e-mail in the outbox, unless they turned notifications off.

use axum::http::{Method, StatusCode};

use super::*;
use crate::sandbox::investimentos::modelo::{TipoAtualizacao, TipoRecuperacao};
use crate::sandbox::investimentos::store;
use crate::sandbox::tempo;

async fn nao_lidas(amb: &Ambiente, t: &str) -> Vec<Value> {
    let r = get(&amb.router, "/v1/notificacoes?PageSize=100", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()["dados"].as_array().unwrap().clone()
}

async fn abrir(amb: &Ambiente, t: &str, id: &Value) -> Value {
    get(&amb.router, &format!("/v1/notificacoes/{id}"), Some(t))
        .await
        .json()
}

async fn caixa(amb: &Ambiente) -> String {
    get(&amb.router, "/caixa-de-saida", None).await.texto()
}

#[tokio::test]
async fn news_of_a_holding_notify_the_investor_once_with_a_button_to_it() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let antes = nao_lidas(&amb, &t).await.len();
    // The periodic task finds nothing new in the seed's history.
    amb.sandbox.close_ended_offerings().await.unwrap();
    assert_eq!(nao_lidas(&amb, &t).await.len(), antes);

    let mapa = por_situacao(&amb.router, &t).await;
    let (url, captacao) = mapa["EM_DIA"].clone();
    let (url_atrasado, _) = mapa["ATRASADO"].clone();
    let reserva = investimento(&amb.router, &t, &url_atrasado).await["reservas"][0]["id"]
        .as_i64()
        .unwrap();
    let hoje = crate::domain::dates::today_in_sao_paulo(tempo::agora());
    amb.sandbox
        .db()
        .write(move |tx| {
            store::publicar(
                tx,
                captacao,
                hoje,
                TipoAtualizacao::Comunicado,
                ("Visita técnica à lavoura", "A lavoura foi vistoriada."),
                None,
            )?;
            store::gravar_recuperacao(
                tx,
                reserva,
                hoje,
                TipoRecuperacao::NotificacaoEmissora,
                ("Emissora notificada", "A plataforma cobrou a emissora."),
                None,
            )?;
            Ok(())
        })
        .await
        .unwrap();
    amb.sandbox.close_ended_offerings().await.unwrap();
    let novas = nao_lidas(&amb, &t).await;
    let titulos: Vec<&str> = novas
        .iter()
        .map(|n| n["titulo"].as_str().unwrap())
        .collect();
    assert!(
        titulos.contains(&"Nova atualização da emissora"),
        "{titulos:?}"
    );
    assert!(titulos.contains(&"Emissora notificada"), "{titulos:?}");
    // The step puts the late holding in recovery: a change of situation.
    assert!(
        titulos.contains(&"Situação do investimento: Em recuperação"),
        "{titulos:?}"
    );
    assert_eq!(novas.len(), antes + 3, "{titulos:?}");
    let atualizacao = novas
        .iter()
        .find(|n| n["titulo"] == "Nova atualização da emissora")
        .unwrap();
    let aberta = abrir(&amb, &t, &atualizacao["id"]).await;
    assert_eq!(
        aberta["mensagem"]["uRLBotao"],
        crate::sandbox::site::investimento(&url)
    );
    assert!(caixa(&amb).await.contains("Visita técnica à lavoura"));
    // Once: the next run has nothing new.
    amb.sandbox.close_ended_offerings().await.unwrap();
    assert_eq!(nao_lidas(&amb, &t).await.len(), novas.len() - 1);
}

#[tokio::test]
async fn an_instalment_overdue_is_news_and_settings_off_silence_it() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (url, captacao) = mapa["EM_DIA"].clone();
    let v = investimento(&amb.router, &t, &url).await;
    // The issuer stops paying from its last paid instalment on: that one is overdue now.
    let ultima_paga = v["parcelas"]
        .as_array()
        .unwrap()
        .iter()
        .rfind(|p| p["estado"] == "PAGA")
        .map(|p| {
            p["vencimento"]
                .as_str()
                .unwrap()
                .parse::<jiff::civil::Date>()
                .unwrap()
        });
    let Some(desde) = ultima_paga else {
        return;
    };
    amb.sandbox
        .db()
        .write(move |tx| store::suspender_pagamentos(tx, captacao, desde))
        .await
        .unwrap();
    let antes = nao_lidas(&amb, &t).await.len();
    amb.sandbox.close_ended_offerings().await.unwrap();
    let novas = nao_lidas(&amb, &t).await;
    let titulos: Vec<&str> = novas
        .iter()
        .map(|n| n["titulo"].as_str().unwrap())
        .collect();
    assert!(titulos.contains(&"Parcela em atraso"), "{titulos:?}");
    assert!(
        titulos
            .iter()
            .any(|t| t.starts_with("Situação do investimento: Atrasado")),
        "{titulos:?}"
    );
    assert_eq!(novas.len(), antes + 2);
    assert!(caixa(&amb).await.contains("Parcela em atraso"));

    // With notifications off, a payment recorded later is not notified, nor e-mailed.
    let r = pedir(
        &amb.router,
        Method::POST,
        "/v1/notificacoes/configuracoes",
        Some(&t),
        Some((
            "application/json",
            r#"{"tipoNotificacao":"TODOS","recebeNotificacao":false}"#.to_owned(),
        )),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let reserva = v["reservas"][0]["id"].as_i64().unwrap();
    let vencida = investimento(&amb.router, &t, &url).await["parcelas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["estado"] == "EM_ATRASO")
        .unwrap()["numero"]
        .clone();
    let caixa_antes = caixa(&amb).await;
    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/parcelas/{vencida}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.json()["situacao"], "EM_DIA");
    assert_eq!(nao_lidas(&amb, &t).await.len(), novas.len());
    assert_eq!(caixa(&amb).await, caixa_antes);
}

//! The clock: an unpaid instalment is overdue from the day after its due date, with no job;
//! a recorded payment clears it, and the wallet, the reservation's schedule and the
//! statement follow.

use axum::http::{Method, StatusCode};
use jiff::Timestamp;

use super::*;
use crate::sandbox::investimentos::modelo::EstadoParcela;
use crate::sandbox::investimentos::posicao::{Posicao, posicoes};
use crate::sandbox::tempo;
use crate::sandbox::tests::reservas::id_do_investidor;

/// The position in offering `captacao` with the clock at `agora`.
async fn posicao(amb: &Ambiente, captacao: i64, agora: Timestamp) -> Posicao {
    let usuario = id_do_investidor(amb).await;
    amb.sandbox
        .db()
        .read(move |c| {
            posicoes(c, usuario, agora)?
                .remove(&captacao)
                .ok_or_else(crate::sandbox::erro::ApiError::nao_encontrado)
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn an_unpaid_instalment_becomes_overdue_the_day_after_it_falls_due() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (_, atrasado) = mapa["ATRASADO"];
    let agora = tempo::agora();
    let p = posicao(&amb, atrasado, agora).await;
    let dias = match p.situacao {
        crate::domain::situacao::Situacao::Atrasado { dias } => dias,
        s => panic!("{s:?}"),
    };
    let proxima = p
        .parcelas
        .iter()
        .find(|pp| pp.estado == EstadoParcela::AVencer)
        .expect("an instalment still to come")
        .clone();
    let vence = proxima.parcela.vencimento;
    let no_dia = |d| tempo::no_dia(d, 12, 0, 0).unwrap();
    // On its due date it is still to come; the day after, it is overdue.
    let no_vencimento = posicao(&amb, atrasado, no_dia(vence)).await;
    let estado = |p: &Posicao| {
        p.parcelas
            .iter()
            .find(|x| x.numero == proxima.numero && x.reserva_id == proxima.reserva_id)
            .unwrap()
            .estado
    };
    assert_eq!(estado(&no_vencimento), EstadoParcela::AVencer);
    let depois = posicao(&amb, atrasado, no_dia(tempo::somar_dias(vence, 1).unwrap())).await;
    assert_eq!(estado(&depois), EstadoParcela::EmAtraso);
    assert!(depois.em_atraso > p.em_atraso);
    // The oldest unpaid instalment sets the days, which kept counting.
    assert!(depois.dias_em_atraso > dias);
    // An issuer that pays on time stays on time past its due dates.
    let (_, em_dia) = mapa["EM_DIA"];
    let antes = posicao(&amb, em_dia, agora).await;
    if let Some((data, _)) = antes.proximo {
        let depois = posicao(&amb, em_dia, no_dia(tempo::somar_dias(data, 1).unwrap())).await;
        assert_eq!(depois.situacao, crate::domain::situacao::Situacao::EmDia);
        assert!(depois.recebido > antes.recebido);
    }
}

#[tokio::test]
async fn a_recorded_payment_clears_the_overdue_instalment_everywhere() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (url, _) = &mapa["ATRASADO"];
    let v = investimento(&amb.router, &t, url).await;
    let vencida = v["parcelas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["estado"] == "EM_ATRASO")
        .unwrap()
        .clone();
    let numero = vencida["numero"].as_u64().unwrap();
    let reserva = v["reservas"][0]["id"].as_i64().unwrap();
    let fluxo = |r: &Value| {
        r["fluxoRecebimentoAmortizacao"][numero as usize - 1]["statusPagamento"].clone()
    };
    let antes = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t)).await;
    assert_eq!(fluxo(&antes.json()), "Pagamento atrasado");

    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/parcelas/{numero}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let depois = r.json();
    assert_eq!(depois["situacao"], "EM_DIA", "{depois}");
    assert_eq!(dec(&depois["emAtraso"]), rust_decimal::Decimal::ZERO);
    let paga = depois["parcelas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["numero"].as_u64() == Some(numero))
        .unwrap();
    assert_eq!(paga["estado"], "PAGA_COM_ATRASO");
    assert_eq!(dec(&paga["pago"]), dec(&paga["valor"]));
    let evento = &depois["eventos"][0];
    assert_eq!(evento["tipo"], "PARCELA_PAGA", "{depois}");
    assert!(evento["diasDeAtraso"].as_i64().unwrap() >= 1);
    // The same answer from the holding, the wallet and the reservation's schedule.
    assert_eq!(
        investimento(&amb.router, &t, url).await["situacao"],
        "EM_DIA"
    );
    let mapa = por_situacao(&amb.router, &t).await;
    assert!(!mapa.contains_key("ATRASADO"), "{mapa:?}");
    let r = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t)).await;
    assert_eq!(fluxo(&r.json()), "Pago");
    // The statement has the instalment's yield, on the day it was paid.
    let nome = depois["nomeCaptacao"].as_str().unwrap().to_owned();
    let usuario = id_do_investidor(&amb).await;
    let linhas: i64 = amb
        .sandbox
        .db()
        .read(move |c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM movimentos WHERE usuario_id = ?1 AND reserva_id = ?2
                 AND parcela = ?3 AND tipo = 'Rendimento'",
                rusqlite::params![usuario, reserva, numero],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    // Paid instalments show from 09:00 of their day (São Paulo).
    let hora = tempo::agora()
        .to_zoned(crate::domain::dates::sao_paulo())
        .hour();
    assert_eq!(linhas, i64::from(hora >= 9), "{nome}");

    // Unknown instalments and reservations.
    for uri in [
        format!("/sandbox/reservas/{reserva}/parcelas/999/pagar"),
        format!("/sandbox/reservas/{reserva}/parcelas/0/pagar"),
        "/sandbox/reservas/999999/parcelas/1/pagar".to_owned(),
    ] {
        let r = pedir(&amb.router, Method::POST, &uri, None, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
    }
}

//! The platform's track record (`GET /v1/plataforma/historico`): public, computed from the
//! seeded offerings' instalments and recovery steps, and moved by the clock and by an
//! issuer that stops paying.

use axum::http::StatusCode;
use jiff::Timestamp;
use rust_decimal::Decimal;

use super::*;
use crate::domain::historico::Ano;
use crate::sandbox::investimentos::posicao::posicoes;
use crate::sandbox::investimentos::store;
use crate::sandbox::plataforma::{Historico, historico_em};
use crate::sandbox::tempo;
use crate::sandbox::tests::reservas::id_do_investidor;

fn soma(h: &Historico, f: impl Fn(&Ano) -> u32) -> u32 {
    h.anos.iter().map(f).sum()
}

async fn historico(amb: &Ambiente, agora: Timestamp) -> Historico {
    amb.sandbox
        .db()
        .read(move |c| historico_em(c, agora))
        .await
        .unwrap()
}

#[tokio::test]
async fn the_seeded_track_record_is_public_and_counts_every_outcome() {
    let amb = ambiente();
    let r = get(&amb.router, "/v1/plataforma/historico", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let v = r.json();
    let anos = v["anos"].as_array().unwrap();
    assert!(!anos.is_empty(), "{v}");
    // Money is an exact decimal on the wire.
    let captado: Decimal = anos.iter().map(|a| dec(&a["valorCaptado"])).sum();
    assert!(captado > Decimal::ZERO);
    assert!(anos.iter().all(|a| a["ano"].as_i64().unwrap() >= 2000));
    assert!(!v["inadimplencia"]["metodo"].as_str().unwrap().is_empty());
    assert!(dec(&v["inadimplencia"]["taxa"]) > Decimal::ZERO, "{v}");

    // The demo investor's holdings are among the offerings counted: one in recovery, one
    // in default with part of it recovered.
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let h = historico(&amb, tempo::agora()).await;
    for (situacao, contador) in [
        ("EM_RECUPERACAO", soma(&h, |a| a.em_recuperacao)),
        ("INADIMPLENTE", soma(&h, |a| a.inadimplentes)),
    ] {
        assert_eq!(
            u32::from(mapa.contains_key(situacao)),
            contador.min(1),
            "{situacao}: {h:?}"
        );
    }
    assert!(soma(&h, |a| a.atraso_mais_90) >= soma(&h, |a| a.inadimplentes));
    assert!(h.anos.iter().map(|a| a.valor_recuperado).sum::<Decimal>() > Decimal::ZERO);
    for a in &h.anos {
        assert!(
            a.quitadas_em_dia <= a.quitadas && a.quitadas <= a.captacoes,
            "{a:?}"
        );
        assert!(a.atraso_mais_90 <= a.atraso_mais_30, "{a:?}");
    }
    let i = &h.inadimplencia;
    assert!(i.valor_inadimplente <= i.valor_captado);
    assert_eq!(
        i.taxa,
        (i.valor_inadimplente * Decimal::ONE_HUNDRED / i.valor_captado).round_dp(2)
    );
}

#[tokio::test]
async fn an_issuer_that_stops_paying_makes_its_offering_late_as_the_clock_passes() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (_, em_dia) = mapa["EM_DIA"];
    let agora = tempo::agora();
    let usuario = id_do_investidor(&amb).await;
    let proxima = amb
        .sandbox
        .db()
        .read(move |c| {
            Ok(posicoes(c, usuario, agora)?
                .remove(&em_dia)
                .and_then(|p| p.proximo))
        })
        .await
        .unwrap()
        .expect("an instalment still to come")
        .0;
    let no_dia = |dias| tempo::no_dia(tempo::somar_dias(proxima, dias).unwrap(), 12, 0, 0).unwrap();
    let base_30 = historico(&amb, no_dia(30)).await;
    let antes_30 = historico(&amb, no_dia(31)).await;
    let antes_90 = historico(&amb, no_dia(91)).await;

    let hoje = crate::domain::dates::today_in_sao_paulo(agora);
    amb.sandbox
        .db()
        .write(move |tx| store::suspender_pagamentos(tx, em_dia, hoje))
        .await
        .unwrap();

    // Thirty days past the unpaid due date it is not yet late "over 30 days"; a day later it is.
    let aos_30 = historico(&amb, no_dia(30)).await;
    assert_eq!(
        soma(&aos_30, |a| a.atraso_mais_30),
        soma(&base_30, |a| a.atraso_mais_30)
    );
    let depois_30 = historico(&amb, no_dia(31)).await;
    assert_eq!(
        soma(&depois_30, |a| a.atraso_mais_30),
        soma(&antes_30, |a| a.atraso_mais_30) + 1
    );
    assert_eq!(
        soma(&depois_30, |a| a.atraso_mais_90),
        soma(&antes_30, |a| a.atraso_mais_90)
    );
    // Past 90 days it is in default, and the default rate grows with its principal.
    let depois_90 = historico(&amb, no_dia(91)).await;
    assert_eq!(
        soma(&depois_90, |a| a.atraso_mais_90),
        soma(&antes_90, |a| a.atraso_mais_90) + 1
    );
    assert_eq!(
        soma(&depois_90, |a| a.inadimplentes),
        soma(&antes_90, |a| a.inadimplentes) + 1
    );
    assert!(depois_90.inadimplencia.valor_inadimplente > antes_90.inadimplencia.valor_inadimplente);
    assert_eq!(
        depois_90.inadimplencia.valor_captado,
        antes_90.inadimplencia.valor_captado
    );
}

#[tokio::test]
async fn every_seeded_reservation_fits_its_offerings_dates() {
    let amb = ambiente();
    let (fora, com_base): (i64, Vec<String>) = amb
        .sandbox
        .db()
        .read(|c| {
            // Made and paid while its offering was open; earning only after it closed.
            let fora = c.query_row(
                "SELECT COUNT(*) FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
                 WHERE r.criada_em < c.inicio_captacao OR r.paga_em < c.inicio_captacao
                    OR r.paga_em > c.fim_captacao OR r.repassada_em < c.fim_captacao",
                [],
                |r| r.get(0),
            )?;
            // A closed successful offering's raised amount is all held by investors.
            let com_base = c
                .prepare(
                    "SELECT url_amigavel FROM captacoes
                     WHERE fim_captacao < ?1 AND arrecadado_base_centavos > 0
                       AND cancelada_em IS NULL AND COALESCE(resultado, '') <> 'Malsucedida'",
                )?
                .query_map([tempo::ms(tempo::agora())], |r| r.get(0))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok((fora, com_base))
        })
        .await
        .unwrap();
    assert_eq!(fora, 0);
    assert!(com_base.is_empty(), "{com_base:?}");
}

#[tokio::test]
async fn the_troubled_holdings_are_in_offerings_that_closed_days_before_their_yield() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    for situacao in ["ATRASADO", "EM_RECUPERACAO", "INADIMPLENTE"] {
        let captacao = mapa[situacao].1;
        let (status, fim, inicio): (String, i64, i64) = amb
            .sandbox
            .db()
            .read(move |c| {
                Ok(c.query_row(
                    "SELECT c.status, c.fim_captacao, MIN(r.inicio_rendimento) FROM captacoes c
                     JOIN reservas r ON r.captacao_id = c.id AND r.status = 'Pago'
                     WHERE c.id = ?1 GROUP BY c.id",
                    [captacao],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )?)
            })
            .await
            .unwrap();
        assert!(
            ["Finalizado", "Captado"].contains(&status.as_str()),
            "{situacao}: {status}"
        );
        let dias = (tempo::dia_de_ms(inicio) - tempo::dia_de_ms(fim)).get_days();
        assert!((1..=8).contains(&dias), "{situacao}: {dias} dias");
    }
}

#[tokio::test]
async fn the_track_record_spans_several_years_and_counts_what_the_offerings_raised() {
    let amb = ambiente();
    let h = historico(&amb, tempo::agora()).await;
    assert!(h.anos.len() >= 4, "{h:?}");
    let arrecadado: i64 = amb
        .sandbox
        .db()
        .read(|c| {
            Ok(c.query_row(
                "SELECT SUM(r.investimento_centavos) FROM reservas r JOIN captacoes c
                   ON c.id = r.captacao_id
                 WHERE r.status IN ('Pago', 'Aprovado') AND r.inicio_rendimento <= ?1",
                [tempo::ms(tempo::agora())],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    let captado: Decimal = h.anos.iter().map(|a| a.valor_captado).sum();
    assert_eq!(captado, Decimal::new(arrecadado, 2));
    // A realistic record: most repaid, a few late, a default rate of a few percent.
    assert!(soma(&h, |a| a.quitadas) > soma(&h, |a| a.atraso_mais_30));
    assert!(h.inadimplencia.taxa > Decimal::ZERO && h.inadimplencia.taxa < Decimal::from(10));
}

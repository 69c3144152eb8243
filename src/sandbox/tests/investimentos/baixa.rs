//! A written-off holding promises no money: its unpaid instalments are BAIXADA in its
//! answer, 'Baixada' in the reservation's schedule and its payment receipt, and out of the
//! calendar; the day before the write-off they were still owed. A renegotiated holding's
//! RENEGOCIADA instalments are the ones due before the agreement.

use axum::http::StatusCode;
use jiff::civil::Date;

use super::*;
use crate::domain::agenda;
use crate::domain::status::ParcelaStatus;
use crate::sandbox::investimentos::modelo::EstadoParcela;
use crate::sandbox::investimentos::posicao::posicoes;
use crate::sandbox::pdf::tests::texto_do_pdf;
use crate::sandbox::tempo;

fn dia(v: &Value) -> Date {
    v.as_str().unwrap()[..10].parse().unwrap()
}

fn evento<'a>(v: &'a Value, tipo: &str) -> &'a Value {
    v["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["tipo"] == tipo)
        .unwrap_or_else(|| panic!("{tipo} in {v}"))
}

#[tokio::test]
async fn a_written_off_holding_lists_its_unpaid_instalments_as_written_off_everywhere() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (url, captacao) = mapa["INADIMPLENTE"].clone();
    let v = investimento(&amb.router, &t, &url).await;
    let hoje = crate::domain::dates::today_in_sao_paulo(tempo::agora());
    let parcelas = v["parcelas"].as_array().unwrap();
    let baixadas: Vec<&Value> = parcelas
        .iter()
        .filter(|p| dec(&p["pago"]) < dec(&p["valor"]))
        .collect();
    assert!(!baixadas.is_empty(), "{v}");
    for p in &baixadas {
        assert_eq!(p["estado"], "BAIXADA", "{p}");
    }
    assert!(
        baixadas.iter().any(|p| dia(&p["vencimento"]) > hoje),
        "the later instalments too: {v}"
    );
    // Nothing left is promised: the amounts say the same.
    let falta: rust_decimal::Decimal = baixadas
        .iter()
        .map(|p| dec(&p["valor"]) - dec(&p["pago"]))
        .sum();
    assert_eq!(dec(&v["baixado"]), falta);
    assert_eq!(dec(&v["aReceber"]), rust_decimal::Decimal::ZERO);

    // The reservation's schedule, as the wallet and the calendar read it.
    let reserva = v["reservas"][0]["id"].as_i64().unwrap();
    let r = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t)).await;
    let fluxo = r.json()["fluxoRecebimentoAmortizacao"].clone();
    let status: Vec<ParcelaStatus> = fluxo
        .as_array()
        .unwrap()
        .iter()
        .map(|p| serde_json::from_value(p["statusPagamento"].clone()).unwrap())
        .collect();
    assert_eq!(
        status
            .iter()
            .filter(|s| **s == ParcelaStatus::Baixada)
            .count(),
        baixadas.len(),
        "{fluxo}"
    );
    assert!(
        !status.iter().any(|s| matches!(
            s,
            ParcelaStatus::AReceber | ParcelaStatus::PagamentoAtrasado
        )),
        "{fluxo}"
    );
    let resumo = get(&amb.router, "/v1/reservas/alocacao/resumida", Some(&t))
        .await
        .json();
    let item = resumo["lista"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["idCaptacao"] == captacao)
        .unwrap()
        .clone();
    for r in item["listaReservas"].as_array().unwrap() {
        for p in r["fluxoRecebimentoAmortizacao"].as_array().unwrap() {
            let s: ParcelaStatus = serde_json::from_value(p["statusPagamento"].clone()).unwrap();
            let data = dia(&p["dataPagamento"]);
            // The calendar keeps what was paid only.
            assert!(
                matches!(
                    agenda::situacao(Some(&s), data, hoje),
                    None | Some(agenda::Situacao::Pago)
                ),
                "{p}"
            );
        }
    }
    // The payment receipt's schedule, when the reservation has one.
    let doc = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/documentos/3"),
        Some(&t),
    )
    .await;
    if doc.status == StatusCode::OK {
        let texto = texto_do_pdf(&doc.corpo);
        assert!(texto.contains("Baixada"), "{texto}");
        assert!(!texto.contains("A receber"), "{texto}");
    }

    // The day before the write-off, the same instalments were still owed.
    let baixa = dia(&evento(&v, "BAIXA")["data"]);
    let vespera = tempo::no_dia(tempo::somar_dias(baixa, -1).unwrap(), 12, 0, 0).unwrap();
    let usuario = amb
        .sandbox
        .db()
        .read(|c| {
            Ok(c.query_row(
                "SELECT id FROM usuarios WHERE email = ?1",
                [INVESTIDOR],
                |r| r.get::<_, i64>(0),
            )?)
        })
        .await
        .unwrap();
    let antes = amb
        .sandbox
        .db()
        .read(move |c| Ok(posicoes(c, usuario, vespera)?.remove(&captacao).unwrap()))
        .await
        .unwrap();
    assert!(
        antes
            .parcelas
            .iter()
            .filter(|p| !p.parcela.quitada())
            .all(|p| matches!(p.estado, EstadoParcela::EmAtraso | EstadoParcela::AVencer)),
        "{:?}",
        antes.parcelas
    );
}

#[tokio::test]
async fn a_renegotiated_holdings_instalments_due_before_the_agreement_are_renegotiated() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mapa = por_situacao(&amb.router, &t).await;
    let (url, _) = &mapa["EM_RECUPERACAO"];
    let v = investimento(&amb.router, &t, url).await;
    let acordo = dia(&evento(&v, "RENEGOCIACAO_ACORDADA")["data"]);
    for p in v["parcelas"].as_array().unwrap() {
        let aberta = dec(&p["pago"]) < dec(&p["valor"]);
        let antes = dia(&p["vencimento"]) < acordo;
        assert_eq!(p["estado"] == "RENEGOCIADA", aberta && antes, "{p}");
        assert_ne!(p["estado"], "BAIXADA", "{p}");
    }
}

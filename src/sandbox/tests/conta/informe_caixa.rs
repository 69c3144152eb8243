//! The income report states the income the investor received in the year (cash basis),
//! the figures the IRPF guide gives: an instalment paid late in January is the next year's,
//! and what was written off is nobody's income.

use jiff::Timestamp;
use jiff::civil::{Date, date};
use rust_decimal::Decimal;

use crate::domain::dates;
use crate::domain::money::format_brl;
use crate::sandbox::investimentos::modelo::EstadoParcela;
use crate::sandbox::investimentos::posicao::posicoes;
use crate::sandbox::investimentos::store as investimentos;
use crate::sandbox::pdf::tests::texto_do_pdf;
use crate::sandbox::reservas::store as reservas;
use crate::sandbox::tests::reservas::id_do_investidor;
use crate::sandbox::tests::*;
use crate::sandbox::{informe, tempo};

/// Each holding's income in `ano` by the guide, and the report's PDF text, at `agora`.
async fn ano(
    amb: &Ambiente,
    usuario: i64,
    ano: i16,
    agora: Timestamp,
) -> (Vec<(i64, Decimal)>, String) {
    let (d, pdf) = amb
        .sandbox
        .db()
        .read(move |c| {
            let d = informe::declaracao::ler(c, usuario, ano, agora)?.unwrap();
            let pdf = informe::relatorio(c, usuario, ano, agora)?.unwrap();
            Ok((serde_json::to_value(&d).unwrap(), pdf))
        })
        .await
        .unwrap();
    let itens = d["itens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["idCaptacao"].as_i64().unwrap(),
                i["rendimentos"]["valor"].to_string().parse().unwrap(),
            )
        })
        .collect();
    (itens, texto_do_pdf(&pdf))
}

fn de(itens: &[(i64, Decimal)], captacao: i64) -> Decimal {
    itens
        .iter()
        .filter(|(id, _)| *id == captacao)
        .map(|(_, v)| *v)
        .sum()
}

/// The PDF's total is the guide's.
fn total_confere(itens: &[(i64, Decimal)], texto: &str) {
    let total: Decimal = itens.iter().map(|(_, v)| *v).sum();
    let linha = format!("Total de rendimentos isentos no ano: {}", format_brl(total));
    assert!(texto.contains(&linha), "{linha} not in {texto}");
}

#[tokio::test]
async fn an_instalment_paid_late_in_january_is_the_next_years_income() {
    let amb = ambiente();
    let usuario = id_do_investidor(&amb).await;
    // Read in January of next year, so this year has its report too.
    let este_ano = dates::today_in_sao_paulo(tempo::agora()).year();
    let agora = tempo::no_dia(date(este_ano + 1, 1, 15), 12, 0, 0).unwrap();
    let ultimo = este_ano;
    // The latest instalment paid on its due date in a year whose next year is also a
    // report year: the one nearest December.
    let (reserva, captacao, numero, valor, juros, vence) = amb
        .sandbox
        .db()
        .read(move |c| {
            let mut achadas = Vec::new();
            for r in reservas::investidas(c, usuario)? {
                for p in r.parcelas(agora) {
                    if p.estado == EstadoParcela::Paga && p.parcela.vencimento.year() < ultimo {
                        achadas.push((
                            r.id,
                            r.captacao_id,
                            p.numero,
                            p.parcela.valor,
                            p.juros_pagos(r.investimento()),
                            p.parcela.vencimento,
                        ));
                    }
                }
            }
            Ok(achadas.into_iter().max_by_key(|a| a.5).unwrap())
        })
        .await
        .unwrap();
    assert!(juros > Decimal::ZERO);
    let y = vence.year();
    let (antes_y, texto) = ano(&amb, usuario, y, agora).await;
    total_confere(&antes_y, &texto);
    let (antes_seguinte, texto) = ano(&amb, usuario, y + 1, agora).await;
    total_confere(&antes_seguinte, &texto);

    // The issuer paid it on 10 January of the next year instead.
    let centavos =
        rust_decimal::prelude::ToPrimitive::to_i64(&(valor * Decimal::ONE_HUNDRED).round())
            .unwrap();
    let janeiro: Date = date(y + 1, 1, 10);
    amb.sandbox
        .db()
        .write(move |tx| investimentos::gravar_pagamento(tx, reserva, numero, centavos, janeiro))
        .await
        .unwrap();
    let (depois_y, texto) = ano(&amb, usuario, y, agora).await;
    total_confere(&depois_y, &texto);
    let (depois_seguinte, texto) = ano(&amb, usuario, y + 1, agora).await;
    total_confere(&depois_seguinte, &texto);
    assert_eq!(de(&depois_y, captacao), de(&antes_y, captacao) - juros);
    assert_eq!(
        de(&depois_seguinte, captacao),
        de(&antes_seguinte, captacao) + juros
    );
}

#[tokio::test]
async fn a_written_off_amount_is_not_income() {
    let amb = ambiente();
    let usuario = id_do_investidor(&amb).await;
    let hoje = dates::today_in_sao_paulo(tempo::agora());
    // Read in January after the write-off's year, so that year has its report.
    let (captacao, baixa) = amb
        .sandbox
        .db()
        .read(move |c| {
            let p = posicoes(c, usuario, tempo::agora())?
                .into_iter()
                .find(|(_, p)| !p.baixado.is_zero())
                .unwrap();
            let baixa = p.1.passos.iter().map(|s| s.data).max().unwrap_or(hoje);
            Ok((p.0, baixa))
        })
        .await
        .unwrap();
    let y = baixa.year();
    let agora = tempo::no_dia(date(y + 1, 1, 15), 12, 0, 0).unwrap();
    let posicao = amb
        .sandbox
        .db()
        .read(move |c| Ok(posicoes(c, usuario, agora)?.remove(&captacao).unwrap()))
        .await
        .unwrap();
    let investido = posicao.investido;
    // What the issuer paid in the year, interest only; the written-off instalments, due in
    // the year or later, count for nothing.
    let ultima = posicao.parcelas.iter().map(|p| p.numero).max().unwrap();
    let pago: Decimal = posicao
        .parcelas
        .iter()
        .filter(|p| p.parcela.pago_em.is_some_and(|d| d.year() == y))
        .map(|p| {
            if p.numero == ultima {
                p.parcela.pago.min(p.parcela.valor - investido)
            } else {
                p.parcela.pago
            }
        })
        .sum();
    let baixadas: Vec<_> = posicao
        .parcelas
        .iter()
        .filter(|p| p.estado == EstadoParcela::Baixada)
        .collect();
    assert!(!baixadas.is_empty());
    let (itens, texto) = ano(&amb, usuario, y, agora).await;
    assert_eq!(de(&itens, captacao), pago);
    total_confere(&itens, &texto);
    assert!(
        !texto.contains(&format_brl(posicao.baixado)),
        "the written-off amount is not in the report: {texto}"
    );
}

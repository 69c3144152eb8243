//! Reservations: `GET /v1/reservas/resumo` (the balance and wallet summary of the
//! header) and the expiry of overdue Pix reservations.

use std::collections::BTreeMap;

use axum::extract::State;
use jiff::Timestamp;
use rusqlite::Transaction;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::money;
use crate::domain::reserva;
use crate::sandbox::autenticacao::{self, Investidor};
use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::reservas::movimentos;
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::reservas::store::carteira::{self, LinhaDoResumo, Vencida};
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Resumo {
    #[serde(with = "money::json")]
    saldo_bloqueado: Decimal,
    #[serde(with = "money::json")]
    saldo_d0: Decimal,
    #[serde(with = "money::json")]
    saldo_d1: Decimal,
    #[serde(with = "money::json")]
    saldo_d2: Decimal,
    #[serde(with = "money::json")]
    saldo_disponivel: Decimal,
    #[serde(with = "money::json")]
    saldo_total: Decimal,
    #[serde(with = "money::json")]
    valor_provisionado: Decimal,
    #[serde(with = "money::json")]
    valor_patrimonio_total: Decimal,
    lista_produtos: Vec<Produto>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Produto {
    nome_captacao: String,
    #[serde(with = "money::json")]
    valor: Decimal,
}

/// Computed from the investor's reservations and brokerage cash:
/// * `saldoTotal`: cash at the partner brokerage;
/// * `saldoBloqueado`: the part of it earmarked for partner-debit reservations awaiting
///   settlement (Em análise, Aprovado); `saldoDisponivel` (= D0 = D1 = D2, the sandbox
///   settles nothing in between) is the rest;
/// * `valorProvisionado`: reserved but not yet paid (live Aporte pendente, Em análise,
///   Aprovado);
/// * `valorPatrimonioTotal`: paid investments plus cash;
/// * `listaProdutos`: paid investments per offering, largest first.
pub(crate) async fn resumo(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    let agora = tempo::agora();
    investidor
        .read(&sandbox, move |c, id| {
            let saldo = carteira::saldo(c, id)?;
            let (mut provisionado, mut a_debitar, mut pago) = (0i64, 0i64, 0i64);
            let mut produtos: BTreeMap<String, i64> = BTreeMap::new();
            for linha in LinhaDoResumo::do_usuario(c, id)? {
                match linha.status {
                    ReservaStatus::AportePendente
                        if linha.pix_vencimento.is_some_and(|v| v > tempo::ms(agora)) =>
                    {
                        provisionado += linha.centavos;
                    }
                    ReservaStatus::EmAnalise | ReservaStatus::Aprovado => {
                        provisionado += linha.centavos;
                        if linha.tipo_pagamento == reserva::PARTNER_DEBIT {
                            a_debitar += linha.centavos;
                        }
                    }
                    ReservaStatus::Pago => {
                        pago += linha.centavos;
                        *produtos.entry(linha.nome_captacao).or_insert(0) += linha.centavos;
                    }
                    _ => {}
                }
            }
            let bloqueado = a_debitar.min(saldo).max(0);
            let disponivel = saldo - bloqueado;
            let mut lista: Vec<(String, i64)> = produtos.into_iter().collect();
            lista.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            resposta::json(&Resumo {
                saldo_bloqueado: reais(bloqueado),
                saldo_d0: reais(disponivel),
                saldo_d1: reais(disponivel),
                saldo_d2: reais(disponivel),
                saldo_disponivel: reais(disponivel),
                saldo_total: reais(saldo),
                valor_provisionado: reais(provisionado),
                valor_patrimonio_total: reais(pago + saldo),
                lista_produtos: lista
                    .into_iter()
                    .map(|(nome_captacao, c)| Produto {
                        nome_captacao,
                        valor: reais(c),
                    })
                    .collect(),
            })
        })
        .await
}

fn reais(centavos: i64) -> Decimal {
    Decimal::new(centavos, 2)
}

/// Cancels Aporte pendente reservations past their Pix deadline (an unpaid Pix reservation
/// is cancelled once its deadline passes, as the platform's own expiry job does) and forgets
/// dead codes and tokens. Returns how many reservations were cancelled.
pub(crate) fn expirar(tx: &Transaction<'_>, agora: Timestamp) -> Result<usize, ApiError> {
    let vencidas = Vencida::cancelar(tx, agora)?;
    let canceladas = vencidas.len();
    // The investor learns of it when it happened: at the deadline, not at the sweep.
    for v in vencidas {
        let notificacao = Notificacao::reserva_cancelada(reais(v.centavos), &v.nome_captacao);
        notificacoes::enviar(tx, v.usuario, &notificacao, tempo::de_ms(v.pix_vencimento))?;
        movimentos::apos_evento(tx, v.id, agora)?;
    }
    autenticacao::limpar(tx, agora)?;
    Ok(canceladas)
}

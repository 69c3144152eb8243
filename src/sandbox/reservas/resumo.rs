//! Reservations: `GET /v1/reservas/resumo` (the balance and wallet summary of the
//! header) and the expiry of overdue Pix reservations.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use jiff::Timestamp;
use rusqlite::{OptionalExtension, Transaction, params};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::money;
use crate::domain::reserva;
use crate::sandbox::autenticacao::{self, Investidor};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::extrato::movimentos;
use crate::sandbox::notificacoes::{self, Notificacao};
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
) -> Result<Json<Resumo>, ApiError> {
    let id = investidor.usuario_id;
    let agora = tempo::agora();
    sandbox
        .db()
        .ler(move |c| {
            let saldo: i64 = c
                .query_row("SELECT saldo_centavos FROM usuarios WHERE id = ?1", params![id], |r| {
                    r.get(0)
                })
                .optional()?
                .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
            let mut q = c.prepare_cached(
                "SELECT r.status, r.tipo_pagamento, r.investimento_centavos, r.pix_vencimento, c.nome
                 FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
                 WHERE r.usuario_id = ?1",
            )?;
            let linhas = q.query_map(params![id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    r.get::<_, String>(4)?,
                ))
            })?;
            let (mut provisionado, mut a_debitar, mut pago) = (0i64, 0i64, 0i64);
            let mut produtos: BTreeMap<String, i64> = BTreeMap::new();
            for linha in linhas {
                let (status, tipo, centavos, vencimento, nome) = linha?;
                match status.as_str() {
                    "Aporte pendente" if vencimento.is_some_and(|v| v > tempo::ms(agora)) => {
                        provisionado += centavos;
                    }
                    "Em análise" | "Aprovado" => {
                        provisionado += centavos;
                        if tipo == reserva::PARTNER_DEBIT {
                            a_debitar += centavos;
                        }
                    }
                    "Pago" => {
                        pago += centavos;
                        *produtos.entry(nome).or_insert(0) += centavos;
                    }
                    _ => {}
                }
            }
            let bloqueado = a_debitar.min(saldo).max(0);
            let disponivel = saldo - bloqueado;
            let mut lista: Vec<(String, i64)> = produtos.into_iter().collect();
            lista.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            Ok(Json(Resumo {
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
            }))
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
    let ms = tempo::ms(agora);
    let vencidas: Vec<(i64, i64, i64, String, i64)> = tx
        .prepare(
            "SELECT r.usuario_id, r.investimento_centavos, r.pix_vencimento, c.nome, r.id
             FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
             WHERE r.status = 'Aporte pendente' AND r.pix_vencimento <= ?1",
        )?
        .query_map(params![ms], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let canceladas = tx.execute(
        "UPDATE reservas SET status = 'Cancelado', cancelada_em = pix_vencimento, atualizada_em = ?1
         WHERE status = 'Aporte pendente' AND pix_vencimento <= ?1",
        params![ms],
    )?;
    // The investor learns of it when it happened: at the deadline, not at the sweep.
    for (usuario, centavos, vencimento, nome, id) in vencidas {
        let notificacao = Notificacao::reserva_cancelada(reais(centavos), &nome);
        notificacoes::enviar(tx, usuario, &notificacao, tempo::de_ms(vencimento))?;
        movimentos::apos_evento(tx, id, agora)?;
    }
    autenticacao::limpar(tx, agora)?;
    Ok(canceladas)
}

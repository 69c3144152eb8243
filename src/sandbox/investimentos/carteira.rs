//! `GET /v1/reservas/alocacao/resumida` and `/detalhada`: the wallet's allocation
//! (`reservas::carteira`) with each holding's situation, days and amount overdue, and the
//! totals overdue and in recovery. Served from here because the situation is the holdings'.

use std::collections::BTreeMap;

use axum::extract::State;
use jiff::Timestamp;
use rusqlite::Connection;

use super::modelo::codigo_situacao;
use super::posicao::posicoes_de;
use crate::domain::situacao::Situacao;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::carteira::{self, json::SituacaoDoGrupo};
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

fn situacoes(
    c: &Connection,
    usuario: i64,
    investidas: Vec<Reserva>,
    agora: Timestamp,
) -> Result<BTreeMap<i64, SituacaoDoGrupo>, ApiError> {
    Ok(posicoes_de(c, usuario, investidas, agora)?
        .into_iter()
        .map(|(id, p)| {
            let em_recuperacao = if p.situacao == Situacao::EmRecuperacao {
                p.a_receber
            } else {
                rust_decimal::Decimal::ZERO
            };
            let s = SituacaoDoGrupo {
                situacao: codigo_situacao(p.situacao),
                dias_em_atraso: p.dias_em_atraso,
                valor_em_atraso: p.em_atraso,
                em_recuperacao,
            };
            (id, s)
        })
        .collect())
}

/// The wallet's allocation and each holding's situation, from one read of the investor's
/// invested reservations.
fn alocacao(
    c: &Connection,
    usuario: i64,
    agora: Timestamp,
) -> Result<(Vec<carteira::Grupo>, BTreeMap<i64, SituacaoDoGrupo>), ApiError> {
    let investidas = store::investidas(c, usuario)?;
    let situacoes = situacoes(c, usuario, investidas.clone(), agora)?;
    Ok((carteira::agrupar(investidas, agora), situacoes))
}

/// `GET /v1/reservas/alocacao/resumida`.
pub(crate) async fn resumida(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let agora = tempo::agora();
            let (grupos, situacoes) = alocacao(c, usuario, agora)?;
            resposta::json(&carteira::json::resumo(&grupos, &situacoes, agora))
        })
        .await
}

/// `GET /v1/reservas/alocacao/detalhada`: by offering and by guarantee type.
pub(crate) async fn detalhada(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let agora = tempo::agora();
            let (grupos, situacoes) = alocacao(c, usuario, agora)?;
            resposta::json(&carteira::json::detalhe(&grupos, &situacoes))
        })
        .await
}

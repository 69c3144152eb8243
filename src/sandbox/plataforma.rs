//! `GET /v1/plataforma/historico` (public): the platform's track record, computed from the
//! sandbox's own offerings and holdings with its clock. Each offering that raised its money
//! is read as one position over every investor's holdings in it (its instalments, what its
//! issuer paid and when, its recovery steps), so its outcome is never a stored label; the
//! tally is `domain::historico`'s.

mod store;

use std::collections::BTreeMap;

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::dates;
use crate::domain::historico::{self, Ano, Inadimplencia, Oferta};
use crate::sandbox::erro::ApiError;
use crate::sandbox::investimentos::modelo::TipoRecuperacao;
use crate::sandbox::investimentos::posicao::Posicao;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/plataforma/historico", get(historico_get))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Historico {
    pub(crate) data_referencia: jiff::civil::Date,
    pub(crate) anos: Vec<Ano>,
    pub(crate) inadimplencia: Inadimplencia,
}

async fn historico_get(State(sandbox): State<Sandbox>) -> Result<JsonExato, ApiError> {
    sandbox
        .db()
        .read(move |c| resposta::json(&historico_em(c, tempo::agora())?))
        .await
}

/// The track record with the clock at `agora`.
pub(crate) fn historico_em(c: &Connection, agora: Timestamp) -> Result<Historico, ApiError> {
    let hoje = dates::today_in_sao_paulo(agora);
    let ofertas = ofertas(c, agora)?;
    Ok(Historico {
        data_referencia: hoje,
        anos: historico::por_ano(&ofertas, hoje),
        inadimplencia: historico::inadimplencia(&ofertas, hoje),
    })
}

/// Every offering whose yield has started (its money went to the issuer), as one position
/// over all its holdings.
fn ofertas(c: &Connection, agora: Timestamp) -> Result<Vec<Oferta>, ApiError> {
    let passos = store::recuperacoes(c)?;
    let encerramentos = store::encerramentos(c)?;
    let mut grupos: BTreeMap<i64, Vec<Reserva>> = BTreeMap::new();
    for r in store::investidas(c)? {
        grupos.entry(r.captacao_id).or_default().push(r);
    }
    let mut lista = Vec::new();
    for (id, reservas) in grupos {
        let Some(encerrada) = encerramentos.get(&id) else {
            continue;
        };
        let p = Posicao::nova(reservas, &passos, agora);
        // The money went to the issuer when the yield started: its fundraising was over by
        // then, whatever end date the offering still shows.
        let Some(inicio) = p.inicio_rendimento else {
            continue;
        };
        lista.push(Oferta {
            encerrada: tempo::dia_de_ms(*encerrada).min(inicio),
            principal: p.investido,
            parcelas: p.parcelas.iter().map(|x| x.parcela.clone()).collect(),
            situacao: p.situacao,
            recuperado: p
                .passos
                .iter()
                .filter(|s| s.tipo == TipoRecuperacao::ValorRecuperado)
                .filter_map(|s| s.valor)
                .sum::<Decimal>(),
        });
    }
    Ok(lista)
}

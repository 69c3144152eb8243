//! The investor's wallet, read through `/v1/reservas`: one reservation, the pending
//! reservations and the allocation (summary and detailed) over the invested reservations
//! (Pago, Aprovado); the allocation's handlers add each holding's situation
//! (`sandbox::investimentos::carteira`).

pub(crate) mod json;

use std::collections::BTreeMap;

use axum::extract::State;
use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::extrator::IdReserva;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::reservas::store;
use crate::sandbox::{Sandbox, reservas::fluxo, tempo};

use crate::domain::dates;
use crate::sandbox::resposta::{self, JsonExato};

/// `GET /v1/reservas/{id}`: the investor's reservation (another's → 404).
pub(crate) async fn por_id(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    investidor
        .read_reserva(&sandbox, id, |_, r| resposta::json(&r.json(tempo::agora())))
        .await
}

/// `dias` days before `agora`, in ms.
fn dias_antes(agora: Timestamp, dias: u64) -> i64 {
    tempo::ms(tempo::menos(
        agora,
        std::time::Duration::from_secs(dias * 24 * 3600),
    ))
}

/// `GET /v1/reservas/canceladas`: reservations the investor withdrew or whose offering
/// failed, cancelled in the last 90 days, newest first.
pub(crate) async fn canceladas(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let agora = tempo::agora();
            let desde = dias_antes(agora, 90);
            let reservas = store::canceladas_desde(c, usuario, desde)?;
            let lista: Vec<_> = reservas.iter().map(|r| r.json(agora)).collect();
            resposta::json(&lista)
        })
        .await
}

/// `GET /v1/reservas/pendentes`: Aberto, live Aporte pendente, Em análise, Aprovado and
/// Pago in the last 30 days, newest first.
pub(crate) async fn pendentes(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let agora = tempo::agora();
            let desde = dias_antes(agora, 30);
            let reservas: Vec<Reserva> = store::do_usuario(c, usuario)?
                .into_iter()
                .filter(|r| match r.estado(agora) {
                    ReservaStatus::Aberto
                    | ReservaStatus::AportePendente
                    | ReservaStatus::EmAnalise
                    | ReservaStatus::Aprovado => true,
                    ReservaStatus::Pago => r.paga_em.is_some_and(|p| p >= desde),
                    _ => false,
                })
                .collect();
            let lista: Vec<_> = reservas.iter().map(|r| r.json(agora)).collect();
            resposta::json(&lista)
        })
        .await
}

/// The invested reservations of one offering.
pub(crate) struct Grupo {
    pub(crate) reservas: Vec<Reserva>,
    pub(crate) alocacao: i64,
    pub(crate) rendimento: Decimal,
}

impl Grupo {
    pub(crate) fn primeira(&self) -> Option<&Reserva> {
        self.reservas.first()
    }
}

/// Pago and Aprovado reservations of the investor grouped by offering, largest
/// allocation first (then by name); reservations inside oldest first.
pub(crate) fn alocacao(
    c: &Connection,
    usuario: i64,
    agora: Timestamp,
) -> Result<Vec<Grupo>, ApiError> {
    Ok(agrupar(store::investidas(c, usuario)?, agora))
}

/// [`alocacao`] of invested reservations already read (`store::investidas`).
pub(crate) fn agrupar(reservas: Vec<Reserva>, agora: Timestamp) -> Vec<Grupo> {
    let hoje = dates::today_in_sao_paulo(agora);
    let mut grupos: BTreeMap<i64, Grupo> = BTreeMap::new();
    for r in reservas {
        let rendimento = fluxo::rendimento_acumulado(
            r.investimento(),
            r.oferta.taxa,
            r.oferta.prazo,
            r.inicio_dia(agora),
            hoje,
        );
        let g = grupos.entry(r.captacao_id).or_insert_with(|| Grupo {
            reservas: Vec::new(),
            alocacao: 0,
            rendimento: Decimal::ZERO,
        });
        g.alocacao += r.centavos;
        g.rendimento += rendimento;
        g.reservas.push(r);
    }
    let mut lista: Vec<Grupo> = grupos.into_values().collect();
    lista.sort_by(|a, b| {
        b.alocacao.cmp(&a.alocacao).then_with(|| {
            let nome = |g: &Grupo| g.primeira().map(|r| r.oferta.nome.clone());
            nome(a).cmp(&nome(b))
        })
    });
    lista
}

/// Guarantee label → (cents, offering names).
pub(crate) fn por_garantia(grupos: &[Grupo]) -> Vec<(String, i64, Vec<String>)> {
    let mut mapa: BTreeMap<String, (i64, Vec<String>)> = BTreeMap::new();
    for g in grupos {
        let Some(r) = g.primeira() else { continue };
        let mut rotulos: Vec<&str> = r.oferta.rotulos_garantias();
        if rotulos.is_empty() {
            rotulos.push("Sem garantia");
        }
        // Split equally so the parts add up to the portfolio; leftover cents to the first.
        let n = i64::try_from(rotulos.len()).unwrap_or(1).max(1);
        for (i, rotulo) in rotulos.into_iter().enumerate() {
            let parte = g.alocacao / n + if i == 0 { g.alocacao % n } else { 0 };
            let item = mapa.entry(rotulo.to_owned()).or_default();
            item.0 += parte;
            if !item.1.contains(&r.oferta.nome) {
                item.1.push(r.oferta.nome.clone());
            }
        }
    }
    let mut lista: Vec<(String, i64, Vec<String>)> =
        mapa.into_iter().map(|(k, (v, n))| (k, v, n)).collect();
    lista.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    lista
}

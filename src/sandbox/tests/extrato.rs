//! The statement (`/v1/reservas/extrato`): the period rules, the filters, paging, the
//! seeded lines, and lines written by the reservation life cycle.

mod eventos;
mod filtros;
mod linhas;
mod pdf;
mod sincronia;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use jiff::civil::Date;
use serde_json::Value;

use super::conta::{BASICO, assert_erro};
use super::reservas::{ATIVA, INVESTIDOR, dec, token};
use super::*;
use crate::domain::dates;
use crate::domain::reference::bank_name;
use crate::sandbox::tempo;

const FILTRO: &str = "Filtro inválido.";

pub(super) fn hoje() -> Date {
    dates::today_in_sao_paulo(tempo::agora())
}

fn dia(n: i64) -> Date {
    tempo::somar_dias(hoje(), -n).unwrap()
}

/// The São Paulo day of a line.
pub(super) fn dia_da_linha(l: &Value) -> Date {
    let ts: jiff::Timestamp = l["data"].as_str().unwrap().parse().unwrap();
    dates::today_in_sao_paulo(ts)
}

pub(super) async fn extrato(router: &Router, t: &str, query: &str) -> (Vec<Value>, i64) {
    let r = get(router, &format!("/v1/reservas/extrato?{query}"), Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.texto());
    let v = r.json();
    (
        v["dados"].as_array().unwrap().clone(),
        v["totalDeRegistros"].as_i64().unwrap(),
    )
}

/// Every line of a 90-day window (both ends counted, the longest the platform takes)
/// ending `fim` days ago: windows at `fim` = 0, 90, 180… cover every day once.
async fn janela(router: &Router, t: &str, fim: i64, filtro: &str) -> (Vec<Value>, i64) {
    let q = format!(
        "dataInicio={}&dataFim={}&PageSize=1000{filtro}",
        dia(fim + 89),
        dia(fim)
    );
    extrato(router, t, &q).await
}

fn urlencoding(s: &str) -> String {
    serde_urlencoded::to_string([("x", s)]).unwrap()[2..].to_owned()
}

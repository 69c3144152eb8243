//! serde_json against sonic-rs, on the platform's own answers as the sandbox writes them
//! (`data/`: the allocation summary, the pending reservations and a page of twelve
//! offerings), read into structs shaped like the app's slim models (nested parts skipped as
//! `IgnoredAny`, money as numbers), and into each parser's own tree. Median of 5 runs.
//!
//! The app reads into serde-derived structs, so that is the row that decides; the tree rows
//! show where a SIMD parser does shine (its own DOM), which the app does not use.
#![allow(dead_code, clippy::unwrap_used)]

use serde::Deserialize;
use serde::de::IgnoredAny;
use std::hint::black_box;
use std::time::Instant;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Item { id_captacao: Option<i64>, nome_captacao: String, url_amigavel: Option<String>, alocacao: f64, percentual_alocacao: f64, rendimento: f64, valor: f64, liquidacao_ativa: bool, lista_reservas: Vec<IgnoredAny> }
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Summary { lista: Vec<Item>, valor_total: f64, rendimento_total: f64, rendimento_percentual: f64 }
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Resumo { id: i64, nome_captacao: String, url_amigavel: String, rating: Option<String>, rendimento: Option<f64>, prazo: Option<i64>, status_captacao: Option<String>, status: IgnoredAny, vencimento: Option<i64> }
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct List { dados: Vec<Resumo> }

fn time<F: FnMut()>(label: &str, n: u32, mut f: F) {
    for _ in 0..n / 10 { f(); }
    let mut v = vec![];
    for _ in 0..5 { let t = Instant::now(); for _ in 0..n { f(); } v.push(t.elapsed().as_nanos() / n as u128); }
    v.sort();
    println!("{label:<48} {:>7} ns (best {})", v[2], v[0]);
}

fn main() {
    extra();
    let alloc = std::fs::read("data/_v1_reservas_alocacao_resumida.json").unwrap();
    let list = std::fs::read("data/_v1_captacoes_Page_1_PageSize_12.json").unwrap();
    let pend = std::fs::read("data/_v1_reservas_pendentes.json").unwrap();
    let n = 20000;
    time("alocacao 11 KB slim struct  serde_json", n, || { black_box(serde_json::from_slice::<Summary>(&alloc).unwrap()); });
    time("alocacao 11 KB slim struct  sonic-rs", n, || { black_box(sonic_rs::from_slice::<Summary>(&alloc).unwrap()); });
    time("pendentes 3.5 KB skipped    serde_json", n, || { black_box(serde_json::from_slice::<IgnoredAny>(&pend).unwrap()); });
    time("pendentes 3.5 KB skipped    sonic-rs", n, || { black_box(sonic_rs::from_slice::<IgnoredAny>(&pend).unwrap()); });
    time("pendentes 3.5 KB Value      serde_json", n, || { black_box(serde_json::from_slice::<serde_json::Value>(&pend).unwrap()); });
    time("pendentes 3.5 KB Value      sonic-rs", n, || { black_box(sonic_rs::from_slice::<sonic_rs::Value>(&pend).unwrap()); });
    time("captacoes 48 KB slim struct serde_json", n / 4, || { black_box(serde_json::from_slice::<List>(&list).unwrap()); });
    time("captacoes 48 KB slim struct sonic-rs", n / 4, || { black_box(sonic_rs::from_slice::<List>(&list).unwrap()); });
}

mod raw {
    use super::*;
    use serde_json::value::RawValue;
    fn boxed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> { let r = Box::<RawValue>::deserialize(d)?; Ok(r.get().len() as u64) }
    fn borrowed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> { let r = <&'de RawValue>::deserialize(d)?; Ok(r.get().len() as u64) }
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase", default)]
    pub struct ItemB { id_captacao: Option<i64>, nome_captacao: String, url_amigavel: Option<String>, #[serde(deserialize_with="boxed")] alocacao: u64, #[serde(deserialize_with="boxed")] percentual_alocacao: u64, #[serde(deserialize_with="boxed")] rendimento: u64, #[serde(deserialize_with="boxed")] valor: u64, liquidacao_ativa: bool, lista_reservas: Vec<IgnoredAny> }
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase", default)]
    pub struct SummaryB { lista: Vec<ItemB> }
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase", default)]
    pub struct ItemR { id_captacao: Option<i64>, nome_captacao: String, url_amigavel: Option<String>, #[serde(deserialize_with="borrowed")] alocacao: u64, #[serde(deserialize_with="borrowed")] percentual_alocacao: u64, #[serde(deserialize_with="borrowed")] rendimento: u64, #[serde(deserialize_with="borrowed")] valor: u64, liquidacao_ativa: bool, lista_reservas: Vec<IgnoredAny> }
    #[derive(Deserialize, Default)]
    #[serde(rename_all = "camelCase", default)]
    pub struct SummaryR { lista: Vec<ItemR> }
}
pub fn extra() {
    let alloc = std::fs::read("data/_v1_reservas_alocacao_resumida.json").unwrap();
    time("alocacao money Box<RawValue>  serde_json", 20000, || { black_box(serde_json::from_slice::<raw::SummaryB>(&alloc).unwrap()); });
    time("alocacao money &RawValue      serde_json", 20000, || { black_box(serde_json::from_slice::<raw::SummaryR>(&alloc).unwrap()); });
    time("alocacao whole skipped        serde_json", 20000, || { black_box(serde_json::from_slice::<IgnoredAny>(&alloc).unwrap()); });
}

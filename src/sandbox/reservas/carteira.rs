//! The investor's wallet, read through `/v1/reservas`: one reservation, the pending
//! reservations and the allocation (summary and detailed) over the invested reservations
//! (Pago, Aprovado).

pub(crate) mod percentual;

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use jiff::Timestamp;
use rusqlite::{Connection, params};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::{self, Reserva};
use crate::sandbox::{Sandbox, reservas::fluxo, tempo};

use crate::domain::dates;
use percentual::percentuais;

/// `GET /v1/reservas/{id}`: the investor's reservation (another's → 404).
pub(crate) async fn por_id(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    reserva::ler_do_investidor(&sandbox, &investidor, &id, |_, r| {
        Ok(Json(r.json(tempo::agora())))
    })
    .await
}

/// `GET /v1/reservas/pendentes`: Aberto, live Aporte pendente, Em análise, Aprovado and
/// Pago in the last 30 days, newest first.
pub(crate) async fn pendentes(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let agora = tempo::agora();
            let desde = tempo::ms(tempo::menos(
                agora,
                std::time::Duration::from_secs(30 * 24 * 3600),
            ));
            let lista: Vec<Value> = reserva::carregar(
                c,
                "r.usuario_id = ?1 ORDER BY r.criada_em DESC, r.id DESC",
                params![usuario],
            )?
            .into_iter()
            .filter(|r| match r.status(agora) {
                "Aberto" | "Aporte pendente" | "Em análise" | "Aprovado" => true,
                "Pago" => r.paga_em.is_some_and(|p| p >= desde),
                _ => false,
            })
            .map(|r| r.json(agora))
            .collect();
            Ok(Json(Value::Array(lista)))
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
    let hoje = dates::today_in_sao_paulo(agora);
    let reservas = reserva::carregar(
        c,
        "r.usuario_id = ?1 AND r.status IN ('Pago', 'Aprovado') ORDER BY r.criada_em, r.id",
        params![usuario],
    )?;
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
    Ok(lista)
}

/// `GET /v1/reservas/alocacao/resumida`.
pub(crate) async fn resumida(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let agora = tempo::agora();
            let grupos = alocacao(c, usuario, agora)?;
            Ok(Json(resumo_json(&grupos, agora)))
        })
        .await
}

pub(crate) fn resumo_json(grupos: &[Grupo], agora: Timestamp) -> Value {
    let pct = percentuais(&grupos.iter().map(|g| g.alocacao).collect::<Vec<_>>());
    let alocacao_total: i64 = grupos.iter().map(|g| g.alocacao).sum();
    let rendimento_total: Decimal = grupos.iter().map(|g| g.rendimento).sum();
    let alocacao_total = Decimal::new(alocacao_total, 2);
    let lista: Vec<Value> = grupos
        .iter()
        .zip(pct)
        .filter_map(|(g, pct)| {
            let r = g.primeira()?;
            let alocacao = Decimal::new(g.alocacao, 2);
            Some(json!({
                "idCaptacao": r.captacao_id,
                "nomeCaptacao": r.oferta.nome,
                "urlAmigavel": r.oferta.url_amigavel,
                "alocacao": alocacao,
                "percentualAlocacao": pct,
                "rendimento": g.rendimento,
                "valor": alocacao + g.rendimento,
                "liquidacaoAtiva": g.reservas.iter().any(|r| r.tipo_pagamento == 2),
                "listaReservas": g.reservas.iter().map(|r| r.json(agora)).collect::<Vec<_>>(),
            }))
        })
        .collect();
    let rendimento_percentual = if alocacao_total.is_zero() {
        Decimal::ZERO
    } else {
        (rendimento_total * Decimal::ONE_HUNDRED / alocacao_total).round_dp(2)
    };
    json!({
        "lista": lista,
        "alocacaoTotal": alocacao_total,
        "valorTotal": alocacao_total + rendimento_total,
        "rendimentoTotal": rendimento_total,
        "rendimentoPercentual": rendimento_percentual,
    })
}

/// `GET /v1/reservas/alocacao/detalhada`: by offering and by guarantee type.
pub(crate) async fn detalhada(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Value>, ApiError> {
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let grupos = alocacao(c, usuario, tempo::agora())?;
            Ok(Json(detalhe_json(&grupos)))
        })
        .await
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

pub(crate) fn detalhe_json(grupos: &[Grupo]) -> Value {
    let pct = percentuais(&grupos.iter().map(|g| g.alocacao).collect::<Vec<_>>());
    let por_captacao: Vec<Value> = grupos
        .iter()
        .zip(pct)
        .filter_map(|(g, pct)| {
            let r = g.primeira()?;
            Some(json!({
                "idCaptacao": r.captacao_id,
                "nomeCaptacao": r.oferta.nome,
                "urlAmigavel": r.oferta.url_amigavel,
                "rating": r.oferta.rating,
                "classificacaoEsg": r.oferta.classificacao_esg,
                "rendimento": r.oferta.taxa,
                "prazo": r.oferta.prazo,
                "garantias": r.oferta.rotulos_garantias(),
                "valor": Decimal::new(g.alocacao, 2),
                "percentual": pct,
                "quantidadeReservas": g.reservas.len(),
            }))
        })
        .collect();
    let garantias = por_garantia(grupos);
    let pct = percentuais(&garantias.iter().map(|g| g.1).collect::<Vec<_>>());
    let por_garantia: Vec<Value> = garantias
        .into_iter()
        .zip(pct)
        .map(|((garantia, valor, captacoes), pct)| {
            json!({
                "garantia": garantia,
                "valor": Decimal::new(valor, 2),
                "percentual": pct,
                "captacoes": captacoes,
            })
        })
        .collect();
    json!({
        "alocacaoTotal": Decimal::new(grupos.iter().map(|g| g.alocacao).sum(), 2),
        "porCaptacao": por_captacao,
        "porGarantia": por_garantia,
    })
}

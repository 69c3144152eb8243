//! Synthetic offerings for measurements (`--sandbox-extra-offerings N`): after the seed,
//! N more offerings made from the seed file's ones, each a new "lote" with its own name,
//! size and dates (rate and term stay the model's: its texts state them). Deterministic (the same N gives the same offerings), and
//! without reservations, so the demo investors' data is the seed's.

use jiff::Timestamp;
use rusqlite::Transaction;
use rust_decimal::Decimal;

use super::ofertas::inserir_oferta;
use super::{OFERTAS_JSON, OfertaSeed, Valor};
use crate::domain::captacao::RegrasOferta;
use crate::sandbox::erro::SandboxError;

/// Adds `n` offerings after the seeded ones. Runs inside the seeding transaction.
pub(in crate::sandbox) fn inserir(
    tx: &Transaction<'_>,
    n: usize,
    razao_minima: crate::domain::cvm::TargetRatio,
    regras: RegrasOferta,
    agora: Timestamp,
) -> Result<(), SandboxError> {
    if n == 0 {
        return Ok(());
    }
    let modelos: Vec<OfertaSeed> = serde_json::from_str(OFERTAS_JSON)
        .map_err(|e| SandboxError::Seed(format!("offerings.json: {e}")))?;
    if modelos.is_empty() {
        return Ok(());
    }
    for k in 0..n {
        let modelo = &modelos[k % modelos.len()];
        inserir_oferta(
            tx,
            &variante(modelo, k, modelos.len(), razao_minima, regras),
            razao_minima,
            regras,
            agora,
        )?;
    }
    tracing::info!(ofertas = n, "sandbox: ofertas sintéticas adicionadas");
    Ok(())
}

/// The k-th synthetic offering, made from `modelo`: lote 2, 3, … of the same farm.
fn variante(
    modelo: &OfertaSeed,
    k: usize,
    modelos: usize,
    razao_minima: crate::domain::cvm::TargetRatio,
    regras: RegrasOferta,
) -> OfertaSeed {
    let lote = k / modelos + 2;
    // A fixed mix of k (Knuth's multiplicative hash): varied but reproducible figures.
    let h = u64::try_from(k).unwrap_or(0).wrapping_mul(2_654_435_761) >> 7;
    let fator = Decimal::from(1 + h % 4);
    // Never past the most one offering may raise.
    let fator = if modelo.limite.0 * fator > regras.teto {
        Decimal::ONE
    } else {
        fator
    };
    let deslocamento = i64::try_from(h % 41).unwrap_or(0) - 20;
    let mut o = modelo.clone();
    o.slug = format!("{}-lote-{lote}", modelo.slug);
    o.nome_captacao = format!("{} — lote {lote}", modelo.nome_captacao);
    o.limite = Valor(modelo.limite.0 * fator);
    o.arrecadado = Valor(modelo.arrecadado.0 * fator);
    o.valor_alvo_minimo = Valor(modelo.valor_alvo_minimo.0 * fator);
    o.reservado = Valor(modelo.reservado.0 * fator);
    o.inicio_captacao_dias = modelo.inicio_captacao_dias + deslocamento;
    o.fim_captacao_dias = modelo.fim_captacao_dias + deslocamento;
    o.data_pre_lancamento_dias = modelo.data_pre_lancamento_dias.map(|d| d + deslocamento);
    // A settled result belongs to a period that is over: a lote moved into the future has none.
    if o.fim_captacao_dias >= 0 {
        o.resultado = None;
    }
    // Moved into the past, an offering's period may have ended below its minimum target; the
    // close would then fail it and refund everyone. A synthetic offering closes as its model
    // would have: the minimum is at most what it raised (partial distribution, then).
    if o.fim_captacao_dias <= 0 && o.valor_alvo_minimo.0 > o.arrecadado.0 {
        o.valor_alvo_minimo = o.arrecadado;
        o.distribuicao_parcial = true;
        // The minimum stays at least its share of the maximum: the maximum shrinks to it.
        if !razao_minima.holds(o.valor_alvo_minimo.0, o.limite.0) && razao_minima.num > 0 {
            let maximo = (o.valor_alvo_minimo.0 * Decimal::from(razao_minima.den)
                / Decimal::from(razao_minima.num))
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::ToZero);
            o.limite = Valor(maximo.max(o.valor_alvo_minimo.0));
            o.reservado = Valor(Decimal::ZERO);
        }
    }
    o
}

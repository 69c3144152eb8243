//! The handler of `GET /v1/reservas/simular/{id}`: reads the offering and answers the
//! scenarios computed by [`simulacao`]. Kept apart from the computation so the maths, which
//! the wallet's cash flow reuses, depends on no store.

use axum::extract::{RawQuery, State};
use rust_decimal::Decimal;

use crate::sandbox::erro::ApiError;
use crate::sandbox::extratores::Id;
use crate::sandbox::reservas::simulacao::{self, PRAZO_MAXIMO, Termos};
use crate::sandbox::reservas::store::captacao::OfertaSimulada;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) async fn simular(
    State(sandbox): State<Sandbox>,
    Id(id): Id,
    RawQuery(query): RawQuery,
) -> Result<JsonExato, ApiError> {
    let oferta = sandbox
        .db()
        .read(move |c| OfertaSimulada::read(c, id))
        .await?;
    let (prazo, centesimos, periodicidade, fim) = match oferta {
        Some(o) if !o.rascunho => (o.prazo, o.centesimos, o.periodicidade, o.fim),
        _ => return Err(ApiError::nao_encontrado()),
    };
    let valor = simulacao::valor_base(query.as_deref())?;
    let termos = Termos {
        rendimento_anual: Decimal::new(centesimos, 4),
        prazo_meses: u32::try_from(prazo)
            .ok()
            .filter(|p| (1..=PRAZO_MAXIMO).contains(p))
            .ok_or_else(|| ApiError::interno(format!("captação {id}: prazo {prazo}")))?,
        periodicidade_meses: u32::try_from(periodicidade).unwrap_or(0),
        inicio: tempo::somar_dias(tempo::dia_de_ms(fim), 1)
            .ok_or_else(|| ApiError::interno(format!("captação {id}: fim {fim}")))?,
    };
    let lista = simulacao::cenarios(valor, &termos)
        .ok_or_else(|| ApiError::interno(format!("captação {id}: simulação fora da faixa")))?;
    resposta::json(&lista)
}

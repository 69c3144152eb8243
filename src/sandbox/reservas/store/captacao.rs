//! What the reservation resource reads and writes of an offering: its room for orders, the
//! terms a simulation needs, and the close of its fundraising period.

use axum::http::StatusCode;
use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use crate::sandbox::db::CachedRow;
use crate::sandbox::db::transicao::{Falha, Recusa, recusar};
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::capacidade::Capacidade;
use crate::sandbox::reservas::reserva::dia_seguinte;
use crate::sandbox::reservas::reserva::status::{
    CaptacaoStatus, MOTIVO_OFERTA_MALSUCEDIDA, RESULTADO_MALSUCEDIDA, RESULTADO_SUCESSO,
    ReservaStatus,
};
use crate::sandbox::tempo;

impl Capacidade {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Capacidade> {
        Ok(Capacidade {
            status: r.get(0)?,
            fim: r.get(1)?,
            limite: r.get(2)?,
            minimo: r.get(3)?,
            comprometido: r.get(4)?,
            cancelada: r.get(5)?,
            inicio: r.get(6)?,
        })
    }

    /// Offering `captacao_id`'s room at `agora`; `None` when there is no such offering.
    pub(crate) fn read(
        c: &Connection,
        captacao_id: i64,
        agora: Timestamp,
    ) -> Result<Option<Capacidade>, ApiError> {
        let cap = c
            .query_row(
                "SELECT c.status, c.fim_captacao, c.limite_centavos, c.investimento_minimo_centavos,
                    c.arrecadado_base_centavos + (
                        SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
                        WHERE r.captacao_id = c.id
                          AND (r.status IN (?3, ?4, ?5)
                               OR (r.status = ?6 AND r.pix_vencimento > ?2))),
                    c.cancelada_em IS NOT NULL, c.inicio_captacao
                 FROM captacoes c WHERE c.id = ?1",
                params![
                    captacao_id,
                    tempo::ms(agora),
                    ReservaStatus::Pago,
                    ReservaStatus::Aprovado,
                    ReservaStatus::EmAnalise,
                    ReservaStatus::AportePendente
                ],
                Capacidade::from_row,
            )
            .optional()?;
        Ok(cap)
    }
}

/// What a simulation reads of an offering.
pub(crate) struct OfertaSimulada {
    /// A draft is not offered.
    pub(crate) rascunho: bool,
    pub(crate) prazo: i64,
    pub(crate) centesimos: i64,
    pub(crate) periodicidade: i64,
    pub(crate) fim: i64,
}

impl OfertaSimulada {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<OfertaSimulada> {
        let status: CaptacaoStatus = r.get(0)?;
        Ok(OfertaSimulada {
            rascunho: status == CaptacaoStatus::Rascunho,
            prazo: r.get(1)?,
            centesimos: r.get(2)?,
            periodicidade: r.get(3)?,
            fim: r.get(4)?,
        })
    }

    pub(crate) fn read(c: &Connection, id: i64) -> Result<Option<OfertaSimulada>, ApiError> {
        Ok(c.row(
            "SELECT status, vencimento_meses, rendimento_centesimos, periodicidade_meses,
                    fim_captacao
             FROM captacoes WHERE id = ?1",
            params![id],
            OfertaSimulada::from_row,
        )
        .optional()?)
    }
}

/// How an offering's close ended: its minimum target reached, or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum Resultado {
    Sucesso,
    Malsucedida,
}

/// An offering's close, as the store reads and records it.
pub(crate) struct Encerramento;

impl Encerramento {
    /// The minimum target and what was raised (Pago and Aprovado, plus what was raised
    /// outside the sandbox), in cents.
    pub(crate) fn alvo_e_arrecadado(c: &Connection, captacao: i64) -> Result<(i64, i64), ApiError> {
        Ok(c.row(
            "SELECT c.valor_alvo_minimo_centavos, c.arrecadado_base_centavos + (
                SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
                WHERE r.captacao_id = c.id AND r.status IN (?2, ?3))
             FROM captacoes c WHERE c.id = ?1",
            params![captacao, ReservaStatus::Pago, ReservaStatus::Aprovado],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    }

    pub(crate) fn registrar(
        c: &Connection,
        captacao: i64,
        resultado: Resultado,
        agora: Timestamp,
    ) -> Result<(), ApiError> {
        let texto = match resultado {
            Resultado::Sucesso => RESULTADO_SUCESSO,
            Resultado::Malsucedida => RESULTADO_MALSUCEDIDA,
        };
        c.execute(
            "UPDATE captacoes SET encerrada_em = ?1, resultado = ?3 WHERE id = ?2",
            params![tempo::ms(agora), captacao, texto],
        )?;
        Ok(())
    }

    /// Cancels reservation `id` because its offering failed.
    pub(crate) fn cancelar_reserva(
        c: &Connection,
        id: i64,
        agora: Timestamp,
    ) -> Result<(), ApiError> {
        c.execute(
            "UPDATE reservas SET status = ?3, motivo_cancelamento = ?4,
                cancelada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
            params![
                tempo::ms(agora),
                id,
                ReservaStatus::Cancelado,
                MOTIVO_OFERTA_MALSUCEDIDA
            ],
        )?;
        Ok(())
    }

    /// The live offerings whose period ended and that were not settled yet.
    pub(crate) fn vencidas(c: &Connection, agora: Timestamp) -> Result<Vec<i64>, ApiError> {
        let ids = c
            .prepare_cached(
                "SELECT id FROM captacoes WHERE encerrada_em IS NULL AND cancelada_em IS NULL
                    AND status IN (?2, ?3) AND fim_captacao <= ?1",
            )?
            .query_map(
                params![
                    tempo::ms(agora),
                    CaptacaoStatus::CaptacaoNoAr,
                    CaptacaoStatus::Aberto
                ],
                |r| r.get(0),
            )?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    /// Successful offerings holding paid money not yet transferred to the issuer.
    pub(crate) fn a_repassar(c: &Connection) -> Result<Vec<i64>, ApiError> {
        let ids = c
            .prepare_cached(
                "SELECT DISTINCT r.captacao_id FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
                 WHERE c.resultado = ?1 AND r.repassada_em IS NULL AND r.status IN (?2, ?3)",
            )?
            .query_map(
                params![RESULTADO_SUCESSO, ReservaStatus::Pago, ReservaStatus::Aprovado],
                |r| r.get(0),
            )?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    /// Whether a standing reservation of `captacao` is still inside its withdrawal period.
    pub(crate) fn janela_aberta(
        c: &Connection,
        captacao: i64,
        agora: Timestamp,
    ) -> Result<bool, ApiError> {
        Ok(c.row(
            "SELECT EXISTS (SELECT 1 FROM reservas WHERE captacao_id = ?1
                AND desistencia_ate > ?2 AND status IN (?3, ?4, ?5, ?6))",
            params![
                captacao,
                tempo::ms(agora),
                ReservaStatus::Pago,
                ReservaStatus::Aprovado,
                ReservaStatus::EmAnalise,
                ReservaStatus::AportePendente
            ],
            |r| r.get(0),
        )?)
    }

    /// Marks as transferred to the issuer the paid reservations of `captacao`; their yield
    /// starts the day after.
    pub(crate) fn repassar_captacao(
        c: &Connection,
        captacao: i64,
        agora: Timestamp,
    ) -> Result<usize, ApiError> {
        Ok(c.execute(
            "UPDATE reservas SET repassada_em = ?1, inicio_rendimento = ?5
             WHERE captacao_id = ?2 AND repassada_em IS NULL AND status IN (?3, ?4)",
            params![
                tempo::ms(agora),
                captacao,
                ReservaStatus::Pago,
                ReservaStatus::Aprovado,
                tempo::ms(dia_seguinte(agora))
            ],
        )?)
    }

    /// Ends live offering `id`'s fundraising period now (if it ends later), so that it can
    /// be settled; an unknown or already closed offering is refused.
    pub(crate) fn terminar_periodo(
        c: &Connection,
        id: i64,
        agora: Timestamp,
    ) -> Result<(), Falha<RecusaEncerramento>> {
        let linha: Option<(CaptacaoStatus, Option<i64>)> = c
            .query_row(
                "SELECT status, encerrada_em FROM captacoes WHERE id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((status, encerrada)) = linha else {
            return recusar(RecusaEncerramento::NaoEncontrada);
        };
        let viva = encerrada.is_none()
            && matches!(
                status,
                CaptacaoStatus::CaptacaoNoAr | CaptacaoStatus::Aberto
            );
        if !viva {
            return recusar(RecusaEncerramento::JaEncerrada);
        }
        c.execute(
            "UPDATE captacoes SET fim_captacao = MIN(fim_captacao, ?1) WHERE id = ?2",
            params![tempo::ms(agora), id],
        )?;
        Ok(())
    }
}

/// The opening of offerings whose reservations were recorded before it.
pub(crate) struct Abertura;

impl Abertura {
    /// Reservations confirmed before their offering opened, awaiting their money, whose
    /// offering is open by `agora` and whose investor was not told yet.
    pub(crate) fn a_avisar(c: &Connection, agora: Timestamp) -> Result<Vec<i64>, ApiError> {
        let ids = c
            .prepare_cached(
                "SELECT r.id FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
                 WHERE r.aviso_abertura_em IS NULL AND r.confirmada_em < c.inicio_captacao
                   AND c.inicio_captacao <= ?1 AND r.status IN (?2, ?3)",
            )?
            .query_map(
                params![
                    tempo::ms(agora),
                    ReservaStatus::AportePendente,
                    ReservaStatus::EmAnalise
                ],
                |r| r.get(0),
            )?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    pub(crate) fn avisada(c: &Connection, id: i64, agora: Timestamp) -> Result<(), ApiError> {
        c.execute(
            "UPDATE reservas SET aviso_abertura_em = ?1 WHERE id = ?2",
            params![tempo::ms(agora), id],
        )?;
        Ok(())
    }
}

/// Why an offering's close was refused.
#[derive(Debug)]
pub(crate) enum RecusaEncerramento {
    NaoEncontrada,
    JaEncerrada,
}

impl Recusa for RecusaEncerramento {}

impl From<RecusaEncerramento> for ApiError {
    fn from(r: RecusaEncerramento) -> Self {
        match r {
            RecusaEncerramento::NaoEncontrada => {
                ApiError::new(StatusCode::NOT_FOUND, "Captação não encontrada.")
            }
            RecusaEncerramento::JaEncerrada => {
                ApiError::new(StatusCode::CONFLICT, "Captação já encerrada.")
            }
        }
    }
}

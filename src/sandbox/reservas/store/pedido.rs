//! The order's steps as the store writes them: create, accept the term, confirm (checking
//! the offering's room in the same transaction), withdraw, and the back office's
//! transitions. A step the rules refuse answers a typed refusal.

use axum::http::StatusCode;
use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::status::{CadastroStatus, MOTIVO_DESISTENCIA, ReservaStatus};
use super::{do_investidor, por_id};
use crate::domain::reserva::{MSG_NOT_AVAILABLE, PARTNER_DEBIT, PIX};
use crate::sandbox::db::transicao::{Falha, Recusa, recusar};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::reservas::capacidade::Capacidade;
use crate::sandbox::reservas::reserva::{self, Reserva};
use crate::sandbox::tempo;

/// The offering no longer takes orders.
pub(crate) const FECHADA: &str = "Esta captação não está aberta para investimentos.";
/// The reservation left Aberto.
pub(crate) const NAO_ABERTA: &str = "Esta reserva não está mais aberta para alterações.";
/// A confirmed reservation past its withdrawal period (or whose money left the escrow).
pub(crate) const PRAZO_ENCERRADO: &str = "O prazo de desistência deste investimento terminou.";
/// A reservation never confirmed, or already cancelled.
pub(crate) const NAO_PERMITIDA: &str = "Não é possível desistir desta reserva.";

/// What an order needs to know about the investor placing it.
pub(crate) struct Perfil {
    pub(crate) cadastro: CadastroStatus,
    pub(crate) permite_liquidacao_ativa: bool,
}

impl Perfil {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Perfil> {
        Ok(Perfil {
            cadastro: r.get(0)?,
            permite_liquidacao_ativa: r.get(1)?,
        })
    }

    /// Investor `usuario`; no such investor is an invalid session.
    pub(crate) fn ler(c: &Connection, usuario: i64) -> Result<Perfil, ApiError> {
        c.query_row(
            "SELECT cadastro, permite_liquidacao_ativa FROM usuarios WHERE id = ?1",
            params![usuario],
            Perfil::from_row,
        )
        .optional()?
        .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
    }

    /// Only a complete registration may invest.
    pub(crate) fn completo(&self) -> bool {
        self.cadastro == CadastroStatus::Completo
    }
}

/// A new Aberto reservation; returns its id.
pub(crate) fn inserir(
    c: &Connection,
    usuario: i64,
    captacao: i64,
    tipo_pagamento: i64,
    origem: &str,
    centavos: i64,
    agora: Timestamp,
) -> Result<i64, ApiError> {
    c.execute(
        "INSERT INTO reservas (usuario_id, captacao_id, status, tipo_pagamento, origem,
            investimento_centavos, criada_em, atualizada_em)
         VALUES (?1, ?2, ?7, ?3, ?4, ?5, ?6, ?6)",
        params![
            usuario,
            captacao,
            tipo_pagamento,
            origem,
            centavos,
            tempo::ms(agora),
            ReservaStatus::Aberto
        ],
    )?;
    Ok(c.last_insert_rowid())
}

/// Records the term's acceptance with the chosen option.
pub(crate) fn aceitar_termo(
    c: &Connection,
    id: i64,
    opcao: &str,
    agora: Timestamp,
) -> Result<(), ApiError> {
    c.execute(
        "UPDATE reservas SET termo_opcao = ?1, termo_aceito_em = ?2, atualizada_em = ?2
         WHERE id = ?3",
        params![opcao, tempo::ms(agora), id],
    )?;
    Ok(())
}

/// Why a confirmation was refused.
#[derive(Debug)]
pub(crate) enum RecusaConfirmacao {
    /// Neither Aberto nor already confirmed.
    NaoAberta,
    SemTermo,
    SemCienciaRisco,
    /// The investor's annual limit, with its message.
    Limite(ApiError),
    /// The offering closed meanwhile: the reservation is cancelled.
    CaptacaoFechada,
    /// The offering has no room left for it: the reservation is cancelled.
    SemCapacidade,
}

impl Recusa for RecusaConfirmacao {
    /// The cancellation of a reservation the offering can no longer take stays.
    fn confirma(&self) -> bool {
        matches!(self, Self::CaptacaoFechada | Self::SemCapacidade)
    }
}

impl From<RecusaConfirmacao> for ApiError {
    fn from(r: RecusaConfirmacao) -> Self {
        use crate::domain::reserva::{MSG_RISK, MSG_TERMS};
        match r {
            RecusaConfirmacao::NaoAberta => ApiError::new(StatusCode::CONFLICT, NAO_ABERTA),
            RecusaConfirmacao::SemTermo => ApiError::requisicao(MSG_TERMS),
            RecusaConfirmacao::SemCienciaRisco => ApiError::requisicao(MSG_RISK),
            RecusaConfirmacao::Limite(e) => e,
            RecusaConfirmacao::CaptacaoFechada => ApiError::requisicao(FECHADA),
            RecusaConfirmacao::SemCapacidade => {
                ApiError::new(StatusCode::CONFLICT, MSG_NOT_AVAILABLE)
            }
        }
    }
}

/// A confirmation that happened now, or one that had already happened (a retried call
/// whose answer was lost gets the same answer again).
pub(crate) enum Confirmacao {
    Nova(Reserva),
    Repetida(Reserva),
}

/// What [`confirmar`] checks beyond the reservation itself.
pub(crate) struct Prazos {
    pub(crate) pix: std::time::Duration,
    pub(crate) dias_desistencia: u16,
}

/// Confirms the investor's Aberto reservation `id`: Pix → Aporte pendente with a deadline,
/// partner debit → Em análise. `verificar` runs the checks outside this table (the term of
/// risk, the annual limit) and refuses with their reason. The offering's room is read in
/// the same transaction, so concurrent orders can never oversubscribe it; over capacity the
/// reservation is cancelled.
pub(crate) fn confirmar(
    tx: &Transaction<'_>,
    id: i64,
    usuario: i64,
    prazos: &Prazos,
    agora: Timestamp,
    verificar: impl FnOnce(&Reserva) -> Result<(), Falha<RecusaConfirmacao>>,
) -> Result<Confirmacao, Falha<RecusaConfirmacao>> {
    let r = do_investidor(tx, id, usuario)?;
    match r.estado(agora) {
        ReservaStatus::Aberto => {}
        ReservaStatus::AportePendente | ReservaStatus::EmAnalise => {
            return Ok(Confirmacao::Repetida(r));
        }
        _ => return recusar(RecusaConfirmacao::NaoAberta),
    }
    if r.termo_aceito_em.is_none() {
        return recusar(RecusaConfirmacao::SemTermo);
    }
    verificar(&r)?;
    let ms = tempo::ms(agora);
    let cap = Capacidade::ler(tx, r.captacao_id, agora)?
        .ok_or_else(|| ApiError::interno("reserva sem captação"))?;
    let recusa = if !cap.aberta(agora) {
        Some(RecusaConfirmacao::CaptacaoFechada)
    } else if r.centavos > cap.livre() {
        Some(RecusaConfirmacao::SemCapacidade)
    } else {
        None
    };
    if let Some(recusa) = recusa {
        tx.execute(
            "UPDATE reservas SET status = ?3, cancelada_em = ?1, atualizada_em = ?1
             WHERE id = ?2",
            params![ms, id, ReservaStatus::Cancelado],
        )?;
        return recusar(recusa);
    }
    let inicio = tempo::ms(reserva::dia_seguinte(agora));
    let desistencia_ate = tempo::ms(crate::domain::desistencia::withdrawal_ends(
        agora,
        prazos.dias_desistencia,
    ));
    if r.tipo_pagamento == PARTNER_DEBIT {
        tx.execute(
            "UPDATE reservas SET status = ?5, confirmada_em = ?1,
                inicio_rendimento = ?2, desistencia_ate = ?4, atualizada_em = ?1
             WHERE id = ?3",
            params![ms, inicio, id, desistencia_ate, ReservaStatus::EmAnalise],
        )?;
    } else {
        let vencimento = tempo::ms(tempo::mais(agora, prazos.pix));
        tx.execute(
            "UPDATE reservas SET status = ?6, confirmada_em = ?1,
                pix_vencimento = ?2, inicio_rendimento = ?3, desistencia_ate = ?5,
                atualizada_em = ?1
             WHERE id = ?4",
            params![
                ms,
                vencimento,
                inicio,
                id,
                desistencia_ate,
                ReservaStatus::AportePendente
            ],
        )?;
    }
    Ok(Confirmacao::Nova(do_investidor(tx, id, usuario)?))
}

/// Why a withdrawal was refused.
#[derive(Debug)]
pub(crate) enum RecusaDesistencia {
    /// Confirmed, but the period is over or the money left the escrow.
    PrazoEncerrado,
    /// Never confirmed, or already cancelled.
    NaoPermitida,
}

impl Recusa for RecusaDesistencia {}

impl From<RecusaDesistencia> for ApiError {
    fn from(r: RecusaDesistencia) -> Self {
        let msg = match r {
            RecusaDesistencia::PrazoEncerrado => PRAZO_ENCERRADO,
            RecusaDesistencia::NaoPermitida => NAO_PERMITIDA,
        };
        ApiError::new(StatusCode::CONFLICT, msg)
    }
}

/// The investor withdraws reservation `id`; returns it as it was before (its status tells
/// whether money was paid).
pub(crate) fn desistir(
    tx: &Transaction<'_>,
    id: i64,
    usuario: i64,
    agora: Timestamp,
) -> Result<Reserva, Falha<RecusaDesistencia>> {
    let r = do_investidor(tx, id, usuario)?;
    if !r.pode_desistir(agora) {
        return recusar(if r.confirmada(agora) {
            RecusaDesistencia::PrazoEncerrado
        } else {
            RecusaDesistencia::NaoPermitida
        });
    }
    tx.execute(
        "UPDATE reservas SET status = ?3, motivo_cancelamento = ?4,
            cancelada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
        params![
            tempo::ms(agora),
            id,
            ReservaStatus::Cancelado,
            MOTIVO_DESISTENCIA
        ],
    )?;
    Ok(r)
}

/// A back-office transition of the sandbox.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Transicao {
    Pagar,
    Aprovar,
    Rejeitar,
    Estornar,
}

/// A transition the reservation's status does not allow, with that status.
#[derive(Debug)]
pub(crate) struct TransicaoInvalida(ReservaStatus);

impl Recusa for TransicaoInvalida {}

impl From<TransicaoInvalida> for ApiError {
    fn from(TransicaoInvalida(status): TransicaoInvalida) -> Self {
        ApiError::new(
            StatusCode::CONFLICT,
            format!("Transição inválida: reserva em {status}."),
        )
    }
}

/// Applies `acao` to reservation `id` (any investor's); returns the state it had before
/// and the reservation after.
pub(crate) fn transitar(
    tx: &Transaction<'_>,
    id: i64,
    acao: Transicao,
    prazo_pix: std::time::Duration,
    agora: Timestamp,
) -> Result<(ReservaStatus, Reserva), Falha<TransicaoInvalida>> {
    let r = por_id(tx, id)?;
    let ms = tempo::ms(agora);
    // Earnings start the day after the money arrives (or is guaranteed), as seeded.
    let inicio = tempo::ms(reserva::dia_seguinte(agora));
    let antes = r.estado(agora).clone();
    match (acao, &antes) {
        // Aporte pendente: the estimate stored at confirmation gives way to the real
        // start; an approved partner debit already has its start and is now settled.
        (Transicao::Pagar, ReservaStatus::AportePendente | ReservaStatus::Aprovado) => tx.execute(
            "UPDATE reservas SET paga_em = ?1, atualizada_em = ?1,
                inicio_rendimento = CASE WHEN status = ?4
                    THEN COALESCE(inicio_rendimento, ?2) ELSE ?2 END,
                status = ?5
             WHERE id = ?3",
            params![ms, inicio, id, ReservaStatus::Aprovado, ReservaStatus::Pago],
        )?,
        (Transicao::Aprovar, ReservaStatus::EmAnalise) => tx.execute(
            "UPDATE reservas SET status = ?4, aprovada_em = ?1,
                inicio_rendimento = ?2, atualizada_em = ?1 WHERE id = ?3",
            params![ms, inicio, id, ReservaStatus::Aprovado],
        )?,
        // The back office cancels an investment whose money already arrived and
        // gives it back: the reservation leaves arrecadado, an Estorno is credited.
        (Transicao::Estornar, ReservaStatus::Pago | ReservaStatus::Aprovado) => tx.execute(
            "UPDATE reservas SET status = ?3, cancelada_em = ?1,
                atualizada_em = ?1 WHERE id = ?2",
            params![ms, id, ReservaStatus::Cancelado],
        )?,
        // Not approved by the brokerage: the payment switches to Pix with a new Pix
        // deadline counted from now. The amount stays committed, so no capacity check.
        (Transicao::Rejeitar, ReservaStatus::EmAnalise) => tx.execute(
            "UPDATE reservas SET status = ?4, tipo_pagamento = ?5,
                pix_vencimento = ?1, atualizada_em = ?2 WHERE id = ?3",
            params![
                tempo::ms(tempo::mais(agora, prazo_pix)),
                ms,
                id,
                ReservaStatus::AportePendente,
                PIX
            ],
        )?,
        _ => return recusar(TransicaoInvalida(antes)),
    };
    Ok((antes, por_id(tx, id)?))
}

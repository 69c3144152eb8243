//! The order's steps as the store writes them: create, accept the term, confirm (checking
//! the offering's room in the same transaction). A step the rules refuse answers a typed
//! refusal.

use axum::http::StatusCode;
use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::do_investidor;
use crate::domain::reserva::{MSG_NOT_AVAILABLE, PARTNER_DEBIT};
use crate::sandbox::db::CachedRow;
use crate::sandbox::db::transicao::{Falha, Recusa, recusar};
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::reservas::capacidade::Capacidade;
use crate::sandbox::reservas::pedido::Pedido;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::reserva::status::{CadastroStatus, ReservaStatus};
use crate::sandbox::tempo;

/// The offering no longer takes orders.
pub(crate) const FECHADA: &str = "Esta captação não está aberta para investimentos.";
/// Only a complete registration may invest.
pub(crate) const APENAS_COMPLETO: &str =
    "Apenas investidores com cadastro completo podem investir.";
/// The reservation left Aberto.
pub(crate) const NAO_ABERTA: &str = "Esta reserva não está mais aberta para alterações.";

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
    pub(crate) fn read(c: &Connection, usuario: i64) -> Result<Perfil, ApiError> {
        c.row(
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

/// Why an order was refused.
#[derive(Debug)]
pub(crate) enum RecusaPedido {
    /// The investor's registration is not complete.
    CadastroIncompleto,
    CaptacaoNaoEncontrada,
    Simulada,
    CaptacaoFechada,
    /// The amount or the payment, with the message of the rule it breaks.
    Invalido(ApiError),
    /// The offering has no room left for it.
    SemCapacidade,
    /// The investor's annual limit, with its message.
    Limite(ApiError),
}

impl Recusa for RecusaPedido {}

impl From<RecusaPedido> for ApiError {
    fn from(r: RecusaPedido) -> Self {
        match r {
            RecusaPedido::CadastroIncompleto => {
                ApiError::new(StatusCode::FORBIDDEN, APENAS_COMPLETO)
            }
            RecusaPedido::CaptacaoNaoEncontrada => {
                ApiError::new(StatusCode::NOT_FOUND, "Captação não encontrada.")
            }
            RecusaPedido::Simulada => ApiError::requisicao("Reservas simuladas não são aceitas."),
            RecusaPedido::CaptacaoFechada => ApiError::requisicao(FECHADA),
            RecusaPedido::Invalido(e) | RecusaPedido::Limite(e) => e,
            RecusaPedido::SemCapacidade => ApiError::new(StatusCode::CONFLICT, MSG_NOT_AVAILABLE),
        }
    }
}

/// A new Aberto reservation of `usuario` for the order `pedido`, checked against the
/// investor's registration and the offering's room, then `verificar` (the annual limit,
/// given the amount in cents), all in the writer's transaction.
pub(in crate::sandbox::reservas) fn criar(
    tx: &Transaction<'_>,
    usuario: i64,
    pedido: &Pedido,
    agora: Timestamp,
    verificar: impl FnOnce(i64) -> Result<(), Falha<RecusaPedido>>,
) -> Result<Reserva, Falha<RecusaPedido>> {
    let quem = Perfil::read(tx, usuario)?;
    if !quem.completo() {
        return recusar(RecusaPedido::CadastroIncompleto);
    }
    let Some(cap) = Capacidade::read(tx, pedido.id_captacao, agora)? else {
        return recusar(RecusaPedido::CaptacaoNaoEncontrada);
    };
    if pedido.simulado {
        return recusar(RecusaPedido::Simulada);
    }
    if !cap.aberta(agora) {
        return recusar(RecusaPedido::CaptacaoFechada);
    }
    let centavos = pedido
        .centavos(cap.minimo)
        .or_else(|e| recusar(RecusaPedido::Invalido(e)))?;
    let tipo = pedido
        .tipo_pagamento(quem.permite_liquidacao_ativa)
        .or_else(|e| recusar(RecusaPedido::Invalido(e)))?;
    if centavos > cap.livre() {
        return recusar(RecusaPedido::SemCapacidade);
    }
    verificar(centavos)?;
    tx.execute(
        "INSERT INTO reservas (usuario_id, captacao_id, status, tipo_pagamento, origem,
            investimento_centavos, criada_em, atualizada_em)
         VALUES (?1, ?2, ?7, ?3, ?4, ?5, ?6, ?6)",
        params![
            usuario,
            pedido.id_captacao,
            tipo,
            pedido.origem,
            centavos,
            tempo::ms(agora),
            ReservaStatus::Aberto
        ],
    )?;
    Ok(do_investidor(tx, tx.last_insert_rowid(), usuario)?)
}

/// Why the term's acceptance was refused.
#[derive(Debug)]
pub(crate) enum RecusaAceite {
    /// The reservation left Aberto.
    NaoAberta,
    /// The term was not accepted.
    SemAceite,
    /// The risk term accepted is not the version in force.
    CienciaDesatualizada,
    /// None of the term's options was chosen.
    SemOpcao,
    /// The option chosen restates the annual-limit declaration otherwise than the
    /// declaration in force.
    ContradizDeclaracao,
}

impl Recusa for RecusaAceite {}

impl From<RecusaAceite> for ApiError {
    fn from(r: RecusaAceite) -> Self {
        match r {
            RecusaAceite::NaoAberta => ApiError::new(StatusCode::CONFLICT, NAO_ABERTA),
            RecusaAceite::SemAceite => ApiError::requisicao(crate::domain::reserva::MSG_TERMS),
            RecusaAceite::CienciaDesatualizada => ApiError::requisicao(
                "O Termo de Ciência de Risco foi atualizado. Leia a nova versão e aceite-a para prosseguir.",
            ),
            RecusaAceite::SemOpcao => {
                ApiError::requisicao("Selecione uma das opções do termo para prosseguir.")
            }
            RecusaAceite::ContradizDeclaracao => {
                ApiError::requisicao(crate::domain::limite_anual::opcoes::MSG_OPTION_CONTRADICTS)
            }
        }
    }
}

/// What the investor sent with the term's acceptance.
pub(crate) struct Aceite<'a> {
    pub(crate) aceite: bool,
    /// The risk term's version accepted with it, if it was; `em_vigor` is the one in force.
    pub(crate) versao_ciencia_risco: Option<&'a str>,
    pub(crate) em_vigor: &'a str,
}

/// Records the acceptance of the term of the investor's Aberto reservation `id`, with the
/// option `escolher` picks for it (`None`: no valid option was chosen).
pub(crate) fn aceitar_termo(
    tx: &Transaction<'_>,
    id: i64,
    usuario: i64,
    aceite: &Aceite<'_>,
    escolher: impl FnOnce(&Reserva) -> Result<String, RecusaAceite>,
    agora: Timestamp,
) -> Result<Reserva, Falha<RecusaAceite>> {
    let r = do_investidor(tx, id, usuario)?;
    if *r.estado(agora) != ReservaStatus::Aberto {
        return recusar(RecusaAceite::NaoAberta);
    }
    if !aceite.aceite {
        return recusar(RecusaAceite::SemAceite);
    }
    if aceite
        .versao_ciencia_risco
        .is_some_and(|v| v != aceite.em_vigor)
    {
        return recusar(RecusaAceite::CienciaDesatualizada);
    }
    let opcao = match escolher(&r) {
        Ok(o) => o,
        Err(recusa) => return recusar(recusa),
    };
    tx.execute(
        "UPDATE reservas SET termo_opcao = ?1, termo_aceito_em = ?2, atualizada_em = ?2
         WHERE id = ?3",
        params![opcao, tempo::ms(agora), id],
    )?;
    Ok(r)
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
    let cap = Capacidade::read(tx, r.captacao_id, agora)?
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
    // Before the offering opens the order is recorded and nothing runs yet: the Pix
    // deadline and the withdrawal period count from the opening.
    let desde = if cap.antes_da_abertura(agora) {
        tempo::de_ms(cap.inicio)
    } else {
        agora
    };
    let desistencia_ate = tempo::ms(crate::domain::desistencia::withdrawal_ends(
        desde,
        prazos.dias_desistencia,
    ));
    // No yield start is stored: the money earns only once it goes to the issuer
    // (`Reserva::inicio_rendimento` estimates it until then).
    if r.tipo_pagamento == PARTNER_DEBIT {
        tx.execute(
            "UPDATE reservas SET status = ?4, confirmada_em = ?1,
                desistencia_ate = ?3, atualizada_em = ?1
             WHERE id = ?2",
            params![ms, id, desistencia_ate, ReservaStatus::EmAnalise],
        )?;
    } else {
        let vencimento = tempo::ms(tempo::mais(desde, prazos.pix));
        tx.execute(
            "UPDATE reservas SET status = ?5, confirmada_em = ?1,
                pix_vencimento = ?2, desistencia_ate = ?4, atualizada_em = ?1
             WHERE id = ?3",
            params![
                ms,
                vencimento,
                id,
                desistencia_ate,
                ReservaStatus::AportePendente
            ],
        )?;
    }
    Ok(Confirmacao::Nova(do_investidor(tx, id, usuario)?))
}

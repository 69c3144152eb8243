//! `POST /v1/reservas/{id}/desistencia`: the investor's right of withdrawal. Inside the
//! period fixed at confirmation (`desistencia_ate`) and before the money leaves the escrow,
//! a confirmed reservation is cancelled and everything paid is given back: the statement
//! gets an Estorno for a paid one (its Aporte line turns Cancelado when nothing was paid),
//! the investor a notification, and the record the withdrawal.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use rusqlite::params;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::extrato::movimentos;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::registro::{self, Documento};
use crate::sandbox::reservas::reserva;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const PRAZO_ENCERRADO: &str = "O prazo de desistência deste investimento terminou.";
pub(crate) const NAO_PERMITIDA: &str = "Não é possível desistir desta reserva.";
/// The version of the withdrawal's wording, recorded with it.
const VERSAO: &str = "2026.1";

pub(super) async fn desistir(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    let id = reserva::ler_id(&id)?;
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    sandbox
        .db()
        .escrever(move |tx| {
            let r = reserva::do_investidor(tx, id, usuario)?;
            if !r.pode_desistir(agora) {
                let confirmada = matches!(
                    r.status(agora),
                    "Aporte pendente" | "Em análise" | "Aprovado" | "Pago"
                );
                let msg = if confirmada {
                    PRAZO_ENCERRADO
                } else {
                    NAO_PERMITIDA
                };
                return Err(ApiError::new(StatusCode::CONFLICT, msg));
            }
            let paga = matches!(r.status(agora), "Aprovado" | "Pago");
            let ms = tempo::ms(agora);
            tx.execute(
                "UPDATE reservas SET status = 'Cancelado', motivo_cancelamento = 'Desistencia',
                    cancelada_em = ?1, atualizada_em = ?1 WHERE id = ?2",
                params![ms, id],
            )?;
            registro::registrar(tx, usuario, Some(id), Documento::Desistencia, VERSAO, agora)?;
            movimentos::apos_evento(tx, id, agora)?;
            let r = reserva::do_investidor(tx, id, usuario)?;
            let notificacao = Notificacao::desistencia(r.investimento(), &r.oferta.nome, paga);
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
            resposta::json(&r.json(agora))
        })
        .await
}

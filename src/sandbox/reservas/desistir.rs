//! `POST /v1/reservas/{id}/desistencia`: the investor's right of withdrawal. Inside the
//! period fixed at confirmation (`desistencia_ate`) and before the money leaves the escrow,
//! a confirmed reservation is cancelled and everything paid is given back: the statement
//! gets an Estorno for a paid one (its Aporte line turns Cancelado when nothing was paid),
//! the investor a notification, and the record the withdrawal.

use axum::extract::State;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::notificacoes::{self, Notificacao};
use crate::sandbox::registro::{self, Documento};
use crate::sandbox::reservas::extrator::IdReserva;
use crate::sandbox::reservas::movimentos;
use crate::sandbox::reservas::store;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

/// The version of the withdrawal's wording, recorded with it.
const VERSAO: &str = "2026.1";

pub(super) async fn desistir(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    IdReserva(id): IdReserva,
) -> Result<JsonExato, ApiError> {
    let usuario = investidor.usuario_id;
    let agora = tempo::agora();
    sandbox
        .db()
        .transicao(move |tx| {
            let antes = store::transicoes::desistir(tx, id, usuario, agora)?;
            let paga = antes.investida(agora);
            registro::registrar(tx, usuario, Some(id), Documento::Desistencia, VERSAO, agora)?;
            movimentos::apos_evento(tx, id, agora)?;
            let r = store::do_investidor(tx, id, usuario)?;
            let notificacao = Notificacao::desistencia(r.investimento(), &r.oferta.nome, paga);
            notificacoes::enviar(tx, usuario, &notificacao, agora)?;
            Ok(resposta::json(&r.json(agora))?)
        })
        .await
}

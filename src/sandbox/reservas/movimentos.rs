//! The statement's lines, kept in `movimentos` and derived from the reservations' life
//! cycle. [`sincronizar`] brings an investor's lines up to date: the life-cycle events call
//! it right after their change, and the statement calls it before each query, which is
//! what catches up the installments that fell due since, and the Pix reservations whose
//! deadline passed (they count as cancelled from that instant, sweep or no sweep).
//!
//! Every line is keyed by (reservation, kind, installment), so catching up is idempotent:
//! a line is inserted once and only its status, date or amount may change afterwards.
//! Catching up reads the stored lines first and writes only those that are new or changed:
//! on most statement pages nothing is due, and each upsert cost tens of microseconds even
//! when it changed nothing (SQLite checks the row's constraints before it finds the
//! conflict). [`em_dia`] runs the same derivation without writing, so a statement page can
//! first ask, in a plain read, whether there is anything to catch up at all.

use std::cell::Cell;
use std::collections::HashMap;

use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::domain::reference::{StatusMovimento, TipoMovimento};
use crate::domain::status::ReservaStatus;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store::movimentos::{
    self as store, Chave, Datas, Estado, NovoMovimento,
};
use crate::sandbox::tempo;

/// Installments are paid at 09:00 of their day (São Paulo); a line appears once that
/// instant has passed, never ahead of time.
const HORA_DO_PAGAMENTO: i8 = 9;

/// Where a reservation stands, as far as its money goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fase {
    /// Confirmed, the money not arrived yet.
    Pendente,
    /// Ended without the investment (expired, refused, withdrawn, refunded).
    Desfeita,
    /// Paid or approved: earning.
    Investida,
    Outra,
}

fn fase(status: &ReservaStatus) -> Fase {
    match status {
        ReservaStatus::AportePendente | ReservaStatus::EmAnalise => Fase::Pendente,
        ReservaStatus::Cancelado | ReservaStatus::Rejeitado => Fase::Desfeita,
        ReservaStatus::Pago | ReservaStatus::Aprovado => Fase::Investida,
        _ => Fase::Outra,
    }
}

struct Linha<'a> {
    r: &'a Reserva,
    tipo: TipoMovimento,
    parcela: u32,
    status: StatusMovimento,
    data: i64,
    centavos: i64,
    descricao: String,
}

/// What catching up does with a line that differs from the stored one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Modo {
    /// Writes it.
    Gravar,
    /// Only counts it (in `Destino::atrasadas`): a read asking whether anything is due.
    Conferir,
}

/// Where catching up writes: the connection, the investor, and their lines as stored.
struct Destino<'c> {
    c: &'c Connection,
    usuario: i64,
    gravados: HashMap<Chave, Estado>,
    modo: Modo,
    atrasadas: Cell<usize>,
}

fn gravar(d: &Destino<'_>, l: &Linha<'_>) -> Result<(), ApiError> {
    let (c, usuario) = (d.c, d.usuario);
    let estado = (l.status, l.data, l.centavos);
    if d.gravados.get(&(l.r.id, l.tipo, l.parcela)) == Some(&estado) {
        return Ok(());
    }
    d.atrasadas.set(d.atrasadas.get() + 1);
    if d.modo == Modo::Conferir {
        return Ok(());
    }
    store::gravar(
        c,
        &NovoMovimento {
            usuario,
            reserva: l.r.id,
            tipo: l.tipo,
            parcela: l.parcela,
            status: l.status,
            data: l.data,
            centavos: l.centavos,
            descricao: &l.descricao,
            nome_ativo: &l.r.oferta.nome,
        },
    )
}

fn centavos(v: Decimal) -> Option<i64> {
    (v * Decimal::ONE_HUNDRED).round().to_i64()
}

/// Brings `usuario`'s lines up to `agora`.
pub(crate) fn sincronizar(c: &Connection, usuario: i64, agora: Timestamp) -> Result<(), ApiError> {
    derivar(c, usuario, agora, Modo::Gravar).map(|_| ())
}

/// Whether `usuario`'s stored lines are already those of `agora` (nothing fell due, no
/// deadline passed since the last catching up): reads only, so it runs outside the write
/// lock.
pub(crate) fn em_dia(c: &Connection, usuario: i64, agora: Timestamp) -> Result<bool, ApiError> {
    derivar(c, usuario, agora, Modo::Conferir).map(|atrasadas| atrasadas == 0)
}

/// Derives every line of `usuario` at `agora`; those that differ from the stored ones are
/// counted, and written in `Modo::Gravar`. Answers how many differed.
fn derivar(c: &Connection, usuario: i64, agora: Timestamp, modo: Modo) -> Result<usize, ApiError> {
    let destino = Destino {
        c,
        usuario,
        gravados: store::gravados(c, usuario)?,
        modo,
        atrasadas: Cell::new(0),
    };
    for r in &store::confirmadas(c, usuario)? {
        let datas = store::datas(c, r.id)?;
        linhas_da_reserva(&destino, r, &datas, agora)?;
    }
    Ok(destino.atrasadas.get())
}

fn linhas_da_reserva(
    d: &Destino<'_>,
    r: &Reserva,
    datas: &Datas,
    agora: Timestamp,
) -> Result<(), ApiError> {
    let nome = &r.oferta.nome;
    let fase = fase(&ReservaStatus::from(r.status(agora)));
    let confirmada = r.confirmada_em.unwrap_or(r.criada_em);
    // The money left the investor's account when the brokerage approved the debit, or
    // when the Pix (or the settled debit) arrived.
    let liquidada = datas.aprovada.or(r.paga_em);
    let aporte = match (liquidada, fase) {
        (Some(quando), _) => Some((StatusMovimento::Liquidado, quando)),
        (None, Fase::Pendente) => Some((StatusMovimento::Pendente, confirmada)),
        (None, Fase::Desfeita) => Some((StatusMovimento::Cancelado, confirmada)),
        _ => None,
    };
    if let Some((st, data)) = aporte {
        gravar(
            d,
            &Linha {
                r,
                tipo: TipoMovimento::Aporte,
                parcela: 0,
                status: st,
                data,
                centavos: -r.centavos,
                descricao: format!("Aporte em {nome}"),
            },
        )?;
    }
    if liquidada.is_some() && fase == Fase::Desfeita {
        gravar(
            d,
            &Linha {
                r,
                tipo: TipoMovimento::Estorno,
                parcela: 0,
                status: StatusMovimento::Liquidado,
                data: datas.cancelada.unwrap_or(datas.atualizada),
                centavos: r.centavos,
                descricao: format!("Estorno do aporte em {nome}"),
            },
        )?;
    }
    if fase == Fase::Investida {
        parcelas(d, r, agora)?;
    }
    Ok(())
}

/// The installments paid so far (`Reserva::parcelas`: on their due date unless the issuer
/// stopped paying, else as recorded), on the day they were paid: interest as Rendimento,
/// the last one's principal as Amortizacao (`ParcelaDaReserva::juros_pagos`: its interest
/// is paid first, the income the income report states). An unpaid instalment has no line;
/// it gets one the day it is paid.
fn parcelas(d: &Destino<'_>, r: &Reserva, agora: Timestamp) -> Result<(), ApiError> {
    let nome = &r.oferta.nome;
    let parcelas = r.parcelas(agora);
    let total = parcelas.len();
    let agora_ms = tempo::ms(agora);
    for p in &parcelas {
        let Some(pago_em) = p.parcela.pago_em.filter(|_| p.parcela.pago > Decimal::ZERO) else {
            continue;
        };
        let Some(quando) = tempo::no_dia(pago_em, HORA_DO_PAGAMENTO, 0, 0).map(tempo::ms) else {
            continue;
        };
        if quando > agora_ms {
            continue;
        }
        let valor = centavos(p.parcela.pago)
            .ok_or_else(|| ApiError::interno("parcela fora do intervalo"))?;
        let juros = centavos(p.juros_pagos(r.investimento()))
            .ok_or_else(|| ApiError::interno("parcela fora do intervalo"))?;
        let amortizacao = valor - juros;
        if juros > 0 {
            gravar(
                d,
                &Linha {
                    r,
                    tipo: TipoMovimento::Rendimento,
                    parcela: p.numero,
                    status: StatusMovimento::Liquidado,
                    data: quando,
                    centavos: juros,
                    descricao: format!("Rendimento de {nome} – parcela {} de {total}", p.numero),
                },
            )?;
        }
        if amortizacao > 0 {
            gravar(
                d,
                &Linha {
                    r,
                    tipo: TipoMovimento::Amortizacao,
                    parcela: p.numero,
                    status: StatusMovimento::Liquidado,
                    data: quando,
                    centavos: amortizacao,
                    descricao: format!("Amortização de {nome} – vencimento"),
                },
            )?;
        }
    }
    Ok(())
}

/// Brings the lines of the investor who owns reservation `reserva_id` up to `agora`:
/// the life-cycle events' hook.
pub(crate) fn apos_evento(
    c: &Connection,
    reserva_id: i64,
    agora: Timestamp,
) -> Result<(), ApiError> {
    sincronizar(c, store::dono(c, reserva_id)?, agora)
}

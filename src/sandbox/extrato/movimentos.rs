//! The statement's lines, kept in `movimentos` and derived from the reservations' life
//! cycle. [`sincronizar`] brings an investor's lines up to date: the life-cycle events call
//! it right after their change, and the statement calls it before each query, which is
//! what catches up the installments that fell due since, and the Pix reservations whose
//! deadline passed (they count as cancelled from that instant, sweep or no sweep).
//!
//! Every line is keyed by (reservation, kind, installment), so catching up is idempotent:
//! a line is inserted once and only its status, date or amount may change afterwards.

use jiff::Timestamp;
use rusqlite::{Connection, params};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::domain::reference::{StatusMovimento, TipoMovimento};
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::{self, Reserva};
use crate::sandbox::tempo;

/// Installments are paid at 09:00 of their day (São Paulo); a line appears once that
/// instant has passed, never ahead of time.
const HORA_DO_PAGAMENTO: i8 = 9;

struct Linha<'a> {
    r: &'a Reserva,
    tipo: TipoMovimento,
    parcela: u32,
    status: StatusMovimento,
    data: i64,
    centavos: i64,
    descricao: String,
}

fn gravar(c: &Connection, usuario: i64, l: &Linha<'_>) -> Result<(), ApiError> {
    let nome = &l.r.oferta.nome;
    let busca_texto = format!("{}\n{}", l.descricao.to_lowercase(), nome.to_lowercase());
    c.prepare_cached(
        "INSERT INTO movimentos (usuario_id, reserva_id, tipo, parcela, status, data,
            valor_centavos, descricao, nome_ativo, busca_ativo, busca_texto)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (reserva_id, tipo, parcela) DO UPDATE SET
            status = excluded.status, data = excluded.data,
            valor_centavos = excluded.valor_centavos
         WHERE status <> excluded.status OR data <> excluded.data
            OR valor_centavos <> excluded.valor_centavos",
    )?
    .execute(params![
        usuario,
        l.r.id,
        l.tipo.api(),
        l.parcela,
        l.status.api(),
        l.data,
        l.centavos,
        l.descricao,
        nome,
        nome.to_lowercase(),
        busca_texto,
    ])?;
    Ok(())
}

fn centavos(v: Decimal) -> Option<i64> {
    (v * Decimal::ONE_HUNDRED).round().to_i64()
}

/// Brings `usuario`'s lines up to `agora`.
pub(crate) fn sincronizar(c: &Connection, usuario: i64, agora: Timestamp) -> Result<(), ApiError> {
    let reservas = reserva::carregar(
        c,
        "r.usuario_id = ?1 AND r.confirmada_em IS NOT NULL ORDER BY r.id",
        params![usuario],
    )?;
    let mut datas = c.prepare_cached(
        "SELECT aprovada_em, cancelada_em, atualizada_em FROM reservas WHERE id = ?1",
    )?;
    for r in &reservas {
        let (aprovada, cancelada, atualizada): (Option<i64>, Option<i64>, i64) =
            datas.query_row(params![r.id], |x| Ok((x.get(0)?, x.get(1)?, x.get(2)?)))?;
        linhas_da_reserva(c, usuario, r, (aprovada, cancelada, atualizada), agora)?;
    }
    Ok(())
}

fn linhas_da_reserva(
    c: &Connection,
    usuario: i64,
    r: &Reserva,
    (aprovada, cancelada, atualizada): (Option<i64>, Option<i64>, i64),
    agora: Timestamp,
) -> Result<(), ApiError> {
    let nome = &r.oferta.nome;
    let status = r.status(agora);
    let confirmada = r.confirmada_em.unwrap_or(r.criada_em);
    // The money left the investor's account when the brokerage approved the debit, or
    // when the Pix (or the settled debit) arrived.
    let liquidada = aprovada.or(r.paga_em);
    let aporte = match (liquidada, status) {
        (Some(quando), _) => Some((StatusMovimento::Liquidado, quando)),
        (None, "Aporte pendente" | "Em análise") => Some((StatusMovimento::Pendente, confirmada)),
        (None, "Cancelado" | "Rejeitado") => Some((StatusMovimento::Cancelado, confirmada)),
        _ => None,
    };
    if let Some((st, data)) = aporte {
        gravar(
            c,
            usuario,
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
    if liquidada.is_some() && matches!(status, "Cancelado" | "Rejeitado") {
        gravar(
            c,
            usuario,
            &Linha {
                r,
                tipo: TipoMovimento::Estorno,
                parcela: 0,
                status: StatusMovimento::Liquidado,
                data: cancelada.unwrap_or(atualizada),
                centavos: r.centavos,
                descricao: format!("Estorno do aporte em {nome}"),
            },
        )?;
    }
    if matches!(status, "Pago" | "Aprovado") {
        parcelas(c, usuario, r, agora)?;
    }
    Ok(())
}

/// The installments already paid: interest as Rendimento; at maturity the principal as
/// Amortizacao (and the last period's interest as Rendimento).
fn parcelas(c: &Connection, usuario: i64, r: &Reserva, agora: Timestamp) -> Result<(), ApiError> {
    let nome = &r.oferta.nome;
    let fluxo = r.fluxo(agora);
    let total = fluxo.len();
    let agora_ms = tempo::ms(agora);
    for p in &fluxo {
        let Some(quando) = tempo::no_dia(p.data, HORA_DO_PAGAMENTO, 0, 0).map(tempo::ms) else {
            continue;
        };
        if quando > agora_ms {
            break;
        }
        let ultima = usize::try_from(p.numero).is_ok_and(|n| n == total);
        let valor =
            centavos(p.valor).ok_or_else(|| ApiError::interno("parcela fora do intervalo"))?;
        let juros = if ultima { valor - r.centavos } else { valor };
        if juros > 0 {
            gravar(
                c,
                usuario,
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
        if ultima {
            gravar(
                c,
                usuario,
                &Linha {
                    r,
                    tipo: TipoMovimento::Amortizacao,
                    parcela: p.numero,
                    status: StatusMovimento::Liquidado,
                    data: quando,
                    centavos: r.centavos,
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
    let usuario: i64 = c.query_row(
        "SELECT usuario_id FROM reservas WHERE id = ?1",
        params![reserva_id],
        |x| x.get(0),
    )?;
    sincronizar(c, usuario, agora)
}

//! Every SQL statement of the holdings: recorded instalment payments, the issuer's
//! suspension of payments, recovery steps, the issuer's updates and what the investor was
//! already told. Handlers call these functions and hold no SQL.

use jiff::civil::Date;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, params};
use rust_decimal::Decimal;

use crate::domain::status::ReservaStatus;
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::investimentos::modelo::{TipoAtualizacao, TipoRecuperacao};

/// A recovery step of a holding, as stored.
#[derive(Debug, Clone)]
pub(crate) struct Recuperacao {
    pub(crate) id: i64,
    pub(crate) reserva_id: i64,
    pub(crate) data: Date,
    pub(crate) tipo: TipoRecuperacao,
    pub(crate) titulo: String,
    pub(crate) descricao: String,
    pub(crate) valor: Option<Decimal>,
}

/// An issuer's update of an offering.
#[derive(Debug, Clone)]
pub(crate) struct Atualizacao {
    pub(crate) id: i64,
    pub(crate) captacao_id: i64,
    pub(crate) data: Date,
    pub(crate) tipo: TipoAtualizacao,
    pub(crate) titulo: String,
    pub(crate) texto: String,
    pub(crate) relatorio: Option<String>,
    /// The offering's name, for the report.
    pub(crate) nome_captacao: String,
}

macro_rules! codigo_em_sql {
    ($($tipo:ident),+) => {$(
        impl ToSql for $tipo {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.codigo()))
            }
        }

        impl FromSql for $tipo {
            fn column_result(valor: ValueRef<'_>) -> FromSqlResult<Self> {
                let texto = valor.as_str()?;
                $tipo::de_codigo(texto).ok_or_else(|| {
                    FromSqlError::Other(format!("{}: desconhecido {texto:?}", stringify!($tipo)).into())
                })
            }
        }
    )+};
}

codigo_em_sql!(TipoRecuperacao, TipoAtualizacao);

fn dia(r: &Row<'_>, i: usize) -> rusqlite::Result<Date> {
    let texto: String = r.get(i)?;
    texto.parse().map_err(|e: jiff::Error| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
    })
}

pub(crate) fn recuperacao(r: &Row<'_>) -> rusqlite::Result<Recuperacao> {
    Ok(Recuperacao {
        id: r.get(0)?,
        reserva_id: r.get(1)?,
        data: dia(r, 2)?,
        tipo: r.get(3)?,
        titulo: r.get(4)?,
        descricao: r.get(5)?,
        valor: r.get::<_, Option<i64>>(6)?.map(|c| Decimal::new(c, 2)),
    })
}

/// The recovery steps of every reservation of `usuario`, oldest first.
pub(crate) fn recuperacoes_do_usuario(
    c: &Connection,
    usuario: i64,
) -> Result<Vec<Recuperacao>, ApiError> {
    let mut q = c.prepare_cached(
        "SELECT e.id, e.reserva_id, e.data, e.tipo, e.titulo, e.descricao, e.valor_centavos
         FROM eventos_recuperacao e JOIN reservas r ON r.id = e.reserva_id
         WHERE r.usuario_id = ?1 ORDER BY e.data, e.id",
    )?;
    let lista = q
        .query_map(params![usuario], recuperacao)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// Records a recovery step of reservation `reserva`.
pub(crate) fn gravar_recuperacao(
    c: &Connection,
    reserva: i64,
    data: Date,
    tipo: TipoRecuperacao,
    (titulo, descricao): (&str, &str),
    valor_centavos: Option<i64>,
) -> Result<i64, ApiError> {
    c.execute(
        "INSERT INTO eventos_recuperacao (reserva_id, data, tipo, titulo, descricao, valor_centavos)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            reserva,
            data.to_string(),
            tipo,
            titulo,
            descricao,
            valor_centavos
        ],
    )?;
    Ok(c.last_insert_rowid())
}

/// Records (or replaces) what the issuer paid of instalment `numero` of `reserva`.
pub(crate) fn gravar_pagamento(
    c: &Connection,
    reserva: i64,
    numero: u32,
    centavos: i64,
    pago_em: Date,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO pagamentos_parcelas (reserva_id, numero, pago_centavos, pago_em)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (reserva_id, numero) DO UPDATE SET pago_centavos = ?3, pago_em = ?4",
        params![reserva, numero, centavos, pago_em.to_string()],
    )?;
    Ok(())
}

/// From `desde` on, the issuer of `captacao` pays only what is recorded.
pub(crate) fn suspender_pagamentos(
    c: &Connection,
    captacao: i64,
    desde: Date,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO captacao_pagamentos_suspensos (captacao_id, desde) VALUES (?1, ?2)
         ON CONFLICT (captacao_id) DO UPDATE SET desde = ?2",
        params![captacao, desde.to_string()],
    )?;
    Ok(())
}

const ATUALIZACAO: &str = "SELECT a.id, a.captacao_id, a.data, a.tipo, a.titulo, a.texto,
    a.relatorio_nome, c.nome FROM atualizacoes_emissora a JOIN captacoes c ON c.id = a.captacao_id";

fn atualizacao(r: &Row<'_>) -> rusqlite::Result<Atualizacao> {
    Ok(Atualizacao {
        id: r.get(0)?,
        captacao_id: r.get(1)?,
        data: dia(r, 2)?,
        tipo: r.get(3)?,
        titulo: r.get(4)?,
        texto: r.get(5)?,
        relatorio: r.get(6)?,
        nome_captacao: r.get(7)?,
    })
}

/// The updates of offering `captacao` published by `hoje`, newest first.
pub(crate) fn atualizacoes(
    c: &Connection,
    captacao: i64,
    hoje: Date,
) -> Result<Vec<Atualizacao>, ApiError> {
    let mut q = c.prepare_cached(&format!(
        "{ATUALIZACAO} WHERE a.captacao_id = ?1 AND a.data <= ?2 ORDER BY a.data DESC, a.id DESC"
    ))?;
    let lista = q
        .query_map(params![captacao, hoje.to_string()], atualizacao)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// The updates published by `hoje` of the offerings `usuario` holds (Pago, Aprovado).
pub(crate) fn atualizacoes_do_usuario(
    c: &Connection,
    usuario: i64,
    hoje: Date,
) -> Result<Vec<Atualizacao>, ApiError> {
    let mut q = c.prepare_cached(&format!(
        "{ATUALIZACAO} WHERE a.data <= ?2 AND a.captacao_id IN (
            SELECT captacao_id FROM reservas WHERE usuario_id = ?1 AND status IN (?3, ?4))
         ORDER BY a.data, a.id"
    ))?;
    let lista = q
        .query_map(
            params![
                usuario,
                hoje.to_string(),
                ReservaStatus::Pago,
                ReservaStatus::Aprovado
            ],
            atualizacao,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// Update `id` of offering `captacao`, if it was published by `hoje`.
pub(crate) fn atualizacao_por_id(
    c: &Connection,
    captacao: i64,
    id: i64,
    hoje: Date,
) -> Result<Option<Atualizacao>, ApiError> {
    Ok(c.row(
        &format!("{ATUALIZACAO} WHERE a.id = ?1 AND a.captacao_id = ?2 AND a.data <= ?3"),
        params![id, captacao, hoje.to_string()],
        atualizacao,
    )
    .optional()?)
}

/// Publishes an update of offering `captacao`; `relatorio` names its report (periodic ones).
pub(crate) fn publicar(
    c: &Connection,
    captacao: i64,
    data: Date,
    tipo: TipoAtualizacao,
    (titulo, texto): (&str, &str),
    relatorio: Option<&str>,
) -> Result<i64, ApiError> {
    c.execute(
        "INSERT INTO atualizacoes_emissora (captacao_id, data, tipo, titulo, texto, relatorio_nome)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![captacao, data.to_string(), tipo, titulo, texto, relatorio],
    )?;
    Ok(c.last_insert_rowid())
}

/// What `usuario` was told under `chave` about their holding in `captacao`.
pub(crate) fn avisado(
    c: &Connection,
    usuario: i64,
    captacao: i64,
    chave: &str,
) -> Result<Option<String>, ApiError> {
    Ok(c.row(
        "SELECT valor FROM avisos_investimento
         WHERE usuario_id = ?1 AND captacao_id = ?2 AND chave = ?3",
        params![usuario, captacao, chave],
        |r| r.get(0),
    )
    .optional()?)
}

/// Remembers that `usuario` was told `valor` under `chave` about `captacao`.
pub(crate) fn avisar(
    c: &Connection,
    (usuario, captacao): (i64, i64),
    chave: &str,
    valor: &str,
    agora_ms: i64,
) -> Result<(), ApiError> {
    c.execute(
        "INSERT INTO avisos_investimento (usuario_id, captacao_id, chave, valor, avisado_em)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (usuario_id, captacao_id, chave) DO UPDATE SET valor = ?4, avisado_em = ?5",
        params![usuario, captacao, chave, valor, agora_ms],
    )?;
    Ok(())
}

/// The investors holding (Pago, Aprovado) some offering, with their e-mail.
pub(crate) fn titulares(c: &Connection) -> Result<Vec<(i64, String)>, ApiError> {
    let mut q = c.prepare_cached(
        "SELECT DISTINCT u.id, u.email FROM usuarios u JOIN reservas r ON r.usuario_id = u.id
         WHERE r.status IN (?1, ?2) ORDER BY u.id",
    )?;
    let lista = q
        .query_map(params![ReservaStatus::Pago, ReservaStatus::Aprovado], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// Whether offering `id` exists.
pub(crate) fn captacao_existe(c: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(c.row(
        "SELECT EXISTS (SELECT 1 FROM captacoes WHERE id = ?1)",
        params![id],
        |r| r.get(0),
    )?)
}

/// The investor's e-mail.
pub(crate) fn email(c: &Connection, usuario: i64) -> Result<String, ApiError> {
    Ok(c.row(
        "SELECT email FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| r.get(0),
    )?)
}

//! Every SQL statement of the reservation resource: reservations read as typed rows
//! ([`Reserva`]) and written by named steps of their life cycle. Handlers call these
//! functions and hold no SQL.

pub(crate) mod captacao;
pub(crate) mod carteira;
pub(crate) mod movimentos;
pub(crate) mod pedido;
pub(crate) mod transicoes;

use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};
use rust_decimal::Decimal;

use crate::sandbox::db::CachedRow;
use crate::sandbox::emissor::Emissor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::reservas::reserva::parcelas::PagamentoGravado;
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::reservas::reserva::{OfertaDaReserva, Reserva, nao_encontrada};

pub(crate) use carteira::Titular;

const SELECT: &str = concat!(
    "SELECT r.id, r.captacao_id, r.status, r.tipo_pagamento,
        r.investimento_centavos, r.termo_opcao, r.termo_aceito_em, r.confirmada_em,
        r.pix_vencimento, r.paga_em, r.inicio_rendimento, r.criada_em,
        c.nome, c.url_amigavel, c.rendimento_centesimos, c.rendimento_descricao,
        c.vencimento_meses, c.periodicidade_meses, c.rating, c.classificacao_esg, c.garantias,
        c.descricao_pagamento, c.cidade, c.uf,
        r.motivo_cancelamento, r.desistencia_ate, r.repassada_em, r.usuario_id, c.inicio_captacao, ",
    // The columns of `sandbox::emissor::COLUNAS`, written out: `concat!` takes literals.
    "e.razao_social, e.cnpj, e.sede_endereco, e.sede_cidade, e.sede_uf, e.projeto, e.uso_recursos, e.taxa_plataforma_centesimos,
    (SELECT json_group_array(json_array(p.numero, p.pago_centavos, p.pago_em))
        FROM pagamentos_parcelas p WHERE p.reserva_id = r.id),
    (SELECT s.desde FROM captacao_pagamentos_suspensos s WHERE s.captacao_id = c.id),
    c.fim_captacao,
    (SELECT json_group_array(json_array(e.data, e.tipo))
        FROM eventos_recuperacao e JOIN reservas o ON o.id = e.reserva_id
        WHERE o.captacao_id = r.captacao_id AND o.usuario_id = r.usuario_id)
    FROM reservas r JOIN captacoes c ON c.id = r.captacao_id
    LEFT JOIN captacao_emissores e ON e.captacao_id = c.id"
);

impl Reserva {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Reserva> {
        let garantias: String = r.get(20)?;
        Ok(Reserva {
            id: r.get(0)?,
            captacao_id: r.get(1)?,
            status_gravado: r.get(2)?,
            tipo_pagamento: r.get(3)?,
            centavos: r.get(4)?,
            termo_opcao: r.get(5)?,
            termo_aceito_em: r.get(6)?,
            confirmada_em: r.get(7)?,
            pix_vencimento: r.get(8)?,
            paga_em: r.get(9)?,
            inicio_rendimento: r.get(10)?,
            criada_em: r.get(11)?,
            motivo_cancelamento: r.get(24)?,
            desistencia_ate: r.get(25)?,
            repassada_em: r.get(26)?,
            usuario_id: r.get(27)?,
            pagamentos: PagamentoGravado::lista(&r.get::<_, String>(37)?)
                .map_err(|e| rusqlite::Error::FromSqlConversionFailure(37, Type::Text, e.into()))?,
            suspensos_desde: r
                .get::<_, Option<String>>(38)?
                .map(|d| d.parse::<jiff::civil::Date>())
                .transpose()
                .map_err(|e| rusqlite::Error::FromSqlConversionFailure(38, Type::Text, e.into()))?,
            recuperacoes: serde_json::from_str(&r.get::<_, String>(40)?)
                .map_err(|e| rusqlite::Error::FromSqlConversionFailure(40, Type::Text, e.into()))?,
            oferta: OfertaDaReserva {
                nome: r.get(12)?,
                url_amigavel: r.get(13)?,
                taxa: Decimal::new(r.get(14)?, 2),
                rendimento_descricao: r.get(15)?,
                prazo: r.get(16)?,
                periodicidade: r.get(17)?,
                rating: r.get(18)?,
                classificacao_esg: r.get(19)?,
                garantias: garantias
                    .split(',')
                    .filter(|g| !g.is_empty())
                    .map(str::to_owned)
                    .collect(),
                descricao_pagamento: r.get(21)?,
                cidade: r.get(22)?,
                uf: r.get(23)?,
                abertura: r.get(28)?,
                fim: r.get(39)?,
                emissor: Emissor::from_row(r, 29)?,
            },
        })
    }
}

/// Reservations matching `onde` (a WHERE clause over `r`/`c` with `?N` parameters).
pub(crate) fn carregar(
    c: &Connection,
    onde: &str,
    parametros: &[&dyn ToSql],
) -> Result<Vec<Reserva>, ApiError> {
    let mut q = c.prepare_cached(&format!("{SELECT} WHERE {onde}"))?;
    let lista = q
        .query_map(parametros, Reserva::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// Reservation `id`, whoever holds it (the back office's view).
pub(crate) fn por_id(c: &Connection, id: i64) -> Result<Reserva, ApiError> {
    carregar(c, "r.id = ?1", params![id])?
        .into_iter()
        .next()
        .ok_or_else(nao_encontrada)
}

/// The investor's reservation `id`; another investor's is answered as unknown (404).
pub(crate) fn do_investidor(c: &Connection, id: i64, usuario_id: i64) -> Result<Reserva, ApiError> {
    carregar(
        c,
        "r.id = ?1 AND r.usuario_id = ?2",
        params![id, usuario_id],
    )?
    .into_iter()
    .next()
    .ok_or_else(nao_encontrada)
}

/// The investor's reservations, newest first.
pub(crate) fn do_usuario(c: &Connection, usuario: i64) -> Result<Vec<Reserva>, ApiError> {
    carregar(
        c,
        "r.usuario_id = ?1 ORDER BY r.criada_em DESC, r.id DESC",
        params![usuario],
    )
}

/// The investor's reservations cancelled by a withdrawal or a failed offering since
/// `desde` (ms), newest first.
pub(crate) fn canceladas_desde(
    c: &Connection,
    usuario: i64,
    desde: i64,
) -> Result<Vec<Reserva>, ApiError> {
    carregar(
        c,
        "r.usuario_id = ?1 AND r.motivo_cancelamento IS NOT NULL AND r.cancelada_em >= ?2
         ORDER BY r.cancelada_em DESC, r.id DESC",
        params![usuario, desde],
    )
}

/// The investor's invested reservations (Pago, Aprovado), oldest first.
pub(crate) fn investidas(c: &Connection, usuario: i64) -> Result<Vec<Reserva>, ApiError> {
    carregar(
        c,
        "r.usuario_id = ?1 AND r.status IN (?2, ?3) ORDER BY r.criada_em, r.id",
        params![usuario, ReservaStatus::Pago, ReservaStatus::Aprovado],
    )
}

/// The reservations of offering `captacao`, by id.
pub(crate) fn da_captacao(c: &Connection, captacao: i64) -> Result<Vec<Reserva>, ApiError> {
    carregar(c, "r.captacao_id = ?1 ORDER BY r.id", params![captacao])
}

/// The investor's name, CPF and e-mail, shown on every document; no such investor is an
/// invalid session.
pub(crate) fn titular(c: &Connection, usuario: i64) -> Result<Titular, ApiError> {
    c.row(
        "SELECT nome, cpf, email FROM usuarios WHERE id = ?1",
        params![usuario],
        Titular::from_row,
    )
    .optional()?
    .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))
}

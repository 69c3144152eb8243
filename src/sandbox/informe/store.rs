//! The SQL of the income report: the investor's earning reservations and who they are.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::status::ReservaStatus;
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::store as reservas;

/// The investor's earning reservations (paid by Pix, or approved by the brokerage),
/// oldest first.
pub(crate) fn investidas(c: &Connection, usuario: i64) -> Result<Vec<Reserva>, ApiError> {
    reservas::carregar(
        c,
        "r.usuario_id = ?1 AND r.status IN (?2, ?3) ORDER BY r.id",
        params![usuario, ReservaStatus::Pago, ReservaStatus::Aprovado],
    )
}

/// The beneficiary of the report.
pub(crate) struct Beneficiario {
    pub(crate) nome: String,
    pub(crate) cpf: String,
}

/// The investor's name and CPF; `None` when the user is gone (a reset database).
pub(crate) fn beneficiario(c: &Connection, usuario: i64) -> Result<Option<Beneficiario>, ApiError> {
    Ok(c.row(
        "SELECT nome, cpf FROM usuarios WHERE id = ?1",
        params![usuario],
        |r| {
            Ok(Beneficiario {
                nome: r.get(0)?,
                cpf: r.get(1)?,
            })
        },
    )
    .optional()?)
}

/// An offering's issuer and IRPF codes, as the declaration needs them.
pub(crate) struct Tributacao {
    pub(crate) razao_social: String,
    pub(crate) cnpj: String,
    pub(crate) bens_grupo: String,
    pub(crate) bens_codigo: String,
    pub(crate) rendimentos: crate::domain::irpf::Rendimentos,
    pub(crate) rendimentos_codigo: String,
}

impl Tributacao {
    /// An offering with no issuer stored: the columns' defaults (the codes of a CPR-F held
    /// by an individual), the issuer not named.
    pub(crate) fn nao_informada() -> Tributacao {
        Tributacao {
            razao_social: "Emissor não informado".to_owned(),
            cnpj: String::new(),
            bens_grupo: "04".to_owned(),
            bens_codigo: "03".to_owned(),
            rendimentos: crate::domain::irpf::Rendimentos::Isento,
            rendimentos_codigo: "12".to_owned(),
        }
    }
}

/// `None` when the offering has no issuer stored.
pub(crate) fn tributacao(c: &Connection, captacao: i64) -> Result<Option<Tributacao>, ApiError> {
    let linha = c
        .row(
            "SELECT razao_social, cnpj, irpf_bens_grupo, irpf_bens_codigo, irpf_rendimentos,
                    irpf_rendimentos_codigo
             FROM captacao_emissores WHERE captacao_id = ?1",
            params![captacao],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                ))
            },
        )
        .optional()?;
    Ok(linha.and_then(
        |(razao_social, cnpj, bens_grupo, bens_codigo, rend, rendimentos_codigo)| {
            // The column's CHECK admits only the two sections.
            let rendimentos = crate::domain::irpf::Rendimentos::from_sql(&rend)?;
            Some(Tributacao {
                razao_social,
                cnpj,
                bens_grupo,
                bens_codigo,
                rendimentos,
                rendimentos_codigo,
            })
        },
    ))
}

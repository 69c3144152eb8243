//! The SQL of the registration: the investor's row in `usuarios` (personal, address and
//! bank data, the registration state, the password hash), and in submodules the
//! documents, the investor profile and the annual-limit declarations.

pub(crate) mod declaracoes;
pub(crate) mod documentos;
pub(crate) mod suitability;

use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};

use crate::domain::status::CadastroStatus;
use crate::sandbox::db::CachedRow;
use crate::sandbox::erro::ApiError;

/// The investor's registration as stored.
pub(crate) struct Registro {
    pub(crate) id: i64,
    pub(crate) codigo: String,
    pub(crate) cadastro: CadastroStatus,
    pub(crate) nome: String,
    pub(crate) email: String,
    pub(crate) telefone_ddd: Option<String>,
    pub(crate) telefone_numero: Option<String>,
    pub(crate) cpf: String,
    pub(crate) genero: Option<String>,
    /// `YYYY-MM-DD`.
    pub(crate) data_nascimento: Option<String>,
    pub(crate) estado_nascimento: Option<String>,
    pub(crate) nacionalidade: Option<String>,
    pub(crate) pais: Option<String>,
    pub(crate) rg_numero: Option<String>,
    pub(crate) rg_estado: Option<String>,
    pub(crate) rg_emissor: Option<String>,
    pub(crate) politicamente_exposto: bool,
    pub(crate) cep: Option<String>,
    pub(crate) rua: Option<String>,
    pub(crate) numero: Option<String>,
    pub(crate) complemento: Option<String>,
    pub(crate) bairro: Option<String>,
    pub(crate) cidade: Option<String>,
    pub(crate) estado: Option<String>,
    pub(crate) pais_endereco: Option<String>,
    pub(crate) banco: Option<String>,
    pub(crate) agencia: Option<String>,
    pub(crate) digito_agencia: Option<String>,
    pub(crate) conta: Option<String>,
    pub(crate) digito_conta: Option<String>,
    pub(crate) tipo_conta: Option<String>,
    pub(crate) conta_corretora: Option<String>,
    pub(crate) observacao: Option<String>,
}

impl Registro {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Registro> {
        Ok(Registro {
            id: r.get(0)?,
            codigo: r.get(1)?,
            cadastro: r.get(2)?,
            nome: r.get(3)?,
            email: r.get(4)?,
            telefone_ddd: r.get(5)?,
            telefone_numero: r.get(6)?,
            cpf: r.get(7)?,
            genero: r.get(8)?,
            data_nascimento: r.get(9)?,
            estado_nascimento: r.get(10)?,
            nacionalidade: r.get(11)?,
            pais: r.get(12)?,
            rg_numero: r.get(13)?,
            rg_estado: r.get(14)?,
            rg_emissor: r.get(15)?,
            politicamente_exposto: r.get(16)?,
            cep: r.get(17)?,
            rua: r.get(18)?,
            numero: r.get(19)?,
            complemento: r.get(20)?,
            bairro: r.get(21)?,
            cidade: r.get(22)?,
            estado: r.get(23)?,
            pais_endereco: r.get(24)?,
            banco: r.get(25)?,
            agencia: r.get(26)?,
            digito_agencia: r.get(27)?,
            conta: r.get(28)?,
            digito_conta: r.get(29)?,
            tipo_conta: r.get(30)?,
            conta_corretora: r.get(31)?,
            observacao: r.get(32)?,
        })
    }
}

/// User `id`'s registration; `None` when the user is gone (a reset database).
pub(crate) fn registro(c: &Connection, id: i64) -> Result<Option<Registro>, ApiError> {
    Ok(c.row(
        "SELECT id, codigo, cadastro, nome, email, telefone_ddd, telefone_numero, cpf,
            genero, data_nascimento, estado_nascimento, nacionalidade, pais, rg_numero,
            rg_estado, rg_emissor, politicamente_exposto, cep, rua, numero, complemento,
            bairro, cidade, estado, pais_endereco, banco, agencia, digito_agencia, conta,
            digito_conta, tipo_conta, conta_corretora, observacao
         FROM usuarios WHERE id = ?1",
        params![id],
        Registro::from_row,
    )
    .optional()?)
}

/// Stores the changed fields, given as (column, new value). The column names must be the
/// caller's own constants, never text from a request.
pub(crate) fn alterar(
    c: &Connection,
    id: i64,
    colunas: Vec<(&'static str, Sql)>,
) -> Result<(), ApiError> {
    if colunas.is_empty() {
        return Ok(());
    }
    let sets: Vec<String> = colunas
        .iter()
        .enumerate()
        .map(|(i, (coluna, _))| format!("{coluna} = ?{}", i + 1))
        .collect();
    let sql = format!(
        "UPDATE usuarios SET {} WHERE id = ?{}",
        sets.join(", "),
        colunas.len() + 1
    );
    let valores = colunas
        .into_iter()
        .map(|(_, v)| v)
        .chain([Sql::Integer(id)]);
    c.execute(&sql, params_from_iter(valores))?;
    Ok(())
}

/// Whether the investor may pay by debit at the partner brokerage; `None`: no such user.
pub(crate) fn permite_liquidacao(c: &Connection, id: i64) -> Result<Option<bool>, ApiError> {
    Ok(c.row(
        "SELECT permite_liquidacao_ativa FROM usuarios WHERE id = ?1",
        params![id],
        |r| r.get::<_, bool>(0),
    )
    .optional()?)
}

/// The registration's state; `None`: no such user.
pub(crate) fn estado(c: &Connection, id: i64) -> Result<Option<CadastroStatus>, ApiError> {
    Ok(c.row(
        "SELECT cadastro FROM usuarios WHERE id = ?1",
        params![id],
        |r| r.get(0),
    )
    .optional()?)
}

/// Moves the registration to `novo`.
pub(crate) fn mudar_estado(c: &Connection, id: i64, novo: &CadastroStatus) -> Result<(), ApiError> {
    c.execute(
        "UPDATE usuarios SET cadastro = ?1 WHERE id = ?2",
        params![novo, id],
    )?;
    Ok(())
}

/// What a verification request needs: the state, and whether each part is complete.
pub(crate) struct Completude {
    pub(crate) cadastro: CadastroStatus,
    pub(crate) pessoais: bool,
    pub(crate) endereco: bool,
    /// How many of the two mandatory documents were sent.
    pub(crate) documentos: i64,
}

/// The parts of user `id`'s registration; `None`: no such user. A part is complete when
/// none of its fields is NULL or blank.
pub(crate) fn completude(c: &Connection, id: i64) -> Result<Option<Completude>, ApiError> {
    Ok(c.row(
        "SELECT cadastro,
            COALESCE(TRIM(nome), '') <> '' AND COALESCE(TRIM(telefone_ddd), '') <> ''
            AND COALESCE(TRIM(telefone_numero), '') <> ''
            AND COALESCE(TRIM(genero), '') <> ''
            AND COALESCE(TRIM(estado_nascimento), '') <> ''
            AND COALESCE(TRIM(nacionalidade), '') <> ''
            AND COALESCE(TRIM(rg_numero), '') <> ''
            AND COALESCE(TRIM(rg_estado), '') <> ''
            AND COALESCE(TRIM(rg_emissor), '') <> '',
            COALESCE(TRIM(cep), '') <> '' AND COALESCE(TRIM(rua), '') <> ''
            AND COALESCE(TRIM(numero), '') <> '' AND COALESCE(TRIM(bairro), '') <> ''
            AND COALESCE(TRIM(cidade), '') <> '' AND COALESCE(TRIM(estado), '') <> ''
            AND COALESCE(TRIM(pais_endereco), '') <> '',
            (SELECT COUNT(DISTINCT tipo) FROM documentos_usuario d
              WHERE d.usuario_id = u.id
                AND d.tipo IN ('IdentityDocument', 'SelfieWithDocument'))
         FROM usuarios u WHERE id = ?1",
        params![id],
        |r| {
            Ok(Completude {
                cadastro: r.get(0)?,
                pessoais: r.get(1)?,
                endereco: r.get(2)?,
                documentos: r.get(3)?,
            })
        },
    )
    .optional()?)
}

/// A new investor of the sign-up.
pub(crate) struct NovoInvestidor<'a> {
    pub(crate) codigo: &'a str,
    pub(crate) email: &'a str,
    pub(crate) senha_hash: &'a str,
    pub(crate) nome: &'a str,
    pub(crate) ddd: &'a str,
    pub(crate) numero: &'a str,
    pub(crate) cpf: &'a str,
    /// Unix ms.
    pub(crate) criado_em: i64,
}

/// Whether someone already registered with this CPF or e-mail.
pub(crate) fn cpf_ou_email_em_uso(
    c: &Connection,
    cpf: &str,
    email: &str,
) -> Result<bool, ApiError> {
    Ok(c.row(
        "SELECT 1 FROM usuarios WHERE cpf = ?1 OR email = ?2 LIMIT 1",
        params![cpf, email],
        |r| r.get::<_, i64>(0),
    )
    .optional()?
    .is_some())
}

/// Whether the client code is taken.
pub(crate) fn codigo_em_uso(c: &Connection, codigo: &str) -> Result<bool, ApiError> {
    Ok(c.row(
        "SELECT 1 FROM usuarios WHERE codigo = ?1",
        params![codigo],
        |r| r.get::<_, i64>(0),
    )
    .optional()?
    .is_some())
}

/// Stores a Básico investor with a temporary password; returns the new id.
pub(crate) fn inserir(c: &Connection, n: &NovoInvestidor<'_>) -> Result<i64, ApiError> {
    c.execute(
        "INSERT INTO usuarios (codigo, email, senha_hash, senha_temporaria, cadastro, nome,
            telefone_ddd, telefone_numero, cpf, criado_em)
         VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            n.codigo,
            n.email,
            n.senha_hash,
            CadastroStatus::Basico,
            n.nome,
            n.ddd,
            n.numero,
            n.cpf,
            n.criado_em
        ],
    )?;
    Ok(c.last_insert_rowid())
}

/// The stored password hash; `None`: no such user.
pub(crate) fn senha_hash(c: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(c.row(
        "SELECT senha_hash FROM usuarios WHERE id = ?1",
        params![id],
        |r| r.get(0),
    )
    .optional()?)
}

/// Replaces the password hash and clears the temporary-password flag, only if the hash is
/// still `antigo` (nobody changed it in between). Whether it was replaced.
pub(crate) fn trocar_senha(
    c: &Connection,
    id: i64,
    novo: &str,
    antigo: &str,
) -> Result<bool, ApiError> {
    let trocada = c.execute(
        "UPDATE usuarios SET senha_hash = ?1, senha_temporaria = 0
         WHERE id = ?2 AND senha_hash = ?3",
        params![novo, id, antigo],
    )?;
    Ok(trocada == 1)
}

//! The lifecycles' states in SQL: a state is stored as the platform's spelling (the same
//! text the API answers), and read back into its enum. Reading refuses a name the enum does
//! not know, or none: the schema's CHECK constraints only admit known names, so such a
//! value means the database and the code disagree, which must not pass silently as `Outro`.
//! Writing any value is left to those constraints.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::domain::status::{CadastroStatus, CaptacaoStatus, Estado, ParcelaStatus, ReservaStatus};

macro_rules! estado_em_sql {
    ($($tipo:ident),+) => {$(
        impl ToSql for $tipo {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.label()))
            }
        }

        impl FromSql for $tipo {
            fn column_result(valor: ValueRef<'_>) -> FromSqlResult<Self> {
                let estado = $tipo::from(valor.as_str()?);
                if estado.is_known() {
                    Ok(estado)
                } else {
                    Err(FromSqlError::Other(
                        format!("{}: estado desconhecido {:?}", stringify!($tipo), estado.label())
                            .into(),
                    ))
                }
            }
        }
    )+};
}

estado_em_sql!(CadastroStatus, ReservaStatus, CaptacaoStatus, ParcelaStatus);

/// `estado` as an SQL string literal (`'Aporte pendente'`), for the few statements that must
/// spell a state out instead of binding it: SQLite uses a partial index only for a query
/// whose `WHERE` repeats the index's condition as written, which a parameter cannot do.
/// Built from the enum so that no store types a state's name by hand.
pub(crate) fn literal(estado: &impl Estado) -> String {
    texto_literal(estado.label())
}

/// `texto` as an SQL string literal, its quotes doubled.
pub(crate) fn texto_literal(texto: &str) -> String {
    format!("'{}'", texto.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use rusqlite::{Connection, params};

    use super::*;

    fn conexao() -> Connection {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, estado TEXT) STRICT;")
            .unwrap();
        c
    }

    fn ler<E: FromSql>(c: &Connection, texto: Option<&str>) -> rusqlite::Result<E> {
        c.execute("DELETE FROM t", []).unwrap();
        c.execute("INSERT INTO t (id, estado) VALUES (1, ?1)", [texto])
            .unwrap();
        c.query_row("SELECT estado FROM t WHERE id = 1", [], |r| r.get(0))
    }

    /// Every known state is written as its platform spelling and read back as itself.
    fn ida_e_volta<E>(todos: &[E])
    where
        E: Estado + ToSql + FromSql + PartialEq + std::fmt::Debug,
    {
        let c = conexao();
        for estado in todos {
            c.execute("DELETE FROM t", []).unwrap();
            c.execute("INSERT INTO t (id, estado) VALUES (1, ?1)", params![estado])
                .unwrap();
            let texto: String = c
                .query_row("SELECT estado FROM t", [], |r| r.get(0))
                .unwrap();
            assert_eq!(texto, estado.label());
            let lido: E = c
                .query_row("SELECT estado FROM t", [], |r| r.get(0))
                .unwrap();
            assert_eq!(lido, *estado);
        }
    }

    #[test]
    fn todo_estado_conhecido_vai_e_volta_pelo_sql() {
        ida_e_volta(CadastroStatus::TODOS);
        ida_e_volta(ReservaStatus::TODOS);
        ida_e_volta(CaptacaoStatus::TODOS);
        ida_e_volta(ParcelaStatus::TODOS);
    }

    #[test]
    fn um_nome_desconhecido_ou_vazio_e_recusado_na_leitura() {
        let c = conexao();
        for texto in ["Em revisão", "", "  "] {
            let erro = ler::<ReservaStatus>(&c, Some(texto)).unwrap_err();
            assert!(
                matches!(
                    erro,
                    rusqlite::Error::FromSqlConversionFailure(_, _, ref e)
                        if e.to_string().contains("ReservaStatus")
                ),
                "{texto:?}: {erro}"
            );
        }
        assert!(ler::<CaptacaoStatus>(&c, Some("Aporte pendente")).is_err());
        assert!(ler::<CadastroStatus>(&c, Some("Suspenso")).is_err());
        assert!(ler::<ParcelaStatus>(&c, Some("Aprovado")).is_err());
    }

    #[test]
    fn a_leitura_tolera_caixa_e_acentos_como_o_parser() {
        let c = conexao();
        assert_eq!(
            ler::<ReservaStatus>(&c, Some("em analise")).unwrap(),
            ReservaStatus::EmAnalise
        );
        assert_eq!(
            ler::<CadastroStatus>(&c, Some("Básico")).unwrap(),
            CadastroStatus::Basico
        );
    }

    #[test]
    fn null_e_none_e_um_numero_e_recusado() {
        let c = conexao();
        assert_eq!(ler::<Option<ReservaStatus>>(&c, None).unwrap(), None);
        assert!(ler::<ReservaStatus>(&c, None).is_err());
        let numero: rusqlite::Result<ReservaStatus> = c.query_row("SELECT 7", [], |r| r.get(0));
        assert!(numero.is_err());
    }

    #[test]
    fn o_check_do_esquema_recusa_escrever_um_nome_desconhecido() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch(
            "CREATE TABLE r (status TEXT NOT NULL CHECK (status IN ('Aberto', 'Pago'))) STRICT;",
        )
        .unwrap();
        c.execute("INSERT INTO r VALUES (?1)", [ReservaStatus::Pago])
            .unwrap();
        let outro = ReservaStatus::Outro("Em revisão".into());
        assert!(c.execute("INSERT INTO r VALUES (?1)", [outro]).is_err());
        assert!(
            c.execute("INSERT INTO r VALUES (?1)", [ReservaStatus::Vazio])
                .is_err()
        );
    }

    #[test]
    fn um_literal_e_o_nome_do_estado_entre_aspas() {
        assert_eq!(literal(&ReservaStatus::AportePendente), "'Aporte pendente'");
        assert_eq!(texto_literal("d'Ávila"), "'d''Ávila'");
        let c = conexao();
        let lido: String = c
            .query_row(&format!("SELECT {}", texto_literal("d'Ávila")), [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(lido, "d'Ávila");
    }
}

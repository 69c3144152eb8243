//! Helpers for the stores' tests: a migrated database in memory and the plan of a query.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rusqlite::Connection;
use rusqlite::types::Value;

/// A fresh in-memory database with every migration applied.
pub(crate) fn em_memoria() -> Connection {
    let mut c = Connection::open_in_memory().unwrap();
    super::migrar(&mut c).unwrap();
    c
}

/// `EXPLAIN QUERY PLAN` of `sql` (its parameters bound to NULL), one step a line.
pub(crate) fn plano(c: &Connection, sql: &str) -> String {
    let mut stmt = c.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let nulos = vec![Value::Null; stmt.parameter_count()];
    stmt.query_map(rusqlite::params_from_iter(nulos), |r| r.get::<_, String>(3))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
        .join("\n")
}

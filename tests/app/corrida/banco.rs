//! The sandbox's SQLite file read directly, beside the API: the capacity recomputed in
//! SQL, the race's reservations, and the invariants a crash must not break.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, params};

pub fn abrir(dados: &Path) -> Connection {
    Connection::open_with_flags(dados.join("sandbox.db"), OpenFlags::SQLITE_OPEN_READ_WRITE)
        .unwrap()
}

/// Copies the database as the disk holds it (main file and write-ahead log) into a new
/// folder: the state a crash left, opened before anything else touches it.
pub fn copiar(dados: &Path, destino: &Path) -> PathBuf {
    std::fs::create_dir_all(destino).unwrap();
    for arquivo in ["sandbox.db", "sandbox.db-wal"] {
        let origem = dados.join(arquivo);
        if origem.exists() {
            std::fs::copy(&origem, destino.join(arquivo)).unwrap();
        }
    }
    destino.to_path_buf()
}

/// (limit, committed) of an offering in cents, recomputed from the rows with the
/// contract's rule: the stored base + Pago, Aprovado and Em análise + the Aporte
/// pendente whose Pix deadline has not passed.
pub fn capacidade(c: &Connection, captacao: i64) -> (i64, i64) {
    let agora = jiff::Timestamp::now().as_millisecond();
    c.query_row(
        "SELECT limite_centavos, arrecadado_base_centavos
            + (SELECT COALESCE(SUM(investimento_centavos), 0) FROM reservas
               WHERE captacao_id = ?1 AND status IN ('Pago', 'Aprovado', 'Em análise'))
            + (SELECT COALESCE(SUM(investimento_centavos), 0) FROM reservas
               WHERE captacao_id = ?1 AND status = 'Aporte pendente' AND pix_vencimento > ?2)
         FROM captacoes WHERE id = ?1",
        params![captacao, agora],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

/// The reservations of the synthetic investors on `captacao`: id → (status, cents).
pub fn da_corrida(c: &Connection, captacao: i64) -> HashMap<i64, (String, i64)> {
    let mut q = c
        .prepare(
            "SELECT r.id, r.status, r.investimento_centavos FROM reservas r
             JOIN usuarios u ON u.id = r.usuario_id
             WHERE r.captacao_id = ?1 AND u.email LIKE 'carga-%'",
        )
        .unwrap();
    q.query_map(params![captacao], |r| {
        Ok((r.get(0)?, (r.get(1)?, r.get(2)?)))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// What no crash may break: the file's own integrity, its foreign keys, and the
/// confirmation's three writes being all there or none (each synthetic investor's
/// confirmed reservation has exactly one Aporte line of its amount, and its investor one
/// notice per confirmation; the seed's background reservations get their lines lazily,
/// when their statement is read, so they are left out).
pub fn consistente(c: &Connection) {
    let integridade: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integridade, "ok");
    let orfaos: i64 = c
        .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(orfaos, 0, "rows pointing at nothing");
    let sem_aporte: Vec<i64> = c
        .prepare(
            "SELECT r.id FROM reservas r JOIN usuarios u ON u.id = r.usuario_id
             WHERE u.email LIKE 'carga-%'
               AND r.confirmada_em IS NOT NULL AND r.status = 'Aporte pendente'
               AND (SELECT COUNT(*) FROM movimentos m WHERE m.reserva_id = r.id AND m.tipo = 'Aporte'
                    AND m.status = 'Pendente' AND m.valor_centavos = -r.investimento_centavos) <> 1",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        sem_aporte.is_empty(),
        "confirmed without its Aporte line: {sem_aporte:?}"
    );
    let sem_confirmar: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM movimentos m JOIN reservas r ON r.id = m.reserva_id
             WHERE r.confirmada_em IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        sem_confirmar, 0,
        "statement lines of unconfirmed reservations"
    );
    let avisos_errados: Vec<(String, i64, i64)> = c
        .prepare(
            "SELECT u.email,
                (SELECT COUNT(*) FROM reservas r WHERE r.usuario_id = u.id AND r.confirmada_em IS NOT NULL),
                (SELECT COUNT(*) FROM notificacoes n WHERE n.usuario_id = u.id)
             FROM usuarios u WHERE u.email LIKE 'carga-%'",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
        .into_iter()
        .filter(|(_, confirmadas, avisos)| confirmadas != avisos)
        .collect();
    assert!(
        avisos_errados.is_empty(),
        "(investor, confirmed, notices): {avisos_errados:?}"
    );
}

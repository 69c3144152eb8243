//! Catching up writes only what is new or changed.

use super::*;
use crate::sandbox::reservas::movimentos::{em_dia, sincronizar};

/// `sql` run in a write transaction after the investor's catching up, and how many rows
/// the catching up changed.
async fn sincronizar_depois(amb: &Ambiente, sql: &'static str) -> u64 {
    amb.sandbox
        .db()
        .write(move |tx| {
            let usuario = id_do_investidor(tx)?;
            tx.execute(sql, [usuario])?;
            let antes = tx.total_changes();
            sincronizar(tx, usuario, tempo::agora())?;
            Ok(tx.total_changes() - antes)
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn catching_up_again_writes_nothing_and_mends_a_changed_line() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (antes, n) = super::janela(&amb.router, &t, 0, "").await;
    assert!(n > 0);
    // The seed's lines are up to date: nothing to write.
    assert_eq!(
        sincronizar_depois(&amb, "UPDATE usuarios SET id = id WHERE 0 AND id = ?1").await,
        0
    );
    // A line whose stored amount differs from what the life cycle says is written again,
    // and only that one.
    let mudadas = sincronizar_depois(
        &amb,
        "UPDATE movimentos SET valor_centavos = valor_centavos + 1
         WHERE id = (SELECT MAX(id) FROM movimentos WHERE usuario_id = ?1)",
    )
    .await;
    assert_eq!(mudadas, 1);
    // A line that went missing comes back.
    let mudadas = sincronizar_depois(
        &amb,
        "DELETE FROM movimentos
         WHERE id = (SELECT MIN(id) FROM movimentos WHERE usuario_id = ?1)",
    )
    .await;
    assert_eq!(mudadas, 1);
    let (depois, _) = super::janela(&amb.router, &t, 0, "").await;
    let sem_id = |v: &[Value]| -> Vec<Value> {
        v.iter()
            .map(|l| {
                let mut l = l.clone();
                l.as_object_mut().unwrap().remove("id");
                l
            })
            .collect()
    };
    assert_eq!(sem_id(&depois), sem_id(&antes));
}

/// The demo investor's id.
fn id_do_investidor(c: &rusqlite::Connection) -> rusqlite::Result<i64> {
    c.query_row(
        "SELECT id FROM usuarios WHERE email = ?1",
        [INVESTIDOR],
        |r| r.get(0),
    )
}

/// The investor's id.
async fn usuario(amb: &Ambiente) -> i64 {
    amb.sandbox
        .db()
        .read(|c| Ok(id_do_investidor(c)?))
        .await
        .unwrap()
}

/// Whether `usuario`'s stored lines are those of now (`movimentos::em_dia`).
async fn em_dia_agora(amb: &Ambiente, usuario: i64) -> bool {
    amb.sandbox
        .db()
        .read(move |c| em_dia(c, usuario, tempo::agora()))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_statement_with_nothing_fallen_due_is_read_without_the_write_lock() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (antes, n) = super::janela(&amb.router, &t, 0, "").await;
    assert!(n > 0);
    let u = usuario(&amb).await;
    assert!(em_dia_agora(&amb, u).await);
    let (durante, _) = enquanto_outro_escreve(&amb, super::janela(&amb.router, &t, 0, ""))
        .await
        .expect("the statement waited for the write lock");
    assert_eq!(durante, antes);
    // The PDF of the same lines too (its lines read, then built apart).
    let pdf = enquanto_outro_escreve(
        &amb,
        get(
            &amb.router,
            "/v1/reservas/extrato/exportar/Pdf?dias=90",
            Some(&t),
        ),
    )
    .await
    .expect("the PDF waited for the write lock");
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.texto());
}

/// `pedido` asked for while another writer (an order, say) holds the write lock: its
/// answer, or `None` when it waited for the lock (2 s).
async fn enquanto_outro_escreve<T>(
    amb: &Ambiente,
    pedido: impl std::future::Future<Output = T>,
) -> Option<T> {
    let (segurando, segura) = tokio::sync::oneshot::channel();
    let (soltar, solta) = std::sync::mpsc::channel::<()>();
    let db = amb.sandbox.db().clone();
    let escritor = tokio::spawn(async move {
        db.write(move |_tx| {
            segurando.send(()).unwrap();
            solta.recv().unwrap();
            Ok(())
        })
        .await
    });
    segura.await.unwrap();
    let resposta = tokio::time::timeout(std::time::Duration::from_secs(2), pedido).await;
    soltar.send(()).unwrap();
    escritor.await.unwrap().unwrap();
    resposta.ok()
}

#[tokio::test]
async fn a_statement_with_a_line_to_catch_up_writes_it_first() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (antes, _) = super::janela(&amb.router, &t, 0, "").await;
    let u = usuario(&amb).await;
    // A line goes missing, as an installment that fell due since the last catching up.
    amb.sandbox
        .db()
        .write(move |tx| {
            tx.execute(
                "DELETE FROM movimentos
                 WHERE id = (SELECT MAX(id) FROM movimentos WHERE usuario_id = ?1)",
                [u],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    assert!(!em_dia_agora(&amb, u).await);
    let (depois, _) = super::janela(&amb.router, &t, 0, "").await;
    assert_eq!(depois.len(), antes.len());
    assert!(em_dia_agora(&amb, u).await);
}

//! The statement's PDF: the filter, the totals and every line.

use super::*;

#[tokio::test]
async fn o_pdf_do_extrato_traz_o_filtro_os_totais_e_cada_movimentacao() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (linhas, total) = extrato(&amb.router, &t, "dias=90&PageSize=1000").await;
    assert!(total > 0);
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/pdf?dias=90",
        Some(&t),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(r.headers["content-type"], "application/pdf");
    assert_eq!(
        r.headers["content-disposition"],
        "attachment; filename=\"extrato.pdf\""
    );
    crate::sandbox::pdf::tests::conformidade::verificar(&r.corpo, "Extrato de movimentações");
    let texto = crate::sandbox::pdf::tests::texto_do_pdf(&r.corpo);
    assert!(texto.contains("Extrato de movimentações"), "{texto}");
    assert!(
        texto.contains(&format!("Movimentações: {total}")),
        "{texto}"
    );
    assert!(texto.contains("Saldo do período:"));
    assert!(texto.contains("página 1 de"));
    // The first movement's description, dashes and all, in its table cell.
    let primeira = linhas[0]["descricao"].as_str().unwrap();
    let primeira = primeira.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(texto.contains(&primeira), "{primeira}: {texto}");

    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Csv?dias=7",
        Some(&t),
    )
    .await;
    assert_erro(
        &r,
        StatusCode::BAD_REQUEST,
        "Tipo de exportação não suportado.",
    );
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Pdf?dias=91",
        Some(&t),
    )
    .await;
    assert_erro(
        &r,
        StatusCode::BAD_REQUEST,
        "O período não pode ultrapassar 90 dias.",
    );
    let r = get(
        &amb.router,
        "/v1/reservas/extrato/exportar/Pdf?codigoCliente=000000",
        Some(&t),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let r = get(&amb.router, "/v1/reservas/extrato/exportar/Pdf", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

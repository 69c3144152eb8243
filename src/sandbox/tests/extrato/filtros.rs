//! The product search, paging, and the refusals of the period and the filters.

use super::*;

#[tokio::test]
async fn busca_produto_e_paginas() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (todas, total) = janela(&amb.router, &t, 0, "").await;
    let nome = todas.iter().find(|l| l["tipo"] == "Rendimento").unwrap()["nomeAtivo"]
        .as_str()
        .unwrap()
        .to_owned();
    let pedaco: String = nome
        .chars()
        .skip(3)
        .take(12)
        .collect::<String>()
        .to_uppercase();
    let q = format!("&Produto={}", urlencoding(&pedaco));
    let (por_produto, n) = janela(&amb.router, &t, 0, &q).await;
    assert!(n > 0 && n < total);
    assert!(por_produto.iter().all(|l| {
        l["nomeAtivo"]
            .as_str()
            .unwrap()
            .to_uppercase()
            .contains(&pedaco)
    }));
    // FieldSearch: description, asset or bank, case-insensitive.
    let (por_texto, _) = janela(
        &amb.router,
        &t,
        0,
        "&FieldSearch=%20amortiza%C3%A7%C3%A3o%20",
    )
    .await;
    assert!(!por_texto.is_empty() && por_texto.iter().all(|l| l["tipo"] == "Amortizacao"));
    assert_eq!(
        janela(&amb.router, &t, 0, "&FieldSearch=ITA%C3%9A").await.1,
        total
    );
    assert_eq!(
        janela(&amb.router, &t, 0, "&FieldSearch=nada-assim")
            .await
            .1,
        0
    );
    // Paging over the same total.
    let base = format!("dataInicio={}&dataFim={}", dia(89), dia(0));
    let (p1, t1) = extrato(&amb.router, &t, &format!("{base}&PageSize=2")).await;
    let (p2, t2) = extrato(&amb.router, &t, &format!("{base}&PageSize=2&Page=2")).await;
    assert_eq!((t1, t2), (total, total));
    assert_eq!(p1, todas[0..2]);
    assert_eq!(p2, todas[2..4]);
    let (alem, t3) = extrato(&amb.router, &t, &format!("{base}&Page=999")).await;
    assert!(alem.is_empty() && t3 == total);
    assert_eq!(
        extrato(&amb.router, &t, &base).await.0.len(),
        10.min(total as usize)
    );
}

#[tokio::test]
async fn recusas_do_periodo_e_dos_filtros() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let recusa = |q: String, msg: &'static str| {
        let router = amb.router.clone();
        let t = t.clone();
        async move {
            let r = get(&router, &format!("/v1/reservas/extrato?{q}"), Some(&t)).await;
            assert_erro(&r, StatusCode::BAD_REQUEST, msg);
        }
    };
    recusa(
        format!("dataInicio={}", dia(3)),
        "Informe a data inicial e a data final.",
    )
    .await;
    recusa(
        format!("dataFim={}&dias=5", dia(3)),
        "Informe a data inicial e a data final.",
    )
    .await;
    recusa(
        format!("dataInicio={}&dataFim={}", dia(2), dia(3)),
        "A data inicial deve ser anterior à data final.",
    )
    .await;
    let noventa = "O período não pode ultrapassar 90 dias.";
    // 91 calendar days, both ends counted: one more than `dias=90` covers.
    recusa(
        format!("dataInicio={}&dataFim={}", dia(90), dia(0)),
        noventa,
    )
    .await;
    recusa("dias=91".to_owned(), noventa).await;
    let futuro = "O período não pode incluir datas futuras.";
    recusa(format!("dataInicio={}&dataFim={}", dia(1), dia(-1)), futuro).await;
    for q in [
        "dias=x",
        "dias=0",
        "dias=2.5",
        "dataInicio=2026-02-30&dataFim=2026-03-01",
        "dataInicio=20/11/2026&dataFim=21/11/2026",
        "Tipo=Saque",
        "Status=Aberto",
        "Page=0",
        "PageSize=1001",
        "PageSize=abc",
    ] {
        recusa(q.to_owned(), FILTRO).await;
    }
    recusa(format!("FieldSearch={}", "a".repeat(151)), FILTRO).await;
    // 90 calendar days, both ends counted, is allowed (the web's form counts the same).
    extrato(
        &amb.router,
        &t,
        &format!("dataInicio={}&dataFim={}", dia(89), dia(0)),
    )
    .await;
    // Another account's code; the own one is fine.
    let r = get(
        &amb.router,
        "/v1/reservas/extrato?codigoCliente=999999",
        Some(&t),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let codigo = super::conta::cadastro(&amb.router, &t).await["codigo"]
        .as_str()
        .unwrap()
        .to_owned();
    extrato(&amb.router, &t, &format!("codigoCliente={codigo}")).await;
    let rafael = token(&amb.router, ATIVA).await;
    let r = get(
        &amb.router,
        &format!("/v1/reservas/extrato?codigoCliente={codigo}"),
        Some(&rafael),
    )
    .await;
    assert_erro(&r, StatusCode::FORBIDDEN, "Conta não encontrada.");
    let r = get(&amb.router, "/v1/reservas/extrato", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

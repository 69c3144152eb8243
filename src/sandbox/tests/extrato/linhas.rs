//! The period rules and the lines: the last seven days by default, the contract's shape and
//! signs, and a seed spread over more than 90 days.

use super::*;

#[tokio::test]
async fn sem_filtro_sao_os_ultimos_7_dias_e_dias_conta_hoje() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (padrao, total) = extrato(&amb.router, &t, "PageSize=1000").await;
    assert!(total >= 3, "{padrao:?}");
    assert_eq!(total as usize, padrao.len());
    assert!(padrao.iter().all(|l| dia_da_linha(l) >= dia(6)));
    assert_eq!(
        extrato(&amb.router, &t, "PageSize=1000&dias=7").await.0,
        padrao
    );
    // Empty parameters count as absent; `clear` is ignored.
    let (vazios, _) = extrato(
        &amb.router,
        &t,
        "PageSize=1000&dias=&dataInicio=&dataFim=&Tipo=&clear=true",
    )
    .await;
    assert_eq!(vazios, padrao);
    let (hoje_, _) = extrato(&amb.router, &t, "PageSize=1000&dias=1").await;
    assert!(!hoje_.is_empty() && hoje_.iter().all(|l| dia_da_linha(l) == hoje()));
    let (noventa, n90) = extrato(&amb.router, &t, "PageSize=1000&dias=90").await;
    assert!(n90 > total && noventa.iter().all(|l| dia_da_linha(l) >= dia(89)));
    // Both dates win over `dias`.
    let q = format!("dataInicio={}&dataFim={}&dias=3", dia(30), dia(10));
    let (faixa, _) = extrato(&amb.router, &t, &format!("PageSize=1000&{q}")).await;
    assert!(!faixa.is_empty());
    assert!(
        faixa
            .iter()
            .all(|l| (dia(30)..=dia(10)).contains(&dia_da_linha(l)))
    );
}

#[tokio::test]
async fn linhas_tem_a_forma_do_contrato_e_o_sinal_do_tipo() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let cadastro = super::conta::cadastro(&amb.router, &t).await;
    let codigo = cadastro["codigo"].as_str().unwrap().to_owned();
    let (linhas, _) = janela(&amb.router, &t, 0, "").await;
    for l in &linhas {
        let mut chaves: Vec<&String> = l.as_object().unwrap().keys().collect();
        chaves.sort();
        assert_eq!(
            chaves,
            [
                "banco",
                "codigoCliente",
                "data",
                "descricao",
                "id",
                "nomeAtivo",
                "status",
                "tipo",
                "valor"
            ]
        );
        assert_eq!(l["codigoCliente"], codigo.as_str());
        // The registered bank account, named by the reference list.
        let banco = format!("341 - {}", bank_name("341").unwrap());
        assert_eq!(l["banco"], banco.as_str());
        assert!(l["data"].as_str().unwrap().ends_with("-03:00"));
        let valor = dec(&l["valor"]);
        assert!(valor.scale() <= 2);
        if l["tipo"] == "Aporte" {
            assert!(valor.is_sign_negative(), "{l}");
            assert_eq!(
                l["descricao"],
                format!("Aporte em {}", l["nomeAtivo"].as_str().unwrap())
            );
        } else {
            assert!(valor.is_sign_positive() && !valor.is_zero(), "{l}");
        }
    }
    // Newest first, then by id.
    let chaves: Vec<(String, i64)> = linhas
        .iter()
        .map(|l| {
            (
                l["data"].as_str().unwrap().to_owned(),
                l["id"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut ordenadas = chaves.clone();
    ordenadas.sort_by(|a, b| b.cmp(a));
    assert_eq!(chaves, ordenadas);
    // ativa@ has some lines, basico@ none; an investor without a bank: "Conta Colheita".
    let rafael = token(&amb.router, ATIVA).await;
    assert!(janela(&amb.router, &rafael, 0, "").await.1 > 0);
    let basico = token(&amb.router, BASICO).await;
    for fim in [0, 90, 180, 270] {
        assert_eq!(janela(&amb.router, &basico, fim, "").await.1, 0);
    }
}

#[tokio::test]
async fn semente_espalha_o_extrato_por_mais_de_90_dias_com_cada_tipo_e_status() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let mut tipos = BTreeSet::new();
    let mut status = BTreeSet::new();
    let mut rendimentos_por_mes = BTreeSet::new();
    for fim in [0, 90, 180, 270] {
        for l in janela(&amb.router, &t, fim, "").await.0 {
            tipos.insert(l["tipo"].as_str().unwrap().to_owned());
            status.insert(l["status"].as_str().unwrap().to_owned());
            if l["tipo"] == "Rendimento" {
                let d = dia_da_linha(&l);
                rendimentos_por_mes.insert((d.year(), d.month()));
            }
        }
    }
    assert_eq!(
        tipos.into_iter().collect::<Vec<_>>(),
        ["Amortizacao", "Aporte", "Estorno", "Rendimento"]
    );
    assert_eq!(
        status.into_iter().collect::<Vec<_>>(),
        ["Cancelado", "Liquidado", "Pendente"]
    );
    assert!(rendimentos_por_mes.len() >= 5, "{rendimentos_por_mes:?}");
    // Lines older than 90 days.
    assert!(janela(&amb.router, &t, 90, "").await.1 > 0);
    // Inside the last 90 days every kind and state shows something on its own filter.
    for filtro in [
        "Tipo=Aporte",
        "Tipo=rendimento",
        "Tipo=AMORTIZACAO",
        "Tipo=Estorno",
        "Status=Liquidado",
        "Status=pendente",
        "Status=Cancelado",
    ] {
        let (linhas, total) = janela(&amb.router, &t, 0, &format!("&{filtro}")).await;
        assert!(total > 0, "{filtro}");
        let (campo, valor) = filtro.split_once('=').unwrap();
        let campo = campo.to_lowercase();
        assert!(
            linhas
                .iter()
                .all(|l| l[&campo].as_str().unwrap().eq_ignore_ascii_case(valor)),
            "{filtro}"
        );
    }
}

//! The list answered from SQL against the former in-memory rules (`filtro/referencia.rs`):
//! the same bytes for every filter, sort order and page, on the same connection at the
//! same instant.

use super::*;
use crate::sandbox::captacoes::paginas_e_referencias;
use crate::sandbox::tempo;

/// Every query answered by both ways; returns how many pages were not empty (so a test
/// cannot pass by comparing only empty answers).
async fn iguais(amb: &Ambiente, consultas: Vec<String>) -> usize {
    let agora = tempo::agora();
    let (diferentes, cheias) = amb
        .sandbox
        .db()
        .read(move |c| {
            let mut diferentes = Vec::new();
            let mut cheias = 0;
            let respostas = paginas_e_referencias(c, &consultas, agora, PUBLIC_URL)?;
            for (q, (sql, referencia)) in consultas.iter().zip(respostas) {
                if sql != referencia {
                    diferentes.push(format!("{q}\n  sql: {sql:.300}\n  ref: {referencia:.300}"));
                }
                if !sql.contains(r#""dados":[]"#) {
                    cheias += 1;
                }
            }
            Ok((diferentes, cheias))
        })
        .await
        .unwrap();
    assert!(diferentes.is_empty(), "{}", diferentes.join("\n"));
    cheias
}

const CAMPOS: &[&str] = &[
    "Status",
    "NomeCaptacao",
    "DataFim",
    "Vencimento",
    "Rendimento",
    "Rating",
    "Acompanhamento",
    "Disponivel",
    "LimiteArrecadacao",
];

/// `aaaa-mm-dd` of today + `dias` in São Paulo.
fn dia(dias: i64) -> String {
    let hoje = crate::domain::dates::today_in_sao_paulo(tempo::agora());
    tempo::somar_dias(hoje, dias).unwrap().to_string()
}

fn filtros() -> Vec<String> {
    let mut f: Vec<String> = [
        "",
        "FieldSearch=soja",
        "FieldSearch=S%C3%93JA",
        "FieldSearch=sao%20jose",
        "FieldSearch=S%C3%A3o%20Jos%C3%A9",
        "FieldSearch=ribeirao",
        "FieldSearch=%25",
        "FieldSearch=_",
        "FieldSearch=a",
        "FieldSearch=zzzz",
        "NomeCaptacao=cafe",
        "NomeCaptacao=CAF%C3%89",
        "NomeCaptacao=fazenda&FieldSearch=milho",
        "StatusCaptacao=Finalizado",
        "StatusCaptacao=Captado",
        "StatusCaptacao=captado,finalizado",
        "StatusCaptacao=Pr%C3%A9-lan%C3%A7amento",
        "StatusCaptacao=captacao%20no%20ar",
        "StatusCaptacao=Capta%C3%A7%C3%A3o%20no%20ar,%20Aberto",
        "StatusCaptacao=Rascunho",
        "StatusCaptacao=xyz",
        "Rating=A",
        "Rating=aa,BBB",
        "Rating=b",
        "Vencimento=6-12",
        "Vencimento=6.5-24",
        "Vencimento=12",
        "Vencimento=-18",
        "Vencimento=24-",
        "Vencimento=0",
        "Acompanhamento=50",
        "Acompanhamento=50-100",
        "Acompanhamento=33,33-66,67",
        "Acompanhamento=0-0",
        "Acompanhamento=100-",
        "Acompanhamento=99999999999999999999999999",
        "Disponivel=0-250000",
        "Disponivel=100000.5-",
        "Disponivel=0",
        "Disponivel=1000000.01-2000000",
        "StatusCaptacao=Captado&Acompanhamento=90-&OrderByField=Disponivel",
        "Rating=A,AA&Vencimento=6-&FieldSearch=fazenda",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    for (i, d) in [-400, -30, -1, 0, 1, 30, 400].into_iter().enumerate() {
        f.push(format!("DataInicio={}", dia(d)));
        f.push(format!("DataFim={}", dia(d)));
        f.push(format!(
            "DataInicio={}&DataFim={}",
            dia(d),
            dia(d + 60 * (i as i64))
        ));
    }
    f.push("DataInicio=0001-01-01&DataFim=9999-12-31".to_owned());
    f.push("DataFim=-009999-01-01".to_owned());
    f.push("DataInicio=9999-12-31".to_owned());
    f
}

/// Filters with sort orders, ascending and descending, over a few pages.
async fn todas_as_combinacoes(amb: &Ambiente) {
    let paginas = [
        "PageSize=1000",
        "Page=2&PageSize=7",
        "Page=1&PageSize=3",
        "Page=3&PageSize=11",
    ];
    let mut consultas = Vec::new();
    for (i, filtro) in filtros().iter().enumerate() {
        let pagina = paginas[i % paginas.len()];
        consultas.push(format!("{filtro}&{pagina}"));
        for (j, campo) in CAMPOS.iter().enumerate() {
            // Every sort order for a quarter of the filters, one (rotating) for the rest:
            // each order still meets many filters, and the test stays quick.
            if i % 4 != 0 && j != i % CAMPOS.len() {
                continue;
            }
            for criterio in ["ASC", "DESC"] {
                let pagina = paginas[(i + j) % paginas.len()];
                consultas.push(format!(
                    "{filtro}&OrderByField={campo}&OrderByCriteria={criterio}&{pagina}"
                ));
            }
        }
    }
    let n = consultas.len();
    let cheias = iguais(amb, consultas).await;
    assert!(cheias > n / 2, "{cheias} of {n}");
}

#[tokio::test]
async fn sql_da_as_mesmas_respostas_que_as_regras_em_memoria() {
    let amb = ambiente();
    todas_as_combinacoes(&amb).await;
}

#[tokio::test]
async fn sql_da_as_mesmas_respostas_com_ofertas_sinteticas() {
    // Many ties (the synthetic lots repeat their models' rates, terms and ratings).
    let amb = ambiente_com(|cfg| cfg.extra_offerings = 50);
    todas_as_combinacoes(&amb).await;
}

#[tokio::test]
async fn paginas_vazia_parcial_e_alem_do_fim() {
    let amb = ambiente();
    let (_, total) = lista(&amb.router, "").await;
    let total = total as usize;
    let ultima = total.div_ceil(5);
    let consultas: Vec<String> = [
        "Page=1&PageSize=1".to_owned(),
        format!("Page={ultima}&PageSize=5"),
        format!("Page={}&PageSize=5", ultima + 1),
        format!("Page={total}&PageSize=1"),
        format!("Page={}&PageSize=1", total + 1),
        "Page=18446744073709551615&PageSize=1000".to_owned(),
        "Page=99&OrderByField=Status&OrderByCriteria=DESC".to_owned(),
        "FieldSearch=nada-assim&Page=1".to_owned(),
        "StatusCaptacao=xyz&OrderByField=Acompanhamento".to_owned(),
    ]
    .into_iter()
    .collect();
    iguais(&amb, consultas).await;
    // The last page holds the rest; past it, no rows but the same total.
    let (dados, t) = lista(&amb.router, &format!("Page={ultima}&PageSize=5")).await;
    assert_eq!((dados.len(), t as usize), (total - (ultima - 1) * 5, total));
    let (dados, t) = lista(&amb.router, &format!("Page={}&PageSize=5", ultima + 1)).await;
    assert_eq!((dados.len(), t as usize), (0, total));
    let (dados, t) = lista(&amb.router, "FieldSearch=nada-assim").await;
    assert_eq!((dados.len(), t), (0, 0));
}

#[tokio::test]
async fn ofertas_sinteticas_sao_deterministicas_e_entram_na_lista() {
    let a = ambiente_com(|cfg| cfg.extra_offerings = 40);
    let b = ambiente_com(|cfg| cfg.extra_offerings = 40);
    let sem = ambiente();
    let (_, base) = lista(&sem.router, "").await;
    let (pa, ta) = lista(&a.router, "PageSize=1000&OrderByField=NomeCaptacao").await;
    let (pb, tb) = lista(&b.router, "PageSize=1000&OrderByField=NomeCaptacao").await;
    assert_eq!(pa, pb);
    assert_eq!(ta, tb);
    // The seed's drafts are models too: their lots stay out of the list.
    assert!(ta > base && ta <= base + 40, "{ta} vs {base}");
    assert!(
        pa.iter()
            .any(|o| o["nomeCaptacao"].as_str().unwrap().contains("lote 2"))
    );
    // The seeded offerings keep their ids and come first.
    let (primeira, _) = lista(&a.router, "").await;
    let (primeira_sem, _) = lista(&sem.router, "").await;
    let ids = |v: &[Value]| v.iter().map(|o| o["id"].clone()).collect::<Vec<_>>();
    assert_eq!(ids(&primeira), ids(&primeira_sem));
}

#[tokio::test]
async fn banco_anterior_a_migracao_6_tem_os_textos_dobrados_preenchidos() {
    let amb = ambiente();
    let (_, antes) = lista(&amb.router, "FieldSearch=S%C3%83O%20JOS%C3%89").await;
    assert!(antes > 0);
    // Rows written before migration 6 have no folded copies.
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "UPDATE captacoes SET nome_dobrado = NULL, descricao_dobrada = NULL,
                    cidade_dobrada = NULL, rating_dobrado = NULL",
                [],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    // The next start fills them.
    let reaberto =
        Sandbox::open(SandboxConfig::new(amb.pasta.clone(), PUBLIC_URL.to_owned())).unwrap();
    let (_, depois) = lista(&reaberto.router(), "FieldSearch=S%C3%83O%20JOS%C3%89").await;
    assert_eq!(depois, antes);
    let vazios: i64 = reaberto
        .db()
        .read(|c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM captacoes WHERE nome_dobrado IS NULL
                    OR descricao_dobrada IS NULL OR cidade_dobrada IS NULL OR rating_dobrado IS NULL",
                [],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap();
    assert_eq!(vazios, 0);
    iguais(&amb, vec!["Rating=aa&OrderByField=Rating".to_owned()]).await;
}

#[tokio::test]
async fn total_sem_filtro_acompanha_mudancas_de_status() {
    let amb = ambiente_com(|cfg| cfg.extra_offerings = 5);
    let (_, antes) = lista(&amb.router, "").await;
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "UPDATE captacoes SET status = 'Rascunho'
                 WHERE id IN (SELECT id FROM captacoes WHERE status <> 'Rascunho' ORDER BY id LIMIT 2)",
                [],
            )?;
            tx.execute(
                "UPDATE captacoes SET status = 'Captado'
                 WHERE id = (SELECT MIN(id) FROM captacoes WHERE status = 'Rascunho')",
                [],
            )?;
            tx.execute("DELETE FROM captacoes WHERE id = (SELECT MAX(id) FROM captacoes)", [])?;
            Ok(())
        })
        .await
        .unwrap();
    let (_, depois) = lista(&amb.router, "").await;
    assert_ne!(antes, depois);
    iguais(
        &amb,
        [
            "",
            "Page=3&PageSize=5",
            "Page=99",
            "OrderByField=Status&PageSize=1000",
        ]
        .map(str::to_owned)
        .to_vec(),
    )
    .await;
}

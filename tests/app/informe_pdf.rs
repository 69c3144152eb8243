//! The income report's PDF and 'Como declarar no Imposto de Renda' say the same: for the
//! demo investor and every year offered, each holding's income received in the year and its
//! balances on 31/12, and the year's total, read from the PDF's text and the guide's HTML.

use colheita::domain::money::{format_brl, parse_brl};
use colheita::web::routes;
use rust_decimal::Decimal;
use scraper::{ElementRef, Selector};

use crate::captacoes_filtros::pdf_text;
use crate::support::*;

/// One holding as the guide states it.
struct Item {
    nome: String,
    /// (dt, dd) in the page's order; money is its shown value (the hidden twin left out).
    fatos: Vec<(String, String)>,
}

impl Item {
    fn fato(&self, dt: &str, n: usize) -> &str {
        self.fatos
            .iter()
            .filter(|(t, _)| t == dt)
            .nth(n)
            .map(|(_, d)| d.as_str())
            .unwrap_or_else(|| panic!("{dt} of {}", self.nome))
    }
}

/// "R$ 5.000,00 R$ ••••• (valor oculto)" → "R$ 5.000,00".
fn shown(dd: &str) -> String {
    if dd.starts_with("R$ ") {
        dd.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
    } else {
        dd.to_owned()
    }
}

fn items(doc: &scraper::Html) -> Vec<Item> {
    let sel = |s: &str| Selector::parse(s).unwrap();
    doc.select(&sel("article.irpf-item"))
        .map(|a: ElementRef| Item {
            nome: words(a.select(&sel("h3")).next().unwrap()),
            fatos: a
                .select(&sel("dl.fatos > div"))
                .map(|d| {
                    (
                        words(d.select(&sel("dt")).next().unwrap()),
                        shown(&words(d.select(&sel("dd")).next().unwrap())),
                    )
                })
                .collect(),
        })
        .collect()
}

#[tokio::test]
async fn every_years_report_states_the_guides_income_and_balances() {
    let app = TestApp::with_sandbox(&[]).await;
    assert_eq!(
        app.login("investidor@colheita.dev", "colheita123")
            .await
            .status(),
        200
    );
    let doc = html(app.get(routes::INFORME_RENDIMENTO).await).await;
    let anos: Vec<i32> = attr(&doc, "#irpf-ano option", "value")
        .iter()
        .map(|a| a.parse().unwrap())
        .collect();
    assert!(anos.len() >= 2, "{anos:?}");
    let mut some_income = false;
    for ano in anos {
        let guide = html(
            app.get(&format!("{}?ano={ano}", routes::INFORME_RENDIMENTO))
                .await,
        )
        .await;
        let items = items(&guide);
        assert!(!items.is_empty(), "{ano}");
        let pdf = app.get(&routes::imposto_de_renda(ano)).await;
        assert_eq!(pdf.status(), 200, "{ano}");
        let text = pdf_text(&pdf.bytes().await.unwrap());
        let mut total = Decimal::ZERO;
        for i in &items {
            let recebido = i.fato(&format!("Valor recebido em {ano}"), 0);
            total += parse_brl(recebido).unwrap();
            // Section 3: the source, its income line and what was received.
            let income = format!(
                "{} {} (CNPJ {}) {} {recebido}",
                i.nome,
                i.fato("Nome da fonte pagadora", 0),
                i.fato("CNPJ da fonte pagadora", 0),
                i.fato("Código", 1),
            );
            assert!(text.contains(&income), "{ano}: {income:?} not in {text}");
            // Section 4: 'Bens e direitos' at cost on both 31 Decembers.
            let bens = format!(
                "{} {} / {} {} {}",
                i.nome,
                i.fato("Grupo", 0),
                i.fato("Código", 0),
                i.fato(&format!("Situação em 31/12/{}", ano - 1), 0),
                i.fato(&format!("Situação em 31/12/{ano}"), 0),
            );
            assert!(text.contains(&bens), "{ano}: {bens:?} not in {text}");
        }
        some_income |= total > Decimal::ZERO;
        let line = format!("Total de rendimentos isentos no ano: {}", format_brl(total));
        assert!(text.contains(&line), "{ano}: {line:?} not in {text}");
        // Every holding of the PDF is one of the guide's.
        let rows = text
            .split("Recebido em ")
            .nth(1)
            .and_then(|t| t.split("4. Bens e direitos").next())
            .unwrap_or_default()
            .matches(" (CNPJ ")
            .count();
        assert_eq!(rows, items.len(), "{ano}: {text}");
    }
    assert!(
        some_income,
        "the demo investor received interest in a past year"
    );
}

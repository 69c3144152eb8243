//! 'Como declarar no Imposto de Renda' on the income report's page, against the sandbox: the
//! newest year by default, another year by its link, a year that is not the investor's
//! refused with the choice again, and an investor with no report year told so.

use colheita::web::routes;

use crate::support::*;

fn options(doc: &scraper::Html) -> Vec<String> {
    attr(doc, "#irpf-ano option", "value")
}

#[tokio::test]
async fn each_holding_of_the_newest_year_with_its_codes_issuer_text_and_balances() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let resp = app.get(routes::INFORME_RENDIMENTO).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, "h2#irpf-titulo"),
        "Como declarar no Imposto de Renda"
    );
    let anos = options(&doc);
    assert!(!anos.is_empty());
    // The newest year is the one shown.
    assert_eq!(
        attr(&doc, "#irpf-ano option[selected]", "value"),
        [anos[0].clone()]
    );
    let ano: i32 = anos[0].parse().unwrap();
    let items = texts(&doc, "article.irpf-item h3");
    assert!(!items.is_empty());
    let dts = texts(&doc, "article.irpf-item dt");
    // One code in each section.
    assert_eq!(
        dts.iter().filter(|t| *t == "Código").count(),
        2 * items.len()
    );
    for dt in [
        "Grupo".to_owned(),
        "CNPJ do emissor".to_owned(),
        format!("Situação em 31/12/{}", ano - 1),
        format!("Situação em 31/12/{ano}"),
        "CNPJ da fonte pagadora".to_owned(),
        "Nome da fonte pagadora".to_owned(),
        format!("Valor recebido em {ano}"),
    ] {
        assert_eq!(
            texts(&doc, "article.irpf-item dt")
                .iter()
                .filter(|t| **t == dt)
                .count(),
            items.len(),
            "{dt}"
        );
    }
    let dd = texts(&doc, "article.irpf-item dd");
    assert!(
        dd.iter().any(|t| t == "04")
            && dd.iter().any(|t| t == "03")
            && dd.iter().any(|t| t == "12")
    );
    assert_eq!(
        texts(&doc, "article.irpf-item h4"),
        items
            .iter()
            .flat_map(|_| [
                "Ficha “Bens e Direitos”",
                "Ficha “Rendimentos Isentos e Não Tributáveis”"
            ])
            .collect::<Vec<_>>()
    );
    // The text to paste: selectable without JS, named by its label, with its copy button's island.
    let discriminacoes = texts(&doc, "article.irpf-item textarea[readonly]");
    assert_eq!(discriminacoes.len(), items.len());
    for d in &discriminacoes {
        assert!(
            d.starts_with("Cédula de Produto Rural com liquidação financeira (CPR-F)"),
            "{d}"
        );
        assert!(
            d.contains("CNPJ ") && d.contains("valor aplicado de R$ "),
            "{d}"
        );
    }
    assert_eq!(texts(&doc, "article.irpf-item label").len(), items.len());
    assert_eq!(
        texts(&doc, "article.irpf-item [data-island=copiar]").len(),
        items.len()
    );
    assert_eq!(
        texts(&doc, "script[type=module]").len(),
        1,
        "the islands' loader"
    );
}

#[tokio::test]
async fn another_year_by_its_link_and_a_year_not_the_investors_refused() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::INFORME_RENDIMENTO).await).await;
    let anos = options(&doc);
    let oldest = anos.last().unwrap();
    let path = format!("{}?ano={oldest}", routes::INFORME_RENDIMENTO);
    let resp = app.get(&path).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        attr(&doc, "#irpf-ano option[selected]", "value"),
        vec![oldest.to_owned()]
    );
    assert!(texts(&doc, "article.irpf-item dt").contains(&format!("Valor recebido em {oldest}")));

    for bad in ["1999", "abc", "20%2025"] {
        let resp = app
            .get(&format!("{}?ano={bad}", routes::INFORME_RENDIMENTO))
            .await;
        assert_eq!(resp.status(), 422, "{bad}");
        let doc = html(resp).await;
        assert_eq!(text(&doc, "dialog.alerta h2"), "Atenção!");
        assert_eq!(attr(&doc, "#irpf-ano", "aria-invalid"), ["true"]);
        assert_eq!(
            text(&doc, "#irpf-ano-erro"),
            "Escolha um dos anos da lista."
        );
        assert_eq!(options(&doc), anos, "{bad}: the choice again");
        assert!(texts(&doc, "article.irpf-item").is_empty());
        // The report itself is still there.
        assert_eq!(
            text(&doc, "h2#informe-titulo"),
            "Seus rendimentos anuais consolidados"
        );
    }
}

#[tokio::test]
async fn an_investor_with_no_report_year_is_told_so() {
    let app = logged_in_as("basico@colheita.dev").await;
    let resp = app.get(routes::INFORME_RENDIMENTO).await;
    assert_eq!(resp.status(), 200);
    let doc = html(resp).await;
    assert_eq!(
        text(&doc, ".declaracao-irpf p:last-of-type"),
        "Você ainda não tem um ano-calendário completo com investimentos para declarar."
    );
    assert!(texts(&doc, "#irpf-ano").is_empty());
}

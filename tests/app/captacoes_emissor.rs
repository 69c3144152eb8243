//! One issuer story on an offering: the detail's essential information and its PDF name the
//! issuing company (razão social, CNPJ, seat), the security and the investor's rights, the
//! use of the funds, the platform's fee, the conflict of interest of the affiliate that
//! receives the Pix, and what the issuer reports afterwards; no document names a person
//! as the issuer.

use colheita::domain::validate::is_valid_cnpj;
use colheita::web::routes;

use crate::captacoes_filtros::pdf_text;
use crate::support::*;

const URL: &str = "fazenda-santa-luzia-soja-2027";

/// Every item the essential information must carry, as (label, a part of its text).
const ITENS: &[(&str, &str)] = &[
    ("Razão social", "Agropecuária Santa Luzia Ltda."),
    ("Sede", "Sorriso – MT"),
    ("Produtor ou projeto financiado", "João Batista Lemos"),
    (
        "Valor mobiliário",
        "Cédula de Produto Rural com liquidação financeira (CPR-F)",
    ),
    ("Direitos do investidor", "credor do emissor"),
    ("Uso dos recursos", "custeio da soja"),
    ("Remuneração da plataforma", "paga pelo emissor"),
    (
        "Conflito de interesses",
        "mesmo grupo econômico da plataforma",
    ),
    (
        "Informações após a oferta",
        "demonstrações financeiras anuais",
    ),
];

fn pairs(doc: &scraper::Html) -> Vec<(String, String)> {
    let dts = texts(doc, "section.informacoes-essenciais dl dt");
    let dds = texts(doc, "section.informacoes-essenciais dl dd");
    dts.into_iter().zip(dds).collect()
}

#[tokio::test]
async fn the_detail_names_the_issuing_company_and_every_essential_item() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.get(&routes::captacao(URL)).await).await;
    let facts = pairs(&doc);
    let valor = |rotulo: &str| {
        facts
            .iter()
            .find(|(dt, _)| dt == rotulo)
            .map(|(_, dd)| dd.clone())
            .unwrap_or_else(|| panic!("no {rotulo:?} in {facts:?}"))
    };
    for (rotulo, parte) in ITENS {
        let v = valor(rotulo);
        assert!(v.contains(parte), "{rotulo}: {v:?} lacks {parte:?}");
    }
    let cnpj = valor("CNPJ");
    assert!(is_valid_cnpj(&cnpj), "{cnpj}");
    assert_eq!(cnpj.len(), 18, "shown masked: {cnpj}");
    // The fee is a figure, and the investor is told they pay none.
    let taxa = valor("Remuneração da plataforma");
    assert!(
        taxa.contains("% do valor captado") && taxa.contains("O investidor não paga taxa"),
        "{taxa}"
    );
    // The affiliate that receives the Pix is the one the reservation's Pix names.
    assert!(valor("Conflito de interesses").contains("Colheita Pagamentos Ltda."));
    assert_eq!(
        texts(&doc, "section.informacoes-essenciais h3"),
        ["Emissor", "O título e a plataforma"]
    );
}

#[tokio::test]
async fn the_essential_information_pdf_carries_the_same_items() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(app.get(&routes::captacao(URL)).await).await;
    let facts = pairs(&doc);
    let cnpj = facts
        .iter()
        .find(|(dt, _)| dt == "CNPJ")
        .map(|(_, dd)| dd.clone())
        .unwrap();
    let resp = app.get(&routes::captacao_informacoes_essenciais(URL)).await;
    assert_eq!(resp.status(), 200);
    let text = pdf_text(&resp.bytes().await.unwrap());
    for esperado in [
        "Razão social: Agropecuária Santa Luzia Ltda.",
        &format!("CNPJ: {cnpj}"),
        "Sede: Rodovia MT-242",
        "Porte: sociedade empresária de pequeno porte",
        "Produtor ou projeto financiado: Fazenda Santa Luzia",
        "Tipo: Cédula de Produto Rural com liquidação financeira (CPR-F)",
        "Direitos do investidor: O investidor se torna credor do emissor",
        "Uso dos recursos",
        "Remuneração da plataforma",
        "do valor captado, paga pelo emissor",
        "Conflito de interesses",
        "Colheita Pagamentos Ltda.",
        "Informações após a oferta",
        "demonstrações financeiras anuais",
    ] {
        assert!(text.contains(esperado), "missing {esperado:?} in {text}");
    }
}

/// The people the seed names as rural producers: none may be an issuer.
fn produtores(doc: &scraper::Html) -> Vec<String> {
    texts(doc, "details.acordeao h3")
}

#[tokio::test]
async fn no_offering_document_names_a_person_as_the_issuer() {
    let app = TestApp::with_sandbox(&[]).await;
    let list = html(app.get(routes::INVESTIR).await).await;
    let sel = scraper::Selector::parse("a[href^='/investir/']").unwrap();
    let mut urls: Vec<String> = list
        .select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .filter(|h| !h.contains('?') && h.matches('/').count() == 2)
        .map(str::to_owned)
        .collect();
    urls.sort();
    urls.dedup();
    assert!(urls.len() >= 5, "{urls:?}");
    for url in urls {
        let slug = url.trim_start_matches("/investir/");
        let doc = html(app.get(&url).await).await;
        let facts = pairs(&doc);
        let razao = facts
            .iter()
            .find(|(dt, _)| dt == "Razão social")
            .map(|(_, dd)| dd.clone())
            .unwrap_or_else(|| panic!("{url}: no issuer in {facts:?}"));
        assert!(
            razao.ends_with("Ltda.") || razao.ends_with("S.A."),
            "{url}: {razao}"
        );
        for pdf in [
            routes::captacao_informacoes_essenciais(slug),
            routes::captacao_documento(slug),
        ] {
            let text = pdf_text(&app.get(&pdf).await.bytes().await.unwrap());
            // A project run by the issuing company itself names it in both places.
            for pessoa in produtores(&doc).into_iter().filter(|p| *p != razao) {
                assert!(
                    !text.contains(&format!("Emissor: {pessoa}")),
                    "{pdf} names {pessoa} as the issuer"
                );
            }
            if let Some(i) = text.find("Emissor: ") {
                assert!(
                    text[i + 9..].starts_with(&razao),
                    "{pdf}: {}",
                    &text[i..(i + 80).min(text.len())]
                );
            }
        }
    }
}

//! The account area against the sandbox: every tab, every message of the registration
//! forms in its order with the typed values kept, documents (content, size, metadata,
//! view-only), the verification request, the bank account, the terms and the tax return.

mod banco_e_termos;
mod dados;
mod documentos;

use colheita::web::routes;

use crate::support::*;

const FILL: &str = "Necessário preencher todos os campos para prosseguir.";

async fn alert(resp: reqwest::Response) -> (u16, String, scraper::Html) {
    let status = resp.status().as_u16();
    let doc = html(resp).await;
    (status, text(&doc, "dialog.alerta p"), doc)
}

/// Follows a POST's redirect and answers the alert of the page it leads to.
async fn flash(app: &TestApp, resp: reqwest::Response) -> (String, String) {
    assert_eq!(resp.status(), 303);
    let doc = html(app.get(&location(&resp)).await).await;
    (
        text(&doc, "dialog.alerta h2"),
        text(&doc, "dialog.alerta p"),
    )
}

const PERSONAL: [(&str, &str); 9] = [
    ("nome", "Bruno Basico Souza"),
    ("celular", "(65) 99123-4567"),
    ("genero", "0"),
    ("estado", "MT"),
    ("nacionalidade", "1"),
    ("rg_numero", "1234567"),
    ("rg_estado", "MT"),
    ("rg_emissor", "SSP"),
    ("politicamente_exposto", "sim"),
];

const ADDRESS: [(&str, &str); 8] = [
    ("cep", "78890-000"),
    ("rua", "Avenida Blumenau"),
    ("numero", "1200"),
    ("complemento", "Sala 3"),
    ("bairro", "Centro"),
    ("cidade", "Sorriso"),
    ("estado", "MT"),
    ("pais", "BRA"),
];

fn with<'a>(base: &[(&'a str, &'a str)], field: &str, v: &'a str) -> Vec<(&'a str, &'a str)> {
    base.iter()
        .map(|(k, old)| (*k, if *k == field { v } else { *old }))
        .collect()
}

#[tokio::test]
async fn the_account_tabs_lead_to_real_pages() {
    let app = logged_in_as("investidor@colheita.dev").await;
    let doc = html(app.get(routes::MINHA_CONTA).await).await;
    assert_eq!(title(&doc), "Minha conta | Colheita");
    let tabs = texts(&doc, "nav.abas > ul > li > a");
    assert_eq!(
        tabs,
        [
            "Dados cadastrais",
            "Declaração de investidor",
            "Conta bancária",
            "Extrato",
            "Informe de rendimentos",
            "Meus termos",
            "Alterar senha"
        ]
    );
    for path in [
        routes::DADOS_CADASTRAIS,
        routes::DADOS_PESSOAIS,
        routes::DADOS_ENDERECO,
        routes::DADOS_PERFIL,
        routes::DADOS_DOCUMENTOS,
        routes::DECLARACAO_INVESTIDOR,
        routes::CONTA_BANCARIA,
        routes::EXTRATO,
        routes::INFORME_RENDIMENTO,
        routes::MEUS_TERMOS,
        routes::ALTERAR_SENHA,
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 200, "{path}");
        // Every tab is drawn inside the account: its heading and its tabs.
        let doc = html(resp).await;
        assert_eq!(text(&doc, "main h1"), "Minha conta", "{path}");
        assert_eq!(texts(&doc, "nav.abas > ul > li > a").len(), 7, "{path}");
    }
    let doc = html(app.get(routes::ALTERAR_SENHA).await).await;
    assert_eq!(text(&doc, "nav.abas a[aria-current=page]"), "Alterar senha");
    let doc = html(app.get(routes::DADOS_ENDERECO).await).await;
    assert_eq!(
        text(&doc, "nav.abas-secundarias a[aria-current=page]"),
        "Endereço"
    );
    assert_eq!(
        text(&doc, "nav.abas > ul > li > a[aria-current=page]"),
        "Dados cadastrais"
    );
    // The phone's menu: every section and sub-section, named where one is.
    assert_eq!(texts(&doc, "details.menu-conta nav a").len(), 11);
    assert_eq!(
        text(&doc, "details.menu-conta > summary"),
        "Seções da conta: Dados cadastrais › Endereço"
    );
    assert_eq!(
        text(&doc, "details.menu-conta nav a[aria-current=page]"),
        "Endereço"
    );
    assert!(text(&doc, ".perfil-estado").contains("Seu perfil está verificado."));
    let verify = format!("form[action='{}']", routes::VERIFICAR_PERFIL);
    assert!(texts(&doc, &verify).is_empty());
}

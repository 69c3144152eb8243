//! An offering's phase shown alike on the home, /investir and the detail: only an open
//! offering (or one not open yet, to record a reservation) has Investir; ended, failed and
//! cancelled ones are greyed out with the arrow to their detail; an order before the
//! opening asks for no money.

use std::collections::BTreeMap;

use colheita::web::routes;

use crate::support::*;

/// What a row shows: the status cell's text, whether it is greyed out, its action.
#[derive(Debug, PartialEq)]
struct Linha {
    status: String,
    cinza: bool,
    acao: String,
}

fn linhas(doc: &scraper::Html) -> BTreeMap<String, Linha> {
    let tr = scraper::Selector::parse("table.tabela-captacoes tbody tr").unwrap();
    let nome = scraper::Selector::parse("th[scope=row]").unwrap();
    let status = scraper::Selector::parse("td[data-label=Status]").unwrap();
    let acao = scraper::Selector::parse("td.celula-acao a").unwrap();
    let texto = |e: scraper::ElementRef<'_>| {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    doc.select(&tr)
        .map(|r| {
            let a = r.select(&acao).next().unwrap();
            (
                texto(r.select(&nome).next().unwrap()),
                Linha {
                    status: texto(r.select(&status).next().unwrap()),
                    cinza: r.value().classes().any(|c| c == "finalizada"),
                    acao: a.value().attr("aria-label").unwrap_or_default().to_owned(),
                },
            )
        })
        .collect()
}

/// Every row of `base` (home or /investir), page after page.
async fn todas(app: &TestApp, base: &str) -> BTreeMap<String, Linha> {
    let mut todas = BTreeMap::new();
    for pagina in 1..=5 {
        let doc = html(app.get(&format!("{base}?Page={pagina}")).await).await;
        todas.extend(linhas(&doc));
    }
    todas
}

const MEDICILANDIA: &str = "Cooperativa Terra Roxa – Cacau agroflorestal";

#[tokio::test]
async fn home_list_and_detail_show_each_phase_alike_and_only_open_ones_have_investir() {
    let app = TestApp::with_sandbox(&[]).await;
    app.login("investidor@colheita.dev", "colheita123").await;
    let lista = todas(&app, routes::INVESTIR).await;
    let home = todas(&app, routes::HOME).await;
    for (url, status, aberta) in [
        ("fazenda-santa-luzia-soja-2027", "Captação no ar", true),
        (
            "cacau-sistema-agroflorestal-medicilandia",
            "Pré-lançamento abre em",
            true,
        ),
        ("trigo-cevada-guarapuava-2026", "Finalizado", false),
        ("soja-fazenda-santa-clara-bom-jesus", "Cancelado", false),
        ("cafe-conilon-sitio-boa-vista", "Cancelado", false),
    ] {
        let doc = html(app.get(&routes::captacao(url)).await).await;
        let nome = text(&doc, "h1");
        let na_lista = lista
            .get(&nome)
            .unwrap_or_else(|| panic!("{nome} in /investir"));
        assert_eq!(
            home.get(&nome),
            Some(na_lista),
            "{nome}: home and list alike"
        );
        assert!(na_lista.status.starts_with(status), "{nome}: {na_lista:?}");
        let no_detalhe = texts(&doc, ".fatos dd")[0].clone();
        assert_eq!(no_detalhe, na_lista.status, "{nome}: detail and list alike");
        assert_eq!(na_lista.cinza, !aberta, "{nome}: {na_lista:?}");
        // Only an offering still taking money says what is left of it to invest; a closed
        // one states what it raised.
        let fatos = texts(&doc, ".fatos dt");
        let disponivel = fatos.iter().any(|t| t == "Disponível para investir");
        let captado = fatos.iter().any(|t| t == "Valor captado");
        assert_eq!(
            (disponivel, captado),
            (aberta, !aberta),
            "{nome}: {fatos:?}"
        );
        if aberta {
            assert_eq!(na_lista.acao, format!("Investir em {nome}"));
            assert_eq!(texts(&doc, "#investir a.botao-primario"), ["Investir"]);
        } else {
            assert_eq!(na_lista.acao, format!("Ver {nome}"));
            assert_eq!(text(&doc, "#investir h2"), "Fechado para investimento");
            assert!(
                texts(&doc, "#investir a.botao-primario").is_empty(),
                "{nome}"
            );
        }
    }
    // The period over, whatever the sweep did already: closed, no Investir.
    let encerrada = lista
        .values()
        .filter(|l| l.status == "Encerrado")
        .chain(lista.values().filter(|l| l.status == "Finalizado"));
    assert!(
        encerrada
            .into_iter()
            .all(|l| l.cinza && l.acao.starts_with("Ver "))
    );
}

#[tokio::test]
async fn a_failed_or_cancelled_offering_says_why_on_its_detail() {
    let app = TestApp::with_sandbox(&[]).await;
    let falhou = html(
        app.get(&routes::captacao("soja-fazenda-santa-clara-bom-jesus"))
            .await,
    )
    .await;
    assert!(
        text(&falhou, "#investir p")
            .starts_with("A captação encerrou sem atingir o valor alvo mínimo"),
        "{}",
        text(&falhou, "#investir")
    );
    let cancelada = html(
        app.get(&routes::captacao("cafe-conilon-sitio-boa-vista"))
            .await,
    )
    .await;
    assert_eq!(
        text(&cancelada, "#investir p"),
        "Esta oferta foi cancelada e os valores pagos foram devolvidos."
    );
}

#[tokio::test]
async fn a_pre_launch_detail_says_when_payment_is_asked_for() {
    let app = TestApp::with_sandbox(&[]).await;
    let doc = html(
        app.get(&routes::captacao(
            "cacau-sistema-agroflorestal-medicilandia",
        ))
        .await,
    )
    .await;
    assert_eq!(text(&doc, "h1"), MEDICILANDIA);
    let aviso = text(&doc, "#investir p.pre-lancamento");
    assert!(
        aviso.starts_with(
            "Pré-lançamento: a reserva fica registrada, pagamento a partir da abertura, em "
        ),
        "{aviso}"
    );
    assert!(text(&doc, ".fatos dd .abre-em").starts_with("abre em "));
}

/// A list the micro-cache keeps for a minute still shows its offering opened from the
/// instant it opens and closed from the instant it ends: what a page drew from the list is
/// kept only until the next opening or close. (An investor's page: a visitor's page is kept
/// whole for `--micro-cache` seconds, 2 by default.)
#[tokio::test]
async fn a_kept_list_shows_an_offering_open_and_closed_on_time() {
    use serde_json::json;
    use wiremock::matchers::{method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    let now = jiff::Timestamp::now();
    let at = |s: i64| (now + jiff::SignedDuration::from_secs(s)).to_string();
    let mut o = crate::captacoes_filtros::offering_json(1, "fazenda-1", json!([]));
    o["lancamento"] = json!({"preLancamento": true, "inicioCaptacao": at(2)});
    o["fimCaptacao"] = json!(at(4));
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/captacoes"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("cache-control", "public, max-age=60")
                .set_body_json(json!({"dados": [o], "totalRegistros": 1})),
        )
        .expect(1)
        .mount(&server)
        .await;
    crate::platform::mock_empty_summary(&server).await;
    crate::platform::mock_login(&server).await;
    let app = TestApp::with_platform(&server.uri(), &["--micro-cache", "60"]).await;
    crate::platform::login_via_callback(&app, routes::HOME).await;
    let row = || async {
        let doc = html(app.get(routes::INVESTIR).await).await;
        let mut rows = linhas(&doc);
        assert_eq!(rows.len(), 1);
        rows.pop_first().unwrap().1
    };
    let first = row().await;
    assert!(first.status.starts_with("Pré-lançamento"), "{first:?}");
    assert_eq!(row().await, first, "kept while nothing changes");
    let until = |s: i64| {
        let wait =
            (now + jiff::SignedDuration::from_secs(s)).duration_since(jiff::Timestamp::now());
        tokio::time::sleep(std::time::Duration::try_from(wait).unwrap_or_default())
    };
    until(2).await;
    let open = row().await;
    assert_eq!(open.status, "Captação no ar");
    assert!(
        !open.cinza && open.acao.starts_with("Investir em"),
        "{open:?}"
    );
    until(4).await;
    let closed = row().await;
    assert_eq!(closed.status, "Encerrado");
    assert!(
        closed.cinza && closed.acao.starts_with("Ver "),
        "{closed:?}"
    );
}

//! Every link built from a value (an offering's friendly URL, a document type) stays on
//! its route as a browser resolves it, whatever the value.

use super::routes::*;
use crate::domain::segmento;
use proptest::prelude::*;

/// The path a browser reaches from a link on one of our pages.
fn resolved(link: &str) -> String {
    let base = url::Url::parse("http://app.test/carteira/x");
    base.and_then(|b| b.join(link))
        .map(|u| u.path().to_owned())
        .unwrap_or_default()
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(".".to_owned()),
        Just("..".to_owned()),
        "[./%a-z?#\\\\ ]{0,6}",
        any::<String>(),
    ]
}

type Builder = fn(&str) -> String;

/// Each builder and the route prefix it must stay under.
const BUILDERS: &[(Builder, &str)] = &[
    (captacao, INVESTIR),
    (captacao_investir, INVESTIR),
    (captacao_documento, INVESTIR),
    (captacao_informacoes_essenciais, INVESTIR),
    (captacao_alertas, INVESTIR),
    (captacao_simular, INVESTIR),
    (captacao_reservar, INVESTIR),
    (dados_documento, DADOS_DOCUMENTOS),
    (meus_termos_documento, MEUS_TERMOS),
];

/// What a builder's path holds after the value (`/documento`…), read from a plain value.
fn suffix(build: Builder, prefix: &str) -> String {
    let path = resolved(&build("a"));
    path.strip_prefix(&format!("{prefix}/a"))
        .unwrap_or_default()
        .to_owned()
}

proptest! {
    #[test]
    fn a_value_never_moves_a_link_off_its_route(v in value()) {
        for (build, prefix) in BUILDERS {
            let suffix = suffix(*build, prefix);
            let got = resolved(&build(&v));
            if !segmento::is_segment(&v) {
                prop_assert_eq!(&got, prefix, "{:?}", v);
                continue;
            }
            let rest = got
                .strip_prefix(prefix)
                .and_then(|r| r.strip_prefix('/'))
                .and_then(|r| r.strip_suffix(suffix.as_str()));
            prop_assert!(rest.is_some(), "{:?} -> {}", v, got);
            let rest = rest.unwrap_or_default();
            prop_assert!(!rest.contains('/'), "{:?} -> {}", v, got);
            let decoded = percent_encoding::percent_decode_str(rest).decode_utf8_lossy();
            prop_assert_eq!(decoded.as_ref(), v.as_str());
        }
    }

    #[test]
    fn the_return_to_an_order_stays_in_its_query(v in value()) {
        let link = declaracao_voltar(&v);
        let url = url::Url::parse("http://app.test/").and_then(|b| b.join(&link));
        prop_assert!(url.is_ok());
        let url = url.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(url.path(), DECLARACAO_INVESTIDOR);
        let voltar: Vec<String> = url
            .query_pairs()
            .filter(|(k, _)| k == "voltar")
            .map(|(_, v)| v.into_owned())
            .collect();
        prop_assert_eq!(voltar, vec![v.clone()]);
    }
}

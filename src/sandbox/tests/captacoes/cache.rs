//! How the answers may be kept: what every visitor sees alike (the offering list, an
//! offering, the reference lists) is `public` for a few seconds, also when asked with a
//! token; everything else is someone's own and `private, no-store`.

use axum::http::{StatusCode, header};

use crate::sandbox::resposta::{PESSOAL, PUBLICO};
use crate::sandbox::tests::reservas::{INVESTIDOR, token};
use crate::sandbox::tests::*;

#[tokio::test]
async fn o_que_todos_veem_e_publico_e_o_que_e_de_alguem_nunca_se_guarda() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let lista = get(&amb.router, "/v1/captacoes?Page=1&PageSize=1", Some(&t)).await;
    let url = lista.json()["dados"][0]["urlAmigavel"]
        .as_str()
        .unwrap()
        .to_owned();
    let id = lista.json()["dados"][0]["id"].as_i64().unwrap();
    let publicos = [
        "/v1/captacoes?Page=1&PageSize=1".to_owned(),
        format!("/v1/captacoes/{id}"),
        format!("/v1/captacoes/urlamigavel/{url}"),
        "/v1/dominios/bancos".to_owned(),
    ];
    for uri in &publicos {
        for bearer in [None, Some(t.as_str())] {
            let r = get(&amb.router, uri, bearer).await;
            assert_eq!(r.status, StatusCode::OK, "{uri}");
            assert_eq!(r.headers[header::CACHE_CONTROL], PUBLICO, "{uri}");
        }
    }
    for uri in [
        "/v1/reservas/alocacao/resumida",
        "/v1/reservas/pendentes",
        "/v1/notificacoes/contador",
        "/v1/cadastro",
    ] {
        let r = get(&amb.router, uri, Some(&t)).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        assert_eq!(r.headers[header::CACHE_CONTROL], PESSOAL, "{uri}");
        // Refused without a token: an error is nobody's to keep either.
        let r = get(&amb.router, uri, None).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{uri}");
        assert_eq!(r.headers[header::CACHE_CONTROL], PESSOAL, "{uri}");
    }
    // An offering that does not exist is not kept as public.
    let r = get(&amb.router, "/v1/captacoes/urlamigavel/nao-existe", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.headers[header::CACHE_CONTROL], PESSOAL);
}

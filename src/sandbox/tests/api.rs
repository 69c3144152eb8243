//! The API as a whole: unknown routes and refused media paths, and concurrent requests.

use axum::http::StatusCode;

use super::*;

#[tokio::test]
async fn rota_desconhecida_e_midia_invalida_dao_404() {
    let amb = ambiente();
    for uri in [
        "/v1/nada",
        "/v2/nada",
        "/midia/../Cargo.toml",
        "/midia/captacoes/nao-existe.svg",
        "/midia/a//b.svg",
    ] {
        let r = get(&amb.router, uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            r.json(),
            serde_json::json!({"mensagem": "Recurso não encontrado."}),
            "{uri}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn cinquenta_pedidos_simultaneos() {
    let amb = ambiente();
    let t = entrar(&amb.router, "investidor@colheita.dev").await;
    let a = acesso(&t);
    let mut tarefas = Vec::new();
    for i in 0..50 {
        let router = amb.router.clone();
        let a = a.clone();
        tarefas.push(tokio::spawn(async move {
            let uri = match i % 5 {
                0 => "/v1/cadastro/meucadastro".to_owned(),
                1 => "/v1/reservas/resumo".to_owned(),
                2 => format!(
                    "/v1/captacoes?Page={}&PageSize=3&OrderByField=Rendimento",
                    i % 4 + 1
                ),
                3 => "/v1/captacoes/1".to_owned(),
                _ => "/v1/captacoes?FieldSearch=soja".to_owned(),
            };
            get(&router, &uri, Some(&a)).await.status
        }));
    }
    // Logins (writes) at the same time as the reads.
    let mut logins = Vec::new();
    for _ in 0..5 {
        let router = amb.router.clone();
        logins.push(tokio::spawn(async move {
            entrar(&router, "ativa@colheita.dev").await
        }));
    }
    for t in tarefas {
        assert_eq!(t.await.unwrap(), StatusCode::OK);
    }
    for l in logins {
        assert_eq!(l.await.unwrap()["tipoResposta"], "sucesso");
    }
}

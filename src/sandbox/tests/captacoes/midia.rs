//! `GET /midia/{*arquivo}`: the images of the seeded offerings.

use axum::http::{StatusCode, header};

use crate::sandbox::tests::*;

#[tokio::test]
async fn midia_existente_e_servida_com_tipo() {
    let amb = ambiente();
    let o = get(&amb.router, "/v1/captacoes?PageSize=1", None)
        .await
        .json();
    let url = o["dados"][0]["imagemPrincipal"]
        .as_str()
        .unwrap()
        .to_owned();
    let caminho = url.strip_prefix(PUBLIC_URL).unwrap();
    let r = get(&amb.router, caminho, None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(caminho.ends_with(".svg"), "{caminho}");
    assert_eq!(r.headers[header::CONTENT_TYPE], "image/svg+xml");
}

//! Registration documents of type Others: the investor's income reports, listed with the
//! other documents and served like them, never accepted from the investor.

use axum::http::{StatusCode, header};
use serde_json::Value;

use super::{BASICO, assert_erro, enviar_documento, pdf};
use crate::sandbox::pdf::tests::texto_do_pdf;
use crate::sandbox::tests::reservas::{ATIVA, INVESTIDOR, token};
use crate::sandbox::tests::*;

async fn outros(router: &Router, t: &str) -> Vec<Value> {
    let r = get(router, "/v1/cadastro/documentos", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["tipoDocumento"] == "Others")
        .cloned()
        .collect()
}

#[tokio::test]
async fn o_investidor_tem_o_informe_mais_antigo_como_documento() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let anos = get(&amb.router, "/v1/informe/anos", Some(&t)).await.json();
    let ano = anos.as_array().unwrap().last().unwrap().as_i64().unwrap();
    let docs = outros(&amb.router, &t).await;
    assert_eq!(docs.len(), 1);
    let d = &docs[0];
    assert_eq!(d["email"], INVESTIDOR);
    assert_eq!(d["nomeDocumento"], format!("informe-rendimentos-{ano}.pdf"));
    assert_eq!(
        d["descricaoDocumento"],
        format!("Informe de rendimentos — ano-calendário {ano}")
    );
    assert!(
        d["dataEnvio"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{}-02-01T", ano + 1))
    );
    // Oldest first, with the other documents.
    let todos = get(&amb.router, "/v1/cadastro/documentos", Some(&t))
        .await
        .json();
    let datas: Vec<&str> = todos
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["dataEnvio"].as_str().unwrap())
        .collect();
    let mut ordenadas = datas.clone();
    ordenadas.sort_unstable();
    assert_eq!(datas, ordenadas);
    let r = get(
        &amb.router,
        &format!("/v1/cadastro/documentos/{}", d["id"]),
        Some(&t),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.headers[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(r.corpo.len() as u64, d["tamanho"].as_u64().unwrap());
    let texto = texto_do_pdf(&r.corpo);
    assert!(texto.contains(&format!("ano-calendário {ano}")), "{texto}");
    // Another investor cannot download it.
    let outro = token(&amb.router, ATIVA).await;
    let r = get(
        &amb.router,
        &format!("/v1/cadastro/documentos/{}", d["id"]),
        Some(&outro),
    )
    .await;
    assert_erro(&r, StatusCode::NOT_FOUND, "Nenhum arquivo encontrado.");
    assert!(outros(&amb.router, &outro).await.is_empty());
}

#[tokio::test]
async fn others_nunca_e_aceito_do_investidor() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    assert!(outros(&amb.router, &t).await.is_empty());
    for tipo in ["Others", "others"] {
        let r = enviar_documento(&amb.router, &t, tipo, "informe.pdf", &pdf()).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, "Tipo de documento inválido.");
    }
    assert!(outros(&amb.router, &t).await.is_empty());
}

//! `GET /v1/captacoes/{id}/documento/{doc}`: each document of an offering as a PDF, and the
//! refusals.

use axum::http::{StatusCode, header};

use crate::sandbox::erro::NENHUM_ARQUIVO;
use crate::sandbox::pdf::tests::texto_do_pdf;
use crate::sandbox::tests::{ambiente, get};

pub(super) async fn documentos_de(
    router: &axum::Router,
    url: &str,
) -> (i64, Vec<(i64, String, String)>) {
    let r = get(router, &format!("/v1/captacoes/urlamigavel/{url}"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    let docs = v["documentos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["id"].as_i64().unwrap(),
                d["tipo"].as_str().unwrap().to_owned(),
                d["nome"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (v["id"].as_i64().unwrap(), docs)
}

#[tokio::test]
async fn each_document_of_an_offering_is_served_as_its_own_pdf() {
    let amb = ambiente();
    let (id, docs) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    // The seed's three documents; the essential information has its own tests.
    let docs: Vec<_> = docs
        .into_iter()
        .filter(|(_, t, _)| t != "InformacoesEssenciais")
        .collect();
    assert_eq!(docs.len(), 3);
    for (doc, _, nome) in &docs {
        let r = get(
            &amb.router,
            &format!("/v1/captacoes/{id}/documento/{doc}"),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.headers[header::CONTENT_TYPE], "application/pdf");
        assert!(r.corpo.starts_with(b"%PDF-"));
        let texto = texto_do_pdf(&r.corpo);
        assert!(texto.contains(&format!("Documento: {nome}")), "{texto}");
        assert!(texto.contains("17,50% a.a."), "{texto}");
    }
}

#[tokio::test]
async fn unknown_documents_and_those_of_another_offering_are_not_found() {
    let amb = ambiente();
    let (id, _) = documentos_de(&amb.router, "fazenda-santa-luzia-soja-2027").await;
    let (outra, docs) = documentos_de(
        &amb.router,
        "agropecuaria-boa-esperanca-milho-safrinha-2027",
    )
    .await;
    let (doc_da_outra, _, _) = docs
        .first()
        .cloned()
        .expect("the other offering has a document");
    for uri in [
        format!("/v1/captacoes/{id}/documento/{doc_da_outra}"),
        format!("/v1/captacoes/{id}/documento/999999"),
        format!("/v1/captacoes/999999/documento/{doc_da_outra}"),
        format!("/v1/captacoes/{outra}/documento/abc"),
    ] {
        let r = get(&amb.router, &uri, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            r.json(),
            serde_json::json!({"mensagem": NENHUM_ARQUIVO}),
            "{uri}"
        );
    }
}

//! `/v1/cadastro/documentos`: the seeded documents, uploads (types judged by content,
//! replacement), downloads of one's own only, and every refusal of an upload.

use axum::http::{StatusCode, header};
use serde_json::Value;

use super::{
    ANALISE, BASICO, PREENCHER, assert_erro, enviar_documento, jpeg, pdf, png, postar_form,
};
use crate::sandbox::tests::reservas::{ATIVA, INVESTIDOR, token};
use crate::sandbox::tests::*;

const SO_BASICO: &str = "Os documentos só podem ser alterados enquanto o seu perfil é básico.";
const TIPO: &str = "Tipo de documento inválido.";
const GRANDE: &str = "O arquivo deve ter no máximo 10 MB.";
const FORMATO: &str = "Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf.";
const NENHUM: &str = "Nenhum arquivo encontrado.";

async fn lista(router: &Router, t: &str) -> Vec<Value> {
    let r = get(router, "/v1/cadastro/documentos", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json().as_array().unwrap().clone()
}

/// Checks a PNG's chunk CRCs, as a decoder would.
fn png_valido(b: &[u8]) -> bool {
    let crc32 = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);
    let mut i = 8;
    let mut tipos = Vec::new();
    while i + 12 <= b.len() {
        let n = u32::from_be_bytes(b[i..i + 4].try_into().unwrap()) as usize;
        let tipo_e_dados = &b[i + 4..i + 8 + n];
        let crc = u32::from_be_bytes(b[i + 8 + n..i + 12 + n].try_into().unwrap());
        if crc32.checksum(tipo_e_dados) != crc {
            return false;
        }
        tipos.push(String::from_utf8_lossy(&tipo_e_dados[..4]).into_owned());
        i += 12 + n;
    }
    b.starts_with(b"\x89PNG\r\n\x1a\n") && tipos == ["IHDR", "IDAT", "IEND"] && i == b.len()
}

#[tokio::test]
async fn investidores_verificados_tem_os_dois_documentos_obrigatorios() {
    let amb = ambiente();
    for email in [INVESTIDOR, ATIVA, ANALISE] {
        let t = token(&amb.router, email).await;
        let docs = lista(&amb.router, &t).await;
        // Others rows are income reports (see outros.rs), not registration proofs.
        let mut tipos: Vec<&str> = docs
            .iter()
            .map(|d| d["tipoDocumento"].as_str().unwrap())
            .filter(|t| *t != "Others")
            .collect();
        tipos.sort_unstable();
        assert_eq!(tipos, ["IdentityDocument", "SelfieWithDocument"], "{email}");
        for d in &docs {
            let mut chaves: Vec<&String> = d.as_object().unwrap().keys().collect();
            chaves.sort();
            assert_eq!(
                chaves,
                [
                    "dataEnvio",
                    "descricaoDocumento",
                    "email",
                    "id",
                    "nomeDocumento",
                    "tamanho",
                    "tipoDocumento"
                ]
            );
            assert_eq!(d["email"], email);
            assert!(
                d["dataEnvio"]
                    .as_str()
                    .unwrap()
                    .parse::<jiff::Timestamp>()
                    .is_ok()
            );
            let uri = format!(
                "/v1/cadastro/documentos/{}?nomeDocumento={}",
                d["id"],
                d["nomeDocumento"].as_str().unwrap()
            );
            let r = get(&amb.router, &uri, Some(&t)).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
            assert_eq!(r.corpo.len() as u64, d["tamanho"].as_u64().unwrap());
            assert_eq!(r.headers[header::CACHE_CONTROL], "private, no-store");
            let tipo = r.headers[header::CONTENT_TYPE].to_str().unwrap();
            if d["tipoDocumento"] == "IdentityDocument" || d["tipoDocumento"] == "Others" {
                assert_eq!(tipo, "application/pdf");
                assert!(r.corpo.starts_with(b"%PDF-"));
            } else {
                assert_eq!(tipo, "image/png");
                assert!(png_valido(&r.corpo), "the seeded selfie is a valid PNG");
            }
        }
    }
    let t = token(&amb.router, BASICO).await;
    assert!(lista(&amb.router, &t).await.is_empty());
}

#[tokio::test]
async fn so_os_proprios_documentos_sao_baixados() {
    let amb = ambiente();
    let ana = token(&amb.router, INVESTIDOR).await;
    let id = lista(&amb.router, &ana).await[0]["id"].clone();
    let outro = token(&amb.router, ATIVA).await;
    for uri in [
        format!("/v1/cadastro/documentos/{id}"),
        "/v1/cadastro/documentos/999999".to_owned(),
        "/v1/cadastro/documentos/abc".to_owned(),
    ] {
        assert_erro(
            &get(&amb.router, &uri, Some(&outro)).await,
            StatusCode::NOT_FOUND,
            NENHUM,
        );
    }
    for uri in [
        format!("/v1/cadastro/documentos/{id}"),
        "/v1/cadastro/documentos".into(),
    ] {
        assert_eq!(
            get(&amb.router, &uri, None).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test]
async fn envio_julga_o_formato_pelo_conteudo_e_substitui_o_do_mesmo_tipo() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    // The name says PDF, the content is a PNG: the content decides.
    for (tipo, nome, bytes, esperado) in [
        (
            "IdentityDocument",
            "rg frente – cópia.pdf",
            png(),
            "image/png",
        ),
        (
            "IdentityDocumentBack",
            "rg-verso.jpeg",
            jpeg(),
            "image/jpeg",
        ),
        ("SelfieWithDocument", "selfie.png", pdf(), "application/pdf"),
    ] {
        let r = enviar_documento(&amb.router, &t, tipo, nome, &bytes).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
        let d = r.json();
        assert_eq!(d["tipoDocumento"], tipo);
        assert_eq!(d["nomeDocumento"], nome);
        assert_eq!(d["descricaoDocumento"], "Documento do cadastro");
        assert_eq!(
            d["email"], BASICO,
            "the token decides, not the form's e-mail"
        );
        assert_eq!(d["tamanho"].as_u64().unwrap(), bytes.len() as u64);
        let b = get(
            &amb.router,
            &format!("/v1/cadastro/documentos/{}", d["id"]),
            Some(&t),
        )
        .await;
        assert_eq!(b.status, StatusCode::OK);
        assert_eq!(b.headers[header::CONTENT_TYPE], esperado);
        assert_eq!(b.corpo, bytes);
        let disposicao = b.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
        assert!(disposicao.starts_with("inline; filename="), "{disposicao}");
    }
    let antes = lista(&amb.router, &t).await;
    assert_eq!(antes.len(), 3);
    let antigo = antes
        .iter()
        .find(|d| d["tipoDocumento"] == "IdentityDocument")
        .unwrap()["id"]
        .clone();
    let r = enviar_documento(&amb.router, &t, "IdentityDocument", "rg-novo.pdf", &pdf()).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let depois = lista(&amb.router, &t).await;
    assert_eq!(depois.len(), 3, "replaced, not added");
    let novo = depois
        .iter()
        .find(|d| d["tipoDocumento"] == "IdentityDocument")
        .unwrap();
    assert_eq!(novo["nomeDocumento"], "rg-novo.pdf");
    let r = get(
        &amb.router,
        &format!("/v1/cadastro/documentos/{antigo}"),
        Some(&t),
    )
    .await;
    assert_erro(&r, StatusCode::NOT_FOUND, NENHUM);
}

#[tokio::test]
async fn cada_recusa_do_envio_com_sua_mensagem() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    // Past Básico: refused before anything else is looked at.
    for email in [ANALISE, INVESTIDOR] {
        let outro = token(&amb.router, email).await;
        let r = enviar_documento(&amb.router, &outro, "Passaporte", "x.txt", b"").await;
        assert_erro(&r, StatusCode::FORBIDDEN, SO_BASICO);
    }
    for tipo in ["Passaporte", "", "Others", "identitydocument"] {
        let r = enviar_documento(&amb.router, &t, tipo, "rg.png", &png()).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, TIPO);
    }
    // No file part, or an empty one.
    let r = postar_form(
        &amb.router,
        Some(&t),
        &[("tipoDocumento", None, b"IdentityDocument")],
    )
    .await;
    assert_erro(&r, StatusCode::BAD_REQUEST, PREENCHER);
    let r = enviar_documento(&amb.router, &t, "IdentityDocument", "vazio.png", b"").await;
    assert_erro(&r, StatusCode::BAD_REQUEST, PREENCHER);
    // Over 10 MiB: ours, just over the limit and beyond the route's body limit.
    for tamanho in [10 * 1024 * 1024 + 1, 12 * 1024 * 1024] {
        let mut grande = png();
        grande.resize(tamanho, 0);
        let r = enviar_documento(&amb.router, &t, "IdentityDocument", "grande.png", &grande).await;
        assert_erro(&r, StatusCode::PAYLOAD_TOO_LARGE, GRANDE);
    }
    // Exactly 10 MiB is accepted.
    let mut limite = pdf();
    limite.resize(10 * 1024 * 1024, b' ');
    let r = enviar_documento(&amb.router, &t, "IdentityDocument", "limite.pdf", &limite).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    // Not PNG, JPEG nor PDF, whatever the name says.
    for (nome, bytes) in [
        ("foto.png", b"texto simples".to_vec()),
        ("foto.gif", b"GIF89a\x01\x00\x01\x00".to_vec()),
        ("doc.pdf", b"%PD".to_vec()),
        ("rg.jpg", vec![0xFF, 0xD8]),
    ] {
        let r = enviar_documento(&amb.router, &t, "SelfieWithDocument", nome, &bytes).await;
        assert_erro(&r, StatusCode::UNSUPPORTED_MEDIA_TYPE, FORMATO);
    }
    // Not a multipart body.
    let r = pedir(
        &amb.router,
        axum::http::Method::POST,
        "/v1/cadastro/documentos",
        Some(&t),
        Some(("application/json", "{}".into())),
    )
    .await;
    assert_erro(&r, StatusCode::BAD_REQUEST, PREENCHER);
    let r = enviar_documento(
        &amb.router,
        "sem-sessao",
        "IdentityDocument",
        "a.png",
        &png(),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    // Only the 10 MiB PDF made it.
    let docs = lista(&amb.router, &t).await;
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["nomeDocumento"], "limite.pdf");
}

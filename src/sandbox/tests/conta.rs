//! The account area on the sandbox: editing the registration, the verification request,
//! the registration documents, the investor profile, the banks list, the terms documents
//! and the income report; shared helpers for them.

mod dados;
mod documentos;
mod informe;
mod informe_caixa;
mod outros;
mod suitability;
mod verificacao;

use axum::http::{Method, StatusCode};
use serde_json::Value;

use super::*;

pub(super) const BASICO: &str = "basico@colheita.dev";
pub(super) const ANALISE: &str = "analise@colheita.dev";
pub(super) const PREENCHER: &str = "Necessário preencher todos os campos para prosseguir.";

pub(super) async fn cadastro(router: &Router, token: &str) -> Value {
    let r = get(router, "/v1/cadastro", Some(token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
}

pub(super) async fn atualizar(router: &Router, token: &str, corpo: &Value) -> Resposta {
    pedir(
        router,
        Method::PUT,
        "/v1/cadastro",
        Some(token),
        Some(("application/json", corpo.to_string())),
    )
    .await
}

/// Asserts an error answer: its status and its exact envelope.
pub(super) fn assert_erro(r: &Resposta, status: StatusCode, mensagem: &str) {
    assert_eq!(r.status, status, "{}", r.texto());
    assert_eq!(r.json(), serde_json::json!({ "mensagem": mensagem }));
}

/// One part of a multipart form: (name, file name for the file part, bytes).
pub(super) type Parte<'a> = (&'a str, Option<&'a str>, &'a [u8]);

const FRONTEIRA: &str = "----colheita-teste-7d1f";

pub(super) fn multipart(partes: &[Parte<'_>]) -> Vec<u8> {
    let mut corpo = Vec::new();
    for (nome, arquivo, bytes) in partes {
        corpo.extend_from_slice(format!("--{FRONTEIRA}\r\n").as_bytes());
        match arquivo {
            Some(a) => corpo.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{nome}\"; filename=\"{a}\"\r\n\
                     Content-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => corpo.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{nome}\"\r\n\r\n").as_bytes(),
            ),
        }
        corpo.extend_from_slice(bytes);
        corpo.extend_from_slice(b"\r\n");
    }
    corpo.extend_from_slice(format!("--{FRONTEIRA}--\r\n").as_bytes());
    corpo
}

pub(super) async fn postar_form(
    router: &Router,
    token: Option<&str>,
    partes: &[Parte<'_>],
) -> Resposta {
    pedir_bytes(
        router,
        Method::POST,
        "/v1/cadastro/documentos",
        token,
        Some((
            &format!("multipart/form-data; boundary={FRONTEIRA}"),
            multipart(partes),
        )),
    )
    .await
}

/// The web app's upload form: id, email, tipoDocumento, nomeDocumento,
/// descricaoDocumento and the file.
pub(super) async fn enviar_documento(
    router: &Router,
    token: &str,
    tipo: &str,
    nome: &str,
    bytes: &[u8],
) -> Resposta {
    postar_form(
        router,
        Some(token),
        &[
            ("id", None, b"0"),
            ("email", None, b"quem@colheita.dev"),
            ("tipoDocumento", None, tipo.as_bytes()),
            ("nomeDocumento", None, nome.as_bytes()),
            (
                "descricaoDocumento",
                None,
                "Documento do cadastro".as_bytes(),
            ),
            ("documento", Some(nome), bytes),
        ],
    )
    .await
}

/// A small valid PNG, as the seed generates them.
pub(super) fn png() -> Vec<u8> {
    crate::sandbox::seed::png(4, 3, |x, y| {
        [
            u8::try_from(x * 10).unwrap(),
            u8::try_from(y * 20).unwrap(),
            200,
        ]
    })
}

/// Bytes that start like a JPEG (all the sandbox judges).
pub(super) fn jpeg() -> Vec<u8> {
    let mut b = vec![
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0,
    ];
    b.extend_from_slice(&[0u8; 64]);
    b.extend_from_slice(&[0xFF, 0xD9]);
    b
}

pub(super) fn pdf() -> Vec<u8> {
    let mut doc = crate::sandbox::pdf::Documento::new();
    doc.titulo("RG digitalizado");
    doc.finalizar("RG", "teste")
}

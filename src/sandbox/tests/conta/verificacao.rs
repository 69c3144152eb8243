//! `PUT /v1/cadastro/validate`: the Básico investor completes the registration step by
//! step, each missing part refused with its message, then is sent to analysis.

use axum::http::{Method, StatusCode};
use serde_json::json;

use super::{ANALISE, BASICO, assert_erro, atualizar, cadastro, enviar_documento, jpeg, png};
use crate::sandbox::tests::reservas::{INVESTIDOR, token};
use crate::sandbox::tests::*;

const PESSOAIS: &str = "Por favor, certifique-se de atualizar todos os campos das suas Informações Pessoais antes de solicitar a verificação do seu cadastro.";
const ENDERECO: &str = "Por favor, atualize as informações do seu endereço antes de solicitar a verificação do seu cadastro.";
const DOCUMENTOS: &str = "Por favor, envie todos os documentos obrigatórios antes de solicitar a verificação do seu cadastro.";
const JA_ENVIADO: &str = "Seu cadastro já foi enviado para análise.";

async fn validar(router: &Router, t: &str) -> Resposta {
    pedir(router, Method::PUT, "/v1/cadastro/validate", Some(t), None).await
}

#[tokio::test]
async fn basico_completa_o_cadastro_e_vai_para_analise() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    let u = cadastro(&amb.router, &t).await;
    assert_eq!(u["cadastro"], "Básico");
    // Seeded: part of the personal data (no RG), an address without CEP nor number.
    assert_eq!(u["dadosPessoais"]["genero"], "Male");
    assert_eq!(u["dadosPessoais"]["documentoIdentidade"], json!([]));
    assert_eq!(u["dadosComplementares"]["endereco"]["cidade"], "Curitiba");
    assert!(u["dadosComplementares"]["endereco"]["numero"].is_null());
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        PESSOAIS,
    );

    // RG number without issuer: still incomplete.
    let rg = json!({"dadosPessoais": {"documentoIdentidade": [{"numero": "123456789"}]}});
    assert_eq!(atualizar(&amb.router, &t, &rg).await.status, StatusCode::OK);
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        PESSOAIS,
    );
    let rg = json!({"dadosPessoais": {"documentoIdentidade": [
        {"numero": "123456789", "estadoEmissao": "PR", "emissor": "SSP"}]}});
    assert_eq!(atualizar(&amb.router, &t, &rg).await.status, StatusCode::OK);
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        ENDERECO,
    );

    let cep = json!({"dadosComplementares": {"endereco": {"cep": "80020-320"}}});
    assert_eq!(
        atualizar(&amb.router, &t, &cep).await.status,
        StatusCode::OK
    );
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        ENDERECO,
    );
    let numero = json!({"dadosComplementares": {"endereco": {"numero": "450"}}});
    assert_eq!(
        atualizar(&amb.router, &t, &numero).await.status,
        StatusCode::OK
    );
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        DOCUMENTOS,
    );

    // The back of the ID is optional; the front and the selfie are not.
    let r = enviar_documento(
        &amb.router,
        &t,
        "IdentityDocumentBack",
        "verso.jpg",
        &jpeg(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let r = enviar_documento(&amb.router, &t, "IdentityDocument", "frente.jpg", &jpeg()).await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::BAD_REQUEST,
        DOCUMENTOS,
    );
    let r = enviar_documento(&amb.router, &t, "SelfieWithDocument", "selfie.png", &png()).await;
    assert_eq!(r.status, StatusCode::CREATED);

    let r = validar(&amb.router, &t).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.texto());
    assert!(r.corpo.is_empty());
    let u = cadastro(&amb.router, &t).await;
    assert_eq!(
        (&u["cadastro"], &u["status"]),
        (&json!("Em análise"), &json!(1))
    );
    // Once sent: no second request, and documents are view-only.
    assert_erro(
        &validar(&amb.router, &t).await,
        StatusCode::CONFLICT,
        JA_ENVIADO,
    );
    let r = enviar_documento(&amb.router, &t, "SelfieWithDocument", "outra.png", &png()).await;
    assert_erro(
        &r,
        StatusCode::FORBIDDEN,
        "Os documentos só podem ser alterados enquanto o seu perfil é básico.",
    );
}

#[tokio::test]
async fn cadastro_ja_enviado_ou_completo_e_conflito() {
    let amb = ambiente();
    for email in [ANALISE, INVESTIDOR] {
        let t = token(&amb.router, email).await;
        let antes = cadastro(&amb.router, &t).await["cadastro"].clone();
        assert_erro(
            &validar(&amb.router, &t).await,
            StatusCode::CONFLICT,
            JA_ENVIADO,
        );
        assert_eq!(
            cadastro(&amb.router, &t).await["cadastro"],
            antes,
            "unchanged"
        );
    }
    let r = pedir(
        &amb.router,
        Method::PUT,
        "/v1/cadastro/validate",
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

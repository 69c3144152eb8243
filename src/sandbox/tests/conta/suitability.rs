//! `/v1/cadastro/suitability`: the seeded profile, answering (scored by the domain's
//! questionnaire, replacing the last answers) and the refusals.

use std::collections::BTreeMap;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::{BASICO, PREENCHER, assert_erro};
use crate::domain::suitability::{PERGUNTAS, Pergunta};
use crate::sandbox::tests::reservas::{INVESTIDOR, token};
use crate::sandbox::tests::*;

const URI: &str = "/v1/cadastro/suitability";

fn respostas(escolha: impl Fn(&Pergunta) -> usize) -> Value {
    let m: BTreeMap<&str, &str> = PERGUNTAS
        .iter()
        .map(|p| (p.id, p.opcoes[escolha(p)].id))
        .collect();
    json!(m)
}

async fn responder(router: &Router, t: &str, corpo: String) -> Resposta {
    pedir(
        router,
        Method::PUT,
        URI,
        Some(t),
        Some(("application/json", corpo)),
    )
    .await
}

#[tokio::test]
async fn investidora_tem_perfil_moderado_e_basico_nenhum() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, URI, Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let p = r.json();
    assert_eq!(p["perfil"], "Moderado");
    assert_eq!(p["pontuacao"], 12);
    assert_eq!(p["respostas"], respostas(|p| p.opcoes.len() / 2));
    assert!(
        p["dataAtualizacao"]
            .as_str()
            .unwrap()
            .parse::<jiff::Timestamp>()
            .is_ok()
    );

    let b = token(&amb.router, BASICO).await;
    let r = get(&amb.router, URI, Some(&b)).await;
    assert_eq!(
        r.json(),
        json!({"perfil": null, "pontuacao": null, "respostas": {}, "dataAtualizacao": null})
    );
    assert_eq!(
        get(&amb.router, URI, None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn responder_pontua_e_substitui_as_respostas() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    let mut altas = respostas(|p| p.opcoes.len() - 1);
    altas["pergunta-que-nao-existe"] = json!("x");
    let r = responder(&amb.router, &t, json!({ "respostas": altas }).to_string()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let p = r.json();
    assert_eq!(
        (&p["perfil"], &p["pontuacao"]),
        (&json!("Arrojado"), &json!(24))
    );
    assert_eq!(
        p["respostas"],
        respostas(|p| p.opcoes.len() - 1),
        "unknown keys dropped"
    );
    assert_eq!(get(&amb.router, URI, Some(&t)).await.json(), p);

    let r = responder(
        &amb.router,
        &t,
        json!({ "respostas": respostas(|_| 0) }).to_string(),
    )
    .await;
    let p = r.json();
    assert_eq!(
        (&p["perfil"], &p["pontuacao"]),
        (&json!("Conservador"), &json!(0))
    );
    assert_eq!(
        get(&amb.router, URI, Some(&t)).await.json()["perfil"],
        "Conservador"
    );
}

#[tokio::test]
async fn questionario_incompleto_e_recusado_sem_gravar() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let antes = get(&amb.router, URI, Some(&t)).await.json();
    let mut faltando = respostas(|_| 0);
    faltando.as_object_mut().unwrap().remove(PERGUNTAS[2].id);
    let mut desconhecida = respostas(|_| 0);
    desconhecida[PERGUNTAS[0].id] = json!("talvez");
    let mut numero = respostas(|_| 0);
    numero[PERGUNTAS[1].id] = json!(1);
    for corpo in [
        json!({ "respostas": faltando }).to_string(),
        json!({ "respostas": desconhecida }).to_string(),
        json!({ "respostas": numero }).to_string(),
        json!({ "respostas": {} }).to_string(),
        json!({ "respostas": [] }).to_string(),
        json!({}).to_string(),
        "não é json".to_owned(),
    ] {
        let r = responder(&amb.router, &t, corpo.clone()).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, PREENCHER);
        assert_eq!(
            get(&amb.router, URI, Some(&t)).await.json(),
            antes,
            "{corpo}"
        );
    }
    let r = pedir(&amb.router, Method::PUT, URI, None, None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

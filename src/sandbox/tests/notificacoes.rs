//! Notifications (`/v1/notificacoes`): the seeded ones, reading, the counter, the setting,
//! and that nothing is generated while the setting is off.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::conta::{ANALISE, BASICO, PREENCHER, assert_erro};
use super::reservas::{ATIVA, INVESTIDOR, oferta_aberta, reservar, token};
use super::*;

const NAO_ENCONTRADA: &str = "Notificação não encontrada.";

async fn lista(router: &Router, t: &str, query: &str) -> (Vec<Value>, i64) {
    let r = get(router, &format!("/v1/notificacoes?{query}"), Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{query}: {}", r.texto());
    let v = r.json();
    (
        v["dados"].as_array().unwrap().clone(),
        v["totalDeRegistros"].as_i64().unwrap(),
    )
}

async fn nao_lidas(router: &Router, t: &str) -> i64 {
    let r = get(router, "/v1/notificacoes/contador", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()["naoLidas"].as_i64().unwrap()
}

async fn abrir(router: &Router, t: &str, id: &Value) -> Resposta {
    get(router, &format!("/v1/notificacoes/{id}"), Some(t)).await
}

async fn configurar(router: &Router, t: &str, corpo: &str) -> Resposta {
    pedir(
        router,
        Method::POST,
        "/v1/notificacoes/configuracoes",
        Some(t),
        Some(("application/json", corpo.to_owned())),
    )
    .await
}

fn botao_valido(url: &Value) -> bool {
    match url.as_str() {
        None => url.is_null(),
        Some(u) => u.starts_with('/') && !u.starts_with("//") && !u.contains('\\'),
    }
}

#[tokio::test]
async fn semente_do_investidor_tem_lidas_e_nao_lidas_da_mais_nova_para_a_mais_velha() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (nao, n_nao) = lista(&amb.router, &t, "PageSize=1000").await;
    let (sim, n_sim) = lista(&amb.router, &t, "lidas=true&PageSize=1000").await;
    assert!(n_nao >= 4 && n_sim >= 3, "{n_nao} {n_sim}");
    assert_eq!(
        lista(&amb.router, &t, "lidas=FALSE&PageSize=1000").await.0,
        nao
    );
    assert_eq!(nao_lidas(&amb.router, &t).await, n_nao);
    assert!(nao.iter().all(|n| n["dataLeitura"].is_null()));
    assert!(sim.iter().all(|n| n["dataLeitura"].as_str().is_some()));
    for l in [&nao, &sim] {
        let datas: Vec<&str> = l.iter().map(|n| n["dataEnvio"].as_str().unwrap()).collect();
        let mut ordenadas = datas.clone();
        ordenadas.sort_by(|a, b| b.cmp(a));
        assert_eq!(datas, ordenadas);
        for n in l {
            let mut chaves: Vec<&String> = n.as_object().unwrap().keys().collect();
            chaves.sort();
            assert_eq!(
                chaves,
                ["dataEnvio", "dataLeitura", "id", "resumo", "titulo"]
            );
        }
    }
    let titulos: Vec<&str> = nao
        .iter()
        .chain(&sim)
        .map(|n| n["titulo"].as_str().unwrap())
        .collect();
    for t in [
        "Reserva confirmada",
        "Pix recebido",
        "Nova captação no ar",
        "Documentos aprovados",
    ] {
        assert!(titulos.contains(&t), "{t}: {titulos:?}");
    }
    // Every button is a path of the web app; a new offering's is a real seeded offering.
    let mut sem_botao = 0;
    for n in nao.iter().chain(&sim) {
        let r = abrir(&amb.router, &t, &n["id"]).await;
        let m = &r.json()["mensagem"];
        assert!(botao_valido(&m["uRLBotao"]), "{m}");
        assert_eq!(m["tituloBotao"].is_null(), m["uRLBotao"].is_null());
        sem_botao += i32::from(m["uRLBotao"].is_null());
        if n["titulo"] == "Nova captação no ar" {
            let url = m["uRLBotao"].as_str().unwrap();
            let slug = url.strip_prefix("/investir/").unwrap();
            let r = get(
                &amb.router,
                &format!("/v1/captacoes/urlamigavel/{slug}"),
                None,
            )
            .await;
            assert_eq!(r.status, StatusCode::OK);
        }
        if n["titulo"] == "Reserva confirmada" || n["titulo"] == "Pix recebido" {
            assert_eq!(m["tituloBotao"], "Ver carteira");
            assert_eq!(m["uRLBotao"], "/carteira");
        }
        if n["titulo"] == "Documentos aprovados" {
            assert_eq!(m["uRLBotao"], "/minha-conta/dados-cadastrais");
        }
    }
    assert!(sem_botao >= 1);
    assert_eq!(nao_lidas(&amb.router, &t).await, 0);
}

#[tokio::test]
async fn outros_investidores_da_semente() {
    let amb = ambiente();
    let t = token(&amb.router, BASICO).await;
    let (nao, total) = lista(&amb.router, &t, "").await;
    assert_eq!(total, 1);
    assert_eq!(nao[0]["titulo"], "Bem-vindo à Colheita");
    let r = abrir(&amb.router, &t, &nao[0]["id"]).await;
    assert_eq!(
        r.json()["mensagem"]["uRLBotao"],
        "/minha-conta/dados-cadastrais"
    );
    assert_eq!(lista(&amb.router, &t, "lidas=true").await.1, 1);
    for email in [ATIVA, ANALISE] {
        let t = token(&amb.router, email).await;
        assert!(nao_lidas(&amb.router, &t).await >= 1, "{email}");
    }
}

#[tokio::test]
async fn abrir_marca_como_lida_uma_vez_e_so_a_propria() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let antes = nao_lidas(&amb.router, &t).await;
    let (nao, _) = lista(&amb.router, &t, "PageSize=1").await;
    let n = &nao[0];
    // Another investor cannot open it (nor mark it read).
    let outro = token(&amb.router, ATIVA).await;
    assert_erro(
        &abrir(&amb.router, &outro, &n["id"]).await,
        StatusCode::NOT_FOUND,
        NAO_ENCONTRADA,
    );
    assert_eq!(nao_lidas(&amb.router, &t).await, antes);
    for id in [json!("abc"), json!(999_999), json!("-1")] {
        let r = get(
            &amb.router,
            &format!(
                "/v1/notificacoes/{}",
                id.as_str().map_or(id.to_string(), str::to_owned)
            ),
            Some(&t),
        )
        .await;
        assert_erro(&r, StatusCode::NOT_FOUND, NAO_ENCONTRADA);
    }
    let r = abrir(&amb.router, &t, &n["id"]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    let v = r.json();
    let mut chaves: Vec<&String> = v.as_object().unwrap().keys().collect();
    chaves.sort();
    assert_eq!(
        chaves,
        [
            "dataEnvio",
            "dataLeitura",
            "id",
            "mensagem",
            "resumo",
            "titulo"
        ]
    );
    let mut chaves: Vec<&String> = v["mensagem"].as_object().unwrap().keys().collect();
    chaves.sort();
    assert_eq!(
        chaves,
        ["dataEnvio", "resumo", "titulo", "tituloBotao", "uRLBotao"]
    );
    assert_eq!(v["titulo"], n["titulo"]);
    assert_eq!(v["mensagem"]["titulo"], n["titulo"]);
    assert!(
        v["mensagem"]["resumo"]
            .as_str()
            .unwrap()
            .starts_with(n["resumo"].as_str().unwrap())
    );
    let lida = v["dataLeitura"].as_str().unwrap().to_owned();
    assert!(lida.ends_with("-03:00"));
    assert_eq!(nao_lidas(&amb.router, &t).await, antes - 1);
    // Opening again keeps the first reading time.
    let de_novo = abrir(&amb.router, &t, &n["id"]).await.json();
    assert_eq!(de_novo["dataLeitura"], lida.as_str());
    let (lidas, _) = lista(&amb.router, &t, "lidas=true&PageSize=1000").await;
    assert!(lidas.iter().any(|l| l["id"] == n["id"]));
    // Paging.
    let (p1, total) = lista(&amb.router, &t, "lidas=true&PageSize=2").await;
    let (p2, _) = lista(&amb.router, &t, "lidas=true&PageSize=2&Page=2").await;
    assert_eq!(p1.as_slice(), &lidas[0..2]);
    assert_eq!(p2.as_slice(), &lidas[2..4.min(lidas.len())]);
    assert_eq!(total as usize, lidas.len());
    for q in ["lidas=talvez", "Page=0", "PageSize=1001", "PageSize=x"] {
        let r = get(&amb.router, &format!("/v1/notificacoes?{q}"), Some(&t)).await;
        assert_erro(&r, StatusCode::BAD_REQUEST, "Filtro inválido.");
    }
    for uri in [
        "/v1/notificacoes",
        "/v1/notificacoes/contador",
        "/v1/notificacoes/configuracoes",
    ] {
        assert_eq!(
            get(&amb.router, uri, None).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test]
async fn configuracao_desligada_nao_gera_notificacoes() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let r = get(&amb.router, "/v1/notificacoes/configuracoes", Some(&t)).await;
    assert_eq!(
        r.json(),
        json!([{"tipoNotificacao": "TODOS", "recebeNotificacao": true}])
    );
    for (corpo, msg) in [
        (
            r#"{"tipoNotificacao":"RESERVAS","recebeNotificacao":false}"#,
            "Tipo de notificação inválido.",
        ),
        (r#"{"tipoNotificacao":"TODOS"}"#, PREENCHER),
        (
            r#"{"tipoNotificacao":"TODOS","recebeNotificacao":"false"}"#,
            PREENCHER,
        ),
        (r#"{"recebeNotificacao":false}"#, PREENCHER),
        ("não é json", PREENCHER),
        ("[]", PREENCHER),
    ] {
        assert_erro(
            &configurar(&amb.router, &t, corpo).await,
            StatusCode::BAD_REQUEST,
            msg,
        );
    }
    let r = configurar(
        &amb.router,
        &t,
        r#"{"tipoNotificacao":"TODOS","recebeNotificacao":false}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    assert_eq!(
        r.json(),
        json!([{"tipoNotificacao": "TODOS", "recebeNotificacao": false}])
    );
    let r = get(&amb.router, "/v1/notificacoes/configuracoes", Some(&t)).await;
    assert_eq!(r.json()[0]["recebeNotificacao"], false);

    let antes = nao_lidas(&amb.router, &t).await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let (id, _) = reservar(&amb.router, &t, oferta, minimo, 1).await;
    let r = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{id}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(nao_lidas(&amb.router, &t).await, antes);

    // Back on: the next event notifies again (nothing was kept from while it was off).
    let r = configurar(
        &amb.router,
        &t,
        r#"{"tipoNotificacao":"TODOS","recebeNotificacao":true}"#,
    )
    .await;
    assert_eq!(r.json()[0]["recebeNotificacao"], true);
    let (outra, _) = reservar(&amb.router, &t, oferta, minimo, 1).await;
    assert!(outra > id);
    assert_eq!(nao_lidas(&amb.router, &t).await, antes + 1);
    let (nao, _) = lista(&amb.router, &t, "PageSize=1").await;
    assert_eq!(nao[0]["titulo"], "Reserva confirmada");
}

//! The order flow of issue 5 on the sandbox: life cycle, every refusal, the
//! oversubscription race, ownership and the sandbox-only transitions.

use std::str::FromStr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Value, json};

use super::super::ordens::termo::grau_especulativo;
use super::super::tempo;
use super::*;

pub(super) const INVESTIDOR: &str = "investidor@colheita.dev";
pub(super) const ATIVA: &str = "ativa@colheita.dev";
const INDISPONIVEL: &str = "O valor da sua reserva não está mais disponível para investir. Verifique a quantia disponível na página da operação.";
const VALOR: &str =
    "O valor informado precisa ser maior que zero, e igual ou maior que o investimento mínimo.";
const CONCORDAR: &str = "Necessário concordar com os termos para prosseguir.";

pub(super) fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

pub(super) async fn chamar(
    router: &Router,
    metodo: Method,
    uri: &str,
    token: &str,
    corpo: Option<Value>,
) -> Resposta {
    pedir(
        router,
        metodo,
        uri,
        Some(token),
        corpo.map(|c| ("application/json", c.to_string())),
    )
    .await
}

pub(super) async fn token(router: &Router, email: &str) -> String {
    acesso(&entrar(router, email).await)
}

/// An open offering with plenty of room: (id, minimum in reais). `especulativa` picks
/// one rated below BBB (two term options) or one at or above it (one option).
pub(super) async fn oferta_aberta(amb: &Ambiente, especulativa: bool) -> (i64, Decimal) {
    let agora = tempo::ms(tempo::agora());
    let lista: Vec<(i64, i64, String)> = amb
        .sandbox
        .db()
        .ler(move |c| {
            let mut q = c.prepare(
                "SELECT id, investimento_minimo_centavos, rating FROM captacoes c
                 WHERE status = 'Captação no ar' AND fim_captacao > ?1
                   AND limite_centavos - arrecadado_base_centavos
                       - (SELECT COALESCE(SUM(investimento_centavos), 0) FROM reservas r
                          WHERE r.captacao_id = c.id AND r.status <> 'Cancelado')
                       > 200 * investimento_minimo_centavos
                 ORDER BY id",
            )?;
            let v = q
                .query_map(params![agora], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    let (id, minimo, _) = lista
        .into_iter()
        .find(|(_, _, rating)| grau_especulativo(rating) == especulativa)
        .expect("seed has such an offering");
    (id, Decimal::new(minimo, 2))
}

pub(super) fn pedido(id: i64, valor: Decimal, tipo: i64) -> Value {
    json!({"idCaptacao": id, "origem": "Ativa", "investimento": valor, "simulado": false, "tipoPagamento": tipo})
}

/// Creates, signs and confirms: the reservation id and the confirmation body.
pub(super) async fn reservar(
    router: &Router,
    token: &str,
    id: i64,
    valor: Decimal,
    tipo: i64,
) -> (i64, Value) {
    let r = chamar(
        router,
        Method::POST,
        "/v1/reservas",
        token,
        Some(pedido(id, valor, tipo)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let reserva = r.json()["id"].as_i64().unwrap();
    let opcao = r.json()["termos"][0]["opcao"].clone();
    let a = chamar(
        router,
        Method::PATCH,
        &format!("/v1/reservas/{reserva}/assinarcontrato"),
        token,
        Some(json!({"opcao": opcao, "aceite": true})),
    )
    .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.texto());
    let c = chamar(
        router,
        Method::PATCH,
        &format!("/v1/reservas/{reserva}/confirmarinvestimento"),
        token,
        None,
    )
    .await;
    assert_eq!(c.status, StatusCode::OK, "{}", c.texto());
    (reserva, c.json())
}

async fn oferta_json(router: &Router, id: i64) -> Value {
    get(router, &format!("/v1/captacoes/{id}"), None)
        .await
        .json()
}

#[tokio::test]
async fn permite_liquidacao_via_ativa() {
    let amb = ambiente();
    for (email, esperado) in [
        (ATIVA, true),
        (INVESTIDOR, false),
        ("basico@colheita.dev", false),
    ] {
        let t = token(&amb.router, email).await;
        let r = get(
            &amb.router,
            "/v1/cadastro/permiteLiquidacaoViaAtiva",
            Some(&t),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.json(), json!(esperado), "{email}");
    }
    let r = get(&amb.router, "/v1/cadastro/permiteLiquidacaoViaAtiva", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn ciclo_pix_ate_pago() {
    let amb = ambiente_com(|c| c.pix_deadline = Duration::from_secs(3600));
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let antes = oferta_json(&amb.router, id).await;
    let valor = minimo * Decimal::from(3);

    let r = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, valor, 1)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let termo = r.json();
    assert_eq!(termo["titulo"], "Termo de adesão e ciência de riscos");
    assert_eq!(termo["status"], "Aberto");
    assert_eq!(termo["id"], termo["idReserva"]);
    assert_eq!(termo["termos"].as_array().unwrap().len(), 1);
    let nome = antes["nomeCaptacao"].as_str().unwrap();
    assert!(termo["conteudo"].as_str().unwrap().contains(nome));
    let reserva = termo["id"].as_i64().unwrap();

    // Aberto does not count on the offering yet.
    assert_eq!(
        oferta_json(&amb.router, id).await["reservado"],
        antes["reservado"]
    );
    let ver = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t))
        .await
        .json();
    assert_eq!(ver["status"]["name"], "Aberto");
    assert_eq!(ver["termoAceito"], false);
    let de_novo = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/termo"),
        Some(&t),
    )
    .await;
    assert_eq!(de_novo.json()["conteudo"], termo["conteudo"]);

    // Confirming before the terms is refused.
    let url_conf = format!("/v1/reservas/{reserva}/confirmarinvestimento");
    let c = chamar(&amb.router, Method::PATCH, &url_conf, &t, None).await;
    assert_eq!(c.status, StatusCode::BAD_REQUEST);
    assert_eq!(c.json()["mensagem"], CONCORDAR);

    let url_ass = format!("/v1/reservas/{reserva}/assinarcontrato");
    let a = chamar(
        &amb.router,
        Method::PATCH,
        &url_ass,
        &t,
        Some(json!({"opcao": "1", "aceite": false})),
    )
    .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.json()["mensagem"], CONCORDAR);
    let a = chamar(
        &amb.router,
        Method::PATCH,
        &url_ass,
        &t,
        Some(json!({"opcao": "9", "aceite": true})),
    )
    .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        a.json()["mensagem"],
        "Selecione uma das opções do termo para prosseguir."
    );
    // One option: it may be omitted.
    let a = chamar(
        &amb.router,
        Method::PATCH,
        &url_ass,
        &t,
        Some(json!({"aceite": true})),
    )
    .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.texto());

    let inicio = tempo::agora();
    let c = chamar(&amb.router, Method::PATCH, &url_conf, &t, None).await;
    assert_eq!(c.status, StatusCode::OK, "{}", c.texto());
    let conf = c.json();
    assert_eq!(conf["status"], "Aporte pendente");
    let pix = &conf["pix"];
    for campo in [
        "chave",
        "dataVencimento",
        "conta",
        "agencia",
        "nome",
        "cnpj",
        "instituicao",
    ] {
        assert!(pix[campo].is_string(), "{campo}");
    }
    let prazo: jiff::Timestamp = pix["dataVencimento"].as_str().unwrap().parse().unwrap();
    let esperado = tempo::mais(inicio, Duration::from_secs(3600));
    assert!(
        (prazo.as_second() - esperado.as_second()).abs() <= 2,
        "{prazo} vs {esperado}"
    );
    assert!(pix["dataVencimento"].as_str().unwrap().ends_with("-03:00"));
    assert!(conf["inicioRendimento"].is_string());

    // Retrying the confirmation answers the same; the amount counts once.
    let c2 = chamar(&amb.router, Method::PATCH, &url_conf, &t, None).await;
    assert_eq!(c2.status, StatusCode::OK);
    assert_eq!(c2.json()["pix"]["dataVencimento"], pix["dataVencimento"]);
    let depois = oferta_json(&amb.router, id).await;
    assert_eq!(dec(&depois["reservado"]), dec(&antes["reservado"]) + valor);

    let ver = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t))
        .await
        .json();
    assert_eq!(ver["status"]["name"], "Aporte pendente");
    assert_eq!(ver["prazoPagamento"], pix["dataVencimento"]);
    assert_eq!(ver["pix"]["chave"], pix["chave"]);
    assert_eq!(ver["tipoDoPagamentoDescricao"], "Pix");
    assert_eq!(ver["fluxoRecebimentoAmortizacao"], json!([]));
    // Signing after confirmation is refused.
    let a = chamar(
        &amb.router,
        Method::PATCH,
        &url_ass,
        &t,
        Some(json!({"aceite": true})),
    )
    .await;
    assert_eq!(a.status, StatusCode::CONFLICT);

    // Pay: moves from reservado to arrecadado; the cash flow appears.
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.texto());
    let pago = p.json();
    assert_eq!(pago["status"]["name"], "Pago");
    assert!(pago["pix"].is_null() && pago["prazoPagamento"].is_null());
    let fluxo = pago["fluxoRecebimentoAmortizacao"].as_array().unwrap();
    assert!(!fluxo.is_empty());
    let ultima = fluxo.last().unwrap();
    assert!(dec(&ultima["valor"]) > valor);
    assert_eq!(ultima["statusPagamento"], "A receber");
    assert_eq!(ultima["dataPagamento"], pago["dataVencimento"]);
    let final_ = oferta_json(&amb.router, id).await;
    assert_eq!(dec(&final_["reservado"]), dec(&antes["reservado"]));
    assert_eq!(
        dec(&final_["arrecadado"]),
        dec(&antes["arrecadado"]) + valor
    );
    // Paying twice is an invalid transition.
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    assert_eq!(p.json()["mensagem"], "Transição inválida: reserva em Pago.");
}

#[tokio::test]
async fn ciclo_debito_parceira_aprovar_e_rejeitar() {
    let amb = ambiente();
    let t = token(&amb.router, ATIVA).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let (r1, conf) = reservar(&amb.router, &t, id, minimo, 2).await;
    assert_eq!(conf["status"], "Em análise");
    assert!(conf["pix"].is_null());
    let ver = get(&amb.router, &format!("/v1/reservas/{r1}"), Some(&t))
        .await
        .json();
    assert_eq!(ver["tipoDoPagamento"], 2);
    assert_eq!(
        ver["tipoDoPagamentoDescricao"],
        "Débito em conta na corretora parceira"
    );

    let a = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r1}/aprovar"),
        None,
        None,
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.texto());
    assert_eq!(a.json()["status"]["name"], "Aprovado");
    assert!(
        !a.json()["fluxoRecebimentoAmortizacao"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r1}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.json()["status"]["name"], "Pago");

    let (r2, _) = reservar(&amb.router, &t, id, minimo, 2).await;
    let antes = oferta_json(&amb.router, id).await;
    let rej = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r2}/rejeitar"),
        None,
        None,
    )
    .await;
    assert_eq!(rej.status, StatusCode::OK, "{}", rej.texto());
    let rej = rej.json();
    assert_eq!(rej["status"]["name"], "Aporte pendente");
    assert_eq!(rej["tipoDoPagamento"], 1);
    assert!(rej["pix"]["chave"].is_string() && rej["prazoPagamento"].is_string());
    let depois = oferta_json(&amb.router, id).await;
    assert_eq!(dec(&depois["reservado"]), dec(&antes["reservado"]) + minimo);

    let x = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{r2}/aprovar"),
        None,
        None,
    )
    .await;
    assert_eq!(x.status, StatusCode::CONFLICT);
    let x = pedir(
        &amb.router,
        Method::POST,
        "/sandbox/reservas/999999/pagar",
        None,
        None,
    )
    .await;
    assert_eq!(x.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn duas_opcoes_de_termo_e_escolha() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, true).await;
    let r = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let termos = r.json()["termos"].as_array().unwrap().clone();
    assert_eq!(termos.len(), 2);
    assert_ne!(termos[0]["opcao"], termos[1]["opcao"]);
    assert!(
        termos
            .iter()
            .all(|o| o["descricao"].as_str().unwrap().len() > 20)
    );
    let reserva = r.json()["id"].as_i64().unwrap();
    let url = format!("/v1/reservas/{reserva}/assinarcontrato");
    let sem = chamar(
        &amb.router,
        Method::PATCH,
        &url,
        &t,
        Some(json!({"aceite": true})),
    )
    .await;
    assert_eq!(sem.status, StatusCode::BAD_REQUEST);
    let ok = chamar(
        &amb.router,
        Method::PATCH,
        &url,
        &t,
        Some(json!({"opcao": 2, "aceite": true})),
    )
    .await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    let termo = get(
        &amb.router,
        &format!("/v1/reservas/{reserva}/termo"),
        Some(&t),
    )
    .await
    .json();
    assert_eq!(termo["opcaoAceita"], "2");
}

#[tokio::test]
async fn recusas_da_criacao() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let criar = |corpo: Value, tk: String| {
        let router = amb.router.clone();
        async move { chamar(&router, Method::POST, "/v1/reservas", &tk, Some(corpo)).await }
    };
    for email in ["basico@colheita.dev", "analise@colheita.dev"] {
        let outro = token(&amb.router, email).await;
        let r = criar(pedido(id, minimo, 1), outro).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(
            r.json()["mensagem"],
            "Apenas investidores com cadastro completo podem investir."
        );
    }
    for valor in [
        json!(0),
        json!(-10),
        json!(minimo - Decimal::new(1, 2)),
        json!("12.345"),
        json!("abc"),
    ] {
        let r = criar(
            json!({"idCaptacao": id, "investimento": valor, "tipoPagamento": 1}),
            t.clone(),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{valor}");
        assert_eq!(r.json()["mensagem"], VALOR, "{valor}");
    }
    let r = criar(json!({"idCaptacao": id}), t.clone()).await;
    assert_eq!(
        r.json()["mensagem"],
        "Necessário preencher todos os campos para prosseguir."
    );
    let r = criar(pedido(id, minimo, 2), t.clone()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.json()["mensagem"]
            .as_str()
            .unwrap()
            .contains("corretora parceira")
    );
    let r = criar(pedido(id, minimo, 3), t.clone()).await;
    assert_eq!(r.json()["mensagem"], "Forma de pagamento inválida.");
    let r = criar(pedido(987_654, minimo, 1), t.clone()).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = criar(
        json!({"idCaptacao": id, "investimento": minimo, "simulado": true}),
        t.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    // Closed offerings: Finalizado, Captado, Rascunho, and an open one whose period ended.
    let agora = tempo::ms(tempo::agora());
    let fechadas: Vec<i64> = amb
        .sandbox
        .db()
        .ler(move |c| {
            let mut q = c.prepare(
                "SELECT id FROM captacoes WHERE status IN ('Finalizado', 'Captado', 'Rascunho')
                 OR (status = 'Captação no ar' AND fim_captacao < ?1)",
            )?;
            let v = q
                .query_map(params![agora], |r| r.get(0))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(v)
        })
        .await
        .unwrap();
    assert!(fechadas.len() >= 4);
    for f in fechadas {
        let r = criar(pedido(f, Decimal::from(100_000), 1), t.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "captação {f}");
        assert_eq!(
            r.json()["mensagem"],
            "Esta captação não está aberta para investimentos."
        );
    }
    // More than what is left.
    let oferta = oferta_json(&amb.router, id).await;
    let demais = dec(&oferta["limiteArrecadacao"]) + minimo;
    let r = criar(pedido(id, demais, 1), t.clone()).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.json()["mensagem"], INDISPONIVEL);
    let r = pedir(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        None,
        Some(("application/json", pedido(id, minimo, 1).to_string())),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn reserva_de_outro_investidor_e_404() {
    let amb = ambiente();
    let ana = token(&amb.router, INVESTIDOR).await;
    let rafael = token(&amb.router, ATIVA).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let r = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &ana,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    let reserva = r.json()["id"].as_i64().unwrap();
    for (metodo, caminho, corpo) in [
        (Method::GET, format!("/v1/reservas/{reserva}"), None),
        (Method::GET, format!("/v1/reservas/{reserva}/termo"), None),
        (
            Method::PATCH,
            format!("/v1/reservas/{reserva}/assinarcontrato"),
            Some(json!({"opcao": "1", "aceite": true})),
        ),
        (
            Method::PATCH,
            format!("/v1/reservas/{reserva}/confirmarinvestimento"),
            None,
        ),
        (
            Method::GET,
            format!("/v1/reservas/{reserva}/documentos"),
            None,
        ),
        (
            Method::GET,
            format!("/v1/reservas/{reserva}/documentos/1"),
            None,
        ),
        (
            Method::GET,
            format!("/v1/reservas/{reserva}/contrato"),
            None,
        ),
        (Method::GET, "/v1/reservas/abc".to_owned(), None),
    ] {
        let r = chamar(&amb.router, metodo, &caminho, &rafael, corpo).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{caminho}");
        assert_eq!(r.json()["mensagem"], "Reserva não encontrada.", "{caminho}");
    }
    // Still Aberto and untouched for its owner.
    let ver = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&ana))
        .await
        .json();
    assert_eq!(ver["status"]["name"], "Aberto");
    assert_eq!(ver["termoAceito"], false);
}

/// 40 investors' confirmations at once against an offering with room for 3: exactly 3
/// win, the others get the message and are cancelled, and the limit holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn corrida_nunca_excede_o_limite() {
    let amb = ambiente();
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let mut reservas = Vec::new();
    for _ in 0..40 {
        let r = chamar(
            &amb.router,
            Method::POST,
            "/v1/reservas",
            &t,
            Some(pedido(id, minimo, 1)),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
        let reserva = r.json()["id"].as_i64().unwrap();
        let a = chamar(
            &amb.router,
            Method::PATCH,
            &format!("/v1/reservas/{reserva}/assinarcontrato"),
            &t,
            Some(json!({"aceite": true})),
        )
        .await;
        assert_eq!(a.status, StatusCode::NO_CONTENT);
        reservas.push(reserva);
    }
    // Leave room for exactly three minimums.
    let oferta = oferta_json(&amb.router, id).await;
    let ocupado = dec(&oferta["arrecadado"]) + dec(&oferta["reservado"]);
    let limite = ocupado + minimo * Decimal::from(3);
    let centavos = (limite * Decimal::ONE_HUNDRED).to_i64().unwrap();
    amb.sandbox
        .db()
        .escrever(move |tx| {
            tx.execute(
                "UPDATE captacoes SET limite_centavos = ?1 WHERE id = ?2",
                params![centavos, id],
            )?;
            Ok(())
        })
        .await
        .unwrap();

    let tarefas: Vec<_> = reservas
        .iter()
        .map(|&reserva| {
            let router = amb.router.clone();
            let t = t.clone();
            tokio::spawn(async move {
                chamar(
                    &router,
                    Method::PATCH,
                    &format!("/v1/reservas/{reserva}/confirmarinvestimento"),
                    &t,
                    None,
                )
                .await
            })
        })
        .collect();
    let mut ok = 0;
    for tarefa in tarefas {
        let r = tarefa.await.unwrap();
        match r.status {
            StatusCode::OK => ok += 1,
            StatusCode::CONFLICT => assert_eq!(r.json()["mensagem"], INDISPONIVEL),
            outro => panic!("{outro}: {}", r.texto()),
        }
    }
    assert_eq!(ok, 3);
    let depois = oferta_json(&amb.router, id).await;
    assert!(
        dec(&depois["arrecadado"]) + dec(&depois["reservado"]) <= dec(&depois["limiteArrecadacao"])
    );
    assert_eq!(
        dec(&depois["reservado"]),
        dec(&oferta["reservado"]) + minimo * Decimal::from(3)
    );
    let mut canceladas = 0;
    for reserva in reservas {
        let v = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t))
            .await
            .json();
        match v["status"]["name"].as_str().unwrap() {
            "Cancelado" => canceladas += 1,
            "Aporte pendente" => {}
            outro => panic!("{outro}"),
        }
    }
    assert_eq!(canceladas, 37);
    // Now full: a new order is refused.
    let r = chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        &t,
        Some(pedido(id, minimo, 1)),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn pix_vencido_aparece_cancelado_e_libera_o_valor() {
    let amb = ambiente_com(|c| c.pix_deadline = Duration::from_millis(300));
    let t = token(&amb.router, INVESTIDOR).await;
    let (id, minimo) = oferta_aberta(&amb, false).await;
    let antes = oferta_json(&amb.router, id).await;
    let (reserva, _) = reservar(&amb.router, &t, id, minimo, 1).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let v = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t))
        .await
        .json();
    assert_eq!(v["status"]["name"], "Cancelado");
    assert!(v["pix"].is_null());
    assert_eq!(
        oferta_json(&amb.router, id).await["reservado"],
        antes["reservado"]
    );
    let p = pedir(
        &amb.router,
        Method::POST,
        &format!("/sandbox/reservas/{reserva}/pagar"),
        None,
        None,
    )
    .await;
    assert_eq!(p.status, StatusCode::CONFLICT);
    let c = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{reserva}/confirmarinvestimento"),
        &t,
        None,
    )
    .await;
    assert_eq!(c.status, StatusCode::CONFLICT);
    assert!(amb.sandbox.expire_overdue().await.unwrap() >= 1);
    let v = get(&amb.router, &format!("/v1/reservas/{reserva}"), Some(&t))
        .await
        .json();
    assert_eq!(v["status"]["name"], "Cancelado");
}

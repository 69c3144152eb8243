//! The order flow's refusals on the sandbox: every creation error, ownership, the
//! oversubscription race and the Pix deadline.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Value, json};

use crate::sandbox::tempo;
use crate::sandbox::tests::reservas::{
    ATIVA, INDISPONIVEL, INVESTIDOR, VALOR, chamar, dec, numero, oferta_aberta, oferta_json,
    pedido, reservar, token,
};
use crate::sandbox::tests::*;

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
    // Filled and > 0 first, then the minimum (and whole cents).
    let preencher = "Necessário preencher todos os campos para prosseguir.";
    for (valor, mensagem) in [
        (json!(0), preencher),
        (json!(-10), preencher),
        (json!("abc"), preencher),
        (numero(minimo - Decimal::new(1, 2)), VALOR),
        (json!("12.345"), VALOR),
    ] {
        let r = criar(
            json!({"idCaptacao": id, "investimento": valor, "tipoPagamento": 1}),
            t.clone(),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{valor}");
        assert_eq!(r.json()["mensagem"], mensagem, "{valor}");
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
        json!({"idCaptacao": id, "investimento": numero(minimo), "simulado": true}),
        t.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    // Closed offerings: Finalizado, Captado, Rascunho, and an open one whose period ended.
    let agora = tempo::ms(tempo::agora());
    let fechadas: Vec<i64> = amb
        .sandbox
        .db()
        .read(move |c| {
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
            Some(json!({"opcao": "1", "aceite": true, "versaoCienciaRisco": "2026.1"})),
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
            Some(json!({"aceite": true, "versaoCienciaRisco": "2026.1"})),
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
        .write(move |tx| {
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

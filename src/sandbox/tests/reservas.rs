//! The reservations on the sandbox: the Pix life cycle up to Pago here; partner debit,
//! term options, refusals, wallet, summary and simulation in the files below; shared
//! helpers for all of them.

mod carga;
mod carteira;
mod debito;
mod pendentes;
mod recusas;
mod resumo;
mod simulacao;
mod termo;

use std::str::FromStr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::*;
use crate::sandbox::reservas::termo::grau_especulativo;
use crate::sandbox::tempo;

pub(super) const INVESTIDOR: &str = "investidor@colheita.dev";
pub(super) const ATIVA: &str = "ativa@colheita.dev";

/// The demo investor's user id, for the tests that read or write the store directly.
pub(super) async fn id_do_investidor(amb: &Ambiente) -> i64 {
    amb.sandbox
        .db()
        .read(|c| {
            Ok(c.query_row(
                "SELECT id FROM usuarios WHERE email = ?1",
                [INVESTIDOR],
                |r| r.get(0),
            )?)
        })
        .await
        .unwrap()
}

pub(super) const INDISPONIVEL: &str = "O valor da sua reserva não está mais disponível para investir. Verifique a quantia disponível na página da operação.";
pub(super) const VALOR: &str =
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
        .read(move |c| {
            let mut q = c.prepare(
                "SELECT id, investimento_minimo_centavos, rating FROM captacoes c
                 WHERE status = 'Captação no ar' AND fim_captacao > ?1
                   AND inicio_captacao <= ?1 AND cancelada_em IS NULL
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
    json!({"idCaptacao": id, "origem": "Ativa", "investimento": numero(valor), "simulado": false, "tipoPagamento": tipo})
}

/// A test amount as a JSON number inside a `Value` (which holds it as an f64: fine for
/// these small two-decimal amounts; exactness is tested on text, in `pedido.rs`).
pub(super) fn numero(valor: Decimal) -> Value {
    serde_json::from_str(&valor.to_string()).unwrap()
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
        Some(json!({"opcao": opcao, "aceite": true, "versaoCienciaRisco": "2026.1"})),
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

pub(super) async fn oferta_json(router: &Router, id: i64) -> Value {
    get(router, &format!("/v1/captacoes/{id}"), None)
        .await
        .json()
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
        Some(json!({"opcao": "9", "aceite": true, "versaoCienciaRisco": "2026.1"})),
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
        Some(json!({"aceite": true, "versaoCienciaRisco": "2026.1"})),
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
    assert_eq!(ver["dataVencimento"], pix["dataVencimento"]);
    assert_eq!(ver["pix"]["chave"], pix["chave"]);
    assert_eq!(ver["tipoDoPagamentoDescricao"], "Pix");
    assert_eq!(ver["fluxoRecebimentoAmortizacao"], json!([]));
    // Signing after confirmation is refused.
    let a = chamar(
        &amb.router,
        Method::PATCH,
        &url_ass,
        &t,
        Some(json!({"aceite": true, "versaoCienciaRisco": "2026.1"})),
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
    assert!(pago["pix"].is_null());
    // The request stays dated by its Pix deadline (the home says 'Finalizado' once paid).
    assert_eq!(pago["dataVencimento"], pix["dataVencimento"]);
    // Paid money is held until the offering's success: its schedule is expected from
    // after the end of the fundraising, and the payment starts no yield.
    let fim: jiff::Timestamp = antes["fimCaptacao"].as_str().unwrap().parse().unwrap();
    let comeca: jiff::Timestamp = pago["inicioRendimento"].as_str().unwrap().parse().unwrap();
    assert!(comeca > fim, "{comeca} after the offering's end {fim}");
    assert_eq!(pago["inicioRendimento"], conf["inicioRendimento"]);
    let fluxo = pago["fluxoRecebimentoAmortizacao"].as_array().unwrap();
    assert!(!fluxo.is_empty());
    let ultima = fluxo.last().unwrap();
    assert!(dec(&ultima["valor"]) > valor);
    assert_eq!(ultima["statusPagamento"], "A receber");
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

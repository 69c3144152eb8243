//! The investor duties of Resolução CVM nº 88/2022 as the sandbox enforces them: the
//! annual-limit declaration and its room, the risk term before confirming, the right of
//! withdrawal, the close of an offering below its minimum target, the record, and the
//! parameters as configuration.

mod desistencia;
mod encerramento;
mod limite;
mod risco;

use axum::http::{Method, StatusCode};
use rusqlite::params;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::extrato::extrato;
use super::reservas::{chamar, dec, oferta_aberta, oferta_json, pedido, token};
use super::*;
use crate::domain::reserva::MSG_RISK;
use crate::sandbox::tempo;

pub(super) const CARGA: &str = "carga-001@colheita.dev";

/// A sandbox with one synthetic investor whose seeded declaration is removed: the investor
/// declares as a new user would.
pub(super) async fn novo_investidor(
    ajustar: impl FnOnce(&mut SandboxConfig),
) -> (Ambiente, String) {
    let amb = ambiente_com(|c| {
        c.extra_investors = 1;
        ajustar(c);
    });
    amb.sandbox
        .db()
        .write(|tx| {
            tx.execute(
                "DELETE FROM declaracoes_investidor WHERE usuario_id =
                    (SELECT id FROM usuarios WHERE email = ?1)",
                params![CARGA],
            )?;
            Ok(())
        })
        .await
        .unwrap();
    let t = token(&amb.router, CARGA).await;
    (amb, t)
}

/// A new investor who declared being qualified (no annual limit in the way).
pub(super) async fn qualificado() -> (Ambiente, String) {
    let (amb, t) = novo_investidor(|_| {}).await;
    declarar_qualificado(&amb, &t).await;
    (amb, t)
}

/// Declares the signed qualified investor's term in force: the accepted answer.
pub(super) async fn declarar_qualificado(amb: &Ambiente, t: &str) -> Resposta {
    let r = declarar(
        amb,
        t,
        json!({"qualificado": true, "versaoTermoQualificado": "2026.1"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r
}

pub(super) async fn declarar(amb: &Ambiente, t: &str, corpo: Value) -> Resposta {
    chamar(
        &amb.router,
        Method::PUT,
        "/v1/cadastro/declaracao-investidor",
        t,
        Some(corpo),
    )
    .await
}

pub(super) async fn declaracao(amb: &Ambiente, t: &str) -> Value {
    let r = get(&amb.router, "/v1/cadastro/declaracao-investidor", Some(t)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.texto());
    r.json()
}

pub(super) async fn criar(amb: &Ambiente, t: &str, oferta: i64, valor: Decimal) -> Resposta {
    chamar(
        &amb.router,
        Method::POST,
        "/v1/reservas",
        t,
        Some(pedido(oferta, valor, 1)),
    )
    .await
}

pub(super) async fn assinar(amb: &Ambiente, t: &str, id: i64, corpo: Value) {
    let r = chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{id}/assinarcontrato"),
        t,
        Some(corpo),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.texto());
}

pub(super) async fn confirmar(amb: &Ambiente, t: &str, id: i64) -> Resposta {
    chamar(
        &amb.router,
        Method::PATCH,
        &format!("/v1/reservas/{id}/confirmarinvestimento"),
        t,
        None,
    )
    .await
}

pub(super) async fn desistir(amb: &Ambiente, t: &str, id: i64) -> Resposta {
    chamar(
        &amb.router,
        Method::POST,
        &format!("/v1/reservas/{id}/desistencia"),
        t,
        None,
    )
    .await
}

/// Creates, signs (with the risk term) and confirms: the reservation id.
pub(super) async fn investir(amb: &Ambiente, t: &str, oferta: i64, valor: Decimal) -> i64 {
    let r = criar(amb, t, oferta, valor).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.texto());
    let id = r.json()["id"].as_i64().unwrap();
    let opcao = r.json()["termos"][0]["opcao"].clone();
    assinar(
        amb,
        t,
        id,
        json!({"opcao": opcao, "aceite": true, "versaoCienciaRisco": "2026.1", "declaracaoConfirmada": true}),
    )
    .await;
    let c = confirmar(amb, t, id).await;
    assert_eq!(c.status, StatusCode::OK, "{}", c.texto());
    id
}

pub(super) fn reais(v: i64) -> Decimal {
    Decimal::from(v)
}

pub(super) async fn titulos(amb: &Ambiente, t: &str) -> Vec<String> {
    let r = get(&amb.router, "/v1/notificacoes?PageSize=1000", Some(t)).await;
    r.json()["dados"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["titulo"].as_str().unwrap().to_owned())
        .collect()
}

/// A sandbox-only back-office call (`/sandbox/...`): no token.
pub(super) async fn bastidor(amb: &Ambiente, caminho: &str) -> Resposta {
    pedir(&amb.router, Method::POST, caminho, None, None).await
}

/// One statement with its parameters, straight on the database (what time or the back
/// office would have done).
pub(super) async fn no_banco(amb: &Ambiente, sql: &'static str, a: i64, b: Option<i64>) {
    amb.sandbox
        .db()
        .write(move |tx| {
            match b {
                Some(b) => tx.execute(sql, params![a, b])?,
                None => tx.execute(sql, params![a])?,
            };
            Ok(())
        })
        .await
        .unwrap();
}

/// Every withdrawal period of `oferta` ends now (the money moves only then).
pub(super) async fn prazos_da_oferta_encerrados(amb: &Ambiente, oferta: i64) {
    let antes = tempo::ms(tempo::agora()) - 1;
    no_banco(
        amb,
        "UPDATE reservas SET desistencia_ate = ?1 WHERE captacao_id = ?2 AND desistencia_ate > ?1",
        antes,
        Some(oferta),
    )
    .await;
}

/// The reservation `id` as the platform answers it.
pub(super) async fn reserva(amb: &Ambiente, t: &str, id: i64) -> Value {
    get(&amb.router, &format!("/v1/reservas/{id}"), Some(t))
        .await
        .json()
}

/// A qualified investor's paid reservation of the minimum in an open offering whose
/// minimum target is then dropped to zero: (sandbox, token, offering, reservation).
pub(super) async fn paga_sem_minimo() -> (Ambiente, String, i64, i64) {
    let (amb, t) = qualificado().await;
    let (oferta, minimo) = oferta_aberta(&amb, false).await;
    let id = investir(&amb, &t, oferta, minimo).await;
    bastidor(&amb, &format!("/sandbox/reservas/{id}/pagar")).await;
    no_banco(
        &amb,
        "UPDATE captacoes SET valor_alvo_minimo_centavos = 0 WHERE id = ?1",
        oferta,
        None,
    )
    .await;
    (amb, t, oferta, id)
}

/// The withdrawal period of reservation `id` ends now.
pub(super) async fn prazo_encerrado(amb: &Ambiente, id: i64) {
    let agora = tempo::ms(tempo::agora()) - 1;
    no_banco(
        amb,
        "UPDATE reservas SET desistencia_ate = ?1 WHERE id = ?2",
        agora,
        Some(id),
    )
    .await;
}

//! The record of what each investor accepted or declared (`registros_aceite`): the
//! document, its version and the instant, append-only. The order's confirmation reads it
//! back (the risk term must have been accepted for that reservation, in the version in
//! force), and `GET /v1/cadastro/registros` lists it for the investor.

mod store;

use axum::extract::State;
use serde::Serialize;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};
use store::Registro;
pub(crate) use store::{aceito_em, registrar};

/// What was accepted or declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Documento {
    TermoAdesao,
    TermoCienciaRisco,
    DeclaracaoInvestidor,
    /// The signed Declaração de investidor qualificado.
    DeclaracaoInvestidorQualificado,
    ConfirmacaoDeclaracao,
    Desistencia,
}

impl Documento {
    pub(crate) fn api(self) -> &'static str {
        match self {
            Documento::TermoAdesao => "TermoAdesao",
            Documento::TermoCienciaRisco => "TermoCienciaRisco",
            Documento::DeclaracaoInvestidor => "DeclaracaoInvestidor",
            Documento::DeclaracaoInvestidorQualificado => "DeclaracaoInvestidorQualificado",
            Documento::ConfirmacaoDeclaracao => "ConfirmacaoDeclaracao",
            Documento::Desistencia => "Desistencia",
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegistroJson {
    id: i64,
    documento: String,
    versao: String,
    id_reserva: Option<i64>,
    data_registro: String,
}

impl From<Registro> for RegistroJson {
    fn from(r: Registro) -> Self {
        RegistroJson {
            id: r.id,
            documento: r.documento,
            versao: r.versao,
            id_reserva: r.reserva_id,
            data_registro: tempo::rfc3339(tempo::de_ms(r.registrado_em)),
        }
    }
}

/// `GET /v1/cadastro/registros` → the investor's record, newest first.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<JsonExato, ApiError> {
    investidor
        .read(&sandbox, move |c, usuario| {
            let lista: Vec<RegistroJson> = store::do_usuario(c, usuario)?
                .into_iter()
                .map(RegistroJson::from)
                .collect();
            resposta::json(&lista)
        })
        .await
}

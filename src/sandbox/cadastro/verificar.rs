//! `PUT /v1/cadastro/validate`: the investor asks for the registration to be verified.
//! Only a Básico registration can ask (else 409); it must have complete personal data,
//! a complete address and both mandatory documents (each missing part 400 with its own
//! message, in that order). Success moves it to 'Em análise' (204).

use axum::extract::State;
use axum::http::StatusCode;

use crate::domain::status::CadastroStatus;
use crate::domain::validate::cadastro::verification;
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::store;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};

pub(crate) const MSG_JA_ENVIADO: &str = "Seu cadastro já foi enviado para análise.";

/// `PUT /v1/cadastro/validate` → 204.
pub(crate) async fn solicitar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<StatusCode, ApiError> {
    investidor
        .write(&sandbox, |tx, id| {
            let partes = store::completude(tx, id)?
                .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
            if partes.cadastro != CadastroStatus::Basico {
                return Err(ApiError::new(StatusCode::CONFLICT, MSG_JA_ENVIADO));
            }
            verification(partes.pessoais, partes.endereco, partes.documentos == 2)
                .map_err(ApiError::requisicao)?;
            store::mudar_estado(tx, id, &CadastroStatus::EmAnalise)?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

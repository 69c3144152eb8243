//! `PUT /v1/cadastro/validate`: the investor asks for the registration to be verified.
//! Only a Básico registration can ask (else 409); it must have complete personal data,
//! a complete address and both mandatory documents (each missing part 400 with its own
//! message, in that order). Success moves it to 'Em análise' (204).

use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{OptionalExtension, params};

use crate::domain::validate::cadastro::verification;
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};

pub(crate) const MSG_JA_ENVIADO: &str = "Seu cadastro já foi enviado para análise.";

/// `PUT /v1/cadastro/validate` → 204.
pub(crate) async fn solicitar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<StatusCode, ApiError> {
    let id = investidor.usuario_id;
    sandbox
        .db()
        .escrever(move |tx| {
            // A part is complete when none of its fields is NULL or blank.
            let (cadastro, pessoais, endereco, documentos): (String, bool, bool, i64) = tx
                .query_row(
                    "SELECT cadastro,
                        COALESCE(TRIM(nome), '') <> '' AND COALESCE(TRIM(telefone_ddd), '') <> ''
                        AND COALESCE(TRIM(telefone_numero), '') <> ''
                        AND COALESCE(TRIM(genero), '') <> ''
                        AND COALESCE(TRIM(estado_nascimento), '') <> ''
                        AND COALESCE(TRIM(nacionalidade), '') <> ''
                        AND COALESCE(TRIM(rg_numero), '') <> ''
                        AND COALESCE(TRIM(rg_estado), '') <> ''
                        AND COALESCE(TRIM(rg_emissor), '') <> '',
                        COALESCE(TRIM(cep), '') <> '' AND COALESCE(TRIM(rua), '') <> ''
                        AND COALESCE(TRIM(numero), '') <> '' AND COALESCE(TRIM(bairro), '') <> ''
                        AND COALESCE(TRIM(cidade), '') <> '' AND COALESCE(TRIM(estado), '') <> ''
                        AND COALESCE(TRIM(pais_endereco), '') <> '',
                        (SELECT COUNT(DISTINCT tipo) FROM documentos_usuario d
                          WHERE d.usuario_id = u.id
                            AND d.tipo IN ('IdentityDocument', 'SelfieWithDocument'))
                     FROM usuarios u WHERE id = ?1",
                    params![id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?
                .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
            if cadastro != "Básico" {
                return Err(ApiError::new(StatusCode::CONFLICT, MSG_JA_ENVIADO));
            }
            verification(pessoais, endereco, documentos == 2).map_err(ApiError::requisicao)?;
            tx.execute(
                "UPDATE usuarios SET cadastro = 'Em análise' WHERE id = ?1",
                params![id],
            )?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

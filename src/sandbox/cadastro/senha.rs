//! `PUT /v2/seguranca/senha` (Bearer): the password change. The rules of the web form are
//! enforced again here; a success clears the temporary-password flag, so the next login
//! answers tipoResposta 'sucesso' instead of 'trocarsenha'. The current session stays;
//! every other session of the investor ends (whoever else knew the old password is out).
//! Attempts are bounded per account and per client address (`autenticacao::tentativas`):
//! over them, 429 'Muitas tentativas…' before the current password is looked at.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;

use crate::domain::validate::validate_new_password;
use crate::sandbox::autenticacao::{Investidor, encerrar_outras, senha};
use crate::sandbox::cadastro::store;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const SENHA_ATUAL_NAO_CONFERE: &str = "A senha atual não confere.";

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Pedido {
    senha_atual: String,
    nova_senha: String,
    confirmacao_senha: String,
}

pub(crate) async fn alterar(
    State(sandbox): State<Sandbox>,
    conexao: Option<Extension<ConnectInfo<SocketAddr>>>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<StatusCode, ApiError> {
    // Without a known peer (tests calling the router directly) all share one allowance.
    let endereco = conexao.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.0.ip());
    if !sandbox
        .password_attempts()
        .permitir(investidor.usuario_id, endereco)
    {
        tracing::warn!("sandbox: password changes over the per-account or per-address limit");
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            crate::rate_limit::MUITAS_TENTATIVAS,
        ));
    }
    let p: Pedido = serde_json::from_slice(&corpo).map_err(|_| {
        ApiError::requisicao("Requisição inválida.")
            .com_detalhe("Envie JSON com senhaAtual, novaSenha e confirmacaoSenha.")
    })?;
    validate_new_password(&p.senha_atual, &p.nova_senha, &p.confirmacao_senha)
        .map_err(|e| ApiError::requisicao(e.message()))?;
    let atual = investidor.sessao_id;
    // The slow hash work (check + new hash) runs on a read connection; the write only
    // swaps the hash, and only if nobody changed it in between.
    let (antigo, novo) = investidor
        .read(&sandbox, move |c, id| {
            let antigo = store::senha_hash(c, id)?
                .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
            if !senha::confere(&p.senha_atual, &antigo) {
                return Err(ApiError::requisicao(SENHA_ATUAL_NAO_CONFERE));
            }
            Ok((antigo, senha::gerar_hash(&p.nova_senha)))
        })
        .await?;
    let trocada = investidor
        .write(&sandbox, move |tx, id| {
            let trocada = store::trocar_senha(tx, id, &novo, &antigo)?;
            if trocada {
                encerrar_outras(tx, id, atual, tempo::agora())?;
            }
            Ok(trocada)
        })
        .await?;
    if trocada {
        Ok(StatusCode::NO_CONTENT)
    } else {
        // Changed concurrently: the current password we checked is no longer current.
        Err(ApiError::requisicao(SENHA_ATUAL_NAO_CONFERE))
    }
}

//! `GET /v1/informe/{ano}/declaracao`: how to declare each holding of a report year in the
//! IRPF: the offering's codes (platform data, `captacao_emissores`), the issuer with its
//! CNPJ, a 'Discriminação' to paste, the balances on 31 December of the year before and of
//! the year, and the income received in the year (the instalments' interest paid in it):
//! `apuracao`'s figures, the same the report's PDF states.

use axum::Json;
use axum::extract::{Path, State};
use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde::Serialize;

use super::{anos, apuracao, store};
use crate::domain::irpf::{self, Rendimentos};
use crate::domain::money;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::{Sandbox, tempo};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Declaracao {
    ano: i16,
    itens: Vec<Item>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    id_captacao: i64,
    nome_captacao: String,
    emissor: Emissor,
    bens_e_direitos: BensEDireitos,
    rendimentos: RendimentosJson,
    discriminacao: String,
    #[serde(with = "money::json")]
    saldo_anterior: Decimal,
    #[serde(with = "money::json")]
    saldo_atual: Decimal,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Emissor {
    razao_social: String,
    cnpj: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct BensEDireitos {
    grupo: String,
    codigo: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RendimentosJson {
    tipo: Rendimentos,
    codigo: String,
    #[serde(with = "money::json")]
    valor: Decimal,
}

/// `ano`'s declaration, one item per holding of `apuracao::bens` (the report's own), or
/// `None` when `ano` is not one of the investor's report years.
pub(crate) fn ler(
    c: &Connection,
    usuario: i64,
    ano: i16,
    agora: Timestamp,
) -> Result<Option<Declaracao>, ApiError> {
    let reservas = store::investidas(c, usuario)?;
    if !anos(&reservas, agora).contains(&ano) {
        return Ok(None);
    }
    let itens = apuracao::bens(c, &reservas, ano, agora)?
        .into_iter()
        .map(|b| {
            let t = &b.tributacao;
            let discriminacao = b
                .reservas
                .iter()
                .map(|r| {
                    irpf::discriminacao(
                        &r.oferta.nome,
                        &t.razao_social,
                        &t.cnpj,
                        r.investimento(),
                        apuracao::liquidacao(r, agora),
                        r.vencimento(agora),
                    )
                })
                .collect::<Vec<_>>()
                .join(" ");
            Item {
                id_captacao: b.reservas.first().map_or(0, |r| r.captacao_id),
                nome_captacao: b.nome().to_owned(),
                emissor: Emissor {
                    razao_social: t.razao_social.clone(),
                    cnpj: t.cnpj.clone(),
                },
                bens_e_direitos: BensEDireitos {
                    grupo: t.bens_grupo.clone(),
                    codigo: t.bens_codigo.clone(),
                },
                rendimentos: RendimentosJson {
                    tipo: t.rendimentos,
                    codigo: t.rendimentos_codigo.clone(),
                    valor: b.recebido,
                },
                discriminacao,
                saldo_anterior: b.saldo_anterior,
                saldo_atual: b.saldo_atual,
            }
        })
        .collect();
    Ok(Some(Declaracao { ano, itens }))
}

/// `GET /v1/informe/{ano}/declaracao`; a year not in `/anos` → 404 'Nenhum arquivo
/// encontrado.', as the report's PDF.
pub(super) async fn declaracao(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(ano): Path<String>,
) -> Result<Json<Declaracao>, ApiError> {
    let ano: i16 = ano.trim().parse().map_err(|_| ApiError::nenhum_arquivo())?;
    investidor
        .read(&sandbox, move |c, usuario| {
            ler(c, usuario, ano, tempo::agora())?.ok_or_else(ApiError::nenhum_arquivo)
        })
        .await
        .map(Json)
}

//! The issuer's updates of an offering (public, like the offering): `GET
//! /v1/captacoes/{id}/atualizacoes`, newest first, and the report of a periodic one, `GET
//! /v1/captacoes/{id}/atualizacoes/{atualizacaoId}/relatorio`, a PDF from the shared writer
//! (tagged, pt-BR, embedded font). The report is generated from the stored update, so its
//! size is known when the list is answered and the same bytes are served.

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Serialize;

use super::modelo::TipoAtualizacao;
use super::store::{self, Atualizacao};
use crate::domain::dates;
use crate::sandbox::erro::ApiError;
use crate::sandbox::pdf;
use crate::sandbox::resposta::{self, JsonExato};
use crate::sandbox::{Sandbox, tempo};

#[derive(Serialize)]
struct ListaJson {
    atualizacoes: Vec<AtualizacaoJson>,
}

#[derive(Serialize)]
struct AtualizacaoJson {
    id: i64,
    data: jiff::civil::Date,
    tipo: TipoAtualizacao,
    titulo: String,
    texto: String,
    relatorio: Option<RelatorioJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatorioJson {
    nome: String,
    tamanho_bytes: usize,
}

fn numero(texto: &str) -> Option<i64> {
    texto.parse::<i64>().ok().filter(|n| *n > 0)
}

/// `GET /v1/captacoes/{id}/atualizacoes`: 404 for an unknown offering.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    Path(id): Path<String>,
) -> Result<JsonExato, ApiError> {
    let id = numero(&id).ok_or_else(ApiError::nao_encontrado)?;
    let hoje = dates::today_in_sao_paulo(tempo::agora());
    let lista = sandbox
        .db()
        .read(move |c| {
            if !store::captacao_existe(c, id)? {
                return Err(ApiError::nao_encontrado());
            }
            store::atualizacoes(c, id, hoje)
        })
        .await?;
    let atualizacoes = resposta::documento(move || {
        lista
            .into_iter()
            .map(|a| AtualizacaoJson {
                relatorio: a.relatorio.clone().map(|nome| RelatorioJson {
                    nome,
                    tamanho_bytes: gerar(&a).len(),
                }),
                id: a.id,
                data: a.data,
                tipo: a.tipo,
                titulo: a.titulo,
                texto: a.texto,
            })
            .collect()
    })
    .await?;
    resposta::json(&ListaJson { atualizacoes })
}

/// `GET /v1/captacoes/{id}/atualizacoes/{atualizacaoId}/relatorio`: 404
/// `{"mensagem":"Nenhum arquivo encontrado."}` when the update has no report, belongs to
/// another offering or does not exist.
pub(crate) async fn relatorio(
    State(sandbox): State<Sandbox>,
    Path((id, atualizacao)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (Some(id), Some(atualizacao)) = (numero(&id), numero(&atualizacao)) else {
        return Err(ApiError::nenhum_arquivo());
    };
    let hoje = dates::today_in_sao_paulo(tempo::agora());
    let a = sandbox
        .db()
        .read(move |c| store::atualizacao_por_id(c, id, atualizacao, hoje))
        .await?
        .ok_or_else(ApiError::nenhum_arquivo)?;
    let nome = a.relatorio.clone().ok_or_else(ApiError::nenhum_arquivo)?;
    let bytes = resposta::documento(move || gerar(&a)).await?;
    Ok(resposta::pdf_resposta(bytes, "inline", &nome))
}

/// The report of `a`: its title, the offering, the date and the text, one paragraph per
/// block. Nothing in it depends on when it is generated, so the listed size is the served
/// one.
pub(crate) fn gerar(a: &Atualizacao) -> Vec<u8> {
    let mut doc = pdf::Documento::new();
    doc.titulo(&a.titulo);
    doc.subtitulo(&a.nome_captacao);
    doc.campo("Data", &dates::format_civil_date_br(a.data));
    doc.campo(
        "Tipo",
        match a.tipo {
            TipoAtualizacao::Trimestral => "Relatório trimestral da emissora",
            TipoAtualizacao::Anual => "Relatório anual da emissora",
            TipoAtualizacao::Comunicado => "Comunicado da emissora",
        },
    );
    doc.secao("O que a emissora informa");
    for paragrafo in a.texto.split("\n\n").filter(|p| !p.trim().is_empty()) {
        doc.paragrafo(paragrafo.trim());
    }
    doc.nota(
        "Relatório publicado pela emissora e distribuído pela plataforma de demonstração \
         (sandbox). Dados fictícios. As informações são da emissora; rendimentos passados \
         não garantem pagamentos futuros.",
    );
    doc.finalizar(&a.titulo, &a.nome_captacao)
}

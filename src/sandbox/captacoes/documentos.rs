//! `GET /v1/captacoes/{id}/documento/{docId}` (public): the offering's document as a real
//! PDF, generated on each request from the stored offering, so it always matches what the
//! API shows. A document of another offering, or an unknown one, is 404
//! `{"mensagem":"Nenhum arquivo encontrado."}`.
//!
//! The PDF comes from the shared writer (`sandbox::pdf`): tagged, pt-BR, with an embedded
//! subset of Liberation Sans, so every accent renders in any reader and reads aloud.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::domain::reference::Guarantee;
use crate::domain::{dates, money};
use crate::sandbox::captacoes::store::Ficha;
use crate::sandbox::captacoes::{TIPO_INFORMACOES_ESSENCIAIS, informacoes};
use crate::sandbox::erro::ApiError;
use crate::sandbox::pdf;
use crate::sandbox::resposta;
use crate::sandbox::{Sandbox, tempo};

pub(crate) async fn documento(
    State(sandbox): State<Sandbox>,
    Path((id, doc)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (Ok(id), Ok(doc)) = (id.parse::<i64>(), doc.parse::<i64>()) else {
        return Err(ApiError::nenhum_arquivo());
    };
    let gerado_em = tempo::agora();
    let regras = informacoes::Regras {
        dias_desistencia: sandbox.cfg().withdrawal_days,
        razao_minima: sandbox.cfg().minimum_target_ratio,
        limite_anual: sandbox.cfg().annual_limit,
    };
    let ficha = sandbox
        .db()
        .read(move |c| Ficha::read(c, id, doc)?.ok_or_else(ApiError::nenhum_arquivo))
        .await?;
    let bytes = resposta::documento(move || {
        if ficha.tipo == TIPO_INFORMACOES_ESSENCIAIS {
            informacoes::gerar(&ficha, &regras, gerado_em)
        } else {
            gerar(&ficha, gerado_em)
        }
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"captacao-{id}-documento-{doc}.pdf\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

const AVISO_RISCO: &str = "Investimentos em captações do agronegócio envolvem riscos, inclusive o de \
perda do capital investido: clima, pragas, preço das commodities e inadimplência do tomador podem \
atrasar ou reduzir os pagamentos. A rentabilidade informada é líquida, estimada e não garantida, e \
não há cobertura do Fundo Garantidor de Créditos (FGC). Leia todos os documentos da operação e \
invista apenas o que estiver de acordo com o seu perfil.";

/// The document's text, laid out and written as PDF bytes.
pub(crate) fn gerar(f: &Ficha, gerado_em: jiff::Timestamp) -> Vec<u8> {
    let garantias: Vec<&str> = f
        .garantias
        .split(',')
        .filter_map(|g| Guarantee::from_id(g).map(Guarantee::label))
        .collect();
    let local = match (f.cidade.trim(), f.uf.trim()) {
        ("", _) => "-".to_owned(),
        (c, "") => c.to_owned(),
        (c, u) => format!("{c} – {u}"),
    };
    let rating = if f.descricao_rating.trim().is_empty() {
        f.rating.clone()
    } else {
        format!("{} — {}", f.rating, f.descricao_rating)
    };
    let mut doc = pdf::Documento::new();
    doc.titulo("Informações da operação");
    doc.subtitulo(&f.nome);
    doc.campo("Documento", &f.documento);
    doc.paragrafo(&f.descricao_produto);
    doc.secao("Condições da oferta");
    doc.campo("Remuneração líquida", &f.rendimento_descricao);
    doc.campo("Prazo", &format!("{} meses", f.prazo_meses));
    doc.campo(
        "Investimento mínimo",
        &money::format_brl(f.investimento_minimo),
    );
    doc.campo("Limite de arrecadação", &money::format_brl(f.limite));
    doc.campo("Captação até", &dates::format_date_br(f.fim_captacao));
    doc.campo("Forma de pagamento", &f.descricao_pagamento);
    doc.campo(
        "Garantias",
        &if garantias.is_empty() {
            "-".to_owned()
        } else {
            garantias.join("; ")
        },
    );
    doc.campo("Rating", &rating);
    doc.campo("Classificação ESG", &f.classificacao_esg);
    doc.campo("Localização", &local);
    doc.campo(
        "Emissor",
        &f.emissor.as_ref().map_or_else(
            || "não informado".to_owned(),
            crate::sandbox::emissor::Emissor::identificacao,
        ),
    );
    doc.campo(
        "Valor mobiliário",
        crate::sandbox::emissor::TIPO_VALOR_MOBILIARIO_CURTO,
    );
    doc.campo("Produtor rural", &f.empreendedor);
    doc.campo(
        "Tributação",
        "Isenta de imposto de renda para pessoa física",
    );
    doc.secao("Aviso de risco");
    doc.paragrafo(AVISO_RISCO);
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Dados fictícios.",
        dates::format_datetime_br(gerado_em)
    ));
    doc.finalizar(&f.documento, &f.nome)
}

#[cfg(test)]
mod tests;

//! `GET /v1/termos/{tipo}`: the platform's standing documents ('Termos e condições',
//! 'Políticas de privacidade', 'Contrato vinculante master') as PDFs generated on request.
//! An unknown `tipo` is 404 'Nenhum arquivo encontrado.'

pub(crate) mod qualificado;
mod textos;

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;

use crate::domain::{dates, desistencia};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::pdf::Documento;
use crate::sandbox::resposta::{self, pdf_resposta};
use crate::sandbox::{RegrasCvm, Sandbox, tempo};
use textos::{TEXTOS, Texto};

/// The Termo de Ciência de Risco: a standing document (its PDF at `GET /v1/termos/{tipo}`)
/// that every order accepts, recorded with this version.
pub(crate) const CIENCIA_RISCO_TIPO: &str = "termo-de-ciencia-de-risco";
pub(crate) const CIENCIA_RISCO_TITULO: &str = "Termo de Ciência de Risco";
pub(crate) const VERSAO_CIENCIA_RISCO: &str = "2026.1";

/// A standing text with the periods in force: `{dias}` the withdrawal period ("5 dias"),
/// `{dias_uteis}` the refund deadline ("5 dias úteis").
pub(crate) fn com_prazos(texto: &str, regras: &RegrasCvm) -> String {
    let uteis = match regras.dias_uteis_devolucao {
        1 => "1 dia útil".to_owned(),
        n => format!("{n} dias úteis"),
    };
    texto
        .replace("{dias}", &desistencia::days_text(regras.dias_desistencia))
        .replace("{dias_uteis}", &uteis)
}

/// The risk term's text as the order shows it: its sections' paragraphs, one per blank
/// line, each section's heading first, with the periods in force.
pub(crate) fn ciencia_risco_conteudo(regras: &RegrasCvm) -> String {
    let texto = TEXTOS
        .iter()
        .filter(|t| t.tipo == CIENCIA_RISCO_TIPO)
        .flat_map(|t| t.secoes.iter())
        .flat_map(|(secao, paragrafos)| std::iter::once(*secao).chain(paragrafos.iter().copied()))
        .collect::<Vec<_>>()
        .join("\n\n");
    com_prazos(&texto, regras)
}

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new().route("/v1/termos/{tipo}", get(baixar))
}

/// The `tipo` values served.
#[cfg(test)]
pub(crate) fn tipos() -> Vec<(&'static str, &'static str)> {
    TEXTOS.iter().map(|t| (t.tipo, t.titulo)).collect()
}

fn pdf(t: &Texto, regras: &RegrasCvm) -> Vec<u8> {
    let mut doc = Documento::new();
    doc.titulo(t.titulo);
    doc.subtitulo("Colheita Plataforma de Investimentos");
    doc.paragrafo(t.versao);
    for (secao, paragrafos) in t.secoes {
        doc.secao(secao);
        for p in *paragrafos {
            doc.paragrafo(&com_prazos(p, regras));
        }
    }
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Empresas e dados fictícios.",
        dates::format_datetime_br(tempo::agora())
    ));
    doc.finalizar(t.titulo, "Colheita — documentos da plataforma")
}

/// `GET /v1/termos/{tipo}` → 200 `application/pdf` (inline, `{tipo}.pdf`). Needs the
/// token, like every document of the investor's area.
async fn baixar(
    State(sandbox): State<Sandbox>,
    _investidor: Investidor,
    Path(tipo): Path<String>,
) -> Result<Response, ApiError> {
    let texto = TEXTOS
        .iter()
        .find(|t| t.tipo == tipo)
        .ok_or_else(ApiError::nenhum_arquivo)?;
    let regras = sandbox.cfg().regras();
    let bytes = resposta::documento(move || pdf(texto, &regras)).await?;
    Ok(pdf_resposta(
        bytes,
        "inline",
        &format!("{}.pdf", texto.tipo),
    ))
}

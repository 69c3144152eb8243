//! Documents of a reservation: the list, each document and the contract as real PDFs
//! generated on request from the stored reservation, and the allocation export. A document
//! that does not exist (yet) is 404 `{"mensagem":"Nenhum arquivo encontrado."}`, the
//! platform's answer for a missing file.

mod conteudo;

use axum::extract::{Path, State};
use axum::response::Response;
use jiff::Timestamp;
use serde::Serialize;

use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::extrator::IdReserva;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::reservas::reserva::status::ReservaStatus;
use crate::sandbox::reservas::store;
use crate::sandbox::resposta::pdf_resposta;
use crate::sandbox::resposta::{self, JsonExato};
// Where the other documents' handlers found it before it moved to `resposta`.
use crate::sandbox::{Sandbox, reservas::carteira, tempo};

const TERMO: (i64, &str) = (1, "Termo de adesão assinado");
const COMPROVANTE_RESERVA: (i64, &str) = (2, "Comprovante de reserva");
const COMPROVANTE_APORTE: (i64, &str) = (3, "Comprovante de aporte");

/// The documents a reservation has at this point of its life cycle.
fn disponiveis(r: &Reserva, agora: Timestamp) -> Vec<(i64, &'static str)> {
    let mut lista = Vec::new();
    if r.termo_aceito_em.is_some() {
        lista.push(TERMO);
    }
    if r.confirmada_em.is_some() {
        lista.push(COMPROVANTE_RESERVA);
    }
    if *r.estado(agora) == ReservaStatus::Pago {
        lista.push(COMPROVANTE_APORTE);
    }
    lista
}

/// One entry of a reservation's document list.
#[derive(Serialize)]
struct DocumentoJson {
    id: i64,
    titulo: &'static str,
}

/// `GET /v1/reservas/{id}/documentos` → `[{"id","titulo"}]`.
pub(crate) async fn listar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    id: IdReserva,
) -> Result<JsonExato, ApiError> {
    investidor
        .read_reserva(&sandbox, id, |_, r| {
            let lista: Vec<DocumentoJson> = disponiveis(&r, tempo::agora())
                .into_iter()
                .map(|(id, titulo)| DocumentoJson { id, titulo })
                .collect();
            resposta::json(&lista)
        })
        .await
}

/// `GET /v1/reservas/{id}/documentos/{doc}` → the PDF.
pub(crate) async fn baixar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path((id, doc)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let id = IdReserva::parse(&id)?;
    let regras = sandbox.cfg().regras();
    let agora = tempo::agora();
    let (r, t, doc) = investidor
        .read_reserva(&sandbox, id, move |c, r| {
            let doc: i64 = doc.parse().map_err(|_| ApiError::nenhum_arquivo())?;
            let (doc, _) = disponiveis(&r, agora)
                .into_iter()
                .find(|(d, _)| *d == doc)
                .ok_or_else(ApiError::nenhum_arquivo)?;
            let t = store::titular(c, r.usuario_id)?;
            Ok((r, t, doc))
        })
        .await?;
    let arquivo = |nome: &str| format!("{nome}-reserva-{}.pdf", r.id);
    let arquivo = match doc {
        1 => arquivo("termo-de-adesao"),
        2 => arquivo("comprovante-de-reserva"),
        _ => arquivo("comprovante-de-aporte"),
    };
    let bytes = resposta::documento(move || match doc {
        1 => conteudo::termo(&r, &t, agora, &regras),
        2 => conteudo::comprovante_reserva(&r, &t, agora),
        _ => conteudo::comprovante_aporte(&r, &t, agora),
    })
    .await?;
    Ok(pdf_resposta(bytes, "attachment", &arquivo))
}

/// `GET /v1/reservas/{id}/contrato` → the signed term as the contract (inline).
pub(crate) async fn contrato(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    id: IdReserva,
) -> Result<Response, ApiError> {
    let regras = sandbox.cfg().regras();
    let (r, t) = investidor
        .read_reserva(&sandbox, id, move |c, r| {
            if r.termo_aceito_em.is_none() {
                return Err(ApiError::nenhum_arquivo());
            }
            let t = store::titular(c, r.usuario_id)?;
            Ok((r, t))
        })
        .await?;
    let bytes =
        resposta::documento(move || conteudo::termo(&r, &t, tempo::agora(), &regras)).await?;
    Ok(pdf_resposta(
        bytes,
        "inline",
        &format!("contrato-reserva-{}.pdf", id.0),
    ))
}

/// `GET /v1/reservas/alocacao/exportar/{tipo}`: only `Pdf`.
pub(crate) async fn exportar_alocacao(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(tipo): Path<String>,
) -> Result<Response, ApiError> {
    if !tipo.eq_ignore_ascii_case("pdf") {
        return Err(ApiError::requisicao("Tipo de exportação não suportado."));
    }
    let agora = tempo::agora();
    let (grupos, t) = investidor
        .read(&sandbox, move |c, usuario| {
            let grupos = carteira::alocacao(c, usuario, agora)?;
            if grupos.is_empty() {
                return Err(ApiError::nenhum_arquivo());
            }
            Ok((grupos, store::titular(c, usuario)?))
        })
        .await?;
    let bytes = resposta::documento(move || conteudo::alocacao(&grupos, &t, agora)).await?;
    Ok(pdf_resposta(bytes, "attachment", "alocacao-carteira.pdf"))
}

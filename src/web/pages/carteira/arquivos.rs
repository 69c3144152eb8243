//! The wallet's files: the allocation PDF, a reservation's documents and its contract,
//! streamed with the user's token.

use maud::html;

use super::TITLE;
use crate::web::error::{DocId, Id};
use crate::web::ui::{Page, download};
use crate::web::{Ctx, PageResult, routes};

pub use download::FAILED as DOWNLOAD_FAILED;

/// Where a failed download leaves the user: an alert over the way back to the wallet.
fn back() -> Page {
    Page::new(
        TITLE,
        html! { p { a.botao.botao-secundario href=(routes::CARTEIRA) { "Voltar para a carteira" } } },
    )
}

pub async fn view_alocacao_pdf_get(ctx: Ctx) -> PageResult {
    let r = ctx.app.api.alocacao_pdf(ctx.token()?).await;
    download::answer(
        r,
        back(),
        "alocacao-carteira.pdf",
        true,
        Some(DOWNLOAD_FAILED),
    )
}

pub async fn view_documento_get(ctx: Ctx, Id(id): Id, DocId(doc): DocId) -> PageResult {
    let r = ctx.app.api.reserva_documento(ctx.token()?, id, doc).await;
    let name = format!("reserva-{id}-documento-{doc}.pdf");
    download::answer(r, back(), &name, false, Some(DOWNLOAD_FAILED))
}

/// 'Visualizar Contrato': a failure shows 'Atenção!' with the platform's message.
pub async fn view_contrato_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let r = ctx.app.api.reserva_contrato(ctx.token()?, id).await;
    download::answer(r, back(), &format!("contrato-reserva-{id}.pdf"), true, None)
}

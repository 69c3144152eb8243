//! The offering detail (/investir/{urlAmigavel}), its preview (/preview/{id}), the
//! operation PDF and the simulation panel (spec §2 "Offering detail", "Simulation").

mod simulacao;
mod view;

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;

use crate::api::ApiError;
use crate::api::models::Offering;
use crate::domain::offering::{self, DisplayStatus};
use crate::web::Ctx;
use crate::web::ui::{Page, alert::Alert, cards, download, offering as ui_offering};

pub use simulacao::view_simular_get;

pub const DETAIL_TITLE: &str = "Detalhes da operação";
pub const PREVIEW_TITLE: &str = "Pré-visualização da operação";
pub const NO_FILE: &str = "Nenhum arquivo encontrado.";
pub const EMPTY_TITLE: &str = "Nenhum resultado encontrado";
pub const EMPTY_TEXT: &str = "Não há resultado(s) para o(s) parâmetro(s) informado(s)";

/// Loads an offering by its friendly URL; a platform 404 is our 404 page.
pub(crate) async fn load(ctx: &Ctx, url: &str, title: &str) -> Result<Offering, Response> {
    match ctx.app.api.offering_by_url(url, ctx.token()).await {
        Ok(o) => Ok(o),
        Err(ApiError::NotFound { .. }) => {
            Err(super::not_found::view_not_found(ctx_clone(ctx)).await)
        }
        Err(e) => Err(ctx.failure(title, &e)),
    }
}

fn ctx_clone(ctx: &Ctx) -> Ctx {
    Ctx {
        app: ctx.app.clone(),
        session: ctx.session.clone(),
        jar: ctx.jar.clone(),
        values_hidden: ctx.values_hidden,
        flash: None,
        here: ctx.here.clone(),
        partial: ctx.partial,
    }
}

pub async fn view_detalhe_get(ctx: Ctx, Path(url): Path<String>) -> Response {
    let o = match load(&ctx, &url, DETAIL_TITLE).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    render(&ctx, &o, false)
}

pub async fn view_preview_get(ctx: Ctx, Path(id): Path<String>) -> Response {
    let Ok(id) = id.parse::<i64>() else {
        return super::not_found::view_not_found(ctx).await;
    };
    match ctx.app.api.offering(id, ctx.token()).await {
        Ok(o) => render(&ctx, &o, true),
        Err(ApiError::NotFound { .. }) => super::not_found::view_not_found(ctx).await,
        Err(e) => ctx.failure(PREVIEW_TITLE, &e),
    }
}

fn render(ctx: &Ctx, o: &Offering, preview: bool) -> Response {
    let title = if preview { PREVIEW_TITLE } else { DETAIL_TITLE };
    let status = offering::display_status(&ui_offering::facts(o), ui_offering::now());
    if status == DisplayStatus::Rascunho && !preview {
        // Spec §2: a draft outside preview shows an empty card.
        return ctx.page(title, draft_card(ctx, title));
    }
    ctx.render(Page::new(title, view::detail(ctx, o, preview)).with_islands())
}

/// The empty card a draft shows outside preview, under the page's own h1 (every page has
/// one; a fragment for a modal goes under the modal's heading instead).
pub(crate) fn draft_card(ctx: &Ctx, title: &str) -> maud::Markup {
    maud::html! {
        @if !ctx.partial { h1 { (title) } }
        (cards::empty_card(EMPTY_TITLE, EMPTY_TEXT))
    }
}

/// The detail's main content for an offering already fetched (benches/render.rs).
pub(crate) fn detail_markup(ctx: &Ctx, o: &Offering) -> maud::Markup {
    view::detail(ctx, o, false)
}

/// The last document of type PdfCaptacao (spec §2).
pub fn operation_pdf(o: &Offering) -> Option<i64> {
    o.documentos
        .iter()
        .rev()
        .find(|d| d.tipo == "PdfCaptacao")
        .map(|d| d.id)
}

/// `GET /investir/{url}/documento`: streams the operation PDF with the user's token.
pub async fn view_documento_get(ctx: Ctx, Path(url): Path<String>) -> Response {
    let o = match load(&ctx, &url, DETAIL_TITLE).await {
        Ok(o) => o,
        Err(r) => return r,
    };
    let no_file = |status| {
        ctx.render(
            Page::new(DETAIL_TITLE, view::back_to(&o))
                .with_status(status)
                .with_alert(Alert::atencao(NO_FILE)),
        )
    };
    let Some(doc) = operation_pdf(&o) else {
        return no_file(StatusCode::NOT_FOUND);
    };
    match ctx.app.api.offering_document(o.id, doc, ctx.token()).await {
        Ok(blob) if blob.bytes.is_empty() => no_file(StatusCode::NOT_FOUND),
        Ok(blob) => download::file(blob, &format!("{}.pdf", o.url_amigavel), true),
        Err(ApiError::NotFound { .. }) => no_file(StatusCode::NOT_FOUND),
        Err(e) => {
            if matches!(e, ApiError::Unauthorized) {
                return ctx.failure(DETAIL_TITLE, &e);
            }
            ctx.render(
                Page::new(DETAIL_TITLE, view::back_to(&o))
                    .with_status(StatusCode::BAD_GATEWAY)
                    .with_alert(Alert::atencao("Ocorreu um erro ao fazer o download")),
            )
        }
    }
}

//! One captação: its page (/investir/{urlAmigavel}), its preview for the team
//! (/preview/{id}, drafts included), the operation PDF and the simulation panel.

pub(crate) mod informacoes;
mod simulacao;
mod view;

use crate::web::extract::Path;
use axum::extract::RawQuery;
use axum::response::Response;

use crate::api::models::{Captacao, CaptacaoDocumentoKind};
use crate::domain::captacao::{self, DisplayStatus};
use crate::web::error::{Id, OnPage};
use crate::web::ui::{Page, captacao as ui_captacao, cards, download};
use crate::web::{Ctx, PageResult, routes};

pub use simulacao::view_simular_get;

pub const DETAIL_TITLE: &str = "Detalhes da operação";
pub const PREVIEW_TITLE: &str = "Pré-visualização da operação";
pub use crate::web::ui::download::NO_FILE;
pub const EMPTY_TITLE: &str = "Nenhum resultado encontrado";
pub const EMPTY_TEXT: &str = "Não há resultado(s) para o(s) parâmetro(s) informado(s)";

/// Loads a captação by its friendly URL; a platform 404 is our 404 page. A dot segment
/// (`/investir/%2e%2e`) names no offering and never reaches the platform.
pub(crate) async fn load(
    ctx: &Ctx,
    url: &str,
    title: &'static str,
) -> PageResult<std::sync::Arc<Captacao>> {
    if !crate::domain::segmento::is_segment(url) {
        return Err(crate::web::PageError::NotFound);
    }
    ctx.app
        .api
        .captacao_by_url(url, ctx.maybe_token())
        .await
        .on_page(title)
}

pub async fn view_detalhe_get(ctx: Ctx, Path(url): Path<String>) -> PageResult {
    let o = load(&ctx, &url, DETAIL_TITLE).await?;
    Ok(render(&ctx, &o, false))
}

pub async fn view_preview_get(ctx: Ctx, Id(id): Id) -> PageResult {
    let o = ctx
        .app
        .api
        .captacao(id, ctx.maybe_token())
        .await
        .on_page(PREVIEW_TITLE)?;
    Ok(render(&ctx, &o, true))
}

fn render(ctx: &Ctx, o: &Captacao, preview: bool) -> Response {
    let title = if preview { PREVIEW_TITLE } else { DETAIL_TITLE };
    let status = captacao::display_status(&o.facts(), ui_captacao::now());
    if status == DisplayStatus::Rascunho && !preview {
        // A draft is not public: outside preview it shows an empty card.
        return ctx.page(title, draft_card(ctx, title));
    }
    // The search result of an offering says what it is: its own description, else its
    // name, yield and term.
    let description = o.descricao_produto.clone().unwrap_or_else(|| {
        format!(
            "{}: {} em {} meses. Invista a partir de {}.",
            o.nome_captacao,
            o.rendimento_descricao
                .as_deref()
                .unwrap_or("rendimento líquido"),
            o.vencimento.unwrap_or_default(),
            crate::domain::money::format_brl(
                o.rentabilidade.investimento_minimo.unwrap_or_default()
            )
        )
    });
    ctx.render(
        Page::new(title, view::detail(ctx, o, preview))
            .with_islands()
            .with_description(description),
    )
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
pub(crate) fn detail_markup(ctx: &Ctx, o: &Captacao) -> maud::Markup {
    view::detail(ctx, o, false)
}

/// The operation PDF: the last document of type PdfCaptacao.
pub fn operation_pdf(o: &Captacao) -> Option<i64> {
    o.documentos
        .iter()
        .rev()
        .find(|d| d.tipo == CaptacaoDocumentoKind::PdfCaptacao)
        .map(|d| d.id)
}

/// Which document the document route streams: `?tipo=InformacoesEssenciais` the essential
/// information (CVM 88), anything else the operation PDF.
#[derive(Debug, Default, serde::Deserialize)]
pub struct DocumentoQuery {
    tipo: Option<String>,
}

/// `GET /investir/{url}/documento[?tipo=InformacoesEssenciais]`: streams the operation PDF
/// (or the essential information) with the user's token; 'Nenhum arquivo encontrado.' when
/// there is none, 'Ocorreu um erro ao fazer o download' when the platform fails.
pub async fn view_documento_get(
    ctx: Ctx,
    Path(url): Path<String>,
    RawQuery(qs): RawQuery,
) -> PageResult {
    // An odd query is the operation PDF, never an error page.
    let q: DocumentoQuery =
        serde_urlencoded::from_str(qs.as_deref().unwrap_or_default()).unwrap_or_default();
    let essential = q.tipo.as_deref() == Some(routes::TIPO_INFORMACOES_ESSENCIAIS);
    let o = load(&ctx, &url, DETAIL_TITLE).await?;
    let back = Page::new(DETAIL_TITLE, view::back_to(&o));
    let (doc, name) = if essential {
        (
            informacoes::essential_pdf(&o),
            format!("{}-informacoes-essenciais.pdf", o.url_amigavel),
        )
    } else {
        (operation_pdf(&o), format!("{}.pdf", o.url_amigavel))
    };
    let Some(doc) = doc else {
        return Err(download::no_file(back));
    };
    let blob = ctx
        .app
        .api
        .captacao_documento(o.id, doc, ctx.maybe_token())
        .await;
    download::answer(blob, back, &name, true, Some(download::FAILED))
}

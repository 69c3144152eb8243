//! The income report: 'Seus rendimentos anuais consolidados', one line for the report (the
//! last registration document of type Others), opened in a new tab, and 'Baixar' in the
//! same tab. No report, or a failure to list the documents, shows the empty card.

use maud::{Markup, html};

use super::account;
use crate::api::models::UserDocument;
use crate::domain::reference::TipoDocumento;
use crate::web::partial::Partial;
use crate::web::ui::{Page, cards, download};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Informe de rendimentos";
pub const HEADING: &str = "Seus rendimentos anuais consolidados";
/// The report's line: the calendar year is fixed in the product.
pub const LINE: &str = "Ano calendário - 2024";

/// The income report: the last document of type Others.
fn report(docs: &[UserDocument]) -> Option<&UserDocument> {
    docs.iter()
        .rev()
        .find(|d| TipoDocumento::from_api(&d.tipo_documento) == Some(TipoDocumento::Others))
}

fn content(doc: Option<&UserDocument>) -> Markup {
    html! {
        section aria-labelledby="informe-titulo" {
            h2 #informe-titulo { (HEADING) }
            @match doc {
                None => (cards::empty_card_in_section(cards::EMPTY_TITLE, cards::EMPTY_TEXT, None)),
                Some(_) => ul.lista-informes {
                    li.cartao.informe-linha {
                        a.informe-abrir href=(routes::INFORME_RENDIMENTO_ARQUIVO) target="_blank" rel="noopener" {
                            (LINE) span.sr-only { " (PDF, abre em nova janela)" }
                        }
                        a.botao.botao-secundario href=(format!("{}?baixar=1", routes::INFORME_RENDIMENTO_ARQUIVO)) download {
                            "Baixar" span.sr-only { " o informe " (LINE) }
                        }
                    }
                },
            }
        }
    }
}

fn page(doc: Option<&UserDocument>) -> Page {
    Page::new(TITLE, account(routes::INFORME_RENDIMENTO, content(doc)))
}

async fn documents(ctx: &Ctx) -> PageResult<Vec<UserDocument>> {
    let docs = ctx.app.api.registration_documents(ctx.token()?).await;
    Partial::new().aside(&docs).check_login()?;
    // A failure shows the empty card, as no report does.
    Ok(docs.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "informe de rendimentos: documentos indisponíveis");
        Vec::new()
    }))
}

/// `GET /minha-conta/informe-rendimento`.
pub async fn view_informe_get(ctx: Ctx) -> PageResult {
    let docs = documents(&ctx).await?;
    Ok(ctx.render(page(report(&docs))))
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct ArquivoQuery {
    baixar: Option<String>,
}

/// `GET /minha-conta/informe-rendimento/arquivo[?baixar=1]`: the report's PDF, inline (a
/// new tab shows it) or as an attachment ('Baixar').
pub async fn view_informe_arquivo_get(
    ctx: Ctx,
    crate::web::extract::Query(q): crate::web::extract::Query<ArquivoQuery>,
) -> PageResult {
    let docs = ctx.app.api.registration_documents(ctx.token()?).await;
    Partial::new().aside(&docs).check_login()?;
    let docs = match docs {
        Ok(d) => d,
        // The page shows the empty card, but the file was not found missing: its
        // download failed.
        Err(e) => {
            tracing::warn!(error = %e, "informe de rendimentos: documentos indisponíveis");
            return Err(PageError::alert(
                page(None),
                download::FAILED,
                axum::http::StatusCode::BAD_GATEWAY,
            ));
        }
    };
    let Some(d) = report(&docs) else {
        return Err(download::no_file(page(None)));
    };
    let name = d
        .nome_documento
        .clone()
        .unwrap_or_else(|| "informe-rendimentos.pdf".to_owned());
    let blob = ctx
        .app
        .api
        .registration_document(ctx.token()?, d.id, &name)
        .await;
    download::answer(
        blob,
        page(Some(d)),
        &name,
        q.baixar.is_none(),
        Some(download::FAILED),
    )
}

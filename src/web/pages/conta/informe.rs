//! The income report: 'Seus rendimentos anuais consolidados', one line for the report (the
//! last registration document of type Others) named by the calendar year the document
//! states, opened in a new tab, and 'Baixar' in the same tab. No report shows the empty
//! card; a failure to list the documents shows the error card with its retry (502), so a
//! platform fault is never read as "there is no report".

use maud::{Markup, html};

use super::account;
use super::irpf::{self, AnoQuery, Guia};
use crate::api::ApiError;
use crate::api::models::CadastroDocumento;
use crate::domain::informe;
use crate::domain::reference::TipoDocumento;
use crate::web::partial::Partial;
use crate::web::ui::{Page, cards, download};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Informe de rendimentos";
pub const HEADING: &str = "Seus rendimentos anuais consolidados";

/// The report's line, with the calendar year the document states.
fn line(d: &CadastroDocumento) -> String {
    informe::linha(informe::ano_calendario(
        d.descricao_documento.as_deref(),
        d.nome_documento.as_deref(),
        d.data_envio.as_deref(),
    ))
}

/// The income report: the last document of type Others.
fn report(docs: &[CadastroDocumento]) -> Option<&CadastroDocumento> {
    docs.iter()
        .rev()
        .find(|d| TipoDocumento::from_api(&d.tipo_documento) == Some(TipoDocumento::Others))
}

/// What the page shows: the report, none, or the documents could not be listed.
enum Shown<'a> {
    Report(Option<&'a CadastroDocumento>),
    Failed,
}

fn content(ctx: &Ctx, shown: Shown<'_>) -> Markup {
    html! {
        section aria-labelledby="informe-titulo" {
            h2 #informe-titulo { (HEADING) }
            @match shown {
                Shown::Failed => (cards::error_card(&ctx.here, None)),
                Shown::Report(None) => (cards::empty_card_in_section(cards::EMPTY_TITLE, cards::EMPTY_TEXT, None)),
                Shown::Report(Some(d)) => ul.lista-informes {
                    @let line = line(d);
                    li.cartao.informe-linha {
                        a.informe-abrir href=(routes::INFORME_RENDIMENTO_ARQUIVO) target="_blank" rel="noopener" {
                            (line) span.sr-only { " (PDF, abre em nova janela)" }
                        }
                        a.botao.botao-secundario href=(format!("{}?baixar=1", routes::INFORME_RENDIMENTO_ARQUIVO)) download {
                            "Baixar" span.sr-only { " o informe " (line) }
                        }
                    }
                },
            }
        }
    }
}

fn page(ctx: &Ctx, shown: Shown<'_>, guia: Option<&Guia>) -> Page {
    let main = html! {
        (content(ctx, shown))
        @if let Some(g) = guia { (irpf::section(ctx, g)) }
    };
    let page = Page::new(TITLE, account(routes::INFORME_RENDIMENTO, main));
    if guia.is_some() {
        page.with_islands()
    } else {
        page
    }
}

async fn documents(ctx: &Ctx) -> PageResult<Result<Vec<CadastroDocumento>, ApiError>> {
    let docs = ctx.app.api.cadastro_documentos(ctx.token()?).await;
    Partial::new().aside(&docs).check_login()?;
    Ok(docs)
}

/// `GET /minha-conta/informe-rendimento[?ano=]`: the report, then how to declare the chosen
/// year (the newest by default); a year that is not one of the investor's is refused (422)
/// with the year's choice again.
pub async fn view_informe_get(
    ctx: Ctx,
    crate::web::extract::Query(q): crate::web::extract::Query<AnoQuery>,
) -> PageResult {
    let token = ctx.token()?;
    let (docs, guia) = tokio::join!(documents(&ctx), irpf::load(&ctx, token, &q.ano));
    let docs = docs?;
    Partial::new().aside(&guia).check_login()?;
    let shown = match &docs {
        Ok(d) => Shown::Report(report(d)),
        Err(e) => {
            tracing::warn!(error = %e, "informe de rendimentos: documentos indisponíveis");
            Shown::Failed
        }
    };
    if let Guia::AnoInvalido { message, .. } = &guia {
        return Err(PageError::alert(
            page(&ctx, shown, Some(&guia)),
            *message,
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        ));
    }
    let page = Partial::new()
        .main(&docs)
        .finish(page(&ctx, shown, Some(&guia)))?;
    Ok(ctx.render(page))
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
    let docs = match documents(&ctx).await? {
        Ok(d) => d,
        // The file was not found missing: its download failed.
        Err(e) => {
            tracing::warn!(error = %e, "informe de rendimentos: documentos indisponíveis");
            return Err(PageError::alert(
                page(&ctx, Shown::Failed, None),
                download::FAILED,
                axum::http::StatusCode::BAD_GATEWAY,
            ));
        }
    };
    let Some(d) = report(&docs) else {
        return Err(download::no_file(page(&ctx, Shown::Report(None), None)));
    };
    let name = d
        .nome_documento
        .clone()
        .unwrap_or_else(|| "informe-rendimentos.pdf".to_owned());
    let blob = ctx
        .app
        .api
        .cadastro_documento(ctx.token()?, d.id, &name)
        .await;
    download::answer(
        blob,
        page(&ctx, Shown::Report(Some(d)), None),
        &name,
        q.baixar.is_none(),
        Some(download::FAILED),
    )
}

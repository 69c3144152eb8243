//! Meus termos: the terms, the privacy policy and the master agreement as documents, and
//! the tax-return download by year.

use crate::web::extract::Path;

use crate::web::extract::Query;
use axum::http::StatusCode;
use maud::{Markup, html};
use serde::Deserialize;

use super::account;
use crate::api::ApiError;
use crate::domain::validate::cadastro::validate_tax_year;
use crate::web::partial::Partial;
use crate::web::ui::{Page, download};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Meus termos";

/// The Termo de Ciência de Risco among them (the order links it when its text is not at hand).
pub const RISK_TERM_SLUG: &str = "termo-de-ciencia-de-risco";

/// The documents of 'Meus termos': (slug, line text).
pub const DOCUMENTS: [(&str, &str); 4] = [
    ("termos-e-condicoes", "Termos e condições"),
    ("politica-de-privacidade", "Políticas de privacidade"),
    ("contrato-vinculante-master", "Contrato vinculante master"),
    (RISK_TERM_SLUG, "Termo de Ciência de Risco"),
];

fn tax_block(years: &Result<Vec<i32>, ApiError>, chosen: &str, invalid: bool) -> Markup {
    html! {
        section.cartao aria-labelledby="ir-titulo" {
            h2 #ir-titulo { "Declaração do imposto de renda" }
            @match years {
                // A failing list of years shows the message of the error.
                Err(e) => p role="alert" { (e.user_message()) },
                Ok(list) if list.is_empty() => p { "Ainda não há informe para o imposto de renda: ele aparece no ano seguinte ao seu primeiro rendimento." },
                Ok(list) => form.formulario method="get" action=(routes::IMPOSTO_DE_RENDA) novalidate {
                    div.campo {
                        label for="ano" { "Ano-calendário" }
                        select #ano name="ano" required aria-invalid=[invalid.then_some("true")] {
                            option value="" selected[chosen.is_empty()] { "Selecione" }
                            @for y in list {
                                @let y = y.to_string();
                                option value=(y) selected[y == chosen] { (y) }
                            }
                        }
                    }
                    div.form-acoes { button.botao.botao-primario type="submit" { "Baixar informe (PDF)" } }
                },
            }
        }
    }
}

fn page(years: &Result<Vec<i32>, ApiError>, chosen: &str, invalid: bool) -> Page {
    Page::new(
        TITLE,
        account(
            routes::MEUS_TERMOS,
            html! {
                section aria-labelledby="termos-titulo" {
                    h2 #termos-titulo { (TITLE) }
                    ul.lista-termos {
                        @for (slug, text) in DOCUMENTS {
                            li { a href=(routes::meus_termos_documento(slug)) target="_blank" rel="noopener" {
                                (text) span.sr-only { " (PDF, abre em nova janela)" }
                            } }
                        }
                    }
                }
                (tax_block(years, chosen, invalid))
            },
        ),
    )
}

/// `GET /minha-conta/meus-termos`.
pub async fn view_meus_termos_get(ctx: Ctx) -> PageResult {
    let years = ctx.app.api.informe_anos(ctx.token()?).await;
    // Without the years only the tax return's block says so.
    let page = Partial::new()
        .aside(&years)
        .finish(page(&years, "", false))?;
    Ok(ctx.render(page))
}

/// `GET /minha-conta/meus-termos/{tipo}`: the document as a PDF.
pub async fn view_termo_get(ctx: Ctx, Path(tipo): Path<String>) -> PageResult {
    let Some((slug, _)) = DOCUMENTS.iter().find(|(s, _)| *s == tipo) else {
        return Err(PageError::NotFound);
    };
    let token = ctx.token()?;
    let name = format!("{slug}.pdf");
    let blob = ctx.app.api.termo_documento(token, slug).await;
    if let Ok(b) = &blob
        && !b.bytes.is_empty()
    {
        return download::answer(blob, Page::new(TITLE, html! {}), &name, true, None);
    }
    // Only a failed download draws the page again, and only then needs its years.
    let years = ctx.app.api.informe_anos(token).await;
    download::answer(
        blob,
        page(&years, "", false),
        &name,
        true,
        Some(download::FAILED),
    )
}

#[derive(Debug, Default, Deserialize)]
pub struct AnoQuery {
    #[serde(default)]
    ano: String,
}

/// `GET /minha-conta/imposto-de-renda?ano=`: the year required, then its PDF.
pub async fn view_imposto_get(ctx: Ctx, Query(q): Query<AnoQuery>) -> PageResult {
    let token = ctx.token()?;
    let years = ctx.app.api.informe_anos(token).await;
    Partial::new().aside(&years).check_login()?;
    // Without the list of years the year cannot be checked: the download failed, it is
    // not the investor's to fix.
    let available = match &years {
        Ok(y) => y.as_slice(),
        Err(e) => {
            tracing::warn!(error = %e, "imposto de renda: anos indisponíveis");
            return Err(PageError::alert(
                page(&years, &q.ano, false),
                download::FAILED,
                StatusCode::BAD_GATEWAY,
            ));
        }
    };
    let ano = match validate_tax_year(&q.ano, available) {
        Ok(a) => a,
        Err(e) => {
            return Err(PageError::alert(
                page(&years, &q.ano, true),
                e.message(),
                StatusCode::UNPROCESSABLE_ENTITY,
            ));
        }
    };
    let blob = ctx.app.api.informe(token, ano).await;
    download::answer(
        blob,
        page(&years, &q.ano, false),
        &format!("informe-ir-{ano}.pdf"),
        true,
        Some(download::FAILED),
    )
}

//! The captações: the list at /investir (search, filters, sorting, pagination, list and
//! card views, the portfolio allocation block) and, in `detalhe`, one captação's page,
//! its preview, its PDF and its simulation.

pub(crate) mod detalhe;
pub(crate) mod query;
pub(crate) mod table;
pub(crate) mod view;

use axum::extract::RawQuery as RawQueryString;
use axum::response::IntoResponse;

use crate::web::partial::Partial;
use crate::web::ui::Page;
use crate::web::{Ctx, PageError, PageResult};
pub use query::RawQuery;

/// The offering list's search description.
pub const DESCRIPTION: &str = "Captações do agronegócio abertas para investimento: compare prazo, rendimento líquido, rating e garantias, e invista a partir do mínimo de cada operação.";

pub async fn view_captacoes_get(ctx: Ctx, RawQueryString(qs): RawQueryString) -> PageResult {
    let raw: RawQuery =
        serde_urlencoded::from_str(qs.as_deref().unwrap_or_default()).unwrap_or_default();
    let (state, message) = query::parse(&raw);
    // The filter form sends each slider end on its own; the address keeps the platform's parameter names
    // (`Vencimento=6-24`), so the URL is the one to share and Back works.
    let from_form = [
        &raw.vencimento_de,
        &raw.vencimento_ate,
        &raw.acompanhamento_de,
        &raw.acompanhamento_ate,
        &raw.disponivel_de,
        &raw.disponivel_ate,
    ]
    .iter()
    .any(|v| v.is_some());
    if from_form && message.is_none() {
        return Ok(axum::response::Redirect::to(&state.href()).into_response());
    }
    let api_query = state.to_api();
    let token = ctx.maybe_token();
    // The list and the allocation block are fetched together.
    let (list, summary) = tokio::join!(ctx.app.api.captacoes(&api_query, token), async {
        match token {
            Some(t) => Some(ctx.app.api.resumo(t).await),
            None => None,
        }
    });
    // The allocation block is a bonus for an investor on a public page: whatever its
    // call answers, the list is still drawn (the block says it failed).
    let outcome = Partial::new().main(&list);
    outcome.check_login()?;
    let main = view::page(
        &ctx,
        &state,
        &raw,
        list.as_ref().ok(),
        list.is_err(),
        summary.as_ref(),
    );
    let page = Page::new("Investir", main)
        .with_islands()
        .with_description(DESCRIPTION);
    match message {
        Some(m) => Err(PageError::refused(page, m)),
        None => Ok(ctx.render(outcome.finish(page)?)),
    }
}

//! /investir: the offering list with search, filters, sorting, pagination, list/card
//! views and the portfolio allocation block (spec §2 "Offering list").

pub(crate) mod query;
pub(crate) mod view;

use axum::extract::RawQuery as RawQueryString;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::web::Ctx;
use crate::web::ui::{Page, alert::Alert};
pub use query::RawQuery;

pub async fn view_investir_get(ctx: Ctx, RawQueryString(qs): RawQueryString) -> Response {
    let raw: RawQuery =
        serde_urlencoded::from_str(qs.as_deref().unwrap_or_default()).unwrap_or_default();
    let (state, message) = query::parse(&raw);
    // The filter form sends each slider end on its own; the address keeps the spec's names
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
        return axum::response::Redirect::to(&state.href()).into_response();
    }
    let api_query = state.to_api();
    let token = ctx.token();
    // The list and the allocation block are fetched together.
    let (list, summary) = tokio::join!(ctx.app.api.offerings(&api_query, token), async {
        match token {
            Some(t) => Some(ctx.app.api.summary(t).await),
            None => None,
        }
    });
    let list = match list {
        Err(crate::api::ApiError::Unauthorized) => {
            return ctx.failure("Investir", &crate::api::ApiError::Unauthorized);
        }
        other => other,
    };
    let main = view::page(
        &ctx,
        &state,
        &raw,
        list.as_ref().ok(),
        list.is_err(),
        summary.as_ref(),
    );
    let mut page = Page::new("Investir", main).with_islands();
    if list.is_err() {
        page = page.with_status(StatusCode::BAD_GATEWAY);
    }
    if let Some(m) = message {
        page = page
            .with_status(StatusCode::UNPROCESSABLE_ENTITY)
            .with_alert(Alert::atencao(m));
    }
    ctx.render(page)
}

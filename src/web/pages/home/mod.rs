//! Home (/): the allocation summary (donut + list), the pending reservations with the
//! 'Detalhe da reserva' side panel (addressable as `/?reserva={id}`), and the
//! opportunities.

mod view;

use axum::extract::RawQuery as RawQueryString;
use serde::Deserialize;

use crate::api::models::Skipped;
use crate::web::pages::captacoes::query::{self, RawQuery};
use crate::web::partial::Partial;
use crate::web::ui::Page;
use crate::web::{Ctx, PageResult};

pub const TITLE: &str = "Início";
/// The opportunities sort only on these columns.
pub const SORTABLE: &[&str] = &["Status", "NomeCaptacao", "DataFim"];

#[derive(Deserialize, Default)]
struct PanelQuery {
    reserva: Option<String>,
}

pub async fn view_home_get(ctx: Ctx, RawQueryString(qs): RawQueryString) -> PageResult {
    let token = ctx.token()?;
    let qs = qs.unwrap_or_default();
    let raw: RawQuery = serde_urlencoded::from_str(&qs).unwrap_or_default();
    let panel: PanelQuery = serde_urlencoded::from_str(&qs).unwrap_or_default();
    let (mut state, _) = query::parse(&raw);
    // Only the opportunities' sort and page live in the home's address.
    state = query::ListState {
        page: state.page,
        sort: state.sort.filter(|(f, _)| SORTABLE.contains(f)),
        ..Default::default()
    };
    let panel_id = panel.reserva.and_then(|r| r.parse::<i64>().ok());
    let api = &ctx.app.api;
    let offers_query = state.to_api();
    // Upstream calls of one page run concurrently. The four reads' futures are boxed: held
    // in the handler's own future, they made it some 4 KB, copied whole as it starts.
    let (allocation, pending, offers, reserva) = Box::pin(async {
        tokio::join!(
            api.alocacao_resumida::<Skipped>(token),
            api.reservas_pendentes(token),
            api.captacoes(&offers_query, Some(token)),
            async {
                match panel_id {
                    Some(id) => Some(api.reserva(token, id).await),
                    None => None,
                }
            }
        )
    })
    .await;
    // Each block shows its own error card; only when all failed is the page a failure.
    // The side panel is an extra: its failure is drawn in the panel.
    let outcome = Partial::new().together(&[&allocation, &pending, &offers]);
    outcome.check_login()?;
    let data = view::HomeData {
        allocation: allocation.ok(),
        pending: pending.ok(),
        offers: offers.ok(),
        reserva,
        state,
    };
    let page = Page::new(TITLE, view::home(&ctx, &data)).with_islands();
    Ok(ctx.render(outcome.finish(page)?))
}

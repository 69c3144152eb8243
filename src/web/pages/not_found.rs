//! The 404 page for every unknown path (spec §2).

use axum::http::StatusCode;
use axum::response::Response;

use crate::web::Ctx;
use crate::web::ui::{Page, cards};

pub async fn view_not_found(ctx: Ctx) -> Response {
    ctx.render(
        Page::new("Página não encontrada", cards::not_found()).with_status(StatusCode::NOT_FOUND),
    )
}

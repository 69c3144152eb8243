//! The last net: a handler that panics (a bug; input and platform failures never get here,
//! they are `PageResult` errors) answers the error card with 500 instead of a dropped
//! connection, and the panic is logged with an id the page shows.

use std::any::Any;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, html};
use tower_http::catch_panic::CatchPanicLayer;

use super::ui::cards;
use super::{assets, routes};
use crate::api::request_id::RequestId;

type Handler = fn(Box<dyn Any + Send + 'static>) -> Response;

pub fn layer() -> CatchPanicLayer<Handler> {
    CatchPanicLayer::custom(panic_page as Handler)
}

fn panic_page(_panic: Box<dyn Any + Send + 'static>) -> Response {
    // The panic's payload may quote request data: only the fact is logged.
    // Inside the request's scope: the same id as its span's log lines and its answer's header.
    let current = RequestId::current();
    let id = current.clone().unwrap_or_else(RequestId::generate);
    tracing::error!(request_id = %id, "a handler panicked");
    let page = html! {
        (DOCTYPE)
        html lang="pt-BR" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (cards::ERROR_TITLE) " | Colheita" }
                link rel="stylesheet" href=(assets::asset_url("css/app.css"));
            }
            body {
                main #conteudo {
                    (cards::error_card(routes::HOME, None))
                    // The card shows the current request's id itself.
                    @if current.is_none() {
                        p.campo-ajuda { "Código do erro: " code { (id) } }
                    }
                }
            }
        }
    };
    (StatusCode::INTERNAL_SERVER_ERROR, page).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::body::Body;
    use axum::http::Request;
    use axum::routing::get;
    use tower::ServiceExt;

    async fn boom() -> &'static str {
        panic!("38251794609")
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_the_error_card() {
        let app: Router = Router::new().route(routes::HOME, get(boom)).layer(layer());
        let resp = app
            .oneshot(
                Request::get(routes::HOME)
                    .body(Body::empty())
                    .expect("request"),
            )
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(resp.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(resp.into_body(), 1 << 20)
            .await
            .expect("body");
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains(cards::ERROR_TITLE), "{text}");
        assert!(!text.contains("38251794609"));
    }
}

//! Home (/). Until the home screen issue lands: the greeting, the balance summary and the
//! next offering closing, with its live countdown.

use maud::{Markup, html};
use axum::response::Response;

use crate::api::OfferingQuery;
use crate::api::models::{Offering, Resumo};
use crate::web::Ctx;
use crate::web::ui::{Page, format, island};

pub async fn view_home_get(ctx: Ctx) -> Response {
    let Some(token) = ctx.token() else {
        return ctx.page("Início", html! {});
    };
    let query = OfferingQuery {
        page: 1,
        page_size: 1,
        status_captacao: Some("Captação no ar".into()),
        order_by_field: Some("DataFim".into()),
        order_by_criteria: Some("ASC".into()),
        ..Default::default()
    };
    // Upstream calls of one page run concurrently.
    let (summary, next) = tokio::join!(
        ctx.app.api.summary(token),
        ctx.app.api.offerings(&query, Some(token))
    );
    let summary = match summary {
        Ok(s) => s,
        Err(e) => return ctx.failure("Início", &e),
    };
    let next = next.ok().and_then(|r| r.dados.into_iter().next());
    let first = ctx
        .session
        .as_ref()
        .map(|s| s.user.primeiro_nome().to_owned())
        .unwrap_or_default();
    let main = html! {
        h1 { "Olá, " (first) "!" }
        (summary_cards(&summary))
        @if let Some(o) = &next { (closing_soon(o)) }
    };
    let page = Page::new("Início", main);
    ctx.render(if next.is_some() { page.with_islands() } else { page })
}

fn summary_cards(s: &Resumo) -> Markup {
    html! {
        section.resumo aria-labelledby="resumo-titulo" {
            h2 #resumo-titulo { "Seu resumo" }
            dl.resumo-lista {
                div { dt { "Patrimônio total" } dd { (format::money(s.valor_patrimonio_total)) } }
                div { dt { "Valor em reserva" } dd { (format::money(s.valor_provisionado)) } }
                div { dt { "Saldo disponível" } dd { (format::money(s.saldo_disponivel)) } }
            }
        }
    }
}

fn closing_soon(o: &Offering) -> Markup {
    let deadline = o.fim_captacao.as_deref().unwrap_or_default();
    html! {
        section.cartao aria-labelledby="encerrando-titulo" {
            h2 #encerrando-titulo { "Captação encerrando em breve" }
            p { a href=(format!("/investir/{}", o.url_amigavel)) { (o.nome_captacao) } }
            div.termina-em { "Termina em: " (island::countdown(deadline, &format::datetime(o.fim_captacao.as_deref()), "Encerrada")) }
        }
    }
}

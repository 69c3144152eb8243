//! One notification (opening it marks it read) and the settings' save.

use crate::web::extract::Form;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect};
use maud::html;
use serde::Deserialize;

use super::TITLE;
use crate::api::ApiError;
use crate::api::models::NotificacaoDetalhe;
use crate::web::error::{Id, OnPage};
use crate::web::session::same_site_navigation;
use crate::web::ui::{Page, aviso_cvm, format};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const SAVED_TITLE: &str = "Parabéns!";
pub const SAVED_TEXT: &str = "Informações atualizadas com sucesso.";

/// Where the action button goes: the message's link when it is a path of this site or an
/// absolute URL of its public origin (scheme and port included), /investir otherwise (an
/// absent link, or one leading off the site).
pub fn action_href(url: Option<&str>, public_origin: &str) -> String {
    url.map(str::trim)
        .and_then(|u| own_path(u, public_origin))
        .and_then(|p| routes::safe_return_path(&p))
        .unwrap_or_else(|| routes::INVESTIR.to_owned())
}

/// The path (with query and fragment) of a link of this site: a path as it is, an absolute
/// URL only when its origin is exactly ours.
fn own_path(url: &str, public_origin: &str) -> Option<String> {
    if url.starts_with('/') {
        return Some(url.to_owned());
    }
    let u = url::Url::parse(url).ok()?;
    if u.origin().ascii_serialization() != public_origin {
        return None;
    }
    let mut path = u.path().to_owned();
    if let Some(q) = u.query() {
        path = format!("{path}?{q}");
    }
    if let Some(f) = u.fragment() {
        path = format!("{path}#{f}");
    }
    Some(path)
}

/// Whether the action leads to an offering's page (or one of its pages): the message then
/// presents the offering, and carries the CVM warning as every such page does.
fn leads_to_offering(href: &str) -> bool {
    href.split(['?', '#'])
        .next()
        .and_then(|p| p.strip_prefix(routes::INVESTIR))
        .is_some_and(|rest| rest.len() > 1 && rest.starts_with('/'))
}

fn detail(d: &NotificacaoDetalhe, public_origin: &str) -> maud::Markup {
    let m = d.mensagem.clone().unwrap_or_default();
    let label = m
        .titulo_botao
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let href = action_href(m.url_botao.as_deref(), public_origin);
    let titulo = m.titulo.as_deref().or(d.titulo.as_deref()).unwrap_or("-");
    let resumo = m.resumo.as_deref().or(d.resumo.as_deref()).unwrap_or("-");
    let enviada = m.data_envio.as_deref().or(d.data_envio.as_deref());
    html! {
        article.notificacao-detalhe aria-labelledby="notificacao-titulo" {
            h2 #notificacao-titulo tabindex="-1" { (titulo) }
            // The message as the platform wrote it: a paragraph per line.
            @for paragrafo in resumo.lines().map(str::trim).filter(|l| !l.is_empty()) {
                p.notificacao-mensagem { (paragrafo) }
            }
            p.texto-secundario { "Enviada em: " (format::datetime(enviada)) }
            div.acoes {
                @if let Some(label) = label {
                    a.botao.botao-primario href=(href) { (label) }
                }
                a.botao.botao-texto.notificacao-voltar href=(routes::NOTIFICACOES) { "Voltar para notificações" }
            }
        }
        @if leads_to_offering(&href) { (aviso_cvm::aviso_cvm_geral()) }
    }
}

/// The text of the step a link from another site stops at.
pub const CONFIRM_TEXT: &str = "Para ler esta notificação, confirme abaixo.";
pub const CONFIRM_BUTTON: &str = "Abrir notificação";

/// `GET /notificacoes/{id}`: the message (the platform then counts it read) and, after
/// it, the unread counter the header shows. Only a navigation of this site (or a typed
/// address) opens it: a link or an image on another site would mark it read unseen, so
/// it gets a button that opens it by POST.
pub async fn view_notificacao_get(ctx: Ctx, headers: HeaderMap, Id(id): Id) -> PageResult {
    ctx.token()?;
    if !same_site_navigation(&headers, &ctx.app.cfg.public_origin()) {
        let main = html! {
            h1 { (TITLE) }
            form.formulario method="post" action=(routes::notificacao(id)) {
                p { (CONFIRM_TEXT) }
                button.botao.botao-primario type="submit" { (CONFIRM_BUTTON) }
            }
        };
        return Ok(ctx.render(Page::new(TITLE, main)));
    }
    show(ctx, id).await
}

/// `POST /notificacoes/{id}`: opens the message from the step above (the cross-origin
/// protection already refused any other site's post).
pub async fn view_notificacao_post(ctx: Ctx, Id(id): Id) -> PageResult {
    show(ctx, id).await
}

async fn show(ctx: Ctx, id: i64) -> PageResult {
    let token = ctx.token()?;
    let d = match ctx.app.api.notificacao(token, id).await {
        Err(ApiError::NotFound { .. }) => return Err(PageError::NotFound),
        other => other.on_page(TITLE)?,
    };
    if let Ok(n) = ctx.app.api.notificacoes_contador(token).await {
        ctx.unread.set(&ctx.jar, n);
    }
    // In the list's dialog (`?parcial=1`) the page's heading is the list's, behind the
    // dialog; the notification's title (the next level) becomes the dialog's own heading.
    let main = html! {
        @if !ctx.partial { h1 { (TITLE) } }
        (detail(&d, &ctx.app.cfg.public_origin()))
    };
    Ok(ctx.render(Page::new(TITLE, main)))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SettingsForm {
    aplicativo: Option<String>,
}

/// `POST /notificacoes/configuracoes`: the 'Aplicativo' toggle, saved as 'TODOS'.
pub async fn view_configuracoes_post(ctx: Ctx, Form(f): Form<SettingsForm>) -> PageResult {
    let on = f.aplicativo.is_some();
    if let Err(e) = ctx
        .app
        .api
        .save_notificacoes_configuracao(ctx.token()?, on)
        .await
    {
        // The page again with the toggle as it was left and the error's message.
        let again = super::page(&ctx, &super::NotificacoesQuery::default(), Some(on)).await?;
        return Err(PageError::form_failed(again, &e));
    }
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    Ok(Redirect::to(routes::NOTIFICACOES).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "https://app.colheita.dev";

    #[test]
    fn the_button_stays_on_the_site() {
        assert_eq!(
            action_href(Some(routes::CARTEIRA), ORIGIN),
            routes::CARTEIRA
        );
        let offer = routes::captacao("soja");
        assert_eq!(action_href(Some(&format!(" {offer} ")), ORIGIN), offer);
        for bad in [
            "https://evil.example/",
            "//evil.example",
            "javascript:alert(1)",
            "",
            "http://app.colheita.dev/carteira",
            "https://app.colheita.dev:8443/carteira",
            "https://app.colheita.dev.evil.example/carteira",
            "https://app.colheita.dev/autenticacao?code=x",
        ] {
            assert_eq!(action_href(Some(bad), ORIGIN), routes::INVESTIR, "{bad}");
        }
        assert_eq!(action_href(None, ORIGIN), routes::INVESTIR);
    }

    #[test]
    fn only_a_message_leading_to_an_offering_carries_the_warning() {
        assert!(leads_to_offering(&routes::captacao("soja")));
        assert!(leads_to_offering(&routes::captacao_simular("soja")));
        let slash = format!("{}/", routes::INVESTIR);
        let longer = format!("{}x/a", routes::INVESTIR);
        for other in [routes::INVESTIR, &slash, routes::CARTEIRA, &longer] {
            assert!(!leads_to_offering(other), "{other}");
        }
    }

    #[test]
    fn an_absolute_url_of_this_site_opens_its_page() {
        let offer = routes::captacao("soja");
        assert_eq!(
            action_href(Some(&format!("{ORIGIN}{offer}")), ORIGIN),
            offer
        );
        assert_eq!(
            action_href(
                Some(&format!("{ORIGIN}{}#painel", routes::carteira_expandida())),
                ORIGIN
            ),
            format!("{}#painel", routes::carteira_expandida())
        );
    }
}

//! Notificações: the tabs 'Não lidos' (default, with the unread count) and 'Lidos', each
//! card opening its detail (which marks it read), and 'Configurar notificações' with the
//! 'Aplicativo' toggle. The detail is a page of its own; with JavaScript the `notificacao`
//! island opens it as a side modal and reloads the list when it closes.

mod detalhe;

pub use detalhe::{view_configuracoes_post, view_notificacao_get, view_notificacao_post};

use crate::web::extract::Query;
use maud::{Markup, html};
use serde::Deserialize;

use crate::api::ApiError;
use crate::api::models::{Notificacao, NotificacaoConfiguracao, NotificacaoPagina};
use crate::domain::paging::{self, DEFAULT_PAGE_SIZE};
use crate::web::partial::Partial;
use crate::web::ui::island::{self, Load, NotificacaoProps};
use crate::web::ui::{self, Page, cards, format};
use crate::web::{Ctx, PageResult, routes};

pub const TITLE: &str = "Notificações";
const SETTINGS_ID: &str = "configurar-notificacoes";
const SETTINGS_TITLE: &str = "Configurar notificações";
/// The settings' group of channels, and what the 'Aplicativo' one sends.
pub const CHANNELS: &str = "Canais de notificação";
pub const APP_HINT: &str =
    "Avisos de novas captações, pagamentos, reservas e documentos, aqui e no contador do menu.";

/// The tab in the address: `aba=lidos`, or the unread ones.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NotificacoesQuery {
    aba: String,
    #[serde(rename = "Page")]
    page: String,
    #[serde(rename = "PageSize")]
    page_size: String,
}

/// Which notifications a tab lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aba {
    NaoLidos,
    Lidos,
}

impl Aba {
    fn read(self) -> bool {
        self == Aba::Lidos
    }
}

struct Listing {
    aba: Aba,
    page: u32,
    page_size: u32,
}

impl NotificacoesQuery {
    fn listing(&self) -> Listing {
        Listing {
            aba: if self.aba == "lidos" {
                Aba::Lidos
            } else {
                Aba::NaoLidos
            },
            page: paging::page_number(&self.page),
            page_size: paging::page_size(&self.page_size),
        }
    }
}

fn href(aba: Aba, page: u32, page_size: u32) -> String {
    let base = routes::notificacoes_aba(aba.read(), page);
    if page_size == DEFAULT_PAGE_SIZE {
        base
    } else {
        format!("{base}&PageSize={page_size}")
    }
}

fn tabs(current: Aba, unread: Option<u32>) -> Markup {
    html! {
        nav.abas aria-label="Notificações" {
            ul {
                li { a href=(href(Aba::NaoLidos, 1, DEFAULT_PAGE_SIZE)) aria-current=[(current == Aba::NaoLidos).then_some("page")] {
                    "Não lidos"
                    // The islands' shared unread count rewrites it when one is read in its modal.
                    @if let Some(n) = unread { " " span.contador data-nao-lidas { (n) } }
                } }
                li { a href=(href(Aba::Lidos, 1, DEFAULT_PAGE_SIZE)) aria-current=[(current == Aba::Lidos).then_some("page")] { "Lidos" } }
            }
        }
    }
}

fn card(n: &Notificacao, aba: Aba) -> Markup {
    let (label, when) = match aba {
        Aba::Lidos => ("Lida em", n.data_leitura.as_deref()),
        Aba::NaoLidos => ("Enviada em", n.data_envio.as_deref()),
    };
    html! {
        li.cartao.notificacao {
            h2 { a.notificacao-abrir href=(routes::notificacao(n.id)) { (n.titulo.as_deref().unwrap_or("-")) } }
            p { (n.resumo.as_deref().unwrap_or("-")) }
            p.texto-secundario { (label) ": " (format::datetime(when)) }
        }
    }
}

fn pagination(l: &Listing, total: u64) -> Markup {
    if total < u64::from(l.page_size) {
        return html! {};
    }
    let pages = paging::total_pages(total, l.page_size);
    html! {
        (ui::paging::links(l.page, pages, |p| href(l.aba, p, l.page_size)))
        form.form-linha method="get" action=(routes::NOTIFICACOES) {
            input type="hidden" name="aba" value=(if l.aba.read() { "lidos" } else { "nao-lidos" });
            (ui::paging::size_choice("PageSize", l.page_size))
        }
    }
}

fn list(ctx: &Ctx, l: &Listing, result: &Result<NotificacaoPagina, ApiError>) -> Markup {
    match result {
        Err(e) => cards::error_card(&ctx.here, Some(&e.user_message())),
        Ok(p) if p.dados.is_empty() => cards::empty_card(cards::EMPTY_TITLE, cards::EMPTY_TEXT),
        Ok(p) => html! {
            // React comes with the first notification opened: until then each card is the
            // server's link to its detail.
            (island::mount_when(&NotificacaoProps { title: "Notificação".to_owned(), unread: l.aba == Aba::NaoLidos, read_note: "Lida".to_owned() }, Load::Interaction(None), html! {
                ul.lista-notificacoes { @for n in &p.dados { (card(n, l.aba)) } }
            }))
            (pagination(l, p.total_de_registros))
        },
    }
}

/// 'Configurar notificações': the accordion 'Ativar/Desativar notificações' holding the
/// channels as a group of switches ('Aplicativo', what it sends said under it), or the
/// message of the error when the setting could not be read. With JavaScript the section's
/// content opens as a side panel (its heading becomes the panel's).
fn settings(setting: &Result<NotificacaoConfiguracao, ApiError>) -> Markup {
    html! {
        section.painel-filtro #(SETTINGS_ID) aria-labelledby="configurar-titulo" {
            h2 #configurar-titulo { (SETTINGS_TITLE) }
            @match setting {
                Err(e) => p.mensagem.mensagem-erro role="alert" { (e.user_message()) },
                Ok(s) => details.acordeao.configuracao open {
                    summary { "Ativar/Desativar notificações" }
                    form.formulario method="post" action=(routes::NOTIFICACOES_CONFIGURACOES) {
                        fieldset {
                            legend { (CHANNELS) }
                            div.campo-checkbox.interruptor {
                                input #aplicativo type="checkbox" role="switch" name="aplicativo" value="1"
                                    aria-describedby="aplicativo-ajuda" checked[s.recebe_notificacao];
                                label for="aplicativo" { "Aplicativo" }
                                p.campo-ajuda #aplicativo-ajuda { (APP_HINT) }
                            }
                        }
                        div.form-acoes { button.botao.botao-primario type="submit" { "Salvar" } }
                    }
                },
            }
        }
    }
}

/// `GET /notificacoes[?aba=lidos&Page=&PageSize=]`: the tab's page, the unread counter and
/// the setting, fetched together.
pub async fn view_notificacoes_get(ctx: Ctx, Query(q): Query<NotificacoesQuery>) -> PageResult {
    Ok(ctx.render(page(&ctx, &q, None).await?))
}

/// The tab's page; `typed` is the 'Aplicativo' toggle as the investor left it when its
/// save failed (drawn instead of the stored one, so it is not lost).
pub(super) async fn page(
    ctx: &Ctx,
    q: &NotificacoesQuery,
    typed: Option<bool>,
) -> PageResult<Page> {
    let token = ctx.token()?;
    let l = q.listing();
    let api = &ctx.app.api;
    let (result, count, setting) = tokio::join!(
        api.notificacoes(token, l.aba.read(), l.page, l.page_size),
        api.notificacoes_contador(token),
        api.notificacoes_configuracao(token)
    );
    // The list is the page; the counter and the setting are drawn without it.
    let outcome = Partial::new().main(&result).aside(&count).aside(&setting);
    outcome.check_login()?;
    let setting = match typed {
        Some(on) => Ok(NotificacaoConfiguracao {
            tipo_notificacao: "TODOS".to_owned(),
            recebe_notificacao: on,
        }),
        None => setting,
    };
    let unread = match (&count, &result, l.aba) {
        (Ok(n), _, _) => Some(*n),
        (Err(_), Ok(p), Aba::NaoLidos) => u32::try_from(p.total_de_registros).ok(),
        _ => None,
    };
    if let Some(n) = unread {
        ctx.unread.set(&ctx.jar, n);
    }
    let main = html! {
        div.titulo-pagina {
            h1 { (TITLE) }
            div.acoes {
                (island::side_panel(SETTINGS_TITLE, SETTINGS_ID, SETTINGS_TITLE, false))
            }
        }
        (tabs(l.aba, unread))
        (list(ctx, &l, &result))
        (settings(&setting))
    };
    outcome.finish(Page::new(TITLE, main).with_islands())
}

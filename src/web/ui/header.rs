//! Public header (logged out) and full header with the profile menu (logged in).
//!
//! Both are one row. On a laptop the row holds the logo, the nav and the actions. On a phone
//! (and a tablet) it holds the logo and a menu button: a `<details>` holding only its
//! `<summary>`, whose open state shows the next sibling (`.cabecalho-menu`: nav and actions)
//! through CSS. A closed `<details>` cannot be forced open by CSS on a laptop, hence the menu
//! lives beside it rather than inside it; it works without JS and every link exists once.

use maud::{Markup, html};

use crate::domain::status::CadastroStatus;
use crate::web::session::{Session, UserSummary};
use crate::web::{Ctx, assets, routes};

/// The profile badge and its call to action: Básico is told to complete and verify its
/// profile, Em análise that it is being checked, Completo that it may invest. A state the
/// product does not know reads as Básico (it may not invest).
pub struct ProfileBadge {
    pub label: &'static str,
    pub class: &'static str,
    pub message: &'static str,
    pub cta: Option<(&'static str, &'static str)>,
}

/// The Em análise profile's text: what happens now, and that investing comes after it.
pub const EM_ANALISE_TEXT: &str =
    "Estamos verificando o seu perfil. Em breve, após a análise, você já poderá investir.";

pub fn profile_badge(user: &UserSummary) -> ProfileBadge {
    match &user.cadastro {
        Some(CadastroStatus::Completo) => ProfileBadge {
            label: "Perfil completo",
            class: "badge-sucesso",
            message: "Seu perfil está verificado.",
            cta: Some(("Ver oportunidades", routes::INVESTIR)),
        },
        Some(CadastroStatus::EmAnalise) => ProfileBadge {
            label: "Em análise",
            class: "badge-aviso",
            message: EM_ANALISE_TEXT,
            cta: None,
        },
        _ => ProfileBadge {
            label: "Perfil básico",
            class: "badge-neutro",
            message: "Complete seu cadastro e peça a verificação do perfil para investir.",
            cta: Some(("Verificar perfil", routes::DADOS_CADASTRAIS)),
        },
    }
}

fn nav() -> Markup {
    html! {
        nav.nav-principal aria-label="Principal" {
            ul {
                li { a href=(routes::INVESTIR) { "Investir" } }
                li { a href=(routes::CARTEIRA) { "Minha carteira" } }
                li { a href=(routes::MINHA_CONTA) { "Minha conta" } }
            }
        }
    }
}

/// The phone's menu button (hidden on a laptop, where the menu is always shown). It carries
/// the unread count, which would otherwise be inside the closed menu, out of sight.
fn menu_button(unread: Option<u32>) -> Markup {
    html! {
        details.menu-cabecalho {
            summary {
                span.icone-menu aria-hidden="true" {} "Menu"
                @if let Some(n) = unread.filter(|n| *n > 0) {
                    " " span.contador { (n) span.sr-only { " notificações não lidas" } }
                }
            }
        }
    }
}

fn logo(href: &str, product: &str) -> Markup {
    html! {
        a.logo href=(href) {
            img src=(assets::asset_url("img/logo.svg")) alt=(product) width="160" height="40";
        }
    }
}

fn chat_link(ctx: &Ctx) -> Markup {
    html! {
        a.link-especialista href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
            "Fale com um especialista" span.sr-only { " (abre em nova janela)" }
        }
    }
}

pub fn public_header(ctx: &Ctx) -> Markup {
    html! {
        header.cabecalho {
            (logo(routes::INVESTIR, &ctx.app.cfg.product_name))
            (menu_button(None))
            div.cabecalho-menu {
                (nav())
                div.cabecalho-acoes {
                    (chat_link(ctx))
                    a.botao.botao-secundario href=(routes::ENTRAR) { "Entrar" }
                    a.botao.botao-primario href=(routes::QUERO_INVESTIR) { "Cadastre-se" }
                }
            }
        }
    }
}

const HIDE: &str = "Ocultar valores";
const SHOW: &str = "Mostrar valores";

/// The money-visibility toggle: a form that flips a cookie; the island makes it work
/// without a reload.
pub fn visibility_toggle(ctx: &Ctx) -> Markup {
    let visible = !ctx.values_hidden;
    let label = if visible { HIDE } else { SHOW };
    let fallback = html! {
        form.form-visibilidade method="post" action=(routes::VISIBILIDADE) {
            input type="hidden" name="voltar" value=(ctx.here);
            button.botao.botao-icone type="submit" aria-pressed=(if visible { "false" } else { "true" }) { (label) }
        }
    };
    // React comes with the first press (held by the loader and given again once it is up).
    super::island::mount_when(
        &super::island::VisibilityProps {
            action: routes::VISIBILIDADE.into(),
            hide_label: HIDE.into(),
            show_label: SHOW.into(),
            shown_status: "Valores visíveis.".into(),
            hidden_status: "Valores ocultos.".into(),
        },
        super::island::Load::Interaction(None),
        fallback,
    )
}

/// 'Notificações' with the unread count when there is one.
fn notifications_link(unread: Option<u32>) -> Markup {
    html! {
        a.link-notificacoes href=(routes::NOTIFICACOES) {
            "Notificações"
            @if let Some(n) = unread.filter(|n| *n > 0) {
                " " span.contador { (n) span.sr-only { " não lidas" } }
            }
        }
    }
}

pub fn full_header(ctx: &Ctx, session: &Session) -> Markup {
    let user = &session.user;
    let badge = profile_badge(user);
    let first = user.primeiro_nome();
    html! {
        header.cabecalho {
            (logo(routes::HOME, &ctx.app.cfg.product_name))
            (menu_button(ctx.unread.get(&ctx.jar)))
            div.cabecalho-menu {
                (nav())
                div.cabecalho-acoes {
                    (chat_link(ctx))
                    (notifications_link(ctx.unread.get(&ctx.jar)))
                    (visibility_toggle(ctx))
                    details.menu-perfil {
                        summary {
                            @if first.is_empty() { "Olá!" } @else { "Olá, " (first) }
                        }
                        div.menu-perfil-conteudo {
                            p.menu-perfil-nome { (user.nome) }
                            p { span.badge.(badge.class) { (badge.label) } }
                            p { (badge.message) }
                            @if let Some((text, href)) = badge.cta {
                                p { a.botao.botao-secundario href=(href) { (text) } }
                            }
                            form method="post" action=(routes::SAIR) {
                                button.botao.botao-texto type="submit" { "Sair" }
                            }
                        }
                    }
                }
            }
        }
    }
}

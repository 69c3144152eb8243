//! Minha conta (/minha-conta): the account tabs (registration data, bank account,
//! statement, income report, my terms, password) and, under dados-cadastrais, the registration sub-tabs (personal
//! data, address, investor profile, documents) with the profile state and the
//! verification request.

mod banco;
mod campos;
mod dados;
mod declaracao;
mod documentos;
mod extrato;
mod informe;
mod irpf;
mod perfil;
mod termos;

pub use banco::{view_conta_bancaria_get, view_conta_bancaria_post};
pub use dados::{
    view_endereco_get, view_endereco_post, view_minha_conta_get, view_pessoais_get,
    view_pessoais_post, view_verificar_get, view_verificar_post,
};
pub use declaracao::{qualified_signed, view_declaracao_get, view_declaracao_post};
pub use documentos::{
    UPLOAD_BODY_LIMIT, view_documento_get, view_documento_post, view_documentos_get,
};
pub use extrato::{
    view_extrato_csv_get, view_extrato_get, view_extrato_ofx_get, view_extrato_pdf_get,
};
pub use informe::{view_informe_arquivo_get, view_informe_get};
pub use perfil::{view_perfil_get, view_perfil_post};
pub use termos::{RISK_TERM_SLUG, view_imposto_get, view_meus_termos_get, view_termo_get};

use maud::{Markup, html};

use crate::api::ApiError;
use crate::api::models::{Cadastro, CadastroView};
use crate::domain::status::CadastroStatus;
use crate::web::error::OnPage;
use crate::web::session::UserSummary;
use crate::web::ui::header::profile_badge;
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Minha conta";
pub const DADOS_TITLE: &str = "Dados cadastrais";
/// When the platform has no user for the session.
pub const NO_USER: &str = "Nenhum usuario encontrado.";
pub const SAVED_TITLE: &str = "Parabéns!";
pub const SAVED_TEXT: &str = "Informações atualizadas com sucesso.";

/// The account tabs, in order: (label, address).
const TABS: [(&str, &str); 7] = [
    ("Dados cadastrais", routes::DADOS_CADASTRAIS),
    ("Declaração de investidor", routes::DECLARACAO_INVESTIDOR),
    ("Conta bancária", routes::CONTA_BANCARIA),
    ("Extrato", routes::EXTRATO),
    ("Informe de rendimentos", routes::INFORME_RENDIMENTO),
    ("Meus termos", routes::MEUS_TERMOS),
    ("Alterar senha", routes::ALTERAR_SENHA),
];

/// The registration sub-tabs, in order.
const SUBTABS: [(&str, &str); 4] = [
    ("Informações pessoais", routes::DADOS_PESSOAIS),
    ("Endereço", routes::DADOS_ENDERECO),
    ("Perfil do investidor", routes::DADOS_PERFIL),
    ("Documentos", routes::DADOS_DOCUMENTOS),
];

/// Tab links; the current one carries `aria-current="page"`. `after` follows the row, inside
/// the same navigation: the registration's sub-tabs, a row of their own under the tabs.
fn tab_nav(
    label: &str,
    tabs: &[(&str, &str)],
    current: &str,
    class: &str,
    after: Option<Markup>,
) -> Markup {
    html! {
        nav class=(class) aria-label=(label) {
            ul {
                @for (text, href) in tabs {
                    li { a href=(href) aria-current=[(*href == current).then_some("page")] { (text) } }
                }
            }
            @if let Some(after) = &after { (after) }
        }
    }
}

/// On a phone the sections are one folded menu naming where one is, every section and
/// sub-section a full-width row when opened, so the page's own heading stays near the top;
/// wider, the tabs are shown instead (app.css shows one of the two).
fn phone_menu(current_tab: &str, current_subtab: Option<&str>) -> Markup {
    let label = |list: &[(&'static str, &str)], href: &str| {
        list.iter().find(|(_, h)| *h == href).map(|(t, _)| *t)
    };
    let here = [
        label(&TABS, current_tab),
        current_subtab.and_then(|s| label(&SUBTABS, s)),
    ];
    let here: Vec<&str> = here.into_iter().flatten().collect();
    // The button shows where one is in a word or two (one line on a phone); a screen
    // reader hears the whole path.
    html! {
        details.menu-conta {
            summary {
                @match here.split_last() {
                    None => { "Seções da conta" },
                    Some((last, parents)) => {
                        span.sr-only { "Seções da conta: " @for p in parents { (p) " › " } }
                        strong { (last) }
                    },
                }
            }
            nav aria-label="Seções da conta" {
                ul {
                    @for (text, href) in TABS {
                        li {
                            a href=(href) aria-current=[(href == current_tab && current_subtab.is_none()).then_some("page")] { (text) }
                            @if href == routes::DADOS_CADASTRAIS {
                                ul {
                                    @for (sub, sub_href) in SUBTABS {
                                        li { a href=(sub_href) aria-current=[(current_subtab == Some(sub_href)).then_some("page")] { (sub) } }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The account page around a tab's content: the heading and the tabs (on a phone, a menu).
pub fn account(current_tab: &str, content: Markup) -> Markup {
    account_with(current_tab, None, content)
}

fn account_with(current_tab: &str, current_subtab: Option<&str>, content: Markup) -> Markup {
    let subtabs = current_subtab
        .map(|sub| tab_nav("Dados cadastrais", &SUBTABS, sub, "abas-secundarias", None));
    html! {
        h1 { (TITLE) }
        (phone_menu(current_tab, current_subtab))
        (tab_nav("Seções da conta", &TABS, current_tab, "abas abas-conta", subtabs))
        (content)
    }
}

/// The registration area around a sub-tab: the sub-tabs (a row under the account's tabs),
/// the sub-tab's content, then the profile state with the observation and 'Verificar
/// perfil'. The state comes after the content so that, on a phone, the sub-tab's own
/// heading is on the first screen, right under the menu.
pub fn registration(r: &CadastroView, current_subtab: &str, content: Markup) -> Markup {
    account_with(
        routes::DADOS_CADASTRAIS,
        Some(current_subtab),
        html! {
            (content)
            (profile_state(r))
        },
    )
}

/// The profile badge by registration state with its text; 'Verificar perfil' while Básico.
fn profile_state(r: &CadastroView) -> Markup {
    let summary = summary_of(r);
    let badge = profile_badge(&summary);
    let basico = !matches!(
        r.cadastro,
        Some(CadastroStatus::EmAnalise | CadastroStatus::Completo)
    );
    html! {
        section.cartao.perfil-estado aria-labelledby="perfil-estado-titulo" {
            h2 #perfil-estado-titulo { "Situação do perfil" }
            p { span.badge.(badge.class) { (badge.label) } " " (badge.message) }
            @if let Some(obs) = r.observacao.as_deref().filter(|o| !o.trim().is_empty()) {
                p.mensagem.mensagem-aviso role="note" { strong { "Observação: " } (obs) }
            }
            @if basico {
                form method="post" action=(routes::VERIFICAR_PERFIL) {
                    button.botao.botao-primario type="submit" { "Verificar perfil" }
                }
            }
        }
    }
}

/// The header's user summary from the registration.
pub fn summary_of(r: &CadastroView) -> UserSummary {
    UserSummary {
        nome: r.dados_basicos.nome.clone(),
        codigo: r.codigo.clone(),
        cadastro: r.cadastro.clone(),
    }
}

/// The registration, or 'Nenhum usuario encontrado.' when the platform has none.
pub async fn load_registration(ctx: &Ctx, title: &'static str) -> PageResult<Cadastro> {
    match ctx.app.api.cadastro(ctx.token()?).await {
        Ok(r) => Ok(r),
        Err(ApiError::NotFound { .. }) => Err(PageError::alert(
            crate::web::ui::Page::new(
                title,
                account(
                    routes::DADOS_CADASTRAIS,
                    html! {
                        div.cartao.cartao-vazio { p { (NO_USER) } }
                    },
                ),
            ),
            NO_USER,
            axum::http::StatusCode::NOT_FOUND,
        )),
        Err(e) => Err(e).on_page(title),
    }
}

/// The registration a form's POST changes (it is sent back whole). When the platform
/// cannot give it, the form comes back drawn by `again` with what was typed and the
/// error's message (502), never the error card, which would lose what was typed. `again`
/// draws over what the session knows of the investor (name and profile state).
pub async fn registration_for_form(
    ctx: &Ctx,
    title: &'static str,
    again: impl FnOnce(&Cadastro) -> crate::web::ui::Page,
) -> PageResult<Cadastro> {
    match load_registration(ctx, title).await {
        Err(PageError::Platform { error, .. }) => {
            let user = ctx.session.as_ref().map(|s| &s.user);
            let known = Cadastro::new(serde_json::json!({
                "cadastro": user.and_then(|u| u.cadastro.clone()),
                "dadosBasicos": { "nome": user.map(|u| u.nome.clone()).unwrap_or_default() },
            }));
            Err(PageError::form_failed(again(&known), &error))
        }
        other => other,
    }
}

/// After a save: the header shows the registration as it now is.
pub fn refresh_summary(ctx: &Ctx, r: &CadastroView) {
    ctx.jar.store_user(&summary_of(r));
}

//! Views of the sign-up: the form (with every typed value) and the success card.

use maud::{Markup, html};

use super::{DESCRIPTION, HEADING, SUCCESS_TEXT, SUCCESS_TITLE, TITLE};
use crate::domain::validate::{
    EMAIL_MAX_CHARS, FormError, NAME_MAX_CHARS, PHONE_INPUT_MAX_CHARS, SignupInput, field_message,
};
use crate::web::ui::{Page, island};
use crate::web::{Ctx, routes};

/// A CPF is typed as its 11 digits, or pasted with its mask (000.000.000-00): the server
/// reads the digits.
const CPF_MAX_CHARS: usize = 14;

/// The form with what was typed; `error` marks the fields a failed rule is about (a
/// refusal by the platform marks none).
pub fn page(input: &SignupInput, error: Option<&FormError>) -> Page {
    Page::new(TITLE, form(input, error))
        .with_islands()
        .with_description(DESCRIPTION)
}

fn form(input: &SignupInput, error: Option<&FormError>) -> Markup {
    // Every failing field is marked and says why under itself; the alert tells the first.
    let own = |field: &str| error.and_then(|e| field_message(e, field));
    let invalid = |field: &str| own(field).map(|_| "true");
    let message_id = |field: &str| format!("cadastro-{field}-erro");
    let described = |field: &str, help: Option<&str>| {
        let ids: Vec<String> = help
            .map(str::to_owned)
            .into_iter()
            .chain(own(field).map(|_| message_id(field)))
            .collect();
        (!ids.is_empty()).then(|| ids.join(" "))
    };
    let message = |field: &str| {
        html! { @if let Some(m) = own(field) { p.campo-erro id=(message_id(field)) { (m) } } }
    };
    html! {
        section.cartao.cadastro aria-labelledby="cadastro-titulo" {
            h1 #cadastro-titulo { (HEADING) }
            p.subtitulo { "Preencha seus dados e receba por e-mail o acesso à sua conta de investidor." }
            p.texto-secundario { "Todos os campos são obrigatórios." }
            // novalidate: the server checks every rule and answers with its own messages, in
            // the form's order; the browser's own bubbles would pre-empt them.
            form.formulario method="post" action=(routes::QUERO_INVESTIR) novalidate {
                div.campo {
                    label for="cadastro-nome" { "Nome completo" }
                    input #cadastro-nome type="text" name="nome" value=(input.nome)
                        maxlength=(NAME_MAX_CHARS) autocomplete="name" autocapitalize="words"
                        spellcheck="false" required aria-invalid=[invalid("nome")]
                        aria-describedby=[described("nome", None)];
                    (message("nome"))
                }
                div.campo {
                    label for="cadastro-email" { "E-mail" }
                    input #cadastro-email type="email" name="email" value=(input.email)
                        maxlength=(EMAIL_MAX_CHARS) autocomplete="email" inputmode="email"
                        spellcheck="false" required aria-invalid=[invalid("email")]
                        aria-describedby=[described("email", None)];
                    (message("email"))
                }
                div.campo {
                    label for="cadastro-celular" { "Celular/WhatsApp" }
                    // With JS the island formats (##) #####-#### while typing; without it the
                    // server accepts the number with any punctuation.
                    (island::mount(&island::MascaraProps {}, html! {
                        input #cadastro-celular type="tel" name="celular" value=(input.celular)
                            maxlength=(PHONE_INPUT_MAX_CHARS) autocomplete="tel"
                            inputmode="tel" placeholder="(11) 91234-5678" required
                            aria-describedby=[described("celular", Some("cadastro-celular-ajuda"))]
                            aria-invalid=[invalid("celular")];
                    }))
                    p.campo-ajuda #cadastro-celular-ajuda { "Com DDD, no formato (##) #####-####." }
                    (message("celular"))
                }
                div.campo {
                    label for="cadastro-cpf" { "CPF" }
                    input #cadastro-cpf type="text" name="cpf" value=(input.cpf)
                        maxlength=(CPF_MAX_CHARS) inputmode="numeric" autocomplete="off"
                        required aria-describedby=[described("cpf", Some("cadastro-cpf-ajuda"))]
                        aria-invalid=[invalid("cpf")];
                    p.campo-ajuda #cadastro-cpf-ajuda { "Os 11 números, com ou sem pontos e traço." }
                    (message("cpf"))
                }
                div.campo.campo-checkbox {
                    input #cadastro-termos type="checkbox" name="termos" value="sim"
                        checked[input.termos] required aria-invalid=[invalid("termos")]
                        aria-describedby=[described("termos", None)];
                    label for="cadastro-termos" {
                        "Li e aceito os termos e condições de uso e a "
                        // A new window: following the link must not lose what was typed.
                        a href=(routes::POLITICA_PRIVACIDADE) target="_blank" rel="noopener" {
                            "política de privacidade"
                            span.sr-only { " (abre em nova janela)" }
                        }
                        "."
                    }
                    (message("termos"))
                }
                div.form-acoes {
                    button.botao.botao-primario type="submit" { "Enviar" }
                    a.botao.botao-texto href=(routes::HOME) { "Já é cliente? Acesse aqui" }
                }
            }
        }
    }
}

/// The success card: the two texts, the advice to contact support, and the way
/// to the login screen.
pub fn success(ctx: &Ctx) -> Markup {
    html! {
        section.cartao.cartao-destaque.cadastro-sucesso aria-labelledby="cadastro-sucesso-titulo" {
            h1 #cadastro-sucesso-titulo { (SUCCESS_TITLE) }
            p { (SUCCESS_TEXT) }
            p {
                "Se o e-mail não chegar em alguns minutos, confira também a caixa de spam. "
                "Se ainda assim não o encontrar, entre em contato com o nosso suporte: "
                a href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
                    "fale com um especialista"
                    span.sr-only { " (abre em nova janela)" }
                }
                "."
            }
            p.acoes {
                a.botao.botao-primario href=(routes::ENTRAR) { "Ir para o login" }
            }
        }
    }
}

//! HTML of the sandbox's login page. It stands in for the platform's hosted login, so it
//! follows the product's own rules: pt-BR, labelled fields, autocomplete hints, the error
//! in a `role="alert"` element, no inline script or style (a strict CSP is sent).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, html};

use crate::sandbox::autenticacao::senha;
use crate::sandbox::cabecalhos::{self, Conteudo};
use crate::sandbox::{DEMO_LOGINS, DEMO_PASSWORD};

pub(crate) const CREDENCIAIS_INVALIDAS: &str = "E-mail ou senha inválidos.";
pub(crate) const CSS: &str = include_str!("login.css");

pub(crate) struct Formulario<'a> {
    pub(crate) client_id: &'a str,
    pub(crate) redirect_uri: &'a str,
    pub(crate) state: &'a str,
    pub(crate) code_challenge: &'a str,
    pub(crate) code_challenge_method: &'a str,
    pub(crate) email: &'a str,
    /// The alert above the form, if the last attempt failed.
    pub(crate) erro: Option<&'static str>,
}

pub(crate) fn login(status: StatusCode, f: &Formulario<'_>) -> Response {
    let invalido = f.erro.map(|_| "true");
    let com_erro = f.erro.is_some();
    let corpo = html! {
        h1 { "Entrar" }
        p.subtitulo { "Acesse sua conta de investidor." }
        @if let Some(erro) = f.erro {
            div.alerta #erro-login role="alert" { (erro) }
        }
        form method="post" action="/login" novalidate {
            input type="hidden" name="client_id" value=(f.client_id);
            input type="hidden" name="redirect_uri" value=(f.redirect_uri);
            input type="hidden" name="state" value=(f.state);
            input type="hidden" name="code_challenge" value=(f.code_challenge);
            input type="hidden" name="code_challenge_method" value=(f.code_challenge_method);
            div.campo {
                label for="email" { "E-mail" }
                input #email type="email" name="email" value=(f.email) autocomplete="username"
                    inputmode="email" maxlength="100" required autofocus[!com_erro]
                    aria-invalid=[invalido] aria-describedby=[com_erro.then_some("erro-login")];
            }
            div.campo {
                label for="senha" { "Senha" }
                input #senha type="password" name="senha" autocomplete="current-password"
                    maxlength=(senha::TAMANHO_MAXIMO) required autofocus[com_erro]
                    aria-invalid=[invalido] aria-describedby=[com_erro.then_some("erro-login")];
            }
            button type="submit" { "Entrar" }
        }
        section.demo aria-labelledby="titulo-demo" {
            h2 #titulo-demo { "Contas de demonstração" }
            p { "Senha de todas: " code { (DEMO_PASSWORD) } }
            ul {
                @for (email, descricao) in DEMO_LOGINS {
                    li { code { (email) } " — " (descricao) }
                }
            }
        }
    };
    pagina(status, "Entrar | Colheita Sandbox", corpo)
}

/// The login cannot start (bad `redirect_uri` or `client_id`): explained, never followed.
pub(crate) fn parametros_invalidos(motivo: &str) -> Response {
    let corpo = html! {
        h1 { "Não foi possível abrir o login" }
        div.alerta role="alert" { (motivo) }
        p { "Volte ao site de onde veio e tente entrar novamente." }
    };
    pagina(
        StatusCode::BAD_REQUEST,
        "Login indisponível | Colheita Sandbox",
        corpo,
    )
}

fn pagina(status: StatusCode, titulo: &str, corpo: Markup) -> Response {
    let documento = html! {
        (DOCTYPE)
        html lang="pt-BR" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (titulo) }
                link rel="stylesheet" href="/login.css";
            }
            body {
                header.marca { p { "Colheita " span { "Sandbox" } } }
                main.cartao { (corpo) }
            }
        }
    };
    let mut resposta = (status, documento).into_response();
    cabecalhos::proteger(resposta.headers_mut(), Conteudo::Pagina);
    resposta
}

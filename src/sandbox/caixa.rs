//! The sandbox's e-mail outbox (the real platform has none): instead of sending mail, the
//! sandbox keeps every message and shows them, newest first, at `GET /caixa-de-saida`,
//! so a person (or an end-to-end test) can read the temporary password of a sign-up.
//! A message that links to an offering presents it, so it leaves with the CVM warning.

mod store;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use jiff::Timestamp;
use maud::{DOCTYPE, Markup, html};
use rusqlite::Transaction;

use crate::domain::cvm::AVISO_CVM;
use crate::domain::dates;
use crate::sandbox::cabecalhos::{self, Conteudo};
use crate::sandbox::erro::ApiError;
use crate::sandbox::{Sandbox, site, tempo};
use store::Mensagem;

/// The page's own look, on top of the login page's stylesheet (served at
/// `/caixa-de-saida.css`: the CSP allows no inline style).
const CSS: &str = "\
.cartao.caixa-de-saida { max-width: 48rem; }
.mensagens { list-style: none; margin: 0; padding: 0; }
.mensagens > li { border-top: 1px solid #dde5dd; padding: 1rem 0; }
.mensagem h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
.mensagem dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 .75rem; }
.mensagem dt { font-weight: 600; }
.mensagem dd { margin: 0; overflow-wrap: anywhere; }
.corpo-mensagem { background: #f7faf6; border-radius: .4rem; padding: .75rem 1rem; }
.corpo-mensagem p { margin: 0 0 .5rem; overflow-wrap: anywhere; }
.corpo-mensagem p:last-child { margin: 0; }
";

/// `GET /caixa-de-saida` and its stylesheet.
pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/caixa-de-saida", get(pagina))
        .route("/caixa-de-saida.css", get(css))
}

/// `GET /caixa-de-saida.css`.
pub(crate) async fn css() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/css; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        CSS,
    )
        .into_response()
}

/// How many messages the page lists (the newest ones).
const LIMITE: i64 = 100;

/// Puts a message in the outbox, inside the caller's transaction (so a sign-up and its
/// e-mail are stored together or not at all).
pub(crate) fn enviar(
    tx: &Transaction<'_>,
    para: &str,
    assunto: &str,
    corpo: &str,
    agora: Timestamp,
) -> Result<(), ApiError> {
    store::inserir(tx, para, assunto, &com_aviso_cvm(corpo), agora)
}

/// The body, ending with the CVM warning when it links to an offering's page and does
/// not carry the warning yet.
fn com_aviso_cvm(corpo: &str) -> String {
    let oferta = site::captacao("");
    let apresenta = corpo
        .split(oferta.as_str())
        .skip(1)
        .any(|resto| resto.chars().next().is_some_and(|c| !c.is_whitespace()));
    if apresenta && !corpo.contains(AVISO_CVM) {
        format!("{corpo}\n\n{AVISO_CVM}")
    } else {
        corpo.to_owned()
    }
}

/// `GET /caixa-de-saida`: an accessible pt-BR page listing the messages.
pub(crate) async fn pagina(State(sandbox): State<Sandbox>) -> Response {
    let mensagens = sandbox.db().read(|c| store::recentes(c, LIMITE)).await;
    match mensagens {
        Ok(m) => documento(&m),
        Err(e) => e.into_response(),
    }
}

/// `22/11/2026 às 18:05` in São Paulo, and the same instant in RFC 3339.
fn data_hora(ts: Timestamp) -> (String, String) {
    (dates::format_datetime_br(ts), tempo::rfc3339(ts))
}

/// The line of a body that carries a temporary password (shown as code, easy to copy).
pub(crate) const ROTULO_SENHA: &str = "Senha temporária: ";

/// A body line: links become links, the password stands out, everything else is text.
fn linha(l: &str) -> Markup {
    let l = l.trim_end();
    if let Some(senha) = l.strip_prefix(ROTULO_SENHA) {
        return html! { (ROTULO_SENHA) code.senha-temporaria { (senha) } };
    }
    match l.split_once("http") {
        Some((antes, resto)) if resto.starts_with("://") || resto.starts_with("s://") => {
            let url = format!("http{resto}");
            html! { (antes) a href=(url) { (url) } }
        }
        _ => html! { (l) },
    }
}

fn documento(mensagens: &[Mensagem]) -> Response {
    let corpo = html! {
        (DOCTYPE)
        html lang="pt-BR" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { "Caixa de saída | Colheita Sandbox" }
                link rel="stylesheet" href="/login.css";
                link rel="stylesheet" href="/caixa-de-saida.css";
            }
            body.caixa {
                header.marca { p { "Colheita " span { "Sandbox" } } }
                main.cartao.caixa-de-saida {
                    h1 { "Caixa de saída" }
                    p.subtitulo {
                        "E-mails que a plataforma teria enviado, do mais recente para o mais antigo. "
                        "Existe só no sandbox."
                    }
                    @if mensagens.is_empty() {
                        p { "Nenhuma mensagem enviada ainda." }
                    } @else {
                        ol.mensagens {
                            @for (i, m) in mensagens.iter().enumerate() {
                                @let (data, iso) = data_hora(m.enviado_em);
                                @let id = format!("mensagem-{i}");
                                li {
                                    article.mensagem aria-labelledby=(id) {
                                        h2 #(id) { (m.assunto) }
                                        dl {
                                            dt { "Para" } dd { (m.para) }
                                            dt { "Data" } dd { time datetime=(iso) { (data) } }
                                        }
                                        div.corpo-mensagem {
                                            @for l in m.corpo.lines() {
                                                @if !l.trim().is_empty() { p { (linha(l)) } }
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
    };
    let mut resposta = (StatusCode::OK, corpo).into_response();
    cabecalhos::proteger(resposta.headers_mut(), Conteudo::Pagina);
    resposta
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_linking_an_offering_leaves_with_the_cvm_warning() {
        let oferta = format!(
            "Conheça: http://127.0.0.1:3000{}",
            site::captacao("soja-mt")
        );
        let corpo = com_aviso_cvm(&oferta);
        assert!(corpo.starts_with(&oferta));
        assert!(corpo.ends_with(AVISO_CVM));
        assert_eq!(com_aviso_cvm(&corpo), corpo, "once");
        for outro in [
            "Senha temporária: Ab3\nAcesse: http://127.0.0.1:3000/entrar",
            "Veja as captações em http://127.0.0.1:3000/investir",
            "Veja em http://127.0.0.1:3000/investir/ hoje",
        ] {
            assert_eq!(com_aviso_cvm(outro), outro);
        }
    }

    #[test]
    fn links_in_the_body_become_links() {
        let m = linha("Acesse: http://127.0.0.1:3000/entrar").into_string();
        assert_eq!(
            m,
            r#"Acesse: <a href="http://127.0.0.1:3000/entrar">http://127.0.0.1:3000/entrar</a>"#
        );
        assert_eq!(linha("Olá, <Maria>").into_string(), "Olá, &lt;Maria&gt;");
        assert_eq!(
            linha("Senha temporária: Ab3").into_string(),
            r#"Senha temporária: <code class="senha-temporaria">Ab3</code>"#
        );
    }
}

//! /politica-de-privacidade: the short privacy policy the sign-up's terms box links to.

use maud::html;

use crate::web::{Ctx, PageResult};

pub const TITLE: &str = "Política de privacidade";

/// `GET /politica-de-privacidade` (public, static).
pub async fn view_politica_get(ctx: Ctx) -> PageResult {
    let product = ctx.app.cfg.product_name.clone();
    let main = html! {
        article.cartao.politica aria-labelledby="politica-titulo" {
            h1 #politica-titulo { (TITLE) }
            p.texto-secundario { "Como a " (product) " trata os seus dados pessoais, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018)." }
            h2 { "Quais dados coletamos" }
            p {
                "No cadastro: nome completo, e-mail, celular e CPF. Depois, para completar o seu perfil "
                "de investidor: dados pessoais, endereço, conta bancária, perfil de investidor e "
                "documentos de identificação. Também registramos as suas reservas e operações."
            }
            h2 { "Para que usamos" }
            ul {
                li { "Criar e proteger a sua conta e enviar os seus dados de acesso." }
                li { "Verificar a sua identidade e o seu perfil, como exige a regulação do mercado de capitais." }
                li { "Processar reservas, pagamentos e rendimentos e emitir o informe de rendimentos." }
                li { "Enviar avisos sobre a sua conta e as suas operações." }
            }
            h2 { "Com quem compartilhamos" }
            p {
                "Somente com quem participa das suas operações (a corretora parceira e as instituições "
                "de pagamento) e com autoridades, quando a lei exigir. Não vendemos dados pessoais."
            }
            h2 { "Por quanto tempo guardamos" }
            p { "Enquanto a sua conta existir e, depois, pelo prazo que a lei e a regulação exigirem." }
            h2 { "Seus direitos" }
            p {
                "Você pode pedir acesso, correção, portabilidade ou eliminação dos seus dados e revogar "
                "consentimentos, nos termos da LGPD. Para isso, "
                a href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
                    "fale com um especialista"
                    span.sr-only { " (abre em nova janela)" }
                }
                "."
            }
        }
    };
    Ok(ctx.page(TITLE, main))
}

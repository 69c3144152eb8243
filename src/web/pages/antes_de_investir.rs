//! /antes-de-investir: what a person should understand before investing in an offering of
//! a small agribusiness issuer, in plain words: the risks of the issuer and of farming,
//! that the money cannot be taken out early, diversification, how offerings reach the
//! platform, and what happens when a payment is late or not made. It promises nothing.

use maud::html;

use crate::web::ui::{Page, aviso_cvm};
use crate::web::{Ctx, PageResult, routes};

pub const TITLE: &str = "Antes de investir";
const DESCRIPTION: &str = "Os riscos de investir no agronegócio por investimento participativo, explicados em linguagem simples: clima, preços, liquidez, diversificação e inadimplência.";

/// `GET /antes-de-investir` (public, static).
pub async fn view_antes_de_investir_get(ctx: Ctx) -> PageResult {
    let main = html! {
        article.cartao.politica.antes-de-investir aria-labelledby="antes-titulo" {
            h1 #antes-titulo { (TITLE) }
            p.texto-secundario {
                "Investir numa captação é emprestar dinheiro a um produtor rural ou a uma empresa do agronegócio, "
                "que promete devolvê-lo com rendimento num prazo. Leia esta página com calma antes do seu primeiro "
                "investimento: ela explica, sem termos técnicos, o que pode dar errado."
            }

            h2 { "Você pode perder dinheiro" }
            p {
                "Nenhum investimento nesta plataforma tem garantia do Fundo Garantidor de Créditos (FGC), como têm a "
                "poupança e os CDBs de bancos. A taxa anunciada é o que o emissor se compromete a pagar: ela não garante "
                "que ele vá conseguir pagar. Se o negócio for mal, você pode receber com atraso, receber menos do que "
                "investiu ou não receber nada."
            }
            p { "Por isso, invista somente um dinheiro de que você não vai precisar até o fim do prazo e cuja perda você possa suportar." }

            h2 { "Os emissores são pequenos" }
            p {
                "Quem capta aqui são produtores e empresas de pequeno porte. Eles costumam ter menos dinheiro guardado "
                "para enfrentar um ano ruim, dependem de poucas pessoas e de poucos clientes, e publicam menos "
                "informações do que uma empresa de capital aberto. As ofertas são dispensadas de registro na CVM, que "
                "não analisa cada uma delas antes de ela ser oferecida a você."
            }

            h2 { "O agronegócio tem riscos próprios" }
            ul {
                li { strong { "Clima: " } "seca, excesso de chuva, geada ou granizo podem reduzir muito a colheita." }
                li { strong { "Quebra de safra: " } "pragas, doenças e problemas no plantio também podem fazer a produção ser menor que a esperada." }
                li { strong { "Preços: " } "o preço da soja, do milho, do café ou do boi muda todo dia. Se cair na hora da venda, o produtor recebe menos, mesmo com uma boa colheita." }
                li { strong { "Custos e logística: " } "adubo, combustível, frete e armazenagem podem ficar mais caros e apertar a margem do produtor." }
            }
            p {
                "As garantias de uma operação (como a cessão da safra, um seguro ou um aval) podem diminuir a perda, "
                "mas não a eliminam: uma garantia pode valer menos do que o esperado e pode levar tempo para ser executada."
            }

            h2 { "Você não consegue resgatar antes do prazo" }
            p {
                "Depois que o prazo de desistência termina, o dinheiro fica investido até o vencimento. Não existe "
                "resgate antecipado e, na prática, não há onde vender o investimento para outra pessoa. Isso é o que se "
                "chama de falta de liquidez. Se precisar do dinheiro antes, você não terá como tirá-lo."
            }

            h2 { "Divida o seu dinheiro" }
            p {
                "Colocar tudo numa única captação faz um só problema (uma seca numa região, um produtor que não paga) "
                "atingir todo o seu investimento. Dividir entre várias captações, de culturas, regiões e prazos "
                "diferentes, e manter a maior parte do seu patrimônio em investimentos que você pode resgatar, "
                "reduz o estrago de um problema isolado. Diversificar diminui o risco, mas não o elimina."
            }
            p {
                "A regulação também limita quanto cada pessoa pode investir por ano em ofertas como estas, somadas "
                "todas as plataformas, justamente para proteger quem investe."
            }

            h2 { "Como as captações são selecionadas" }
            p {
                "Antes de publicar uma captação, a plataforma analisa o emissor e a operação: documentos, produção, "
                "dívidas e garantias oferecidas. Essa análise reduz, mas não elimina, a chance de problemas, e a "
                "publicação não é uma recomendação de investimento. A página de cada captação traz as informações "
                "essenciais da oferta e os alertas de risco: leia-os, e decida com base neles."
            }

            h2 { "Se um pagamento atrasar ou não for feito" }
            p {
                "O contrato de cada captação diz o que acontece quando uma parcela atrasa: a multa e os juros de "
                "atraso, quem cobra o emissor em nome de quem investiu e como as garantias podem ser usadas. Leia "
                "essa parte antes de investir."
            }
            p {
                "Um atraso pode ser resolvido em dias ou se arrastar. Se o emissor não pagar (a inadimplência), a "
                "cobrança, uma renegociação ou a execução das garantias podem levar meses ou anos, têm custos e "
                "podem terminar com você recebendo só uma parte do valor, ou nada. Enquanto isso, o seu dinheiro "
                "continua preso."
            }
            p {
                "Veja no "
                a href=(routes::TRANSPARENCIA) { "histórico da plataforma" }
                " como terminaram as captações já financiadas, ano a ano, e a taxa de inadimplência dos últimos 36 meses."
            }

            h2 { "Antes de confirmar um investimento" }
            ul {
                li { "Leia as informações essenciais da oferta e os alertas de risco da captação." }
                li { "Confira o prazo, as datas de pagamento e as garantias." }
                li { "Invista só o que pode ficar parado até o vencimento e que você aceita perder." }
                li { "Lembre-se de que, depois de confirmar, você tem um prazo curto para desistir sem custo." }
            }
            p {
                "Ficou com dúvida? "
                a href=(ctx.app.cfg.chat_url) target="_blank" rel="noopener noreferrer" {
                    "Fale com um especialista"
                    span.sr-only { " (abre em nova janela)" }
                }
                " antes de investir, ou "
                a href=(routes::INVESTIR) { "veja as captações abertas" }
                "."
            }
        }
        (aviso_cvm::aviso_cvm_geral())
    };
    Ok(ctx.render(Page::new(TITLE, main).with_description(DESCRIPTION)))
}

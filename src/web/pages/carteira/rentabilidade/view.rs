//! The page: the realised rates beside the contracted ones, the method in plain words, and
//! the diversification as tables each with its bar chart.

use jiff::civil::Date;
use maud::{Markup, html};
use rust_decimal::Decimal;

use super::TITLE;
use super::dados::{Linha, divisoes};
use crate::domain::diversificacao::{Fatia, concentradas};
use crate::domain::money;
use crate::domain::rentabilidade::realizada::{self, Realizada, Taxa};
use crate::web::ui::barras::{self, Barra};
use crate::web::ui::format;
use crate::web::{Ctx, routes};

const ROLAGEM: &str = "Tabela; role para o lado para ver todas as colunas";
const ATE_HOJE: &str = "Realizada (até hoje)";
const COM_PREVISTO: &str = "Realizada (com o previsto)";

fn taxa(t: Taxa) -> String {
    match t {
        Taxa::AoAno(r) => format!("{} a.a.", money::format_percent(r * Decimal::ONE_HUNDRED)),
        Taxa::AindaNaoRende => "Ainda não rende".to_owned(),
        Taxa::NadaRecebido => "Nada recebido ainda".to_owned(),
        Taxa::Indefinida => "Não calculável".to_owned(),
    }
}

fn com_previsto(r: &Realizada) -> String {
    r.com_previsto
        .map_or_else(|| "Encerrado: só o recebido".to_owned(), taxa)
}

pub fn page(ctx: &Ctx, linhas: &[Linha], limite: Decimal, hoje: Date) -> Markup {
    html! {
        h1 { (TITLE) }
        div.carteira-acoes {
            a.botao.botao-texto href=(routes::CARTEIRA) { "Voltar para a carteira" }
        }
        @if linhas.is_empty() {
            section.cartao.cartao-vazio {
                h2 { "Nenhum investimento confirmado" }
                p { "Quando um investimento for pago ou aprovado, a rentabilidade e a diversificação aparecem aqui." }
                p { a.botao.botao-primario href=(routes::INVESTIR) { "Ver oportunidades" } }
            }
        } @else {
            (rentabilidade(ctx, linhas, hoje))
            (metodo())
            (diversificacao(ctx, linhas, limite))
        }
    }
}

fn rentabilidade(ctx: &Ctx, linhas: &[Linha], hoje: Date) -> Markup {
    let posicoes: Vec<_> = linhas.iter().map(|l| l.posicao.clone()).collect();
    let carteira = realizada::da_carteira(&posicoes, hoje);
    let sem_saldo: Vec<&str> = linhas
        .iter()
        .filter(|l| l.taxa.so_o_recebido)
        .map(|l| l.nome.as_str())
        .collect();
    let soma = |f: fn(&Linha) -> Decimal| linhas.iter().map(f).sum::<Decimal>();
    html! {
        section.secao aria-labelledby="por-investimento" {
            h2 #por-investimento { "Por investimento" }
            // Seven columns: a card per holding on a phone (`.tabela-cartoes`).
            div.tabela-rolagem tabindex="0" role="region" aria-label=(ROLAGEM) { table.tabela.tabela-cartoes #tabela-rentabilidade {
                thead { tr {
                    th scope="col" { "Captação" }
                    th scope="col" { "Taxa contratada" }
                    th scope="col" { (ATE_HOJE) }
                    th scope="col" { (COM_PREVISTO) }
                    th scope="col" { "Recebido" }
                    th scope="col" { "Em atraso" }
                    th scope="col" { "Baixado" }
                } }
                tbody {
                    @for l in linhas { tr {
                        th scope="row" { a href=(routes::carteira_investimento(&l.url)) { (l.nome) } }
                        td.num data-label="Taxa contratada" { (format::net_yield(l.contratada)) }
                        td.num data-label=(ATE_HOJE) { (taxa(l.taxa.ate_hoje)) }
                        td.num data-label=(COM_PREVISTO) { (com_previsto(&l.taxa)) }
                        td.num data-label="Recebido" { (ctx.money(l.recebido)) }
                        td.num data-label="Em atraso" { (ctx.money(l.em_atraso)) }
                        td.num data-label="Baixado" { (ctx.money(l.baixado)) }
                    } }
                    tr.linha-total #carteira-toda {
                        th scope="row" { "Carteira toda" }
                        td.num data-label="Taxa contratada" { "-" }
                        td.num data-label=(ATE_HOJE) { (taxa(carteira.ate_hoje)) }
                        td.num data-label=(COM_PREVISTO) { (com_previsto(&carteira)) }
                        td.num data-label="Recebido" { (ctx.money(soma(|l| l.recebido))) }
                        td.num data-label="Em atraso" { (ctx.money(soma(|l| l.em_atraso))) }
                        td.num data-label="Baixado" { (ctx.money(soma(|l| l.baixado))) }
                    }
                }
            } }
            @if !sem_saldo.is_empty() {
                p.mensagem-aviso #nota-so-recebido role="note" {
                    "A plataforma não informou desde quando rende o dinheiro de " (sem_saldo.join(", "))
                    ": para esses investimentos, e para a carteira toda, \"até hoje\" conta só o que você já recebeu."
                }
            }
        }
    }
}

fn metodo() -> Markup {
    html! {
        section.secao aria-labelledby="metodo" {
            h2 #metodo { "Como calculamos" }
            p {
                "A rentabilidade realizada é a taxa anual que, aplicada ao dinheiro que você pagou, "
                "reproduz o que você recebeu e quando recebeu (a TIR, ou XIRR nas planilhas). "
                "Conta como saída o dia em que cada pagamento seu foi confirmado na plataforma, "
                "e como entrada o dia em que cada parcela foi paga, no valor pago. "
                "Atrasos, renegociações e perdas já entram na conta: por isso ela pode ficar abaixo da taxa contratada."
            }
            p {
                "\"Até hoje\" soma ao que você já recebeu o saldo ainda não vencido, pelo valor de hoje: "
                "as parcelas que ainda vão vencer, descontadas até hoje à taxa que elas mesmas pagam "
                "(a contratada, contada dia a dia). Assim, um investimento pago em dia mostra perto da taxa "
                "contratada desde o começo, e não uma perda só porque a maior parte do dinheiro ainda não voltou. "
                "Parcelas em atraso contam como zero até serem pagas: um atraso faz a taxa cair, e o pagamento "
                "a faz subir de novo. Os dias em que o dinheiro esperou o fim da captação sem render também contam; "
                "enquanto a captação não termina, a tabela diz \"Ainda não rende\"."
            }
            p {
                "\"Com o previsto\" conta as parcelas em aberto nas suas datas de vencimento, inclusive as atrasadas, "
                "como se fossem pagas: é o que o investimento rende do começo ao fim se tudo for pago. "
                "Um investimento liquidado ou baixado tem uma só taxa, com o que foi recebido; "
                "um investimento baixado que não devolveu nada perdeu 100%. "
                "A taxa da carteira toda junta as entradas, as saídas e o saldo de hoje de todos os investimentos. "
                "Quando as datas e os valores não levam a uma taxa única, a tabela diz \"Não calculável\"."
            }
        }
    }
}

fn diversificacao(ctx: &Ctx, linhas: &[Linha], limite: Decimal) -> Markup {
    let divisoes = divisoes(linhas);
    let mut notas: Vec<String> = Vec::new();
    for (chave, nome) in [("emissor", "a emissora"), ("uf", "o estado")] {
        if let Some((_, _, _, fatias)) = divisoes.iter().find(|d| d.0 == chave) {
            for f in concentradas(fatias, limite) {
                notas.push(format!(
                    "Concentração: {nome} {} reúne {} do valor investido, acima de {}. \
                     Se uma só emissora ou um só estado tiver problemas, boa parte da carteira é afetada.",
                    f.rotulo,
                    money::format_percent(f.percentual),
                    money::format_percent(limite)
                ));
            }
        }
    }
    html! {
        section.secao aria-labelledby="diversificacao" {
            h2 #diversificacao { "Diversificação" }
            p { "Como o valor investido se divide. Uma captação com mais de um tipo de garantia conta em partes iguais em cada um." }
            @for n in &notas { p.mensagem-aviso.nota-concentracao role="note" { (n) } }
            @for (chave, titulo, coluna, fatias) in &divisoes { (divisao(ctx, chave, titulo, coluna, fatias)) }
        }
    }
}

fn divisao(ctx: &Ctx, chave: &str, titulo: &str, coluna: &str, fatias: &[Fatia]) -> Markup {
    let barras: Vec<Barra> = fatias
        .iter()
        .map(|f| Barra {
            rotulo: f.rotulo.clone(),
            valor: f.percentual,
        })
        .collect();
    let descricao = fatias
        .iter()
        .map(|f| format!("{}: {}", f.rotulo, money::format_percent(f.percentual)))
        .collect::<Vec<_>>()
        .join("; ");
    let id = format!("div-{chave}");
    html! {
        section.secao aria-labelledby=(id) {
            h3 #(id) { (titulo) }
            div.alocacao-grafico.diversificacao-grafico {
                (barras::svg_percentuais(&format!("grafico-{chave}"), &format!("Valor investido {}", titulo.to_lowercase()),
                    &format!("Percentual do valor investido: {descricao}."), &barras))
                div.tabela-rolagem tabindex="0" role="region" aria-label=(ROLAGEM) { table.tabela #(format!("tabela-{chave}")) {
                    thead { tr { th scope="col" { (coluna) } th scope="col" { "Valor investido" } th scope="col" { "Percentual" } } }
                    tbody { @for f in fatias { tr {
                        th scope="row" { (f.rotulo) }
                        td.num { (ctx.money(f.valor)) }
                        td.num { (money::format_percent(f.percentual)) }
                    } } }
                } }
            }
        }
    }
}

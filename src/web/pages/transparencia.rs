//! /transparencia (public): the platform's track record, year by year as the platform
//! computes it (`GET /v1/plataforma/historico`), with the default rate of the last 36 months
//! and its method, a bar chart of the amounts raised, and the table as a CSV file.

use maud::{Markup, html};

use crate::api::HistoricoPlataforma;
use crate::domain::dates;
use crate::domain::historico;
use crate::web::error::OnPage;
use crate::web::ui::barras::{self, Barra};
use crate::web::ui::{Page, aviso_cvm, download, format};
use crate::web::{Ctx, PageResult, routes};

pub const TITLE: &str = "Histórico da plataforma";
const DESCRIPTION: &str = "Como terminaram as captações da plataforma, ano a ano: quitadas, em dia, atrasadas, em recuperação e inadimplentes, e a taxa de inadimplência dos últimos 36 meses.";
const CSV_TYPE: &str = "text/csv; charset=utf-8";

/// `GET /transparencia`.
pub async fn view_transparencia_get(ctx: Ctx) -> PageResult {
    let h = ctx.app.api.historico_plataforma().await.on_page(TITLE)?;
    let main = html! {
        article.cartao aria-labelledby="transparencia-titulo" {
            h1 #transparencia-titulo { (TITLE) }
            p.texto-secundario {
                "Como terminaram as captações que a plataforma já financiou, agrupadas pelo ano em que a captação foi "
                "encerrada. Os números são calculados a partir das parcelas de cada captação: o que venceu, o que o "
                "emissor pagou e quando."
                @if let Some(d) = h.data_referencia { " Dados de " (dates::format_civil_date_br(d)) "." }
            }
            (inadimplencia(&ctx, &h))
            (por_ano(&ctx, &h))
            p { a.botao.botao-secundario href=(routes::TRANSPARENCIA_CSV) download { "Baixar CSV" } }
        }
        (aviso_cvm::aviso_cvm_geral())
    };
    Ok(ctx.render(Page::new(TITLE, main).with_description(DESCRIPTION)))
}

fn inadimplencia(ctx: &Ctx, h: &HistoricoPlataforma) -> Markup {
    let i = &h.inadimplencia;
    html! {
        section.secao aria-labelledby="inadimplencia" {
            h2 #inadimplencia { "Inadimplência dos últimos 36 meses" }
            p.destaque-valor { strong { (format::percent(i.taxa)) } }
            p {
                "Como calculamos: somamos o valor captado pelas captações que hoje estão inadimplentes (com uma "
                "parcela atrasada há mais de 90 dias ou com a dívida dada como perdida) e dividimos pela soma do valor "
                "captado por todas as captações encerradas nos últimos 36 meses"
                @if let (Some(d), Some(a)) = (i.desde, i.ate) {
                    " (de " (dates::format_civil_date_br(d)) " a " (dates::format_civil_date_br(a)) ")"
                }
                ": " (ctx.money(i.valor_inadimplente)) " de " (ctx.money(i.valor_captado)) "."
            }
        }
    }
}

fn por_ano(ctx: &Ctx, h: &HistoricoPlataforma) -> Markup {
    let barras: Vec<Barra> = h
        .anos
        .iter()
        .map(|a| Barra {
            rotulo: a.ano.to_string(),
            valor: a.valor_captado,
        })
        .collect();
    html! {
        section.secao aria-labelledby="por-ano" {
            h2 #por-ano { "Por ano de captação" }
            @if h.anos.is_empty() {
                p { "Nenhuma captação foi encerrada com sucesso até agora." }
            } @else {
                (barras::svg("grafico-captado", "Valor captado por ano",
                    "O mesmo valor está na coluna Valor captado da tabela.", &barras))
                div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela.tabela-cartoes {
                    thead { tr { @for c in historico::COLUNAS { th scope="col" { (c.trim_end_matches(" (R$)")) } } } }
                    tbody { @for a in &h.anos { tr {
                        th scope="row" { (a.ano) }
                        td.num data-label=(historico::COLUNAS[1]) { (a.captacoes) }
                        td.num data-label="Valor captado" { (ctx.money(a.valor_captado)) }
                        td.num data-label=(historico::COLUNAS[3]) { (a.quitadas) }
                        td.num data-label=(historico::COLUNAS[4]) { (a.quitadas_em_dia) }
                        td.num data-label=(historico::COLUNAS[5]) { (a.atraso_mais_30) }
                        td.num data-label=(historico::COLUNAS[6]) { (a.atraso_mais_90) }
                        td.num data-label=(historico::COLUNAS[7]) { (a.em_recuperacao) }
                        td.num data-label=(historico::COLUNAS[8]) { (a.inadimplentes) }
                        td.num data-label="Valor recuperado" { (ctx.money(a.valor_recuperado)) }
                    } } }
                } }
                p.texto-secundario {
                    "Uma captação conta como atrasada se alguma parcela ficou mais de 30 (ou 90) dias sem ser paga, "
                    "mesmo que depois tenha sido paga. Quitadas em dia são as que tiveram todas as parcelas pagas até o "
                    "vencimento."
                }
            }
        }
    }
}

/// `GET /transparencia.csv`.
pub async fn view_transparencia_csv_get(ctx: Ctx) -> PageResult {
    let h = ctx.app.api.historico_plataforma().await.on_page(TITLE)?;
    Ok(download::generated(
        historico::csv(&h.anos),
        CSV_TYPE,
        "historico-da-plataforma.csv",
    ))
}

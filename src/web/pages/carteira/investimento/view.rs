//! The holding's page: what its situation means for the investor's money, in plain words,
//! then the amounts, the story (newest first) and the issuer's updates.

use jiff::civil::Date;
use maud::{Markup, html};

use crate::api::models::{Atualizacao, Evento, Investimento, ReservaInvestida};
use crate::domain::dates;
use crate::domain::situacao::{DIAS_PARA_INADIMPLENCIA, Situacao};
use crate::web::ui::{aviso_cvm, badge};
use crate::web::{Ctx, routes};

pub const TIMELINE_TITLE: &str = "Linha do tempo";
pub const UPDATES_TITLE: &str = "Atualizações da emissora";
pub const NO_EVENTS: &str = "Ainda não há acontecimentos registrados neste investimento.";
pub const NO_UPDATES: &str = "A emissora ainda não publicou atualizações sobre esta operação.";
pub const NO_NEXT_PAYMENT: &str = "Não há um próximo pagamento previsto no momento.";

/// One plain sentence (or two) on what the situation means for the investor's money and
/// what comes next. It says what is known and never promises an outcome.
pub fn meaning(s: Situacao, inicio_rendimento: Option<Date>) -> String {
    match s {
        Situacao::EmCaptacao => match inicio_rendimento {
            Some(d) => format!(
                "Seu dinheiro está reservado para esta operação. O rendimento começa a contar em {}.",
                dates::format_civil_date_br(d)
            ),
            None => "Seu dinheiro está reservado para esta operação. O rendimento começa a contar quando a captação for concluída.".to_owned(),
        },
        Situacao::EmDia => {
            "A emissora está pagando as parcelas nas datas combinadas.".to_owned()
        }
        Situacao::Atrasado { dias } => format!(
            "A emissora não pagou uma parcela que venceu há {}. O valor continua devido a você; cada novidade sobre esse pagamento aparece na linha do tempo e nas suas notificações.",
            if dias == 1 { "1 dia".to_owned() } else { format!("{dias} dias") }
        ),
        Situacao::EmRecuperacao => "A emissora deixou de pagar no prazo e a cobrança está em andamento, por exemplo com uma renegociação ou com a execução das garantias. Os pagamentos podem demorar mais e parte do valor pode não ser recuperada; cada passo aparece na linha do tempo.".to_owned(),
        Situacao::Inadimplente => format!(
            "A emissora está há mais de {DIAS_PARA_INADIMPLENCIA} dias sem pagar, ou a dívida foi dada como perdida. Parte ou todo o valor que falta receber pode não voltar; cada passo da cobrança aparece na linha do tempo."
        ),
        Situacao::Liquidado => {
            "Todas as parcelas foram pagas. Este investimento está encerrado.".to_owned()
        }
    }
}

/// "12 KB", "1,5 MB": the size of a report, rounded up.
pub fn size(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * 1024;
    if bytes < MB {
        format!("{} KB", bytes.div_ceil(KB).max(1))
    } else {
        let tenths = (bytes.saturating_mul(10)).div_ceil(MB);
        format!("{},{} MB", tenths / 10, tenths % 10)
    }
}

fn time(d: Option<Date>) -> Markup {
    html! {
        @match d {
            Some(d) => time datetime=(d.to_string()) { (dates::format_civil_date_br(d)) },
            None => "-",
        }
    }
}

pub fn holding(ctx: &Ctx, h: &Investimento, updates: &[Atualizacao]) -> Markup {
    let s = h.situacao();
    html! {
        p { a.botao.botao-texto href=(routes::CARTEIRA) { "Voltar para a carteira" } }
        h1 { (h.nome_captacao) }
        section.cartao.situacao aria-labelledby="situacao-titulo" {
            h2 #situacao-titulo { "Situação: " (badge::situacao(s)) }
            p { (meaning(s, h.inicio_rendimento)) }
            @if s != Situacao::Liquidado {
                @match &h.proximo_pagamento {
                    Some(next) => p.proximo-pagamento {
                        "Próximo pagamento previsto: " strong { (time(next.data)) }
                        ", no valor de " strong { (ctx.money(next.valor)) } "."
                    },
                    None => p.proximo-pagamento { (NO_NEXT_PAYMENT) },
                }
            }
        }
        dl.resumo-lista {
            div { dt { "Valor investido" } dd { (ctx.money(h.investido)) } }
            div { dt { "Recebido até agora" } dd { (ctx.money(h.recebido)) } }
            div { dt { "A receber" } dd { (ctx.money(h.a_receber)) } }
            div.resumo-alerta[!h.em_atraso.is_zero()] { dt { "Em atraso" } dd { (ctx.money(h.em_atraso)) } }
            @if !h.baixado.is_zero() {
                div.resumo-alerta { dt { "Dado como perdido (baixa)" } dd { (ctx.money(h.baixado)) } }
            }
        }
        (super::parcelas::section(ctx, &h.parcelas))
        section.secao aria-labelledby="linha-do-tempo" {
            h2 #linha-do-tempo { (TIMELINE_TITLE) }
            @if h.eventos.is_empty() {
                p { (NO_EVENTS) }
            } @else {
                ol.linha-do-tempo reversed {
                    @for e in &h.eventos { (event(ctx, e)) }
                }
            }
        }
        section.secao aria-labelledby="atualizacoes" {
            h2 #atualizacoes { (UPDATES_TITLE) }
            @if updates.is_empty() {
                p { (NO_UPDATES) }
            } @else {
                ol.linha-do-tempo.atualizacoes reversed {
                    @for u in updates { (update(&h.url_amigavel, u)) }
                }
            }
        }
        (documents(ctx, &h.reservas))
        p { a href=(routes::captacao(&h.url_amigavel)) { "Ver a página da operação" } }
        // The link leads to the offering's page, where more can be invested.
        (aviso_cvm::aviso_cvm_geral())
    }
}

fn event(ctx: &Ctx, e: &Evento) -> Markup {
    html! {
        li {
            p.evento-data { (time(e.data)) }
            h3 { (e.titulo) }
            @if !e.descricao.is_empty() { p { (e.descricao) } }
            @if let Some(v) = e.valor { p { "Valor: " (ctx.money(v)) } }
        }
    }
}

fn update(url: &str, u: &Atualizacao) -> Markup {
    html! {
        li {
            p.evento-data { (time(u.data)) }
            h3 { (u.titulo) }
            @for paragraph in u.texto.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
                p { (paragraph) }
            }
            @if let Some(r) = &u.relatorio {
                p { a.botao.botao-secundario href=(routes::carteira_investimento_relatorio(url, u.id)) target="_blank" rel="noopener" {
                    "Abrir o relatório (PDF, " (size(r.tamanho_bytes)) ")"
                    span.sr-only { ": " (u.titulo) " (abre em nova janela)" }
                } }
            }
        }
    }
}

fn documents(ctx: &Ctx, reservas: &[ReservaInvestida]) -> Markup {
    html! {
        @if !reservas.is_empty() {
            section.secao aria-labelledby="documentos" {
                h2 #documentos { "Documentos e contrato" }
                @for r in reservas {
                    div.reserva-linha {
                        p { strong { "Reserva nº " (r.id) } " · " (ctx.money(r.valor)) }
                        p.carteira-acoes {
                            a.botao.botao-secundario href=(routes::carteira_documentos(r.id)) {
                                "Documentos anexos" span.sr-only { " da reserva nº " (r.id) }
                            }
                            a.botao.botao-secundario href=(routes::carteira_contrato(r.id)) target="_blank" rel="noopener" {
                                "Visualizar Contrato" span.sr-only { " da reserva nº " (r.id) " (abre em nova janela)" }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_rounded_up_in_kilobytes_or_megabytes() {
        assert_eq!(size(0), "1 KB");
        assert_eq!(size(12_345), "13 KB");
        assert_eq!(size(1024 * 1024), "1,0 MB");
        assert_eq!(size(1_572_864), "1,5 MB");
        assert!(!size(u64::MAX).is_empty());
    }

    #[test]
    fn the_meaning_never_blames_nor_promises() {
        let all = [
            Situacao::EmCaptacao,
            Situacao::EmDia,
            Situacao::Atrasado { dias: 1 },
            Situacao::Atrasado { dias: 12 },
            Situacao::EmRecuperacao,
            Situacao::Inadimplente,
            Situacao::Liquidado,
        ];
        for s in all {
            let m = meaning(s, None);
            for word in [
                "você não",
                "sua culpa",
                "garantimos",
                "com certeza",
                "será pago",
            ] {
                assert!(!m.contains(word), "{s:?}: {m}");
            }
        }
        assert!(meaning(Situacao::Atrasado { dias: 1 }, None).contains("há 1 dia."));
        assert!(meaning(Situacao::Atrasado { dias: 12 }, None).contains("há 12 dias."));
        let d = jiff::civil::date(2027, 3, 1);
        assert!(meaning(Situacao::EmCaptacao, Some(d)).contains("01/03/2027"));
    }
}

//! The holding's instalments: each with its due date, amount, what was paid and its state
//! in words, then what each state shown means. A written-off instalment reads 'Baixada',
//! never 'A vencer': the page promises no money the platform gave up on.

use maud::{Markup, html};

use crate::api::models::{EstadoParcela, ParcelaInvestida};
use crate::domain::dates;
use crate::web::Ctx;

pub const TITLE: &str = "Parcelas";
pub const NO_INSTALMENTS: &str =
    "As parcelas aparecem quando o dinheiro chega à emissora e o rendimento começa a contar.";

/// The state's name on the page.
pub fn label(e: Option<EstadoParcela>) -> &'static str {
    match e {
        Some(EstadoParcela::Paga) => "Paga",
        Some(EstadoParcela::PagaComAtraso) => "Paga com atraso",
        Some(EstadoParcela::EmAtraso) => "Em atraso",
        Some(EstadoParcela::AVencer) => "A vencer",
        Some(EstadoParcela::Renegociada) => "Renegociada",
        Some(EstadoParcela::Baixada) => "Baixada",
        Some(EstadoParcela::Outro) | None => "Sem informação",
    }
}

/// What the state means for the investor's money, in one sentence.
pub fn meaning(e: Option<EstadoParcela>) -> &'static str {
    match e {
        Some(EstadoParcela::Paga) => "a emissora pagou a parcela até o vencimento.",
        Some(EstadoParcela::PagaComAtraso) => "a emissora pagou a parcela depois do vencimento.",
        Some(EstadoParcela::EmAtraso) => {
            "a parcela venceu e a emissora ainda não pagou; o valor continua devido a você."
        }
        Some(EstadoParcela::AVencer) => "a parcela ainda não venceu.",
        Some(EstadoParcela::Renegociada) => {
            "a parcela venceu sem pagamento e entrou no acordo de renegociação com a emissora; \
             as novas datas e valores estão na linha do tempo, em “Renegociação acordada”."
        }
        Some(EstadoParcela::Baixada) => {
            "a emissora não pagou e a dívida foi registrada como perda (baixa): este valor não é \
             mais esperado e não entra em “A receber”. Se algo for recuperado, aparece na linha \
             do tempo."
        }
        Some(EstadoParcela::Outro) | None => "a plataforma não informou a situação desta parcela.",
    }
}

fn date(d: Option<jiff::civil::Date>) -> Markup {
    html! {
        @match d {
            Some(d) => time datetime=(d.to_string()) { (dates::format_civil_date_br(d)) },
            None => "-",
        }
    }
}

pub fn section(ctx: &Ctx, parcelas: &[ParcelaInvestida]) -> Markup {
    // Each state once, in the order the table first shows it.
    let mut shown: Vec<Option<EstadoParcela>> = Vec::new();
    for p in parcelas {
        if !shown.contains(&p.estado) {
            shown.push(p.estado);
        }
    }
    html! {
        section.secao aria-labelledby="parcelas" {
            h2 #parcelas { (TITLE) }
            @if parcelas.is_empty() {
                p { (NO_INSTALMENTS) }
            } @else {
                div.tabela-rolagem tabindex="0" role="region" aria-label="Tabela; role para o lado para ver todas as colunas" { table.tabela.tabela-cartoes {
                    caption.sr-only { "Parcelas do investimento" }
                    thead { tr {
                        th scope="col" { "Parcela" } th scope="col" { "Vencimento" } th scope="col" { "Valor" }
                        th scope="col" { "Pago" } th scope="col" { "Pago em" } th scope="col" { "Situação" }
                    } }
                    tbody {
                        @for p in parcelas {
                            tr {
                                td data-label="Parcela" { (p.numero) }
                                td data-label="Vencimento" { (date(p.vencimento)) }
                                td.num data-label="Valor" { (ctx.money(p.valor)) }
                                td.num data-label="Pago" { (ctx.money(p.pago)) }
                                td data-label="Pago em" { (date(p.pago_em)) }
                                td data-label="Situação" { (label(p.estado)) }
                            }
                        }
                    }
                } }
                h3 { "O que significa cada situação" }
                ul.estados-parcela {
                    @for e in &shown {
                        li { strong { (label(*e)) ":" } " " (meaning(*e)) }
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
    fn a_written_off_instalment_promises_nothing() {
        let m = meaning(Some(EstadoParcela::Baixada));
        assert!(m.contains("não é mais esperado"), "{m}");
        assert_eq!(label(Some(EstadoParcela::Baixada)), "Baixada");
        assert!(meaning(Some(EstadoParcela::Renegociada)).contains("Renegociação acordada"));
    }
}

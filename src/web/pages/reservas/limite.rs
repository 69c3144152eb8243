//! The annual investment limit in the order flow: the amount step shows the room left
//! (the platform's figures) and refuses an amount above it with the domain's message;
//! the terms step shows the declaration the investor confirms. The platform checks the
//! same rule again when the reservation is created and confirmed.

use maud::{Markup, html};
use rust_decimal::Decimal;

use crate::api::ApiError;
use crate::api::models::DeclaracaoInvestidor;
use crate::domain::desistencia;
use crate::domain::limite_anual::OverLimit;
use crate::domain::money::format_brl;
use crate::web::pages::conta::qualified_signed;
use crate::web::{Ctx, routes};

/// Before the first declaration the order cannot go on.
pub const NO_DECLARATION: &str =
    "Antes de investir, preencha a sua declaração de investidor em Minha conta.";

/// The declaration call's outcome as the order uses it.
pub type Loaded = Result<DeclaracaoInvestidor, ApiError>;

/// Whether the investor still has to declare (a failed call does not block: the platform
/// decides then).
pub fn must_declare(d: &Loaded) -> bool {
    matches!(d, Ok(d) if d.declaracao.is_none())
}

/// An amount above the room left is refused with the room.
pub fn check(d: &Loaded, amount: Decimal) -> Result<(), String> {
    match d {
        Ok(DeclaracaoInvestidor {
            limite: Some(l), ..
        }) => match l.disponivel {
            Some(room) if amount > room => Err(OverLimit { room }.message()),
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The amount step's limit facts, or the call to declare first.
pub fn block(ctx: &Ctx, d: &Loaded, url: &str) -> Markup {
    match d {
        Ok(DeclaracaoInvestidor {
            declaracao: None, ..
        }) => html! {
            section.cartao.limite-declaracao aria-labelledby="declarar-titulo" {
                h2 #declarar-titulo { "Declaração de investidor" }
                p { (NO_DECLARATION) " Ela define o seu limite anual de investimento em ofertas de investimento participativo." }
                p { a.botao.botao-primario href=(routes::declaracao_voltar(url)) { "Preencher declaração" } }
            }
        },
        Ok(DeclaracaoInvestidor {
            limite: Some(l), ..
        }) => html! {
            div.limite-declaracao {
                dl.fatos {
                    div {
                        dt { "Disponível no seu limite anual" @if let Some(a) = l.ano { " de " (a) } }
                        dd #limite-disponivel { @match l.disponivel { Some(v) => (ctx.money(v)), None => "Sem limite (investidor qualificado)" } }
                    }
                }
                p.texto-secundario { a href=(routes::declaracao_voltar(url)) { "Alterar minha declaração de investidor" } }
            }
        },
        _ => html! {},
    }
}

/// The withdrawal period and the refund deadline in force (the platform's), said before
/// the investor commits: at the terms step and at the confirmation. Nothing when the
/// platform could not be read or does not send them.
pub fn deadlines(d: &Loaded) -> Markup {
    let Ok(DeclaracaoInvestidor { regras, .. }) = d else {
        return html! {};
    };
    if regras.dias_desistencia.is_none() && regras.dias_uteis_devolucao.is_none() {
        return html! {};
    }
    html! {
        section.prazos aria-labelledby="prazos-titulo" {
            h2 #prazos-titulo { "Prazos de desistência e devolução" }
            dl.fatos {
                @if let Some(dias) = regras.dias_desistencia {
                    div { dt { "Prazo de desistência" } dd #prazo-desistencia { (desistencia::withdrawal_text(dias)) } }
                }
                @if let Some(uteis) = regras.dias_uteis_devolucao {
                    div { dt { "Devolução" } dd #prazo-devolucao { "Todo o valor pago, com " (desistencia::refund_text(uteis)) ", após a desistência ou se a oferta não atingir o valor alvo mínimo" } }
                }
            }
        }
    }
}

/// The terms step's summary of the declaration the investor confirms; a qualified
/// investor sees the Declaração de investidor qualificado they signed, and when.
pub fn summary(d: &Loaded, url: Option<&str>) -> Markup {
    let Ok(
        all @ DeclaracaoInvestidor {
            declaracao: Some(x),
            regras,
            ..
        },
    ) = d
    else {
        return html! {};
    };
    let signed = qualified_signed(all);
    let faixa = if x.qualificado {
        "Investidor qualificado".to_owned()
    } else if x.acima_do_patamar {
        format!(
            "Não qualificado, com renda ou investimentos acima de {}",
            format_brl(regras.patamar)
        )
    } else {
        format!(
            "Não qualificado, com renda e investimentos até {}",
            format_brl(regras.patamar)
        )
    };
    html! {
        div.declaracao-resumo {
            h3 { "Sua declaração de investidor" }
            p {
                (faixa)
                @if !x.qualificado { "; já investido em outras plataformas neste ano: " (format_brl(x.investido_outras_plataformas)) }
                "."
            }
            @if let Some(s) = signed { p.termo-assinado { (s) } }
            p.texto-secundario {
                a href=(url.map_or_else(|| routes::DECLARACAO_INVESTIDOR.to_owned(), routes::declaracao_voltar)) {
                    "Alterar minha declaração de investidor"
                }
            }
        }
    }
}

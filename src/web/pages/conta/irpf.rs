//! 'Como declarar no Imposto de Renda' on the income report's page: for the chosen report
//! year, each holding's 'Bens e Direitos' entry (the platform's group and code, the issuer and
//! its CNPJ, the 'Discriminação' to paste, the balances on 31/12 of the year before and of the
//! year) and its income in the section and line the platform gives. Every text stays
//! selectable without JavaScript; the copy button is an island. The year comes by GET
//! (`?ano=`), so the page is a plain link to each year.

use maud::{Markup, html};
use serde::Deserialize;

use crate::api::ApiError;
use crate::api::models::{DeclaracaoIrpf, ItemIrpf};
use crate::domain::validate::cadastro::validate_tax_year;
use crate::domain::validate::format_cnpj;
use crate::web::partial::Answered;
use crate::web::ui::{cards, island};
use crate::web::{Ctx, routes};

pub const HEADING: &str = "Como declarar no Imposto de Renda";
const COPY_LABEL: &str = "Copiar discriminação";
const COPY_OK: &str = "Discriminação copiada.";
const COPY_FAIL: &str = "Não foi possível copiar. Selecione o texto e copie.";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AnoQuery {
    pub ano: String,
}

/// What the guide shows.
pub enum Guia {
    /// The years could not be listed, or the year's guide could not be read.
    Falhou(ApiError),
    /// No report year yet.
    SemAnos,
    /// A year was asked that is not one of the investor's: the form again, with the refusal.
    AnoInvalido {
        anos: Vec<i32>,
        message: &'static str,
    },
    Ano {
        anos: Vec<i32>,
        declaracao: DeclaracaoIrpf,
    },
}

/// The chosen year (the newest when none is asked) and its guide.
pub async fn load(ctx: &Ctx, token: &str, asked: &str) -> Guia {
    let anos = match ctx.app.api.informe_anos(token).await {
        Ok(a) => a,
        Err(e) => return failed(e),
    };
    let Some(&newest) = anos.first() else {
        return Guia::SemAnos;
    };
    let ano = if asked.trim().is_empty() {
        newest
    } else {
        match validate_tax_year(asked, &anos) {
            Ok(a) => a,
            Err(e) => {
                return Guia::AnoInvalido {
                    anos,
                    message: e.message(),
                };
            }
        }
    };
    match ctx.app.api.informe_declaracao(token, ano).await {
        Ok(declaracao) => Guia::Ano { anos, declaracao },
        Err(e) => failed(e),
    }
}

fn failed(e: ApiError) -> Guia {
    tracing::warn!(error = %e, "como declarar: indisponível");
    Guia::Falhou(e)
}

/// The guide as a platform call for `Partial::aside`: a failure shows its own card, and a
/// session that ended sends to login as any call would.
impl Answered for Guia {
    fn failure(&self) -> Option<&ApiError> {
        match self {
            Guia::Falhou(e) => Some(e),
            _ => None,
        }
    }
}

fn year_form(anos: &[i32], chosen: Option<i32>, refused: bool) -> Markup {
    html! {
        form.formulario.irpf-ano method="get" action=(routes::INFORME_RENDIMENTO) {
            div.campo {
                label for="irpf-ano" { "Ano-calendário" }
                select #irpf-ano name="ano" aria-invalid=[refused.then_some("true")]
                    aria-describedby=[refused.then_some("irpf-ano-erro")] {
                    @for a in anos {
                        option value=(a) selected[Some(*a) == chosen] { (a) }
                    }
                }
                @if refused { p.campo-erro #irpf-ano-erro { "Escolha um dos anos da lista." } }
            }
            div.form-acoes { button.botao.botao-secundario type="submit" { "Ver ano" } }
        }
    }
}

fn item(ctx: &Ctx, ano: i32, n: usize, i: &ItemIrpf) -> Markup {
    let disc_id = format!("irpf-discriminacao-{n}");
    let cnpj = format_cnpj(&i.emissor.cnpj);
    html! {
        article.cartao.irpf-item aria-labelledby=(format!("irpf-item-{n}")) {
            h3 #(format!("irpf-item-{n}")) { (i.nome_captacao) }
            h4 { "Ficha “Bens e Direitos”" }
            dl.fatos {
                div { dt { "Grupo" } dd { (i.bens_e_direitos.grupo) } }
                div { dt { "Código" } dd { (i.bens_e_direitos.codigo) } }
                div { dt { "CNPJ do emissor" } dd { (cnpj) } }
                div { dt { "Situação em 31/12/" (ano - 1) } dd { (ctx.money(i.saldo_anterior)) } }
                div { dt { "Situação em 31/12/" (ano) } dd { (ctx.money(i.saldo_atual)) } }
            }
            div.campo {
                label for=(disc_id) { "Discriminação" }
                textarea #(disc_id) readonly rows="5" { (i.discriminacao) }
                (island::mount(&island::CopiarProps { target: disc_id.clone(), label: COPY_LABEL.into(), ok: COPY_OK.into(), fail: COPY_FAIL.into() }, html! {}))
            }
            h4 { "Ficha “" (i.rendimentos.tipo.ficha()) "”" }
            dl.fatos {
                div { dt { "Código" } dd { (i.rendimentos.codigo) } }
                div { dt { "CNPJ da fonte pagadora" } dd { (cnpj) } }
                div { dt { "Nome da fonte pagadora" } dd { (i.emissor.razao_social) } }
                div { dt { "Valor recebido em " (ano) } dd { (ctx.money(i.rendimentos.valor)) } }
            }
        }
    }
}

pub fn section(ctx: &Ctx, guia: &Guia) -> Markup {
    html! {
        section.declaracao-irpf aria-labelledby="irpf-titulo" {
            h2 #irpf-titulo { (HEADING) }
            p {
                "O que informar, investimento por investimento, na Declaração de Ajuste Anual do "
                "ano-calendário escolhido. Os valores são os do seu informe de rendimentos; em caso "
                "de dúvida, consulte um contador."
            }
            @match guia {
                Guia::Falhou(_) => (cards::error_card(&ctx.here, None)),
                Guia::SemAnos => p { "Você ainda não tem um ano-calendário completo com investimentos para declarar." },
                Guia::AnoInvalido { anos, .. } => (year_form(anos, None, true)),
                Guia::Ano { anos, declaracao } => {
                    (year_form(anos, Some(declaracao.ano), false))
                    @if declaracao.itens.is_empty() {
                        p { "Nenhum investimento a declarar em " (declaracao.ano) "." }
                    }
                    @for (n, i) in declaracao.itens.iter().enumerate() { (item(ctx, declaracao.ano, n + 1, i)) }
                },
            }
        }
    }
}

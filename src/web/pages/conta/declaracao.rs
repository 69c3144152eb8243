//! /minha-conta/declaracao-investidor, 'Declaração de investidor': what the annual
//! investment limit of crowdfunding offerings is computed from (qualification, income or
//! investments band, amount invested on other platforms this year), and the room left.
//! The amounts and the percentage come from the platform's rules, never from here. Being
//! qualified removes the limit, so it takes the Declaração de investidor qualificado (its
//! text and version from the platform) signed with a tick.

use crate::web::extract::Form;
use crate::web::extract::Query;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::account;
use crate::api::models::{
    DeclaracaoInvestidor, LimiteAnual, NovaDeclaracao, RegrasLimite, TermoQualificado,
};
use crate::domain::limite_anual::{
    DeclarationError, DeclarationForm, QUALIFIED_INVESTMENTS, Qualification, parse_declaration,
};
use crate::domain::money::{MAX_MONEY_INPUT_CHARS, format_brl, format_decimal_br};
use crate::web::error::OnPage;
use crate::web::ui::{Page, format};
use crate::web::{Ctx, PageError, PageResult, routes};

pub const TITLE: &str = "Declaração de investidor";
pub const SAVED_TITLE: &str = "Declaração salva";
pub const SAVED_TEXT: &str = "Sua declaração de investidor foi registrada.";

#[derive(Debug, Default, Deserialize)]
pub struct DeclaracaoForm {
    #[serde(default)]
    qualificado: Option<String>,
    #[serde(default)]
    faixa: Option<String>,
    #[serde(default)]
    renda: String,
    #[serde(default)]
    investimentos: String,
    #[serde(default)]
    outras: String,
    #[serde(default)]
    termo_qualificado: Option<String>,
    /// The version of the qualified investor's declaration the page showed.
    #[serde(default)]
    versao_termo_qualificado: Option<String>,
    #[serde(default)]
    veracidade: Option<String>,
    /// The offering whose order to return to (its friendly URL).
    #[serde(default)]
    captacao: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct VoltarQuery {
    #[serde(default)]
    voltar: Option<String>,
}

fn typed(f: &DeclaracaoForm) -> DeclarationForm {
    DeclarationForm {
        qualificado: f.qualificado.clone(),
        faixa: f.faixa.clone(),
        renda: f.renda.trim().to_owned(),
        investimentos: f.investimentos.trim().to_owned(),
        outras: f.outras.trim().to_owned(),
        termo_qualificado: f.termo_qualificado.is_some(),
        veracidade: f.veracidade.is_some(),
    }
}

fn money_input(v: Decimal) -> String {
    format_decimal_br(v, 2)
}

/// The stored declaration as the form shows it.
fn stored(d: &DeclaracaoInvestidor) -> DeclarationForm {
    match &d.declaracao {
        None => DeclarationForm::default(),
        Some(x) => DeclarationForm {
            qualificado: Some(if x.qualificado { "sim" } else { "nao" }.to_owned()),
            faixa: (!x.qualificado)
                .then(|| if x.acima_do_patamar { "acima" } else { "ate" }.to_owned()),
            renda: if x.acima_do_patamar {
                money_input(x.renda_bruta_anual)
            } else {
                String::new()
            },
            investimentos: if x.acima_do_patamar {
                money_input(x.investimentos_financeiros)
            } else {
                String::new()
            },
            outras: if x.qualificado {
                String::new()
            } else {
                money_input(x.investido_outras_plataformas)
            },
            termo_qualificado: false,
            veracidade: false,
        },
    }
}

/// The limit and what is left of it this year (the platform's figures).
pub fn limit_summary(ctx: &Ctx, l: &LimiteAnual) -> Markup {
    let ano = l.ano.map(|a| format!(" em {a}")).unwrap_or_default();
    html! {
        dl.fatos.limite-anual {
            div { dt { "Limite anual" (ano) } dd { @match l.limite_anual { Some(v) => (ctx.money(v)), None => "Sem limite (investidor qualificado)" } } }
            div { dt { "Investido na Colheita" } dd { (ctx.money(l.investido_na_plataforma)) } }
            div { dt { "Declarado em outras plataformas" } dd { (ctx.money(l.investido_outras_plataformas)) } }
            div { dt { "Disponível para investir" } dd { @match l.disponivel { Some(v) => (ctx.money(v)), None => "Sem limite" } } }
        }
    }
}

fn radio(name: &str, value: &str, label: &str, current: Option<&str>) -> Markup {
    let id = format!("campo-{name}-{value}");
    html! {
        div.campo-checkbox {
            input type="radio" id=(id) name=(name) value=(value) checked[current == Some(value)];
            label for=(id) { (label) }
        }
    }
}

/// The Declaração de investidor qualificado to sign (the platform's text, else its
/// criteria in short) and its tick.
fn qualified_term(
    termo: Option<&TermoQualificado>,
    typed_version: Option<&str>,
    signed: Option<&str>,
    ticked: bool,
    invalid: Option<&str>,
) -> Markup {
    html! {
        section.termo-qualificado aria-labelledby="termo-qualificado-titulo" {
            @match termo {
                Some(t) => {
                    h3 #termo-qualificado-titulo { (t.titulo) " " span.texto-secundario { "(versão " (t.versao) ")" } }
                    div.termo-conteudo tabindex="0" role="region" aria-label=(t.titulo) {
                        @for p in t.conteudo.split("\n\n") { p { (p) } }
                    }
                    input type="hidden" name="versao_termo_qualificado" value=(t.versao);
                }
                None => {
                    h3 #termo-qualificado-titulo { (QUALIFIED_TERM) }
                    p { (QUALIFIED_CRITERIA) }
                    // The version read before the platform failed stays with the form.
                    @if let Some(v) = typed_version { input type="hidden" name="versao_termo_qualificado" value=(v); }
                }
            }
            @if let Some(s) = signed { p.texto-secundario.termo-assinado { (s) } }
            div.campo-checkbox {
                input #campo-termo_qualificado type="checkbox" name="termo_qualificado" value="sim"
                    checked[ticked] aria-invalid=[invalid];
                label for="campo-termo_qualificado" { "Li e assino a Declaração de investidor qualificado (somente se você respondeu que é investidor qualificado)." }
            }
        }
    }
}

/// The term's name when the platform sends no text.
pub const QUALIFIED_TERM: &str = "Declaração de investidor qualificado";
/// The criteria in short when the platform sends no text.
pub const QUALIFIED_CRITERIA: &str = "Declaro ser investidor qualificado nos termos da Resolução CVM nº 30: possuo investimentos financeiros acima do valor definido na regulamentação ou certificação profissional aprovada pela CVM.";

/// When and in which version the investor signed the Declaração de investidor qualificado.
pub fn qualified_signed(d: &DeclaracaoInvestidor) -> Option<String> {
    let x = d.declaracao.as_ref().filter(|x| x.qualificado)?;
    let versao = x.versao_termo_qualificado.as_deref()?;
    Some(format!(
        "Declaração de investidor qualificado assinada em {} (versão {versao}).",
        format::date(x.data_declaracao.as_deref())
    ))
}

struct Platform<'a> {
    regras: Option<&'a RegrasLimite>,
    limite: Option<&'a LimiteAnual>,
    termo: Option<&'a TermoQualificado>,
    /// Without the platform's term: the version the form was sent with.
    typed_version: Option<&'a str>,
    signed: Option<String>,
}

impl<'a> Platform<'a> {
    fn of(d: &'a DeclaracaoInvestidor) -> Self {
        Platform {
            regras: Some(&d.regras),
            limite: d.limite.as_ref(),
            termo: d.termo_qualificado.as_ref(),
            typed_version: None,
            signed: qualified_signed(d),
        }
    }
    /// The platform could not be read: only what the form was sent with.
    fn none(typed_version: Option<&'a str>) -> Self {
        Platform {
            regras: None,
            limite: None,
            termo: None,
            typed_version,
            signed: None,
        }
    }
}

fn page(
    ctx: &Ctx,
    platform: &Platform<'_>,
    f: &DeclarationForm,
    voltar: Option<&str>,
    error: Option<&DeclarationError>,
) -> Page {
    let Platform { regras, limite, .. } = *platform;
    let invalid = |field: &str| error.is_some_and(|e| e.field == field).then_some("true");
    let patamar = regras.map_or_else(
        || "o patamar da regulamentação".to_owned(),
        |r| format_brl(r.patamar),
    );
    let text = |name: &str, label: &str, value: &str| {
        let id = format!("campo-{name}");
        html! {
            div.campo {
                label for=(id) { (label) }
                input id=(id) type="text" name=(name) value=(value) inputmode="decimal"
                    maxlength=(MAX_MONEY_INPUT_CHARS) autocomplete="off" placeholder="1.234,56"
                    aria-invalid=[invalid(name)];
            }
        }
    };
    let main = html! {
        section aria-labelledby="declaracao-titulo" {
            h2 #declaracao-titulo { (TITLE) }
            @if let Some(r) = regras {
                p {
                    "Investidores não qualificados podem investir até " strong { (format_brl(r.limite_anual)) }
                    " por ano em ofertas de investimento participativo, somadas todas as plataformas. Com renda bruta anual ou investimentos financeiros acima de "
                    (format_brl(r.patamar)) ", o limite passa a ser " (format::percent(r.percentual))
                    " do maior dos dois valores. Investidores qualificados não têm limite."
                }
            }
            @if let Some(l) = limite { (limit_summary(ctx, l)) }
            form.formulario method="post" action=(routes::DECLARACAO_INVESTIDOR) novalidate {
                @if let Some(v) = voltar { input type="hidden" name="captacao" value=(v); }
                fieldset aria-invalid=[invalid("qualificado")] {
                    legend { "Você é investidor qualificado?" }
                    (radio("qualificado", "sim", "Sim, sou investidor qualificado nos termos da regulamentação da CVM", f.qualificado.as_deref()))
                    (radio("qualificado", "nao", "Não sou investidor qualificado", f.qualificado.as_deref()))
                }
                (qualified_term(platform.termo, platform.typed_version, platform.signed.as_deref(), f.termo_qualificado, invalid("termo_qualificado")))
                fieldset aria-invalid=[invalid("faixa")] {
                    legend { "Se não for qualificado: renda bruta anual ou investimentos financeiros" }
                    (radio("faixa", "ate", &format!("Até {patamar}"), f.faixa.as_deref()))
                    (radio("faixa", "acima", &format!("Acima de {patamar}"), f.faixa.as_deref()))
                }
                p.texto-secundario { "Acima do patamar, informe a renda bruta anual e/ou os investimentos financeiros (R$):" }
                div.campos-linha {
                    (text("renda", "Renda bruta anual (R$)", &f.renda))
                    (text("investimentos", "Investimentos financeiros (R$)", &f.investimentos))
                }
                (text("outras", "Já investido neste ano em outras plataformas de investimento participativo (R$)", &f.outras))
                div.campo-checkbox {
                    input #campo-veracidade type="checkbox" name="veracidade" value="sim" checked[f.veracidade]
                        aria-invalid=[invalid("veracidade")];
                    label for="campo-veracidade" { "Declaro que as informações acima são verdadeiras." }
                }
                div.form-acoes { button.botao.botao-primario type="submit" { "Salvar declaração" } }
            }
        }
    };
    Page::new(TITLE, account(routes::DECLARACAO_INVESTIDOR, main))
}

/// `GET /minha-conta/declaracao-investidor`.
pub async fn view_declaracao_get(ctx: Ctx, Query(q): Query<VoltarQuery>) -> PageResult {
    let d = ctx
        .app
        .api
        .declaracao_investidor(ctx.token()?)
        .await
        .on_page(TITLE)?;
    let voltar = q.voltar.as_deref();
    Ok(ctx.render(page(&ctx, &Platform::of(&d), &stored(&d), voltar, None)))
}

/// `POST /minha-conta/declaracao-investidor`: the rules (with the platform's parameters),
/// then the declaration at the platform.
pub async fn view_declaracao_post(ctx: Ctx, Form(f): Form<DeclaracaoForm>) -> PageResult {
    let token = ctx.token()?;
    let form = typed(&f);
    let voltar = f.captacao.as_deref().filter(|v| !v.is_empty());
    let current = match ctx.app.api.declaracao_investidor(token).await {
        Ok(d) => d,
        Err(e) => {
            return Err(PageError::form_failed(
                page(
                    &ctx,
                    &Platform::none(f.versao_termo_qualificado.as_deref()),
                    &form,
                    voltar,
                    None,
                ),
                &e,
            ));
        }
    };
    let platform = Platform::of(&current);
    let again = |e: Option<&DeclarationError>| page(&ctx, &platform, &form, voltar, e);
    let qualifying = current
        .regras
        .investimentos_qualificado
        .unwrap_or(QUALIFIED_INVESTMENTS);
    let d = parse_declaration(&form, &current.regras.rules(), qualifying)
        .map_err(|e| PageError::refused(again(Some(&e)), e.message.clone()))?;
    let qualified = d.qualification == Qualification::Qualified;
    let body = NovaDeclaracao {
        qualificado: qualified,
        // A qualified investor may leave the band unanswered (qualified by certification).
        acima_do_patamar: match form.faixa.as_deref() {
            Some("acima") => Some(true),
            _ if qualified => None,
            _ => Some(false),
        },
        renda_bruta_anual: d.gross_annual_income,
        investimentos_financeiros: d.financial_investments,
        investido_outras_plataformas: d.invested_elsewhere_this_year,
        // The version the page showed (what the investor read), else the one in force.
        versao_termo_qualificado: (d.qualification == Qualification::Qualified)
            .then(|| {
                f.versao_termo_qualificado
                    .clone()
                    .filter(|v| !v.is_empty())
                    .or_else(|| current.termo_qualificado.as_ref().map(|t| t.versao.clone()))
            })
            .flatten(),
    };
    ctx.app
        .api
        .save_declaracao_investidor(token, &body)
        .await
        .map_err(|e| PageError::form_failed(again(None), &e))?;
    ctx.jar.set_flash(SAVED_TITLE, SAVED_TEXT);
    let to = match voltar {
        Some(url) => routes::captacao_reservar(url),
        None => routes::DECLARACAO_INVESTIDOR.to_owned(),
    };
    Ok(Redirect::to(&to).into_response())
}

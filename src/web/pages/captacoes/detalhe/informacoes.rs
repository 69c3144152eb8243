//! The detail's sections of Resolução CVM nº 88/2022: the essential information of the
//! offering (the issuer company, the security and its rights, the use of the funds, the
//! platform's fee, the conflict of interest, what the issuer reports afterwards, minimum
//! and maximum target, deadline, partial distribution, what a failed close means, the
//! PDF) and the risk alerts the warning links to (`#alertas-de-risco`),
//! plus the notice of an offering that closed below its minimum.

use maud::{Markup, html};

use crate::api::models::{Captacao, CaptacaoDocumentoKind, ResultadoCaptacao};
use crate::domain::cvm;
use crate::web::ui::format;
use crate::web::{Ctx, routes};

pub const TITULO_INFORMACOES: &str = "Informações essenciais";
pub const MALSUCEDIDA: &str = "Esta captação foi encerrada sem atingir o valor alvo mínimo. As reservas foram canceladas e os valores devolvidos.";
pub const PERMITIDA: &str = "Permitida";
pub const NAO_PERMITIDA: &str = "Não permitida";

/// The essential-information document's id, when the platform lists one (the last).
pub fn essential_pdf(o: &Captacao) -> Option<i64> {
    o.documentos
        .iter()
        .rev()
        .find(|d| d.tipo == CaptacaoDocumentoKind::InformacoesEssenciais)
        .map(|d| d.id)
}

/// 'Esta captação foi encerrada sem atingir…' when the close failed; nothing otherwise.
pub fn failed_notice(o: &Captacao) -> Markup {
    html! {
        @if o.resultado_captacao == Some(ResultadoCaptacao::Malsucedida) {
            p.aviso-malsucedida role="status" { (MALSUCEDIDA) }
        }
    }
}

pub fn essentials(ctx: &Ctx, o: &Captacao) -> Markup {
    // A platform that does not send the resolution's fields still shows the target it has.
    let maximo = o.valor_alvo_maximo.unwrap_or(o.limite_arrecadacao);
    let parcial = match o.distribuicao_parcial {
        Some(true) => PERMITIDA,
        Some(false) => NAO_PERMITIDA,
        None => "-",
    };
    html! {
        section.informacoes-essenciais aria-labelledby="informacoes-essenciais-titulo" {
            h2 #informacoes-essenciais-titulo { (TITULO_INFORMACOES) }
            dl.fatos {
                div { dt { "Valor alvo mínimo" } dd {
                    @match o.valor_alvo_minimo { Some(v) => (ctx.money(v)), None => "-" }
                    @if let Some(p) = o.valor_alvo_minimo.and_then(|v| share_of(v, maximo)) {
                        " " span.texto-secundario #alvo-minimo-parcela { "(" (p) " do valor alvo máximo)" }
                    }
                } }
                div { dt { "Valor alvo máximo" } dd { (ctx.money(maximo)) } }
                div { dt { "Prazo da captação" } dd { (format::date(o.fim_captacao.as_deref())) } }
                div { dt { "Distribuição parcial" } dd { (parcial) } }
                div.fato-largo { dt { "Se o valor alvo mínimo não for atingido" } dd { (cvm::SE_MINIMO_NAO_ATINGIDO) } }
            }
            (issuer(o))
            @if essential_pdf(o).is_some() {
                p { a.link-download href=(routes::captacao_informacoes_essenciais(&o.url_amigavel))
                    target="_blank" rel="noopener" type="application/pdf" {
                    "Baixar informações essenciais da oferta (PDF)" span.sr-only { " (abre em nova janela)" }
                } }
            }
        }
    }
}

/// The issuer and the texts the platform writes for the offering; each part only when the
/// platform sends it (a platform without them still shows the targets above).
fn issuer(o: &Captacao) -> Markup {
    let textos = o.informacoes_essenciais.clone().unwrap_or_default();
    let largos = [
        ("Valor mobiliário", textos.valor_mobiliario),
        ("Direitos do investidor", textos.direitos),
        ("Uso dos recursos", textos.uso_recursos),
        ("Remuneração da plataforma", textos.remuneracao_plataforma),
        ("Conflito de interesses", textos.conflito_interesses),
        ("Informações após a oferta", textos.informacoes_apos_oferta),
    ];
    html! {
        @if let Some(e) = &o.emissor {
            h3 #emissor-titulo { "Emissor" }
            dl.fatos {
                div.fato-largo { dt { "Razão social" } dd { (e.razao_social) } }
                div { dt { "CNPJ" } dd { (e.cnpj) } }
                div.fato-largo { dt { "Sede" } dd { (e.sede.line()) } }
                @if let Some(p) = &e.projeto {
                    div.fato-largo { dt { "Produtor ou projeto financiado" } dd { (p) } }
                }
            }
        }
        @if largos.iter().any(|(_, t)| t.is_some()) {
            h3 #oferta-termos-titulo { "O título e a plataforma" }
            dl.fatos {
                @for (rotulo, texto) in &largos {
                    @if let Some(t) = texto {
                        div.fato-largo { dt { (rotulo) } dd { (t) } }
                    }
                }
            }
        }
    }
}

pub fn risk_alerts() -> Markup {
    html! {
        section.alertas-de-risco #alertas-de-risco aria-labelledby="alertas-de-risco-titulo" {
            h2 #alertas-de-risco-titulo { (cvm::ALERTAS_DE_RISCO) }
            ul { @for r in cvm::RISCOS { li { (r) } } }
        }
    }
}

/// The minimum's share of the maximum, "67 %", rounded to the unit (the platform's rule
/// says how low it may go; the page shows what this offering has).
fn share_of(minimum: rust_decimal::Decimal, maximum: rust_decimal::Decimal) -> Option<String> {
    if maximum <= rust_decimal::Decimal::ZERO || minimum < rust_decimal::Decimal::ZERO {
        return None;
    }
    let pct = minimum
        .checked_mul(rust_decimal::Decimal::ONE_HUNDRED)?
        .checked_div(maximum)?;
    Some(format!("{} %", pct.round()))
}

//! The standard warning of Resolução CVM nº 88/2022, shown wherever an investor meets an
//! offering before investing: every offering page and the order steps (`aviso_cvm`, with
//! links to that offering's essential information and risk alerts) and the offering list
//! (`aviso_cvm_geral`). The text is the domain's, the same words as the platform's PDF.

use maud::{Markup, html};

use crate::api::models::{Captacao, CaptacaoDocumentoKind};
use crate::web::routes;

pub use crate::domain::cvm::AVISO_CVM;

/// The warning's heading (also its accessible name).
pub const TITULO: &str = "Aviso da CVM";
/// The link to the offering's essential-information PDF.
pub const LINK_INFORMACOES: &str = "Informações essenciais da oferta (PDF)";
/// The link to the offering's risk alerts.
pub const LINK_ALERTAS: &str = "Alertas de risco";

/// The warning of one offering, with links to its essential information (when the platform
/// lists the document) and to its risk alerts on the detail page.
pub fn aviso_cvm(o: &Captacao) -> Markup {
    let tem_informacoes = o
        .documentos
        .iter()
        .any(|d| d.tipo == CaptacaoDocumentoKind::InformacoesEssenciais);
    html! {
        aside.aviso-cvm aria-labelledby="aviso-cvm-titulo" {
            h2 #aviso-cvm-titulo { (TITULO) }
            p { (AVISO_CVM) }
            ul.aviso-cvm-links {
                @if tem_informacoes {
                    li { a.link-download href=(routes::captacao_informacoes_essenciais(&o.url_amigavel))
                        target="_blank" rel="noopener" type="application/pdf" {
                        (LINK_INFORMACOES) span.sr-only { " (abre em nova janela)" }
                    } }
                }
                li { a href=(routes::captacao_alertas(&o.url_amigavel)) { (LINK_ALERTAS) } }
            }
        }
    }
}

/// The warning without an offering's links (the offering list, the home).
pub fn aviso_cvm_geral() -> Markup {
    html! {
        aside.aviso-cvm aria-labelledby="aviso-cvm-titulo" {
            h2 #aviso-cvm-titulo { (TITULO) }
            p { (AVISO_CVM) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::CaptacaoDocumento;

    fn oferta(documentos: Vec<CaptacaoDocumento>) -> Captacao {
        Captacao {
            url_amigavel: "soja-mt".into(),
            documentos,
            ..Captacao::default()
        }
    }

    #[test]
    fn the_warning_links_the_essential_information_and_the_risk_alerts() {
        let html = aviso_cvm(&oferta(vec![CaptacaoDocumento {
            id: 8,
            tipo: CaptacaoDocumentoKind::InformacoesEssenciais,
            nome: None,
        }]))
        .into_string();
        assert!(html.contains("automaticamente dispensadas de registro"));
        assert!(html.contains("Comissão de Valores Mobiliários – CVM"));
        let href = |h: String| format!(r#"href="{h}""#);
        assert!(html.contains(&href(routes::captacao_informacoes_essenciais("soja-mt"))));
        assert!(html.contains(&href(routes::captacao_alertas("soja-mt"))));
    }

    #[test]
    fn without_the_document_only_the_alerts_are_linked() {
        let html = aviso_cvm(&oferta(Vec::new())).into_string();
        assert!(!html.contains(&routes::captacao_informacoes_essenciais("soja-mt")));
        assert!(html.contains(&routes::captacao_alertas("soja-mt")));
        let geral = aviso_cvm_geral().into_string();
        assert!(geral.contains(AVISO_CVM) || geral.contains("A CVM não analisa previamente"));
        assert!(!geral.contains("<a "));
    }
}

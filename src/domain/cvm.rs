//! The texts Resolução CVM nº 88/2022 makes the platform show an investor about every
//! offering: the standard warning, the risk alerts and what happens when the minimum target
//! is not reached, and how an offering's close was settled. They live here, not in `web`
//! nor in `sandbox`, because both the pages and the essential-information PDF the platform
//! generates must say exactly the same words.

use serde::{Deserialize, Serialize};

mod alvo;

pub use alvo::TargetRatio;

/// The standard warning of the resolution, word for word.
pub const AVISO_CVM: &str = "As sociedades empresárias de pequeno porte e as ofertas apresentadas nesta plataforma estão automaticamente dispensadas de registro pela Comissão de Valores Mobiliários – CVM. A CVM não analisa previamente as ofertas. As ofertas realizadas não implicam por parte da CVM a garantia da veracidade das informações prestadas, de adequação à legislação vigente ou julgamento sobre a qualidade da sociedade empresária de pequeno porte. Antes de aceitar uma oferta leia com atenção as informações essenciais da oferta, em especial a seção de alertas sobre riscos.";

/// The title of the essential-information document (the PDF, the document list, the link).
pub const INFORMACOES_ESSENCIAIS: &str = "Informações essenciais da oferta";

/// The title of the risk alerts section.
pub const ALERTAS_DE_RISCO: &str = "Alertas de risco";

/// The risks of every offering, in the order they are shown.
pub const RISCOS: &[&str] = &[
    "Risco de perda total do capital investido: o investimento pode não ser pago e o investidor pode perder todo o valor aplicado.",
    "Risco de crédito do emissor: o pagamento depende da capacidade do emissor de honrar as suas obrigações; clima, pragas, preço das commodities e a gestão do negócio podem atrasar ou reduzir os pagamentos.",
    "Baixa liquidez: não há mercado para os valores mobiliários ofertados, e pode ser difícil ou impossível vendê-los antes do vencimento.",
    "O emissor não é registrado na CVM como companhia aberta e não está sujeito às regras de divulgação de informações das companhias abertas.",
    "O investimento não conta com a garantia do Fundo Garantidor de Créditos (FGC).",
    "A oferta não foi analisada previamente pela CVM.",
];

/// What happens when the fundraising ends below the minimum target.
pub const SE_MINIMO_NAO_ATINGIDO: &str =
    "A oferta é cancelada e todo o valor investido é devolvido integralmente.";

/// How a closed offering was settled: it reached its minimum target, or it did not and every
/// reservation was cancelled and refunded. An unknown name is kept, never an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum ResultadoCaptacao {
    Sucesso,
    Malsucedida,
    Outro(String),
}

impl From<String> for ResultadoCaptacao {
    fn from(s: String) -> Self {
        match s.trim() {
            "Sucesso" => ResultadoCaptacao::Sucesso,
            "Malsucedida" => ResultadoCaptacao::Malsucedida,
            _ => ResultadoCaptacao::Outro(s),
        }
    }
}

impl From<ResultadoCaptacao> for String {
    fn from(r: ResultadoCaptacao) -> String {
        match r {
            ResultadoCaptacao::Sucesso => "Sucesso".into(),
            ResultadoCaptacao::Malsucedida => "Malsucedida".into(),
            ResultadoCaptacao::Outro(s) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_reads_both_names_and_keeps_anything_else() {
        let ler = |s: &str| serde_json::from_str::<ResultadoCaptacao>(s).unwrap();
        assert_eq!(ler("\"Sucesso\""), ResultadoCaptacao::Sucesso);
        assert_eq!(ler("\"Malsucedida\""), ResultadoCaptacao::Malsucedida);
        assert_eq!(ler("\"Adiada\""), ResultadoCaptacao::Outro("Adiada".into()));
        assert_eq!(
            serde_json::to_string(&ResultadoCaptacao::Malsucedida).unwrap(),
            "\"Malsucedida\""
        );
    }

    #[test]
    fn the_risks_cover_what_the_resolution_asks() {
        let todos = RISCOS.join(" ");
        for assunto in [
            "perda total",
            "crédito do emissor",
            "liquidez",
            "companhia aberta",
            "FGC",
            "analisada previamente pela CVM",
        ] {
            assert!(todos.contains(assunto), "{assunto}");
        }
    }
}

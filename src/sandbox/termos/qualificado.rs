//! The Declaração de investidor qualificado: the term an investor signs to be treated as a
//! qualified investor (no annual limit). It states the criteria of Resolução CVM nº 30
//! with the investments amount in force (a parameter), and is recorded with its version.

use rust_decimal::Decimal;

use crate::domain::money::format_brl;

pub(crate) const TITULO: &str = "Declaração de investidor qualificado";
/// The wording's version, recorded with every signature.
pub(crate) const VERSAO: &str = "2026.1";

/// The declaration's paragraphs, separated by a blank line, with `investimentos` (the
/// financial investments above which a natural person may declare being qualified).
pub(crate) fn conteudo(investimentos: Decimal) -> String {
    let valor = format_brl(investimentos);
    [
        "Nos termos da Resolução CVM nº 30/2021, são investidores qualificados, entre outros: (i) os investidores profissionais; (ii) as pessoas naturais que possuam investimentos financeiros em valor superior a ".to_owned()
            + &valor
            + " e que atestem por escrito a sua condição de investidor qualificado; e (iii) as pessoas naturais aprovadas em exames de qualificação técnica ou que possuam certificações aprovadas pela CVM como requisito para o registro de assessores de investimento, administradores de carteira, analistas e consultores de valores mobiliários, em relação a seus recursos próprios.",
        format!(
            "Declaro, sob as penas da lei, que sou investidor qualificado por atender a pelo menos um desses critérios: possuo investimentos financeiros em valor superior a {valor} ou possuo certificação profissional aprovada pela CVM."
        ),
        "Declaro ter ciência de que, como investidor qualificado, não estou sujeito ao limite anual de investimento em ofertas de investimento participativo aplicável aos investidores não qualificados, de que as ofertas da plataforma são dispensadas de registro e não são analisadas previamente pela CVM, e de que sou responsável pela veracidade desta declaração, que devo atualizar em Minha conta se deixar de atender aos critérios.".to_owned(),
    ]
    .join("\n\n")
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    #[test]
    fn the_declaration_states_both_criteria_with_the_amount_in_force() {
        let texto = conteudo(dec!(1000000.00));
        assert!(texto.contains("superior a R$ 1.000.000,00"), "{texto}");
        assert!(texto.contains("certificação profissional"), "{texto}");
        assert!(texto.contains("Resolução CVM nº 30"), "{texto}");
        assert!(conteudo(dec!(2500000)).contains("R$ 2.500.000,00"));
    }
}

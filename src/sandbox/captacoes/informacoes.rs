//! The essential information of an offering (Resolução CVM nº 88/2022): a PDF written on
//! request from the stored offering and the sandbox's rules, so it always says what the API
//! and the order flow apply (the withdrawal period and the annual limit are the sandbox's
//! configuration, not fixed text). Every offering lists it as a document of type
//! `InformacoesEssenciais`.

use crate::domain::limite_anual::AnnualLimitRules;
use crate::domain::{cvm, dates, money};
use crate::sandbox::captacoes::store::Ficha;
use crate::sandbox::emissor;
use crate::sandbox::pdf;

/// The sandbox rules the document states.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Regras {
    pub(crate) dias_desistencia: u16,
    pub(crate) limite_anual: AnnualLimitRules,
    /// The least share of the maximum target the minimum may be.
    pub(crate) razao_minima: cvm::TargetRatio,
}

/// The document's text, laid out and written as PDF bytes.
pub(crate) fn gerar(f: &Ficha, regras: &Regras, gerado_em: jiff::Timestamp) -> Vec<u8> {
    let l = &regras.limite_anual;
    let mut doc = pdf::Documento::new();
    doc.titulo(cvm::INFORMACOES_ESSENCIAIS);
    doc.subtitulo(&f.nome);
    doc.paragrafo(&f.descricao_produto);
    doc.secao("Emissor");
    match &f.emissor {
        Some(e) => {
            doc.campo("Razão social", &e.razao_social);
            doc.campo("CNPJ", &e.cnpj_formatado());
            doc.campo("Sede", &e.sede());
            doc.campo("Porte", "sociedade empresária de pequeno porte");
            doc.campo("Produtor ou projeto financiado", &e.projeto);
        }
        None => doc.paragrafo("A plataforma ainda não informou o emissor desta oferta."),
    }
    doc.secao("Valor mobiliário e direitos do investidor");
    doc.campo("Tipo", emissor::TIPO_VALOR_MOBILIARIO);
    doc.campo("Direitos do investidor", emissor::DIREITOS);
    if let Some(e) = &f.emissor {
        doc.secao("Uso dos recursos");
        doc.paragrafo(&e.uso_recursos);
        doc.secao("Remuneração da plataforma");
        doc.paragrafo(&emissor::remuneracao_da_plataforma(e.taxa_plataforma));
    }
    doc.secao("Conflito de interesses");
    doc.paragrafo(emissor::CONFLITO_DE_INTERESSES);
    doc.secao("Informações após a oferta");
    doc.paragrafo(emissor::INFORMACOES_APOS_A_OFERTA);
    doc.secao("Condições da oferta");
    doc.campo("Valor alvo mínimo", &money::format_brl(f.valor_alvo_minimo));
    doc.campo("Valor alvo máximo", &money::format_brl(f.limite));
    doc.campo(
        "Regra do valor alvo mínimo",
        &format!(
            "com distribuição parcial, o valor alvo mínimo é de ao menos {}.",
            regras.razao_minima.describe()
        ),
    );
    doc.campo(
        "Investimento mínimo",
        &money::format_brl(f.investimento_minimo),
    );
    doc.campo("Prazo da captação", &dates::format_date_br(f.fim_captacao));
    doc.campo(
        "Distribuição parcial",
        if f.distribuicao_parcial {
            "Permitida: a oferta pode ser encerrada com qualquer valor entre o mínimo e o máximo."
        } else {
            "Não permitida: a oferta só se conclui com o valor alvo máximo."
        },
    );
    doc.campo(
        "Se o valor alvo mínimo não for atingido",
        "a oferta é cancelada e os valores aportados são devolvidos integralmente aos investidores.",
    );
    doc.secao("Direitos e limites do investidor");
    doc.campo(
        "Direito de desistência",
        &format!(
            "o investidor pode desistir do investimento, sem multa nem justificativa, em até {} dias \
             após confirmá-lo, e recebe de volta todo o valor aportado.",
            regras.dias_desistencia
        ),
    );
    doc.campo(
        "Limite anual de investimento",
        &format!(
            "o investidor não qualificado pode investir até {} por ano-calendário em ofertas \
             dispensadas de registro; com renda bruta anual ou investimentos financeiros acima de \
             {}, até {} do maior desses valores. O investidor qualificado não tem limite.",
            money::format_brl(l.base),
            money::format_brl(l.threshold),
            money::format_percent(l.fraction * rust_decimal::Decimal::ONE_HUNDRED)
        ),
    );
    doc.secao(cvm::ALERTAS_DE_RISCO);
    for risco in cvm::RISCOS {
        doc.paragrafo(&format!("• {risco}"));
    }
    doc.secao("Aviso da CVM");
    doc.paragrafo(cvm::AVISO_CVM);
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Dados fictícios.",
        dates::format_datetime_br(gerado_em)
    ));
    doc.finalizar(cvm::INFORMACOES_ESSENCIAIS, &f.nome)
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;
    use crate::sandbox::pdf::tests::{conformidade, texto_do_pdf};

    fn ficha() -> Ficha {
        Ficha {
            nome: "Fazenda Santa Luzia – Soja safra 2026/27".into(),
            descricao_produto: "Financiamento do custeio da soja.".into(),
            limite: dec!(1500000),
            valor_alvo_minimo: dec!(1000000),
            distribuicao_parcial: true,
            investimento_minimo: dec!(1000),
            fim_captacao: "2027-01-20T23:59:59-03:00".parse().unwrap(),
            empreendedor: "João Batista Lemos".into(),
            emissor: Some(crate::sandbox::emissor::Emissor {
                razao_social: "Agropecuária Santa Luzia Ltda.".into(),
                cnpj: "63520805000186".into(),
                endereco: "Rodovia MT-242, km 30, Zona Rural".into(),
                cidade: "Sorriso".into(),
                uf: "MT".into(),
                projeto: "Fazenda Santa Luzia, de João Batista Lemos e filhos".into(),
                uso_recursos: "Custeio da soja safra 2026/27.".into(),
                taxa_plataforma: dec!(3.5),
            }),
            ..Ficha::default()
        }
    }

    fn regras() -> Regras {
        Regras {
            dias_desistencia: 7,
            razao_minima: cvm::TargetRatio::TWO_THIRDS,
            limite_anual: AnnualLimitRules {
                base: dec!(25000),
                threshold: dec!(300000),
                fraction: dec!(0.15),
            },
        }
    }

    #[test]
    fn the_pdf_states_every_essential_fact_and_the_configured_rules() {
        let bytes = gerar(
            &ficha(),
            &regras(),
            "2026-11-21T12:00:00-03:00".parse().unwrap(),
        );
        assert!(bytes.starts_with(b"%PDF-"));
        conformidade::verificar(&bytes, cvm::INFORMACOES_ESSENCIAIS);
        let texto = texto_do_pdf(&bytes);
        for esperado in [
            "Informações essenciais da oferta",
            "Fazenda Santa Luzia – Soja safra 2026/27",
            "Razão social: Agropecuária Santa Luzia Ltda.",
            "CNPJ: 63.520.805/0001-86",
            "Sede: Rodovia MT-242, km 30, Zona Rural, Sorriso – MT",
            "sociedade empresária de pequeno porte",
            "Produtor ou projeto financiado: Fazenda Santa Luzia",
            "Cédula de Produto Rural com liquidação financeira (CPR-F)",
            "Direitos do investidor: O investidor se torna credor do emissor",
            "Uso dos recursos Custeio da soja safra 2026/27.",
            "Remuneração da plataforma 3,50% do valor captado, paga pelo emissor",
            "Conflito de interesses Os aportes por Pix são recebidos pela Colheita Pagamentos Ltda.",
            "mesmo grupo econômico da plataforma",
            "Informações após a oferta",
            "demonstrações financeiras anuais",
            "Notificações",
            "Valor alvo mínimo: R$ 1.000.000,00",
            "Valor alvo máximo: R$ 1.500.000,00",
            "ao menos 2/3 do valor alvo máximo",
            "Investimento mínimo: R$ 1.000,00",
            "Prazo da captação: 20/01/2027",
            "Distribuição parcial: Permitida",
            "devolvidos integralmente aos investidores",
            "em até 7 dias",
            "R$ 25.000,00",
            "R$ 300.000,00",
            "15",
            "Alertas de risco",
            "perda total do capital",
            "Fundo Garantidor de Créditos",
            "não foi analisada previamente pela CVM",
            "Aviso da CVM",
            "automaticamente dispensadas de registro",
        ] {
            assert!(texto.contains(esperado), "missing {esperado:?} in {texto}");
        }
    }

    #[test]
    fn the_issuer_is_the_company_never_the_producer() {
        let texto = texto_do_pdf(&gerar(&ficha(), &regras(), jiff::Timestamp::UNIX_EPOCH));
        assert!(!texto.contains("Emissor: João"), "{texto}");
        let mut sem = ficha();
        sem.emissor = None;
        let texto = texto_do_pdf(&gerar(&sem, &regras(), jiff::Timestamp::UNIX_EPOCH));
        assert!(!texto.contains("João Batista Lemos"), "{texto}");
        assert!(texto.contains("ainda não informou o emissor"), "{texto}");
    }

    #[test]
    fn without_partial_distribution_the_pdf_says_so() {
        let mut f = ficha();
        f.distribuicao_parcial = false;
        f.valor_alvo_minimo = f.limite;
        let texto = texto_do_pdf(&gerar(&f, &regras(), jiff::Timestamp::UNIX_EPOCH));
        assert!(
            texto.contains("Distribuição parcial: Não permitida"),
            "{texto}"
        );
    }
}

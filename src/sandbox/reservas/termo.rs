//! The reservation's term (a title, its text and the options the investor chooses from)
//! shown at step 2 of the order and printed in the contract PDF:
//! derived from the offering and the reservation, so it never drifts from what was signed
//! (the chosen option is what the reservation stores).

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::money::{self, format_brl};
use crate::sandbox::RegrasCvm;
use crate::sandbox::termos::{self, VERSAO_CIENCIA_RISCO};

use crate::sandbox::reservas::reserva::{self, Reserva};

/// The term as `POST /v1/reservas` and `GET /v1/reservas/{id}/termo` answer it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TermoJson<'a> {
    id: i64,
    id_reserva: i64,
    id_captacao: i64,
    #[serde(with = "money::json")]
    investimento: Decimal,
    tipo_pagamento: i64,
    status: &'a str,
    titulo: &'a str,
    descricao: &'a str,
    conteudo: &'a str,
    termos: Vec<OpcaoJson<'a>>,
    opcao_aceita: Option<&'a str>,
    /// The Termo de Ciência de Risco the investor accepts with this term.
    ciencia_risco: CienciaRiscoJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    inicio_rendimento: Option<String>,
}

#[derive(Debug, Serialize)]
struct OpcaoJson<'a> {
    opcao: &'static str,
    descricao: &'a str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CienciaRiscoJson {
    titulo: &'static str,
    versao: &'static str,
    /// Paragraphs separated by a blank line.
    conteudo: String,
    /// When it was accepted for this reservation, in the version in force.
    aceito_em: Option<String>,
}

pub(crate) const TITULO: &str = "Termo de adesão e ciência de riscos";
/// The adhesion term's wording version, recorded with every acceptance.
pub(crate) const VERSAO: &str = "2026.1";

pub(crate) struct Termo {
    pub(crate) titulo: &'static str,
    pub(crate) descricao: String,
    /// Paragraphs separated by a blank line.
    pub(crate) conteudo: String,
    /// (opcao, descricao)
    pub(crate) opcoes: Vec<(&'static str, String)>,
    /// The Termo de Ciência de Risco's text, with the periods in force.
    pub(crate) ciencia_risco: String,
}

const OPCAO_UNICA: &str = "Li e compreendi este termo, declaro estar ciente dos riscos do investimento e concordo com as condições da oferta.";

/// The options of an offering below investment grade, with the limit's parameters in force.
fn opcoes_especulativas(regras: &RegrasCvm) -> Vec<(&'static str, String)> {
    vec![
        (
            "1",
            format!(
                "Declaro ser investidor qualificado, nos termos da regulamentação da CVM, ou possuir renda bruta anual ou investimentos financeiros superiores a {}.",
                format_brl(regras.limite.threshold)
            ),
        ),
        (
            "2",
            format!(
                "Declaro não ser investidor qualificado e que, somado a esta reserva, não ultrapasso o limite de {} investidos em ofertas de crowdfunding neste ano-calendário.",
                format_brl(regras.limite.base)
            ),
        ),
    ]
}

/// Ratings below investment grade (BB, B, C…) ask the investor which limit applies.
pub(crate) fn grau_especulativo(rating: &str) -> bool {
    let r = rating.trim().to_ascii_uppercase();
    !(r.starts_with('A') || r.starts_with("BBB"))
}

pub(crate) fn termo(r: &Reserva, regras: &RegrasCvm) -> Termo {
    let o = &r.oferta;
    let garantias = o.rotulos_garantias();
    let garantias = if garantias.is_empty() {
        "Esta operação não conta com garantias reais ou fidejussórias.".to_owned()
    } else {
        format!(
            "A operação conta com as seguintes garantias: {}. A existência de garantias não assegura o recebimento integral nem o prazo de recuperação dos valores, que dependem da execução das garantias.",
            garantias.join("; ")
        )
    };
    let especulativo = grau_especulativo(&o.rating);
    let alerta_rating = if especulativo {
        format!(
            " O rating {} indica risco de crédito elevado, abaixo do grau de investimento.",
            o.rating
        )
    } else {
        String::new()
    };
    let paragrafos = [
        match &o.emissor {
            Some(e) => format!(
                "Pelo presente termo, o(a) investidor(a) manifesta sua adesão à oferta pública \"{}\" de {}, emitidas por {}, sociedade empresária de pequeno porte com sede em {}, para financiar {} ({} – {}), distribuída pela plataforma Colheita com dispensa de registro na Comissão de Valores Mobiliários (CVM), nos termos da Resolução CVM nº 88/2022.",
                o.nome,
                crate::sandbox::emissor::TIPO_VALOR_MOBILIARIO_CURTO,
                e.identificacao(),
                e.sede(),
                e.projeto,
                o.cidade,
                o.uf
            ),
            None => format!(
                "Pelo presente termo, o(a) investidor(a) manifesta sua adesão à oferta pública \"{}\" de {}, distribuída pela plataforma Colheita com dispensa de registro na Comissão de Valores Mobiliários (CVM), nos termos da Resolução CVM nº 88/2022.",
                o.nome,
                crate::sandbox::emissor::TIPO_VALOR_MOBILIARIO_CURTO
            ),
        },
        format!(
            "Valor da reserva: {}; remuneração líquida: {}; prazo: {} meses; pagamento dos rendimentos: {}; liquidação: {}.",
            format_brl(r.investimento()),
            o.rendimento_descricao,
            o.prazo,
            o.descricao_pagamento,
            reserva::descricao_pagamento(r.tipo_pagamento)
        ),
        garantias,
        format!(
            "O(A) investidor(a) declara estar ciente de que o investimento em operações de crédito do agronegócio envolve riscos, entre eles: risco de crédito do tomador; riscos climáticos, sanitários e de produtividade da safra; variação de preços das commodities; e risco de liquidez, pois não há mercado secundário garantido para o título.{alerta_rating}"
        ),
        "O investimento não conta com a garantia do Fundo Garantidor de Créditos (FGC). A rentabilidade passada não é garantia de rentabilidade futura, e o(a) investidor(a) pode perder parte ou a totalidade do valor investido.".to_owned(),
        format!(
            "A reserva somente será efetivada após a confirmação do investimento e a compensação do aporte. Reservas por Pix não pagas dentro do prazo informado serão canceladas automaticamente. Havendo desistência, o(a) investidor(a) poderá cancelar a reserva em até {} contados da confirmação, sem qualquer custo, e receberá de volta todo o valor pago, com {}. Se a oferta não atingir o valor alvo mínimo, as reservas serão canceladas e os valores devolvidos integralmente, com {}.",
            crate::domain::desistencia::days_text(regras.dias_desistencia),
            crate::domain::desistencia::refund_text(regras.dias_uteis_devolucao),
            crate::domain::desistencia::refund_text(regras.dias_uteis_devolucao)
        ),
    ];
    Termo {
        titulo: TITULO,
        descricao: format!(
            "Leia com atenção as condições e os riscos da operação {} antes de prosseguir.",
            o.nome
        ),
        conteudo: paragrafos.join("\n\n"),
        opcoes: if especulativo {
            opcoes_especulativas(regras)
        } else {
            vec![("1", OPCAO_UNICA.to_owned())]
        },
        ciencia_risco: termos::ciencia_risco_conteudo(regras),
    }
}

impl Termo {
    /// The term's JSON; `inicio_rendimento` is added to the answer of `POST /v1/reservas`.
    /// `ciencia_aceita`: when the risk term was accepted for this reservation.
    pub(crate) fn json<'a>(
        &'a self,
        r: &'a Reserva,
        inicio_rendimento: Option<String>,
        ciencia_aceita: Option<String>,
    ) -> TermoJson<'a> {
        TermoJson {
            id: r.id,
            id_reserva: r.id,
            id_captacao: r.captacao_id,
            investimento: r.investimento(),
            tipo_pagamento: r.tipo_pagamento,
            status: r.status_gravado.label(),
            titulo: self.titulo,
            descricao: &self.descricao,
            conteudo: &self.conteudo,
            termos: self
                .opcoes
                .iter()
                .map(|(opcao, descricao)| OpcaoJson { opcao, descricao })
                .collect(),
            opcao_aceita: r.termo_aceito_em.and(r.termo_opcao.as_deref()),
            ciencia_risco: CienciaRiscoJson {
                titulo: termos::CIENCIA_RISCO_TITULO,
                versao: VERSAO_CIENCIA_RISCO,
                conteudo: self.ciencia_risco.clone(),
                aceito_em: ciencia_aceita,
            },
            inicio_rendimento,
        }
    }

    pub(crate) fn descricao_da_opcao(&self, opcao: &str) -> Option<&str> {
        self.opcoes
            .iter()
            .find(|(o, _)| *o == opcao)
            .map(|(_, d)| d.as_str())
    }
}

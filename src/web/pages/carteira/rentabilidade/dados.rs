//! From the platform's holding and offering to what the page shows: the holding's cash
//! flows for its realised rate, and the traits the invested amount is split by.

use jiff::civil::Date;
use rust_decimal::Decimal;

use crate::api::models::{AlocacaoPorCaptacao, Captacao, EstadoSituacao, Investimento, TipoEvento};
use crate::domain::diversificacao::{self, Fatia};
use crate::domain::rentabilidade::realizada::{self, Parcela, Posicao, Realizada, Rendimento};

const NAO_INFORMADO: &str = "Não informado";

/// One holding on the page.
pub struct Linha {
    pub nome: String,
    pub url: String,
    /// The contracted net rate, in percent a year.
    pub contratada: Option<Decimal>,
    pub investido: Decimal,
    pub recebido: Decimal,
    pub em_atraso: Decimal,
    pub baixado: Decimal,
    pub posicao: Posicao,
    pub taxa: Realizada,
    pub emissor: String,
    pub uf: String,
    pub garantias: Vec<String>,
    pub rating: String,
    pub vencimento: String,
}

impl Linha {
    /// The holding as it stands on `hoje` (São Paulo).
    pub fn new(c: &AlocacaoPorCaptacao, h: Investimento, o: &Captacao, hoje: Date) -> Linha {
        let posicao = posicao(&h);
        let emissor = o
            .emissor
            .as_ref()
            .map(|e| e.razao_social.clone())
            .or_else(|| o.empreendedor_rural.nome.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| NAO_INFORMADO.to_owned());
        let uf = o
            .emissor
            .as_ref()
            .and_then(|e| e.sede.uf.clone())
            .or_else(|| {
                o.empreendedor_rural
                    .localizacao
                    .as_ref()
                    .and_then(|l| l.uf.clone())
            })
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| NAO_INFORMADO.to_owned());
        let vencimento = h
            .parcelas
            .iter()
            .filter_map(|p| p.vencimento)
            .max()
            .map_or_else(|| NAO_INFORMADO.to_owned(), |d| d.year().to_string());
        Linha {
            taxa: realizada::da_posicao(&posicao, hoje),
            posicao,
            nome: h.nome_captacao,
            url: h.url_amigavel,
            contratada: c.rendimento,
            investido: c.valor,
            recebido: h.recebido,
            em_atraso: h.em_atraso,
            baixado: h.baixado,
            emissor,
            uf,
            garantias: c.garantias.clone(),
            rating: c
                .rating
                .clone()
                .filter(|r| !r.trim().is_empty())
                .unwrap_or_else(|| "Sem rating".to_owned()),
            vencimento,
        }
    }
}

/// The holding's flows: the money out on the day each payment of it was confirmed (the
/// timeline's confirmation), every instalment paid on the day it was paid, the schedule, and
/// since when the money yields (none while the offering is still raising).
fn posicao(h: &Investimento) -> Posicao {
    let mut aportes: Vec<_> = h
        .eventos
        .iter()
        .filter(|e| e.tipo == Some(TipoEvento::Confirmacao))
        .filter_map(|e| Some((e.data?, e.valor?)))
        .collect();
    if aportes.is_empty()
        && let Some(inicio) = h.inicio_rendimento
        && !h.investido.is_zero()
    {
        aportes.push((inicio, h.investido));
    }
    let recebimentos = h
        .parcelas
        .iter()
        .filter(|p| p.pago > Decimal::ZERO)
        .filter_map(|p| Some((p.pago_em?, p.pago)))
        .collect();
    let parcelas = h
        .parcelas
        .iter()
        .filter_map(|p| {
            Some(Parcela {
                vencimento: p.vencimento?,
                valor: p.valor,
                pago: p.pago,
            })
        })
        .collect();
    let rendimento = match (h.situacao, h.inicio_rendimento) {
        (EstadoSituacao::EmCaptacao, _) => Rendimento::AntesDoInicio,
        (_, Some(inicio)) => Rendimento::Desde(inicio),
        (_, None) => Rendimento::Desconhecido,
    };
    Posicao {
        aportes,
        recebimentos,
        parcelas,
        encerrada: h.situacao == EstadoSituacao::Liquidado || h.baixado > Decimal::ZERO,
        rendimento,
    }
}

/// One split: its key, its heading, its table's first column and its groups.
pub type Divisao = (&'static str, &'static str, &'static str, Vec<Fatia>);

/// The five splits of the invested amount, in the page's order, with their names.
pub fn divisoes(linhas: &[Linha]) -> [Divisao; 5] {
    let por = |f: fn(&Linha) -> &str| {
        diversificacao::fatias(linhas.iter().map(|l| (f(l).to_owned(), l.investido)))
    };
    let garantias = diversificacao::fatias(linhas.iter().flat_map(|l| {
        let rotulos = if l.garantias.is_empty() {
            vec!["Sem garantia".to_owned()]
        } else {
            l.garantias.clone()
        };
        let partes = diversificacao::repartir(l.investido, rotulos.len());
        rotulos.into_iter().zip(partes)
    }));
    [
        ("emissor", "Por emissor", "Emissor", por(|l| &l.emissor)),
        ("uf", "Por estado (UF)", "UF", por(|l| &l.uf)),
        ("garantia", "Por tipo de garantia", "Garantia", garantias),
        ("rating", "Por rating", "Rating", por(|l| &l.rating)),
        (
            "vencimento",
            "Por ano de vencimento",
            "Ano de vencimento",
            por(|l| &l.vencimento),
        ),
    ]
}

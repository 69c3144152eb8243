//! The Offering JSON of CONTRACTS.md, borrowed from a loaded [`Captacao`].

use jiff::Timestamp;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::money;
use crate::domain::reference::Guarantee;
use crate::domain::status::CaptacaoStatus;
use crate::sandbox::captacoes::modelo::Captacao;
use crate::sandbox::emissor::{self, Emissor};
use crate::sandbox::tempo;

impl Captacao {
    /// The offering at `agora`: its status is the one a visitor sees then.
    pub(crate) fn json(&self, public_url: &str, agora: Timestamp) -> OfertaJson<'_> {
        let midia =
            |arquivo: &str| format!("{public_url}/midia/{}", arquivo.trim_start_matches('/'));
        let galeria: Vec<GaleriaJson<'_>> = self
            .galeria
            .iter()
            .map(|g| GaleriaJson {
                id: g.id,
                tipo: &g.tipo,
                url: g.arquivo.as_deref().map(midia),
                url_video: g.video.as_deref(),
                descricao: &g.descricao,
            })
            .collect();
        let imagem_principal = galeria
            .iter()
            .find(|g| g.tipo == "Principal" && g.url.is_some())
            .or_else(|| galeria.iter().find(|g| g.url.is_some()))
            .and_then(|g| g.url.clone());
        let inicio = tempo::rfc3339(tempo::de_ms(self.inicio));
        let status = self.status_exibido(agora).label().to_owned();
        OfertaJson {
            id: self.id,
            url_amigavel: &self.url_amigavel,
            nome_captacao: &self.nome,
            descricao_produto: &self.descricao_produto,
            status: StatusJson::de(&status),
            status_captacao: status,
            vencimento: self.vencimento,
            rendimento_descricao: &self.rendimento_descricao,
            rating: &self.rating,
            descricao_rating: &self.descricao_rating,
            classificacao_esg: &self.classificacao_esg,
            limite_arrecadacao: self.limite,
            valor_alvo_minimo: self.valor_alvo_minimo,
            valor_alvo_maximo: self.limite,
            distribuicao_parcial: self.distribuicao_parcial,
            resultado_captacao: self.resultado.as_deref(),
            arrecadado: self.arrecadado,
            reservado: self.reservado,
            disponivel: self.disponivel(),
            acompanhamento: self.acompanhamento(),
            inicio_captacao: inicio.clone(),
            fim_captacao: tempo::rfc3339(tempo::de_ms(self.fim)),
            imagem_principal,
            favorito: false,
            garantias: self
                .garantias
                .split(',')
                .filter_map(|g| Guarantee::from_id(g).map(Guarantee::label))
                .collect::<Vec<_>>()
                .join("; "),
            galeria,
            documentos: self
                .documentos
                .iter()
                .map(|d| DocumentoJson {
                    id: d.id,
                    tipo: &d.tipo,
                    nome: &d.nome,
                })
                .collect(),
            conteudo: ConteudoJson {
                descricao: &self.sobre,
                faq: self
                    .faq
                    .iter()
                    .map(|f| FaqJson {
                        pergunta: &f.pergunta,
                        resposta: &f.resposta,
                    })
                    .collect(),
            },
            empreendedor_rural: EmpreendedorJson {
                nome: &self.empreendedor_nome,
                descricao: &self.empreendedor_descricao,
                localizacao: LocalizacaoJson {
                    cidade: &self.cidade,
                    uf: &self.uf,
                    latitude: self.latitude,
                    longitude: self.longitude,
                },
            },
            lancamento: LancamentoJson {
                pre_lancamento: self.pre_lancamento,
                data_pre_lancamento: self
                    .data_pre_lancamento
                    .map(|d| tempo::rfc3339(tempo::de_ms(d))),
                inicio_captacao: inicio,
            },
            emissor: self.emissor.as_ref().map(EmissorJson::de),
            informacoes_essenciais: self.emissor.as_ref().map(InformacoesJson::de),
            rentabilidade: RentabilidadeJson {
                prazo: self.vencimento,
                rendimento: self.rendimento,
                descricao_pagamento: &self.descricao_pagamento,
                investimento_minimo: self.investimento_minimo,
            },
        }
    }
}

/// Status object: a stable id and a colour for every offering status name.
#[derive(Serialize)]
pub(crate) struct StatusJson {
    id: i64,
    name: String,
    color: &'static str,
}

impl StatusJson {
    fn de(nome: &str) -> Self {
        let (id, color) = match CaptacaoStatus::from(nome) {
            CaptacaoStatus::Rascunho => (1, "#6c757d"),
            CaptacaoStatus::Aberto => (2, "#0d6efd"),
            CaptacaoStatus::CaptacaoNoAr => (3, "#1b7f3b"),
            CaptacaoStatus::Captado => (4, "#0f5132"),
            CaptacaoStatus::Finalizado => (5, "#495057"),
            CaptacaoStatus::PreLancamento => (6, "#8a5a00"),
            CaptacaoStatus::Encerrado => (7, "#495057"),
            CaptacaoStatus::Cancelado => (8, "#a1151a"),
            _ => (0, "#6c757d"),
        };
        StatusJson {
            id,
            name: nome.to_owned(),
            color,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OfertaJson<'a> {
    id: i64,
    url_amigavel: &'a str,
    nome_captacao: &'a str,
    descricao_produto: &'a str,
    status_captacao: String,
    status: StatusJson,
    vencimento: i64,
    rendimento_descricao: &'a str,
    rating: &'a str,
    descricao_rating: &'a str,
    classificacao_esg: &'a str,
    #[serde(with = "money::json")]
    limite_arrecadacao: Decimal,
    #[serde(with = "money::json")]
    valor_alvo_minimo: Decimal,
    /// The same as `limiteArrecadacao`, under the resolution's name.
    #[serde(with = "money::json")]
    valor_alvo_maximo: Decimal,
    distribuicao_parcial: bool,
    resultado_captacao: Option<&'a str>,
    #[serde(with = "money::json")]
    arrecadado: Decimal,
    #[serde(with = "money::json")]
    reservado: Decimal,
    #[serde(with = "money::json")]
    disponivel: Decimal,
    #[serde(with = "money::json")]
    acompanhamento: Decimal,
    inicio_captacao: String,
    fim_captacao: String,
    imagem_principal: Option<String>,
    favorito: bool,
    garantias: String,
    galeria: Vec<GaleriaJson<'a>>,
    documentos: Vec<DocumentoJson<'a>>,
    conteudo: ConteudoJson<'a>,
    empreendedor_rural: EmpreendedorJson<'a>,
    lancamento: LancamentoJson,
    rentabilidade: RentabilidadeJson<'a>,
    /// The company that issues the securities (a platform extension).
    emissor: Option<EmissorJson<'a>>,
    /// What the essential information says beyond the targets (a platform extension).
    informacoes_essenciais: Option<InformacoesJson<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EmissorJson<'a> {
    razao_social: &'a str,
    /// `dd.ddd.ddd/dddd-dd`.
    cnpj: String,
    sede: SedeJson<'a>,
    projeto: &'a str,
}

#[derive(Serialize)]
struct SedeJson<'a> {
    endereco: &'a str,
    cidade: &'a str,
    uf: &'a str,
}

impl<'a> EmissorJson<'a> {
    fn de(e: &'a Emissor) -> Self {
        EmissorJson {
            razao_social: &e.razao_social,
            cnpj: e.cnpj_formatado(),
            sede: SedeJson {
                endereco: &e.endereco,
                cidade: &e.cidade,
                uf: &e.uf,
            },
            projeto: &e.projeto,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InformacoesJson<'a> {
    valor_mobiliario: &'static str,
    direitos: &'static str,
    uso_recursos: &'a str,
    remuneracao_plataforma: String,
    conflito_interesses: &'static str,
    informacoes_apos_oferta: &'static str,
}

impl<'a> InformacoesJson<'a> {
    fn de(e: &'a Emissor) -> Self {
        InformacoesJson {
            valor_mobiliario: emissor::TIPO_VALOR_MOBILIARIO,
            direitos: emissor::DIREITOS,
            uso_recursos: &e.uso_recursos,
            remuneracao_plataforma: emissor::remuneracao_da_plataforma(e.taxa_plataforma),
            conflito_interesses: emissor::CONFLITO_DE_INTERESSES,
            informacoes_apos_oferta: emissor::INFORMACOES_APOS_A_OFERTA,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GaleriaJson<'a> {
    id: i64,
    tipo: &'a str,
    url: Option<String>,
    url_video: Option<&'a str>,
    descricao: &'a str,
}

#[derive(Serialize)]
struct DocumentoJson<'a> {
    id: i64,
    tipo: &'a str,
    nome: &'a str,
}

#[derive(Serialize)]
struct ConteudoJson<'a> {
    descricao: &'a str,
    faq: Vec<FaqJson<'a>>,
}

#[derive(Serialize)]
struct FaqJson<'a> {
    pergunta: &'a str,
    resposta: &'a str,
}

#[derive(Serialize)]
struct EmpreendedorJson<'a> {
    nome: &'a str,
    descricao: &'a str,
    localizacao: LocalizacaoJson<'a>,
}

#[derive(Serialize)]
struct LocalizacaoJson<'a> {
    cidade: &'a str,
    uf: &'a str,
    latitude: Option<f64>,
    longitude: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LancamentoJson {
    pre_lancamento: bool,
    data_pre_lancamento: Option<String>,
    inicio_captacao: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RentabilidadeJson<'a> {
    prazo: i64,
    #[serde(with = "money::json")]
    rendimento: Decimal,
    descricao_pagamento: &'a str,
    #[serde(with = "money::json")]
    investimento_minimo: Decimal,
}

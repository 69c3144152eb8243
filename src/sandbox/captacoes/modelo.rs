//! Offerings as stored plus the figures derived from reservations (read by `store`), and
//! their JSON (CONTRACTS.md "Offering JSON").

mod json;

use jiff::Timestamp;
use rust_decimal::Decimal;

use crate::domain::captacao::{self, CaptacaoFacts, DisplayStatus};
use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::status::CaptacaoStatus;
use crate::sandbox::emissor::Emissor;
use crate::sandbox::tempo;

pub(crate) struct Captacao {
    pub(crate) id: i64,
    pub(super) url_amigavel: String,
    pub(crate) nome: String,
    pub(crate) descricao_produto: String,
    pub(crate) status: CaptacaoStatus,
    pub(crate) vencimento: i64,
    pub(crate) rendimento: Decimal,
    pub(super) rendimento_descricao: String,
    pub(crate) rating: String,
    pub(super) descricao_rating: String,
    pub(super) classificacao_esg: String,
    pub(crate) limite: Decimal,
    /// The minimum target (CVM 88); the maximum is `limite`.
    pub(super) valor_alvo_minimo: Decimal,
    pub(super) distribuicao_parcial: bool,
    /// How the close was settled ('Sucesso' | 'Malsucedida'); `None` while not closed.
    pub(super) resultado: Option<String>,
    /// When the offering was cancelled; `None` while it stands.
    pub(super) cancelada_em: Option<i64>,
    pub(crate) arrecadado: Decimal,
    pub(crate) reservado: Decimal,
    pub(crate) inicio: i64,
    pub(crate) fim: i64,
    pub(super) pre_lancamento: bool,
    pub(super) data_pre_lancamento: Option<i64>,
    pub(super) investimento_minimo: Decimal,
    pub(super) descricao_pagamento: String,
    pub(super) garantias: String,
    pub(crate) cidade: String,
    pub(super) uf: String,
    pub(super) latitude: Option<f64>,
    pub(super) longitude: Option<f64>,
    pub(super) empreendedor_nome: String,
    pub(super) empreendedor_descricao: String,
    pub(super) sobre: String,
    /// `None` for an offering stored without one (the JSON then says `null`).
    pub(super) emissor: Option<Emissor>,
    pub(super) faq: Vec<Faq>,
    pub(super) galeria: Vec<ItemGaleria>,
    pub(super) documentos: Vec<Documento>,
}

pub(super) fn reais(centavos: i64) -> Decimal {
    Decimal::new(centavos, 2)
}

impl Captacao {
    /// `limiteArrecadacao − arrecadado`, never below zero.
    pub(crate) fn disponivel(&self) -> Decimal {
        (self.limite - self.arrecadado).max(Decimal::ZERO)
    }

    /// `arrecadado / limite × 100`, two decimals.
    pub(crate) fn acompanhamento(&self) -> Decimal {
        if self.limite <= Decimal::ZERO {
            return Decimal::ZERO;
        }
        (self.arrecadado * Decimal::ONE_HUNDRED / self.limite).round_dp(2)
    }

    /// The status a visitor sees at `agora`, from the state, the close and the dates: what
    /// the offering's JSON sends (the list's filter computes the same in SQL).
    pub(crate) fn status_exibido(&self, agora: Timestamp) -> DisplayStatus {
        captacao::display_status(&self.fatos(), agora)
    }

    /// What the domain's offering rules need to know.
    fn fatos(&self) -> CaptacaoFacts {
        let status = if self.cancelada_em.is_some() {
            CaptacaoStatus::Cancelado
        } else {
            self.status.clone()
        };
        CaptacaoFacts {
            status,
            limite: self.limite,
            arrecadado: self.arrecadado,
            reservado: self.reservado,
            disponivel: self.disponivel(),
            acompanhamento: self.acompanhamento(),
            pre_lancamento: self.pre_lancamento,
            data_pre_lancamento: self.data_pre_lancamento.map(tempo::de_ms),
            inicio_captacao: Some(tempo::de_ms(self.inicio)),
            fim_captacao: Some(tempo::de_ms(self.fim)),
            resultado: self.resultado.clone().map(ResultadoCaptacao::from),
        }
    }
}

pub(super) struct Faq {
    pub(super) pergunta: String,
    pub(super) resposta: String,
}

pub(super) struct ItemGaleria {
    pub(super) id: i64,
    pub(super) tipo: String,
    pub(super) arquivo: Option<String>,
    pub(super) video: Option<String>,
    pub(super) descricao: String,
}

pub(super) struct Documento {
    pub(super) id: i64,
    pub(super) tipo: String,
    pub(super) nome: String,
}

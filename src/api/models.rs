//! Serde models of the platform API. Every field is optional or defaulted so that an unknown or
//! missing field never breaks a page: the platform owns the data, we only read it.

mod cadastro;
mod captacao;
mod declaracao;
mod drawn;
mod extrato;
mod investimento;
mod irpf;
mod lista;
mod reservas;
mod signup;
#[cfg(test)]
mod tests_cvm;

pub use cadastro::{
    Cadastro, CadastroDocumento, CadastroView, ContaBancaria, ContaCliente, DocumentoIdentidade,
    Endereco, Suitability,
};
pub use captacao::{
    Captacao, CaptacaoDocumento, CaptacaoDocumentoKind, Conteudo, Empreendedor, Faq, GaleriaItem,
    GaleriaTipo, Lancamento, Localizacao, Rentabilidade, StatusRef,
};
pub use declaracao::{
    Declaracao, DeclaracaoInvestidor, LimiteAnual, NovaDeclaracao, RegrasLimite, TermoQualificado,
};
pub use drawn::{Drawing, Drawn};
pub use extrato::{
    ExtratoLinha, ExtratoPagina, Notificacao, NotificacaoConfiguracao, NotificacaoContador,
    NotificacaoDetalhe, NotificacaoMensagem, NotificacaoPagina, ProdutoPagina, ProdutoSetor,
};
pub use investimento::{
    Atualizacao, Atualizacoes, EstadoParcela, EstadoSituacao, Evento, Investimento,
    ParcelaInvestida, ProximoPagamento, Relatorio, ReservaInvestida, TipoAtualizacao, TipoEvento,
};
pub use irpf::{BensEDireitos, DeclaracaoIrpf, EmissorIrpf, ItemIrpf, RendimentosIrpf};
pub use lista::CaptacaoResumo;
pub use reservas::{
    AlocacaoDetalhada, AlocacaoItem, AlocacaoPorCaptacao, AlocacaoPorGarantia, AlocacaoResumida,
    CienciaRisco, Confirmacao, PixInfo, Reserva, ReservaDocumento, ReservaPendente, ReservaTermo,
    Skipped, StatusColor, TermoOpcao,
};
pub use signup::{SignupBasicos, SignupPessoais, SignupRecord, SignupTelefone};

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::money;
use crate::domain::status::{CadastroStatus, ParcelaStatus};

/// Session token, as the login provider sends it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Token {
    pub access_token: String,
    pub refresh_token: String,
    /// Seconds.
    pub expires_in: i64,
    /// Seconds.
    pub refresh_expires_in: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenResponse {
    pub token: Token,
    #[serde(default)]
    pub tipo_resposta: Option<TipoResposta>,
}

/// What the login asks of the investor next: change a temporary password, update the
/// registration or the investor profile; anything else (or nothing) goes on.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum TipoResposta {
    TrocarSenha,
    AtualizarCadastro,
    AtualizarSuitability,
    Outro(String),
}

impl From<String> for TipoResposta {
    fn from(s: String) -> Self {
        match s.trim().to_ascii_lowercase().as_str() {
            "trocarsenha" => TipoResposta::TrocarSenha,
            "atualizarcadastro" => TipoResposta::AtualizarCadastro,
            "atualizarsuitability" => TipoResposta::AtualizarSuitability,
            _ => TipoResposta::Outro(s),
        }
    }
}

impl From<TipoResposta> for String {
    fn from(t: TipoResposta) -> String {
        match t {
            TipoResposta::TrocarSenha => "trocarsenha".into(),
            TipoResposta::AtualizarCadastro => "atualizarcadastro".into(),
            TipoResposta::AtualizarSuitability => "atualizarsuitability".into(),
            TipoResposta::Outro(s) => s,
        }
    }
}

/// A page of search results: dados and totalRegistros.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchResponse<T> {
    pub dados: Vec<T>,
    pub total_registros: i64,
    /// What pages drew from this very page of results, kept with it ([`Drawn`]).
    #[serde(skip)]
    pub drawn: Drawn,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Telefone {
    pub tipo: Option<i64>,
    pub codigo_area: Option<String>,
    pub numero: Option<String>,
    pub telefone_completo: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DadosBasicos {
    pub nome: String,
    pub email: Option<String>,
    pub telefones: Vec<Telefone>,
}

/// The registration record of a user; only what the pages read
/// is typed here, the rest is kept as raw JSON so a PUT can send it back whole.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MeuCadastro {
    pub id: Option<serde_json::Value>,
    pub codigo: Option<String>,
    pub dados_basicos: DadosBasicos,
    pub cadastro: Option<CadastroStatus>,
    pub observacao: Option<String>,
    #[serde(flatten)]
    pub rest: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Produto {
    pub nome_captacao: Option<String>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
}

/// Summarised balance and portfolio (`GET /v1/reservas/resumo`).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Resumo {
    #[serde(with = "money::json")]
    pub saldo_bloqueado: Decimal,
    #[serde(rename = "saldoD0")]
    #[serde(with = "money::json")]
    pub saldo_d0: Decimal,
    #[serde(rename = "saldoD1")]
    #[serde(with = "money::json")]
    pub saldo_d1: Decimal,
    #[serde(rename = "saldoD2")]
    #[serde(with = "money::json")]
    pub saldo_d2: Decimal,
    #[serde(with = "money::json")]
    pub saldo_disponivel: Decimal,
    #[serde(with = "money::json")]
    pub saldo_total: Decimal,
    #[serde(with = "money::json")]
    pub valor_provisionado: Decimal,
    #[serde(with = "money::json")]
    pub valor_patrimonio_total: Decimal,
    pub lista_produtos: Vec<Produto>,
}

/// One installment of a simulation scenario or of a cash flow.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Parcela {
    pub numero: Option<i64>,
    pub data_pagamento: Option<String>,
    #[serde(with = "money::json")]
    pub valor: Decimal,
    pub status_pagamento: Option<ParcelaStatus>,
}

/// Simulation result item: a scenario with its total and installments.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SimulacaoItem {
    pub nome: String,
    #[serde(with = "money::json")]
    pub total_receber: Decimal,
    pub parcelas: Vec<Parcela>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offering_tolerates_unknown_and_missing_fields() {
        let o: Captacao = serde_json::from_str(
            r#"{"id":3,"nomeCaptacao":"Fazenda","limiteArrecadacao":1000.5,"novoCampo":{"x":1}}"#,
        )
        .unwrap();
        assert_eq!(o.id, 3);
        assert_eq!(o.limite_arrecadacao, Decimal::new(10005, 1));
        assert!(o.galeria.is_empty());
        assert_eq!(o.valor_alvo_minimo, None);
        assert_eq!(o.distribuicao_parcial, None);
        assert_eq!(o.resultado_captacao, None);
    }

    #[test]
    fn money_numbers_are_read_exactly() {
        let r: Resumo =
            serde_json::from_str(r#"{"saldoDisponivel":1234.56,"saldoD0":0.1}"#).unwrap();
        assert_eq!(r.saldo_disponivel.to_string(), "1234.56");
        assert_eq!(r.saldo_d0.to_string(), "0.1");
    }
}

//! The statement, the notifications and the category products as the platform sends them.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::money;

/// One movement of the statement.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExtratoLinha {
    pub id: Option<i64>,
    pub data: Option<String>,
    #[serde(with = "money::json::option")]
    pub valor: Option<Decimal>,
    pub descricao: Option<String>,
    pub banco: Option<String>,
    pub nome_ativo: Option<String>,
    pub tipo: Option<String>,
    pub status: Option<String>,
}

/// A page of the statement (`dados`, `totalDeRegistros`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExtratoPagina {
    pub dados: Vec<ExtratoLinha>,
    pub total_de_registros: u64,
}

/// A notification of the list.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Notificacao {
    pub id: i64,
    pub titulo: Option<String>,
    pub resumo: Option<String>,
    pub data_envio: Option<String>,
    pub data_leitura: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificacaoPagina {
    pub dados: Vec<Notificacao>,
    pub total_de_registros: u64,
}

/// What opening a notification shows: its message with the optional action button.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificacaoMensagem {
    pub titulo: Option<String>,
    pub resumo: Option<String>,
    pub data_envio: Option<String>,
    pub titulo_botao: Option<String>,
    #[serde(rename = "uRLBotao")]
    pub url_botao: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificacaoDetalhe {
    pub id: i64,
    pub titulo: Option<String>,
    pub resumo: Option<String>,
    pub data_envio: Option<String>,
    pub data_leitura: Option<String>,
    pub mensagem: Option<NotificacaoMensagem>,
}

/// A notification setting; the product sends and reads the 'TODOS' one.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificacaoConfiguracao {
    pub tipo_notificacao: String,
    pub recebe_notificacao: bool,
}

/// The unread counter.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificacaoContador {
    pub nao_lidas: u32,
}

/// A product of an investment category.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProdutoSetor {
    pub id: i64,
    pub codigo_setor: Option<u32>,
    pub nome: Option<String>,
    pub emissor: Option<String>,
    pub rentabilidade: Option<String>,
    pub vencimento: Option<String>,
    #[serde(with = "money::json::option")]
    pub aplicacao_minima: Option<Decimal>,
    pub liquidez: Option<String>,
    pub garantido_fgc: Option<bool>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProdutoPagina {
    pub dados: Vec<ProdutoSetor>,
    pub total_registros: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_detail_reads_the_button_of_its_message() {
        let d: NotificacaoDetalhe = serde_json::from_str(
            r#"{"id":5,"titulo":"Pix recebido","mensagem":{"titulo":"Pix recebido","tituloBotao":"Ver carteira","uRLBotao":"/carteira"}}"#,
        )
        .unwrap();
        let m = d.mensagem.unwrap();
        assert_eq!(m.titulo_botao.as_deref(), Some("Ver carteira"));
        assert_eq!(m.url_botao.as_deref(), Some("/carteira"));
    }

    #[test]
    fn statement_money_is_exact() {
        let p: ExtratoPagina = serde_json::from_str(
            r#"{"dados":[{"data":"2026-11-20T10:15:00-03:00","valor":-5000.10,"descricao":"Aporte"}],"totalDeRegistros":31}"#,
        )
        .unwrap();
        assert_eq!(p.total_de_registros, 31);
        assert_eq!(p.dados[0].valor, Some(Decimal::new(-500010, 2)));
    }
}

//! The tax guide of a report year (`GET /v1/informe/{ano}/declaracao`): per offering, the
//! IRPF codes, the issuer, the 'Discriminação' and the amounts.

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::domain::irpf::Rendimentos;
use crate::domain::money;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclaracaoIrpf {
    pub ano: i32,
    #[serde(default)]
    pub itens: Vec<ItemIrpf>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemIrpf {
    pub id_captacao: i64,
    pub nome_captacao: String,
    pub emissor: EmissorIrpf,
    pub bens_e_direitos: BensEDireitos,
    pub rendimentos: RendimentosIrpf,
    pub discriminacao: String,
    #[serde(with = "money::json")]
    pub saldo_anterior: Decimal,
    #[serde(with = "money::json")]
    pub saldo_atual: Decimal,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmissorIrpf {
    pub razao_social: String,
    pub cnpj: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BensEDireitos {
    pub grupo: String,
    pub codigo: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RendimentosIrpf {
    pub tipo: Rendimentos,
    pub codigo: String,
    #[serde(with = "money::json")]
    pub valor: Decimal,
}

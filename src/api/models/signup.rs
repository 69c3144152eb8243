//! The sign-up record, the body of `POST /v1/cadastro` (the platform's first step of a
//! registration).

use serde::{Deserialize, Serialize};

/// Sign-up record, the body of `POST /v1/cadastro`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SignupRecord {
    pub is_checked: bool,
    pub step: i64,
    pub status: i64,
    /// Always sent, `null` for a plain sign-up.
    pub id_reserva: Option<i64>,
    pub dados_basicos: SignupBasicos,
    pub dados_pessoais: SignupPessoais,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SignupBasicos {
    pub nome: String,
    pub email: String,
    pub telefones: Vec<SignupTelefone>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SignupTelefone {
    /// 2 = mobile; the sign-up always sends 2.
    pub tipo: i64,
    pub codigo_area: String,
    pub numero: String,
    pub telefone_completo: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SignupPessoais {
    /// The CPF, 11 digits.
    pub documento: String,
}

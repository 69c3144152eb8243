//! Sign-up (`POST /v1/cadastro`, public): builds and sends the sign-up record.

use reqwest::Method;
use serde_json::Value;

use super::models::{SignupBasicos, SignupPessoais, SignupRecord, SignupTelefone};
use super::{ApiError, PlatformClient};
use crate::domain::validate::{ValidSignup, format_phone_br};

/// Phone type of the sign-up: always mobile.
const PHONE_TYPE_MOBILE: i64 = 2;

impl SignupRecord {
    /// The record for a sign-up that passed the form's rules: phone type 2 with the area
    /// code and number derived from what was typed, `telefoneCompleto` as
    /// `(11) 91234-5678`, the CPF as 11 digits.
    pub fn from_valid(v: &ValidSignup) -> SignupRecord {
        SignupRecord {
            is_checked: true,
            step: 1,
            status: 0,
            id_reserva: None,
            dados_basicos: SignupBasicos {
                nome: v.nome.clone(),
                email: v.email.clone(),
                telefones: vec![SignupTelefone {
                    tipo: PHONE_TYPE_MOBILE,
                    codigo_area: v.ddd.clone(),
                    numero: v.numero.clone(),
                    telefone_completo: format_phone_br(&format!("{}{}", v.ddd, v.numero)),
                }],
            },
            dados_pessoais: SignupPessoais {
                documento: v.cpf.clone(),
            },
        }
    }
}

impl PlatformClient {
    /// `POST /v1/cadastro`. The sign-up succeeded when the answer has an `id`;
    /// `Ok(None)` is a 2xx answer without one (the caller shows the generic error).
    pub async fn sign_up(&self, record: &SignupRecord) -> Result<Option<String>, ApiError> {
        let body: Value = self
            .json(self.api(Method::POST, "/v1/cadastro", None).json(record))
            .await?;
        Ok(match body.get("id") {
            Some(Value::Number(n)) => Some(n.to_string()),
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use serde_json::json;

    #[test]
    fn the_record_has_the_platforms_sign_up_shape() {
        let v = ValidSignup {
            nome: "Maria da Silva".into(),
            email: "maria@example.com.br".into(),
            ddd: "11".into(),
            numero: "912345678".into(),
            cpf: "88339488899".into(),
        };
        let json = serde_json::to_value(SignupRecord::from_valid(&v)).unwrap();
        assert_eq!(
            json,
            json!({"isChecked": true, "step": 1, "status": 0, "idReserva": null,
                   "dadosBasicos": {"nome": "Maria da Silva", "email": "maria@example.com.br",
                       "telefones": [{"tipo": 2, "codigoArea": "11", "numero": "912345678",
                                      "telefoneCompleto": "(11) 91234-5678"}]},
                   "dadosPessoais": {"documento": "88339488899"}})
        );
    }
}

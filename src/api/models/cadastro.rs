//! The registration (the whole user object of `GET /v1/cadastro`), its documents and the
//! investor profile.
//!
//! The user object is kept as the platform sent it: a save changes only the fields of the
//! form and sends every other field back untouched.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::domain::status::CadastroStatus;

/// The user object as received, with a typed view of what the screens read.
#[derive(Debug, Clone)]
pub struct Cadastro {
    raw: Value,
    view: CadastroView,
}

impl Cadastro {
    pub fn new(raw: Value) -> Self {
        let view = serde_json::from_value(raw.clone()).unwrap_or_default();
        Cadastro { raw, view }
    }

    pub fn raw(&self) -> &Value {
        &self.raw
    }

    pub fn view(&self) -> &CadastroView {
        &self.view
    }

    /// Writes `value` at the path of keys (e.g. `["dadosPessoais", "genero"]`), creating
    /// the objects on the way; the view is read again.
    pub fn set(&mut self, keys: &[&str], value: Value) {
        let mut node = &mut self.raw;
        for key in keys {
            if !node.is_object() {
                *node = json!({});
            }
            let Some(map) = node.as_object_mut() else {
                return;
            };
            node = map.entry((*key).to_owned()).or_insert(Value::Null);
        }
        *node = value;
        self.view = serde_json::from_value(self.raw.clone()).unwrap_or_default();
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CadastroView {
    pub id: Option<Value>,
    pub codigo: Option<String>,
    pub cadastro: Option<CadastroStatus>,
    pub observacao: Option<String>,
    pub dados_basicos: super::DadosBasicos,
    pub dados_pessoais: DadosPessoais,
    pub declaracao: Declaracao,
    pub dados_complementares: DadosComplementares,
    pub dados_financeiros: DadosFinanceiros,
    /// The investor's accounts at the platform (the statement's choice of account).
    #[serde(deserialize_with = "accounts")]
    pub contas: Vec<ContaCliente>,
}

/// An account of the investor at the platform: its client code and account number.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct ContaCliente {
    pub codigo_cliente: String,
    pub conta: String,
}

/// A list of accounts of an unknown shape reads as none instead of losing the whole user.
fn accounts<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<ContaCliente>, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(serde_json::from_value(v).unwrap_or_default())
}

impl CadastroView {
    /// The user id as the documents call wants it (a number or a string on the wire).
    pub fn id_text(&self) -> String {
        match &self.id {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        }
    }

    pub fn rg(&self) -> DocumentoIdentidade {
        self.dados_pessoais
            .documento_identidade
            .first()
            .cloned()
            .unwrap_or_default()
    }

    pub fn bank(&self) -> ContaBancaria {
        self.dados_financeiros
            .contas_bancarias
            .first()
            .cloned()
            .unwrap_or_default()
    }

    pub fn phone(&self) -> String {
        self.dados_basicos
            .telefones
            .first()
            .map(|t| {
                format!(
                    "{}{}",
                    t.codigo_area.as_deref().unwrap_or_default(),
                    t.numero.as_deref().unwrap_or_default()
                )
            })
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DadosPessoais {
    pub documento: Option<String>,
    pub genero: Option<String>,
    pub estado: Option<String>,
    pub nacionalidade: Option<String>,
    pub pais: Option<String>,
    pub documento_identidade: Vec<DocumentoIdentidade>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DocumentoIdentidade {
    pub numero: Option<String>,
    pub estado_emissao: Option<String>,
    pub emissor: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Declaracao {
    pub politicamente_exposto: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct DadosComplementares {
    pub endereco: Endereco,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Endereco {
    pub cep: Option<String>,
    pub rua: Option<String>,
    pub numero: Option<String>,
    pub complemento: Option<String>,
    pub bairro: Option<String>,
    pub cidade: Option<String>,
    pub estado: Option<String>,
    pub pais: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DadosFinanceiros {
    pub contas_bancarias: Vec<ContaBancaria>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContaBancaria {
    pub tipo_conta: Option<String>,
    pub banco: Option<String>,
    pub agencia: Option<String>,
    pub digito_agencia: Option<String>,
    pub conta: Option<String>,
    pub digito_conta: Option<String>,
}

/// A registration document (the file itself is fetched apart).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CadastroDocumento {
    pub id: i64,
    pub email: Option<String>,
    pub tipo_documento: String,
    pub nome_documento: Option<String>,
    pub descricao_documento: Option<String>,
    pub data_envio: Option<String>,
}

/// The investor profile as stored: the profile, its points and the answers.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Suitability {
    pub perfil: Option<String>,
    pub pontuacao: Option<u32>,
    pub respostas: BTreeMap<String, String>,
    pub data_atualizacao: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_changes_only_its_fields_and_keeps_the_rest() {
        let mut r = Cadastro::new(json!({
            "id": 7, "campoNovo": {"x": 1},
            "dadosPessoais": {"documento": "52998224725", "outro": true}
        }));
        r.set(&["dadosPessoais", "genero"], json!("Female"));
        r.set(
            &["dadosComplementares", "endereco", "cep"],
            json!("78890000"),
        );
        assert_eq!(r.raw()["campoNovo"], json!({"x": 1}));
        assert_eq!(r.raw()["dadosPessoais"]["outro"], json!(true));
        assert_eq!(r.view().dados_pessoais.genero.as_deref(), Some("Female"));
        assert_eq!(
            r.view().dados_complementares.endereco.cep.as_deref(),
            Some("78890000")
        );
        assert_eq!(r.view().id_text(), "7");
    }
}

//! `PUT /v1/cadastro`: the investor sends back the whole registration object, edited;
//! its personal data, address and bank account are stored (in every cadastro state).
//!
//! Each field is read from its place in the body: a key that is absent (or inside a list
//! sent empty) keeps the stored value, `null` or `""` clears it. CPF and e-mail are
//! read-only: their format is checked when present, a change is ignored. Name and mobile
//! cannot be cleared. Every failing field is collected and the message of the first
//! failure in [`ORDEM`] is answered (400), the order the forms check them in.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use rusqlite::params_from_iter;
use rusqlite::types::Value as Sql;
use serde_json::Value;

use crate::domain::reference::{bank_name, country_by_alpha3, state_by_uf};
use crate::domain::validate::{
    MSG_CELULAR_INVALIDO, MSG_CPF_INVALIDO, MSG_EMAIL_INVALIDO, MSG_NOME_INVALIDO,
    MSG_PREENCHER_CAMPOS, NAME_MAX_CHARS, digits_only, is_valid_cep, is_valid_cpf, is_valid_email,
    is_valid_name, normalize_name, split_phone,
};
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::usuario;
use crate::sandbox::erro::ApiError;

pub(crate) const MSG_CEP: &str = "Por favor, informe um CEP válido para prosseguir.";
pub(crate) const MSG_BANCO: &str = "Selecione um dos bancos da listagem para prosseguir.";
pub(crate) const MSG_TAMANHO: &str = "Um dos campos excede o tamanho permitido.";
/// A value outside its list (gender, nationality, UF, country, RG issuer, account type)
/// or of the wrong JSON type.
pub(crate) const MSG_VALOR: &str = "Um dos campos tem um valor inválido.";

/// Which failure is told when several fields fail.
const ORDEM: &[&str] = &[
    MSG_CPF_INVALIDO,
    MSG_NOME_INVALIDO,
    MSG_EMAIL_INVALIDO,
    MSG_CELULAR_INVALIDO,
    MSG_TAMANHO,
    MSG_CEP,
    MSG_BANCO,
    MSG_VALOR,
];

const GENEROS: &[&str] = &["Male", "Female"];
const NACIONALIDADES: &[&str] = &["Brazilian", "NaturalizedBrazilian", "Foreigner"];
const EMISSORES: &[&str] = &["IFP", "SSP", "DETRAN", "PC"];
const TIPOS_CONTA: &[&str] = &["CheckingAccount", "Savings"];

const RG: &str = "/dadosPessoais/documentoIdentidade/0";
const ENDERECO: &str = "/dadosComplementares/endereco";
const CONTA: &str = "/dadosFinanceiros/contasBancarias/0";

#[derive(Clone, Copy)]
enum Regra {
    /// Free text of at most this many characters.
    Texto(usize),
    /// One of these values, exactly.
    Um(&'static [&'static str]),
    Uf,
    Pais,
    Cep,
    Banco,
}

/// The stored fields besides name and phone: (place in the body, column, rule).
const CAMPOS: &[(&str, &str, &str, Regra)] = &[
    ("/dadosPessoais", "genero", "genero", Regra::Um(GENEROS)),
    ("/dadosPessoais", "estado", "estado_nascimento", Regra::Uf),
    (
        "/dadosPessoais",
        "nacionalidade",
        "nacionalidade",
        Regra::Um(NACIONALIDADES),
    ),
    ("/dadosPessoais", "pais", "pais", Regra::Pais),
    (RG, "numero", "rg_numero", Regra::Texto(16)),
    (RG, "estadoEmissao", "rg_estado", Regra::Uf),
    (RG, "emissor", "rg_emissor", Regra::Um(EMISSORES)),
    (ENDERECO, "cep", "cep", Regra::Cep),
    (ENDERECO, "rua", "rua", Regra::Texto(150)),
    (ENDERECO, "numero", "numero", Regra::Texto(10)),
    (ENDERECO, "complemento", "complemento", Regra::Texto(100)),
    (ENDERECO, "bairro", "bairro", Regra::Texto(100)),
    (ENDERECO, "cidade", "cidade", Regra::Texto(100)),
    (ENDERECO, "estado", "estado", Regra::Uf),
    (ENDERECO, "pais", "pais_endereco", Regra::Pais),
    (CONTA, "tipoConta", "tipo_conta", Regra::Um(TIPOS_CONTA)),
    (CONTA, "banco", "banco", Regra::Banco),
    (CONTA, "agencia", "agencia", Regra::Texto(8)),
    (CONTA, "digitoAgencia", "digito_agencia", Regra::Texto(2)),
    (CONTA, "conta", "conta", Regra::Texto(15)),
    (CONTA, "digitoConta", "digito_conta", Regra::Texto(2)),
];

/// One field of the body.
enum Campo {
    Ausente,
    Vazio,
    Valor(String),
}

/// Reads `ponteiro` as text: strings trimmed, numbers as written; any other JSON type
/// is [`MSG_VALOR`].
fn campo(corpo: &Value, ponteiro: &str) -> Result<Campo, &'static str> {
    match corpo.pointer(ponteiro) {
        None => Ok(Campo::Ausente),
        Some(Value::Null) => Ok(Campo::Vazio),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Campo::Vazio),
        Some(Value::String(s)) => Ok(Campo::Valor(s.trim().to_owned())),
        Some(Value::Number(n)) => Ok(Campo::Valor(n.to_string())),
        Some(_) => Err(MSG_VALOR),
    }
}

/// The value to store under `regra`, normalised (UF and country upper-case, CEP and
/// bank code as digits).
fn conferir(regra: Regra, v: &str) -> Result<String, &'static str> {
    match regra {
        Regra::Texto(max) if v.chars().count() > max => Err(MSG_TAMANHO),
        Regra::Texto(_) => Ok(v.to_owned()),
        Regra::Um(lista) => lista
            .iter()
            .find(|x| **x == v)
            .map(|x| (*x).to_owned())
            .ok_or(MSG_VALOR),
        Regra::Uf => state_by_uf(v).map(|s| s.uf.clone()).ok_or(MSG_VALOR),
        Regra::Pais => country_by_alpha3(v)
            .map(|c| c.alpha3.clone())
            .ok_or(MSG_VALOR),
        Regra::Cep if is_valid_cep(v) => Ok(digits_only(v)),
        Regra::Cep => Err(MSG_CEP),
        Regra::Banco => bank_name(v).map(|_| format!("{v:0>3}")).ok_or(MSG_BANCO),
    }
}

/// What the body changes: (column, new value) pairs.
struct Alteracoes {
    colunas: Vec<(&'static str, Sql)>,
}

fn ler(corpo: &[u8]) -> Result<Alteracoes, ApiError> {
    let v: Value =
        serde_json::from_slice(corpo).map_err(|_| ApiError::requisicao(MSG_PREENCHER_CAMPOS))?;
    if !v.is_object() {
        return Err(ApiError::requisicao(MSG_PREENCHER_CAMPOS));
    }
    let mut falhas: Vec<&'static str> = Vec::new();
    let mut colunas: Vec<(&'static str, Sql)> = Vec::new();
    let mut falhar = |m: &'static str| falhas.push(m);

    // Read-only: checked when present, never stored.
    match campo(&v, "/dadosPessoais/documento") {
        Ok(Campo::Valor(cpf)) if !is_valid_cpf(&cpf) => falhar(MSG_CPF_INVALIDO),
        Err(m) => falhar(m),
        _ => {}
    }
    match campo(&v, "/dadosBasicos/email") {
        Ok(Campo::Valor(email)) if !is_valid_email(&email) => falhar(MSG_EMAIL_INVALIDO),
        Err(m) => falhar(m),
        _ => {}
    }
    match campo(&v, "/dadosBasicos/nome") {
        Ok(Campo::Ausente) => {}
        Ok(Campo::Valor(nome)) if is_valid_name(&nome) => {
            let nome = normalize_name(&nome);
            if nome.chars().count() > NAME_MAX_CHARS {
                falhar(MSG_TAMANHO);
            }
            colunas.push(("nome", Sql::Text(nome)));
        }
        Ok(_) => falhar(MSG_NOME_INVALIDO),
        Err(m) => falhar(m),
    }
    let ddd = campo(&v, "/dadosBasicos/telefones/0/codigoArea");
    let numero = campo(&v, "/dadosBasicos/telefones/0/numero");
    match (ddd, numero) {
        (Ok(Campo::Ausente), Ok(Campo::Ausente)) => {}
        (Err(m), _) | (_, Err(m)) => falhar(m),
        (Ok(ddd), Ok(numero)) => {
            let texto = |c: Campo| match c {
                Campo::Valor(s) => s,
                _ => String::new(),
            };
            match split_phone(&format!("{}{}", texto(ddd), texto(numero))) {
                Some((ddd, numero)) => {
                    colunas.push(("telefone_ddd", Sql::Text(ddd)));
                    colunas.push(("telefone_numero", Sql::Text(numero)));
                }
                None => falhar(MSG_CELULAR_INVALIDO),
            }
        }
    }
    match v.pointer("/declaracao/politicamenteExposto") {
        None => {}
        Some(Value::Null) => colunas.push(("politicamente_exposto", Sql::Integer(0))),
        Some(Value::Bool(b)) => {
            colunas.push(("politicamente_exposto", Sql::Integer(i64::from(*b))))
        }
        Some(_) => falhar(MSG_VALOR),
    }
    for (grupo, chave, coluna, regra) in CAMPOS {
        match campo(&v, &format!("{grupo}/{chave}")) {
            Ok(Campo::Ausente) => {}
            Ok(Campo::Vazio) => colunas.push((coluna, Sql::Null)),
            Ok(Campo::Valor(valor)) => match conferir(*regra, &valor) {
                Ok(valor) => colunas.push((coluna, Sql::Text(valor))),
                Err(m) => falhar(m),
            },
            Err(m) => falhar(m),
        }
    }
    match ORDEM.iter().find(|m| falhas.contains(m)) {
        Some(m) => Err(ApiError::requisicao(*m)),
        None => Ok(Alteracoes { colunas }),
    }
}

/// `PUT /v1/cadastro[?email=]` → 200 with the updated registration. The token decides
/// whose registration it is; `?email=` is accepted and ignored.
pub(crate) async fn atualizar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<Json<Value>, ApiError> {
    let alteracoes = ler(&corpo)?;
    let id = investidor.usuario_id;
    sandbox
        .db()
        .escrever(move |tx| {
            // Read first: a session that outlived its user is 401, not a silent no-op.
            usuario(tx, id)?;
            if !alteracoes.colunas.is_empty() {
                // Column names come from this module's constants, never from the body.
                let sets: Vec<String> = alteracoes
                    .colunas
                    .iter()
                    .enumerate()
                    .map(|(i, (coluna, _))| format!("{coluna} = ?{}", i + 1))
                    .collect();
                let sql = format!(
                    "UPDATE usuarios SET {} WHERE id = ?{}",
                    sets.join(", "),
                    alteracoes.colunas.len() + 1
                );
                let valores = alteracoes
                    .colunas
                    .into_iter()
                    .map(|(_, v)| v)
                    .chain([Sql::Integer(id)]);
                tx.execute(&sql, params_from_iter(valores))?;
            }
            usuario(tx, id).map(Json)
        })
        .await
}

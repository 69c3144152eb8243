//! `PUT /v1/cadastro`: the investor sends back the whole registration object, edited;
//! its personal data, address and bank account are stored (in every cadastro state).
//!
//! Each field is read from its place in the body: a key that is absent (or inside a list
//! sent empty) keeps the stored value, `null` or `""` clears it. CPF and e-mail are
//! read-only: their format is checked when present, a change is ignored. Name and mobile
//! cannot be cleared. Every failing field is collected and one message is answered
//! (400): the first form's (personal data, then address, then bank account), and inside
//! it the first of [`ORDEM`], the order the forms check them in. The rules and messages
//! are the domain's (`validate::cadastro`), so the platform and the forms agree.

use axum::body::Bytes;
use axum::extract::State;
use rusqlite::types::Value as Sql;
use serde_json::Value;

use crate::domain::reference::{
    EmissorRg, Genero, Nacionalidade, TipoConta, bank_name, country_by_alpha3, state_by_uf,
};
use crate::domain::validate::cadastro::{
    ACCOUNT_MAX_CHARS, ADDRESS_NUMBER_MAX_CHARS, ADDRESS_TEXT_MAX_CHARS, AGENCY_MAX_CHARS,
    DIGIT_MAX_CHARS, MSG_BANK, MSG_BANK_DIGITS, MSG_CEP, MSG_INVALID_OPTION, MSG_TOO_LONG,
    RG_MAX_CHARS,
};
use crate::domain::validate::{
    MSG_CELULAR_INVALIDO, MSG_CPF_INVALIDO, MSG_EMAIL_INVALIDO, MSG_NOME_INVALIDO, MSG_PLAIN_TEXT,
    MSG_PREENCHER_CAMPOS, MSG_RG, NAME_MAX_CHARS, digits_only, is_single_line, is_valid_cep,
    is_valid_cpf, is_valid_email, is_valid_name, is_valid_rg, normalize_name, split_phone,
};
use crate::sandbox::Sandbox;
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::cadastro::{registro, store};
use crate::sandbox::erro::ApiError;
use crate::sandbox::resposta::{self, JsonExato};

/// Which failure is told inside a group when several fields fail.
const ORDEM: &[&str] = &[
    MSG_PREENCHER_CAMPOS,
    MSG_CPF_INVALIDO,
    MSG_NOME_INVALIDO,
    MSG_EMAIL_INVALIDO,
    MSG_CELULAR_INVALIDO,
    MSG_CEP,
    MSG_BANK,
    MSG_TOO_LONG,
    MSG_BANK_DIGITS,
    MSG_INVALID_OPTION,
];

/// The forms, in the order the registration area shows them: a failure in personal data
/// is told before one in the address, and that before one in the bank account.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Grupo {
    Pessoais,
    Endereco,
    Banco,
}

const PESSOAIS: &str = "/dadosPessoais";
const RG: &str = "/dadosPessoais/documentoIdentidade/0";
const ENDERECO: &str = "/dadosComplementares/endereco";
const CONTA: &str = "/dadosFinanceiros/contasBancarias/0";

#[derive(Clone, Copy)]
enum Regra {
    /// Free text of at most this many characters, on a single line.
    Texto(usize),
    /// An RG number: letters, digits, dots and dashes.
    Rg,
    /// Digits only, at most this many (agency, account).
    Numero(usize),
    /// A check digit: a digit or X.
    Digito,
    /// One of a closed list: the value to store, or `None` when outside it.
    Lista(fn(&str) -> Option<&'static str>),
    Uf,
    Pais,
    Cep,
    Banco,
}

fn genero(v: &str) -> Option<&'static str> {
    Genero::from_api(v).map(Genero::api)
}

fn nacionalidade(v: &str) -> Option<&'static str> {
    Nacionalidade::from_api(v).map(Nacionalidade::api)
}

fn emissor(v: &str) -> Option<&'static str> {
    EmissorRg::from_api(v).map(EmissorRg::api)
}

fn tipo_conta(v: &str) -> Option<&'static str> {
    TipoConta::from_api(v).map(TipoConta::api)
}

/// The stored fields besides name and phone: (object in the body, key, column, rule).
const CAMPOS: &[(&str, &str, &str, Regra)] = &[
    (PESSOAIS, "genero", "genero", Regra::Lista(genero)),
    (PESSOAIS, "estado", "estado_nascimento", Regra::Uf),
    (
        PESSOAIS,
        "nacionalidade",
        "nacionalidade",
        Regra::Lista(nacionalidade),
    ),
    (PESSOAIS, "pais", "pais", Regra::Pais),
    (RG, "numero", "rg_numero", Regra::Rg),
    (RG, "estadoEmissao", "rg_estado", Regra::Uf),
    (RG, "emissor", "rg_emissor", Regra::Lista(emissor)),
    (ENDERECO, "cep", "cep", Regra::Cep),
    (ENDERECO, "rua", "rua", Regra::Texto(ADDRESS_TEXT_MAX_CHARS)),
    (
        ENDERECO,
        "numero",
        "numero",
        Regra::Texto(ADDRESS_NUMBER_MAX_CHARS),
    ),
    (
        ENDERECO,
        "complemento",
        "complemento",
        Regra::Texto(ADDRESS_TEXT_MAX_CHARS),
    ),
    (
        ENDERECO,
        "bairro",
        "bairro",
        Regra::Texto(ADDRESS_TEXT_MAX_CHARS),
    ),
    (
        ENDERECO,
        "cidade",
        "cidade",
        Regra::Texto(ADDRESS_TEXT_MAX_CHARS),
    ),
    (ENDERECO, "estado", "estado", Regra::Uf),
    (ENDERECO, "pais", "pais_endereco", Regra::Pais),
    (CONTA, "tipoConta", "tipo_conta", Regra::Lista(tipo_conta)),
    (CONTA, "banco", "banco", Regra::Banco),
    (CONTA, "agencia", "agencia", Regra::Numero(AGENCY_MAX_CHARS)),
    (CONTA, "digitoAgencia", "digito_agencia", Regra::Digito),
    (CONTA, "conta", "conta", Regra::Numero(ACCOUNT_MAX_CHARS)),
    (CONTA, "digitoConta", "digito_conta", Regra::Digito),
];

fn grupo(objeto: &str) -> Grupo {
    if objeto.starts_with(ENDERECO) {
        Grupo::Endereco
    } else if objeto.starts_with(CONTA) {
        Grupo::Banco
    } else {
        Grupo::Pessoais
    }
}

/// One field of the body.
enum Campo {
    Ausente,
    Vazio,
    Valor(String),
}

/// Reads `ponteiro` as text: strings trimmed, numbers as written; any other JSON type
/// makes the body unreadable ([`MSG_PREENCHER_CAMPOS`], as a body that is not JSON).
fn campo(corpo: &Value, ponteiro: &str) -> Result<Campo, &'static str> {
    match corpo.pointer(ponteiro) {
        None => Ok(Campo::Ausente),
        Some(Value::Null) => Ok(Campo::Vazio),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Campo::Vazio),
        Some(Value::String(s)) => Ok(Campo::Valor(s.trim().to_owned())),
        Some(Value::Number(n)) => Ok(Campo::Valor(n.to_string())),
        Some(_) => Err(MSG_PREENCHER_CAMPOS),
    }
}

/// The value to store under `regra`, normalised (closed lists in the API's spelling, UF
/// and country upper-case, CEP as 8 digits, bank code as 3).
fn conferir(regra: Regra, v: &str) -> Result<String, &'static str> {
    let longo = |max: usize| v.chars().count() > max;
    match regra {
        Regra::Texto(max) if longo(max) => Err(MSG_TOO_LONG),
        Regra::Texto(_) if !is_single_line(v) => Err(MSG_PLAIN_TEXT),
        Regra::Texto(_) => Ok(v.to_owned()),
        Regra::Rg if longo(RG_MAX_CHARS) => Err(MSG_TOO_LONG),
        Regra::Rg if !is_valid_rg(v) => Err(MSG_RG),
        Regra::Rg => Ok(v.to_owned()),
        Regra::Numero(max) if longo(max) => Err(MSG_TOO_LONG),
        Regra::Numero(_) if !v.bytes().all(|b| b.is_ascii_digit()) => Err(MSG_BANK_DIGITS),
        Regra::Numero(_) => Ok(v.to_owned()),
        Regra::Digito if longo(DIGIT_MAX_CHARS) => Err(MSG_TOO_LONG),
        Regra::Digito
            if !v
                .chars()
                .all(|c| c.is_ascii_digit() || c == 'X' || c == 'x') =>
        {
            Err(MSG_BANK_DIGITS)
        }
        Regra::Digito => Ok(v.to_uppercase()),
        Regra::Lista(valor) => valor(v).map(str::to_owned).ok_or(MSG_INVALID_OPTION),
        Regra::Uf => state_by_uf(v)
            .map(|s| s.uf.clone())
            .ok_or(MSG_INVALID_OPTION),
        Regra::Pais => country_by_alpha3(v)
            .map(|c| c.alpha3.clone())
            .ok_or(MSG_INVALID_OPTION),
        Regra::Cep if is_valid_cep(v) => Ok(digits_only(v)),
        Regra::Cep => Err(MSG_CEP),
        Regra::Banco => bank_name(v).map(|_| format!("{v:0>3}")).ok_or(MSG_BANK),
    }
}

/// What the body changes: (column, new value) pairs.
struct Alteracoes {
    colunas: Vec<(&'static str, Sql)>,
}

fn parse(corpo: &[u8]) -> Result<Alteracoes, ApiError> {
    let v: Value =
        serde_json::from_slice(corpo).map_err(|_| ApiError::requisicao(MSG_PREENCHER_CAMPOS))?;
    if !v.is_object() {
        return Err(ApiError::requisicao(MSG_PREENCHER_CAMPOS));
    }
    let mut falhas: Vec<(Grupo, &'static str)> = Vec::new();
    let mut colunas: Vec<(&'static str, Sql)> = Vec::new();
    let mut falhar = |g: Grupo, m: &'static str| falhas.push((g, m));
    let pessoal = Grupo::Pessoais;

    // Read-only: checked when present, never stored.
    match campo(&v, "/dadosPessoais/documento") {
        Ok(Campo::Valor(cpf)) if !is_valid_cpf(&cpf) => falhar(pessoal, MSG_CPF_INVALIDO),
        Err(m) => falhar(pessoal, m),
        _ => {}
    }
    match campo(&v, "/dadosBasicos/email") {
        Ok(Campo::Valor(email)) if !is_valid_email(&email) => falhar(pessoal, MSG_EMAIL_INVALIDO),
        Err(m) => falhar(pessoal, m),
        _ => {}
    }
    match campo(&v, "/dadosBasicos/nome") {
        Ok(Campo::Ausente) => {}
        Ok(Campo::Valor(nome)) if is_valid_name(&nome) => {
            let nome = normalize_name(&nome);
            if nome.chars().count() > NAME_MAX_CHARS {
                falhar(pessoal, MSG_TOO_LONG);
            }
            colunas.push(("nome", Sql::Text(nome)));
        }
        Ok(_) => falhar(pessoal, MSG_NOME_INVALIDO),
        Err(m) => falhar(pessoal, m),
    }
    let ddd = campo(&v, "/dadosBasicos/telefones/0/codigoArea");
    let numero = campo(&v, "/dadosBasicos/telefones/0/numero");
    match (ddd, numero) {
        (Ok(Campo::Ausente), Ok(Campo::Ausente)) => {}
        (Err(m), _) | (_, Err(m)) => falhar(pessoal, m),
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
                None => falhar(pessoal, MSG_CELULAR_INVALIDO),
            }
        }
    }
    match v.pointer("/declaracao/politicamenteExposto") {
        None => {}
        Some(Value::Null) => colunas.push(("politicamente_exposto", Sql::Integer(0))),
        Some(Value::Bool(b)) => {
            colunas.push(("politicamente_exposto", Sql::Integer(i64::from(*b))))
        }
        Some(_) => falhar(pessoal, MSG_PREENCHER_CAMPOS),
    }
    for (objeto, chave, coluna, regra) in CAMPOS {
        let g = grupo(objeto);
        match campo(&v, &format!("{objeto}/{chave}")) {
            Ok(Campo::Ausente) => {}
            Ok(Campo::Vazio) => colunas.push((coluna, Sql::Null)),
            Ok(Campo::Valor(valor)) => match conferir(*regra, &valor) {
                Ok(valor) => colunas.push((coluna, Sql::Text(valor))),
                Err(m) => falhar(g, m),
            },
            Err(m) => falhar(g, m),
        }
    }
    let posicao = |m: &str| ORDEM.iter().position(|o| *o == m).unwrap_or(ORDEM.len());
    match falhas.into_iter().min_by_key(|(g, m)| (*g, posicao(m))) {
        Some((_, m)) => Err(ApiError::requisicao(m)),
        None => Ok(Alteracoes { colunas }),
    }
}

/// `PUT /v1/cadastro[?email=]` → 200 with the updated registration. The token decides
/// whose registration it is; `?email=` is accepted and ignored.
pub(crate) async fn atualizar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    corpo: Bytes,
) -> Result<JsonExato, ApiError> {
    let alteracoes = parse(&corpo)?;
    let atualizado = investidor
        .write(&sandbox, move |tx, id| {
            // Read first: a session that outlived its user is 401, not a silent no-op.
            registro(tx, id)?;
            store::alterar(tx, id, alteracoes.colunas)?;
            registro(tx, id)
        })
        .await?;
    resposta::json(&atualizado)
}

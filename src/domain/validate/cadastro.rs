//! The account area's forms: personal data, address, bank account, the verification
//! request and the tax-return year. Each form first needs every required field (one
//! message marks every empty field), then checks the values in a fixed order.

use super::errors::{FieldError, FormError};
use super::{
    EMAIL_MAX_CHARS, MSG_RG, NAME_MAX_CHARS, digits_only, first_not_single_line, is_single_line,
    is_valid_cep, is_valid_cpf, is_valid_email, is_valid_mobile_phone, is_valid_name, is_valid_rg,
    normalize_name, split_phone,
};
use super::{MSG_CELULAR_INVALIDO, MSG_CPF_INVALIDO, MSG_EMAIL_INVALIDO, MSG_NOME_INVALIDO};
use crate::domain::reference::{self, EmissorRg, Genero, Nacionalidade, TipoConta};

pub const MSG_FILL: &str = "Necessário preencher todos os campos para prosseguir.";
pub const MSG_CEP: &str = "Por favor, informe um CEP válido para prosseguir.";
pub const MSG_BANK: &str = "Selecione um dos bancos da listagem para prosseguir.";
/// A value longer than its field allows (only a hand-made request sends one).
pub const MSG_TOO_LONG: &str = "Um dos campos excede o tamanho permitido.";
/// A value outside its list (a state, an issuer…) or an agency/account with letters.
pub const MSG_INVALID_OPTION: &str = "Selecione uma das opções da lista para prosseguir.";
pub const MSG_BANK_DIGITS: &str = "Informe a agência e a conta apenas com números.";

pub const MSG_VERIFY_PERSONAL: &str = "Por favor, certifique-se de atualizar todos os campos das suas Informações Pessoais antes de solicitar a verificação do seu cadastro.";
pub const MSG_VERIFY_ADDRESS: &str = "Por favor, atualize as informações do seu endereço antes de solicitar a verificação do seu cadastro.";
pub const MSG_VERIFY_DOCUMENTS: &str = "Por favor, envie todos os documentos obrigatórios antes de solicitar a verificação do seu cadastro.";

pub const RG_MAX_CHARS: usize = 16;
pub const CEP_INPUT_MAX_CHARS: usize = 9;
pub const ADDRESS_NUMBER_MAX_CHARS: usize = 10;
/// Street, complement, neighbourhood and city: generous, but bounded.
pub const ADDRESS_TEXT_MAX_CHARS: usize = 120;
pub const AGENCY_MAX_CHARS: usize = 8;
pub const ACCOUNT_MAX_CHARS: usize = 15;
pub const DIGIT_MAX_CHARS: usize = 2;

/// Every field named in `required` that is blank fails with the fill message.
fn blanks(required: &[(&'static str, &str)]) -> Vec<FieldError> {
    required
        .iter()
        .filter(|(_, v)| v.trim().is_empty())
        .map(|(f, _)| FieldError::new(f, MSG_FILL))
        .collect()
}

fn too_long(fields: &[(&'static str, &str, usize)]) -> Option<FieldError> {
    fields
        .iter()
        .find(|(_, v, max)| v.trim().chars().count() > *max)
        .map(|(f, _, _)| FieldError::new(f, MSG_TOO_LONG))
}

fn refuse(failures: Vec<FieldError>) -> Result<(), FormError> {
    FormError::new(failures).map_or(Ok(()), Err)
}

fn is_state(uf: &str) -> bool {
    reference::state_by_uf(uf.trim()).is_some()
}

/// 'Informações pessoais' as typed. CPF and e-mail are read-only on the form: the caller
/// passes the stored ones.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PersonalInput {
    pub cpf: String,
    pub nome: String,
    pub genero: String,
    pub email: String,
    pub celular: String,
    pub estado: String,
    pub nacionalidade: String,
    pub rg_numero: String,
    pub rg_estado: String,
    pub rg_emissor: String,
    pub politicamente_exposto: bool,
}

/// Personal data that passed every rule, in the platform's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPersonal {
    pub cpf: String,
    pub nome: String,
    pub genero: Genero,
    pub email: String,
    pub codigo_area: String,
    pub numero: String,
    pub estado: String,
    pub nacionalidade: Nacionalidade,
    pub rg_numero: String,
    pub rg_estado: String,
    pub rg_emissor: EmissorRg,
    pub politicamente_exposto: bool,
}

/// All required; then CPF, name, e-mail and mobile, in that order; then the lists.
pub fn validate_personal(i: &PersonalInput) -> Result<ValidPersonal, FormError> {
    refuse(blanks(&[
        ("cpf", &i.cpf),
        ("nome", &i.nome),
        ("genero", &i.genero),
        ("email", &i.email),
        ("celular", &i.celular),
        ("estado", &i.estado),
        ("nacionalidade", &i.nacionalidade),
        ("rg_numero", &i.rg_numero),
        ("rg_estado", &i.rg_estado),
        ("rg_emissor", &i.rg_emissor),
    ]))?;
    let single = |f, m| Err(FormError::single(FieldError::new(f, m)));
    if !is_valid_cpf(&i.cpf) {
        return single("cpf", MSG_CPF_INVALIDO);
    }
    // Each value is also a single line: a trailing tab or line break is refused, not
    // trimmed away silently.
    let name_ok = i.nome.trim().chars().count() <= NAME_MAX_CHARS && is_valid_name(&i.nome);
    if !name_ok || !is_single_line(&i.nome) {
        return single("nome", MSG_NOME_INVALIDO);
    }
    let email_ok = i.email.trim().chars().count() <= EMAIL_MAX_CHARS && is_valid_email(&i.email);
    if !email_ok || !is_single_line(&i.email) {
        return single("email", MSG_EMAIL_INVALIDO);
    }
    let phone = split_phone(&i.celular)
        .filter(|_| is_valid_mobile_phone(&i.celular) && is_single_line(&i.celular));
    let Some((codigo_area, numero)) = phone else {
        return single("celular", MSG_CELULAR_INVALIDO);
    };
    if let Some(e) = too_long(&[("rg_numero", &i.rg_numero, RG_MAX_CHARS)]) {
        return Err(FormError::single(e));
    }
    if !is_valid_rg(&i.rg_numero) {
        return single("rg_numero", MSG_RG);
    }
    let genero = Genero::from_code(&i.genero);
    let nacionalidade = Nacionalidade::from_code(&i.nacionalidade);
    let emissor = EmissorRg::from_code(&i.rg_emissor);
    let (Some(genero), Some(nacionalidade), Some(rg_emissor)) = (genero, nacionalidade, emissor)
    else {
        let field = if genero.is_none() {
            "genero"
        } else if nacionalidade.is_none() {
            "nacionalidade"
        } else {
            "rg_emissor"
        };
        return single(field, MSG_INVALID_OPTION);
    };
    if !is_state(&i.estado) {
        return single("estado", MSG_INVALID_OPTION);
    }
    if !is_state(&i.rg_estado) {
        return single("rg_estado", MSG_INVALID_OPTION);
    }
    Ok(ValidPersonal {
        cpf: digits_only(&i.cpf),
        nome: normalize_name(&i.nome),
        genero,
        email: i.email.trim().to_owned(),
        codigo_area,
        numero,
        estado: i.estado.trim().to_owned(),
        nacionalidade,
        rg_numero: i.rg_numero.trim().to_owned(),
        rg_estado: i.rg_estado.trim().to_owned(),
        rg_emissor,
        politicamente_exposto: i.politicamente_exposto,
    })
}

/// 'Endereço' as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressInput {
    pub cep: String,
    pub rua: String,
    pub numero: String,
    pub complemento: String,
    pub bairro: String,
    pub cidade: String,
    pub estado: String,
    pub pais: String,
}

/// All required but the complement; then the CEP (8 digits); then every value a single
/// line; then the lengths and the state.
/// Returns the address with the CEP as 8 digits.
pub fn validate_address(i: &AddressInput) -> Result<AddressInput, FormError> {
    refuse(blanks(&[
        ("cep", &i.cep),
        ("rua", &i.rua),
        ("numero", &i.numero),
        ("bairro", &i.bairro),
        ("cidade", &i.cidade),
        ("estado", &i.estado),
        ("pais", &i.pais),
    ]))?;
    if i.cep.trim().chars().count() > CEP_INPUT_MAX_CHARS || !is_valid_cep(&i.cep) {
        return Err(FormError::single(FieldError::new("cep", MSG_CEP)));
    }
    if let Some(e) = first_not_single_line(&[
        ("cep", &i.cep),
        ("rua", &i.rua),
        ("numero", &i.numero),
        ("complemento", &i.complemento),
        ("bairro", &i.bairro),
        ("cidade", &i.cidade),
        ("estado", &i.estado),
        ("pais", &i.pais),
    ]) {
        return Err(FormError::single(e));
    }
    if let Some(e) = too_long(&[
        ("rua", &i.rua, ADDRESS_TEXT_MAX_CHARS),
        ("numero", &i.numero, ADDRESS_NUMBER_MAX_CHARS),
        ("complemento", &i.complemento, ADDRESS_TEXT_MAX_CHARS),
        ("bairro", &i.bairro, ADDRESS_TEXT_MAX_CHARS),
        ("cidade", &i.cidade, ADDRESS_TEXT_MAX_CHARS),
    ]) {
        return Err(FormError::single(e));
    }
    if !is_state(&i.estado) {
        return Err(FormError::single(FieldError::new(
            "estado",
            MSG_INVALID_OPTION,
        )));
    }
    let t = |s: &str| s.trim().to_owned();
    Ok(AddressInput {
        cep: digits_only(&i.cep),
        rua: t(&i.rua),
        numero: t(&i.numero),
        complemento: t(&i.complemento),
        bairro: t(&i.bairro),
        cidade: t(&i.cidade),
        estado: t(&i.estado),
        pais: t(&i.pais),
    })
}

/// 'Dados Bancários' as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BankInput {
    pub banco: String,
    pub tipo_conta: String,
    pub agencia: String,
    pub digito_agencia: String,
    pub conta: String,
    pub digito_conta: String,
}

/// A bank account that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidBank {
    pub banco: String,
    pub tipo_conta: TipoConta,
    pub agencia: String,
    pub digito_agencia: String,
    pub conta: String,
    pub digito_conta: String,
}

/// Bank, agency and account required; the bank a numeric code of the list; then the
/// lengths (agency 8, account 15) and digits only. The account type defaults to checking.
pub fn validate_bank(i: &BankInput) -> Result<ValidBank, FormError> {
    refuse(blanks(&[
        ("banco", &i.banco),
        ("agencia", &i.agencia),
        ("conta", &i.conta),
    ]))?;
    let banco = i.banco.trim();
    let listed = banco.chars().all(|c| c.is_ascii_digit()) && reference::bank_name(banco).is_some();
    if !listed || !is_single_line(&i.banco) {
        return Err(FormError::single(FieldError::new("banco", MSG_BANK)));
    }
    if let Some(e) = too_long(&[
        ("agencia", &i.agencia, AGENCY_MAX_CHARS),
        ("digito_agencia", &i.digito_agencia, DIGIT_MAX_CHARS),
        ("conta", &i.conta, ACCOUNT_MAX_CHARS),
        ("digito_conta", &i.digito_conta, DIGIT_MAX_CHARS),
    ]) {
        return Err(FormError::single(e));
    }
    let digits = |s: &str| is_single_line(s) && s.trim().chars().all(|c| c.is_ascii_digit());
    // A check digit may be X (some banks use it).
    let check = |s: &str| {
        is_single_line(s)
            && s.trim()
                .chars()
                .all(|c| c.is_ascii_digit() || c == 'X' || c == 'x')
    };
    for (field, ok) in [
        ("agencia", digits(&i.agencia)),
        ("digito_agencia", check(&i.digito_agencia)),
        ("conta", digits(&i.conta)),
        ("digito_conta", check(&i.digito_conta)),
    ] {
        if !ok {
            return Err(FormError::single(FieldError::new(field, MSG_BANK_DIGITS)));
        }
    }
    let tipo_conta = match i.tipo_conta.trim() {
        "" => TipoConta::Corrente,
        code => TipoConta::from_code(code)
            .ok_or_else(|| FormError::single(FieldError::new("tipo_conta", MSG_INVALID_OPTION)))?,
    };
    Ok(ValidBank {
        banco: banco.to_owned(),
        tipo_conta,
        agencia: i.agencia.trim().to_owned(),
        digito_agencia: i.digito_agencia.trim().to_uppercase(),
        conta: i.conta.trim().to_owned(),
        digito_conta: i.digito_conta.trim().to_uppercase(),
    })
}

/// What the verification request needs, each with its own message, in this order.
pub fn verification(
    personal_complete: bool,
    address_complete: bool,
    mandatory_documents: bool,
) -> Result<(), &'static str> {
    if !personal_complete {
        Err(MSG_VERIFY_PERSONAL)
    } else if !address_complete {
        Err(MSG_VERIFY_ADDRESS)
    } else if !mandatory_documents {
        Err(MSG_VERIFY_DOCUMENTS)
    } else {
        Ok(())
    }
}

/// The tax-return year: required, and one the platform offers.
pub fn validate_tax_year(typed: &str, available: &[i32]) -> Result<i32, FieldError> {
    typed
        .trim()
        .parse::<i32>()
        .ok()
        .filter(|y| available.contains(y))
        .ok_or(FieldError::new("ano", MSG_FILL))
}

#[cfg(test)]
#[path = "cadastro_tests.rs"]
mod tests;

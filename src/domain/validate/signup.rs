//! The sign-up form (/quero-investir), spec §5 "Sign-up".

use super::{
    EMAIL_MAX_CHARS, NAME_MAX_CHARS, PHONE_INPUT_MAX_CHARS, digits_only, is_valid_cpf,
    is_valid_email, is_valid_mobile_phone, is_valid_name, normalize_name, split_phone,
};

// The spec's texts, character for character (each shown under 'Atenção!').
pub const MSG_PREENCHER_CAMPOS: &str = "Necessário preencher todos os campos para prosseguir.";
pub const MSG_TERMOS: &str = "Necessário aceitar os termos e condições e de uso para prosseguir.";
pub const MSG_NOME_INVALIDO: &str = "Por favor, informe um nome válido para prosseguir.";
pub const MSG_EMAIL_INVALIDO: &str = "Por favor, informe um e-mail válido para prosseguir.";
pub const MSG_CELULAR_INVALIDO: &str = "Por favor, informe um celular válido para prosseguir.";
pub const MSG_CPF_INVALIDO: &str = "Por favor, informe um CPF válido para prosseguir.";

/// The sign-up form as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignupInput {
    pub nome: String,
    pub email: String,
    pub celular: String,
    pub cpf: String,
    pub termos: bool,
}

/// A sign-up that passed every rule, normalised for the platform.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidSignup {
    /// Trimmed, single spaces between words.
    pub nome: String,
    /// Trimmed; case kept (the local part of an address may be case-sensitive).
    pub email: String,
    /// Area code, two digits (`"11"`).
    pub ddd: String,
    /// Subscriber number, nine digits (`"912345678"`).
    pub numero: String,
    /// Eleven digits, no mask.
    pub cpf: String,
}

/// Checks in the spec's order and returns the first failing message:
/// all filled → terms → name → e-mail → mobile → CPF. Values longer than the
/// form's `maxlength` (name 150, e-mail 100, phone 20) count as invalid for
/// their field, since only a hand-made request can send them.
pub fn validate_signup(input: &SignupInput) -> Result<ValidSignup, &'static str> {
    let filled = [&input.nome, &input.email, &input.celular, &input.cpf]
        .iter()
        .all(|f| !f.trim().is_empty());
    if !filled {
        return Err(MSG_PREENCHER_CAMPOS);
    }
    if !input.termos {
        return Err(MSG_TERMOS);
    }
    if input.nome.chars().count() > NAME_MAX_CHARS || !is_valid_name(&input.nome) {
        return Err(MSG_NOME_INVALIDO);
    }
    if input.email.trim().chars().count() > EMAIL_MAX_CHARS || !is_valid_email(&input.email) {
        return Err(MSG_EMAIL_INVALIDO);
    }
    let phone = (input.celular.chars().count() <= PHONE_INPUT_MAX_CHARS
        && is_valid_mobile_phone(&input.celular))
    .then(|| split_phone(&input.celular))
    .flatten();
    let Some((ddd, numero)) = phone else {
        return Err(MSG_CELULAR_INVALIDO);
    };
    if !is_valid_cpf(&input.cpf) {
        return Err(MSG_CPF_INVALIDO);
    }
    Ok(ValidSignup {
        nome: normalize_name(input.nome.trim()),
        email: input.email.trim().to_owned(),
        ddd,
        numero,
        cpf: digits_only(&input.cpf),
    })
}

impl TryFrom<&SignupInput> for ValidSignup {
    type Error = &'static str;

    fn try_from(input: &SignupInput) -> Result<Self, Self::Error> {
        validate_signup(input)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn good() -> SignupInput {
        SignupInput {
            nome: "  Maria  da Silva ".into(),
            email: " maria@example.com.br ".into(),
            celular: "(11) 91234-5678".into(),
            cpf: "883.394.888-99".into(),
            termos: true,
        }
    }

    #[test]
    fn valid_signup_is_normalised() {
        let v = validate_signup(&good()).unwrap();
        assert_eq!(
            v,
            ValidSignup {
                nome: "Maria da Silva".into(),
                email: "maria@example.com.br".into(),
                ddd: "11".into(),
                numero: "912345678".into(),
                cpf: "88339488899".into(),
            }
        );
        assert_eq!(ValidSignup::try_from(&good()), Ok(v));
    }

    #[test]
    fn messages_are_the_spec_texts() {
        assert_eq!(
            MSG_PREENCHER_CAMPOS,
            "Necessário preencher todos os campos para prosseguir."
        );
        assert_eq!(
            MSG_TERMOS,
            "Necessário aceitar os termos e condições e de uso para prosseguir."
        );
        assert_eq!(
            MSG_NOME_INVALIDO,
            "Por favor, informe um nome válido para prosseguir."
        );
        assert_eq!(
            MSG_EMAIL_INVALIDO,
            "Por favor, informe um e-mail válido para prosseguir."
        );
        assert_eq!(
            MSG_CELULAR_INVALIDO,
            "Por favor, informe um celular válido para prosseguir."
        );
        assert_eq!(
            MSG_CPF_INVALIDO,
            "Por favor, informe um CPF válido para prosseguir."
        );
    }

    #[test]
    fn each_empty_field_asks_to_fill_everything() {
        let setters: [fn(&mut SignupInput); 4] = [
            |i| i.nome = "   ".into(),
            |i| i.email = String::new(),
            |i| i.celular = String::new(),
            |i| i.cpf = " ".into(),
        ];
        for set in setters {
            let mut i = good();
            set(&mut i);
            // Even with the terms unticked, "fill everything" comes first.
            i.termos = false;
            assert_eq!(validate_signup(&i), Err(MSG_PREENCHER_CAMPOS));
        }
    }

    #[test]
    fn failures_are_reported_in_spec_order() {
        // Start with everything wrong; fix one rule at a time and watch the
        // message move to the next rule.
        let mut i = SignupInput {
            nome: "Maria".into(),
            email: "maria@".into(),
            celular: "(11) 81234-5678".into(),
            cpf: "123.456.789-00".into(),
            termos: false,
        };
        assert_eq!(validate_signup(&i), Err(MSG_TERMOS));
        i.termos = true;
        assert_eq!(validate_signup(&i), Err(MSG_NOME_INVALIDO));
        i.nome = "Maria Souza".into();
        assert_eq!(validate_signup(&i), Err(MSG_EMAIL_INVALIDO));
        i.email = "maria@example.com".into();
        assert_eq!(validate_signup(&i), Err(MSG_CELULAR_INVALIDO));
        i.celular = "+55 21 98765-4321".into();
        assert_eq!(validate_signup(&i), Err(MSG_CPF_INVALIDO));
        i.cpf = "12345678909".into();
        assert!(validate_signup(&i).is_ok());
    }

    #[test]
    fn over_length_fields_are_invalid() {
        let mut i = good();
        i.nome = format!("Maria {}", "a".repeat(150));
        assert_eq!(validate_signup(&i), Err(MSG_NOME_INVALIDO));
        let mut i = good();
        i.email = format!("{}@example.com", "a".repeat(60)).repeat(1);
        assert!(validate_signup(&i).is_ok());
        i.email = format!("{}@{}.com", "a".repeat(60), "b".repeat(40));
        assert_eq!(validate_signup(&i), Err(MSG_EMAIL_INVALIDO));
        let mut i = good();
        i.celular = "+55   (11)   91234-5678".into();
        assert_eq!(validate_signup(&i), Err(MSG_CELULAR_INVALIDO));
    }
}

//! The sign-up form (/quero-investir): every field filled, the terms accepted, then a
//! valid name, e-mail, mobile and CPF, in that order, each with its own message.

use validator::{Validate, ValidationError};

use super::errors::{FieldError, FormError, REQUIRED, Rule, filled, in_order};
use super::{
    EMAIL_MAX_CHARS, NAME_MAX_CHARS, PHONE_INPUT_MAX_CHARS, digits_only, is_single_line,
    is_valid_cpf, is_valid_email, is_valid_mobile_phone, is_valid_name, normalize_name,
    split_phone,
};

// The texts the user reads, character for character (each shown under 'Atenção!').
pub const MSG_PREENCHER_CAMPOS: &str = "Necessário preencher todos os campos para prosseguir.";
pub const MSG_TERMOS: &str = "Necessário aceitar os termos e condições e de uso para prosseguir.";
pub const MSG_NOME_INVALIDO: &str = "Por favor, informe um nome válido para prosseguir.";
pub const MSG_EMAIL_INVALIDO: &str = "Por favor, informe um e-mail válido para prosseguir.";
pub const MSG_CELULAR_INVALIDO: &str = "Por favor, informe um celular válido para prosseguir.";
pub const MSG_CPF_INVALIDO: &str = "Por favor, informe um CPF válido para prosseguir.";

/// An empty field's own line (the alert's message is about the whole form).
pub const MSG_CAMPO_VAZIO: &str = "Preencha este campo.";

/// What `field` says under itself when the form was refused: its own failure, an empty
/// field told so.
pub fn field_message(e: &FormError, field: &str) -> Option<&'static str> {
    e.field_message(field).map(|m| {
        if m == MSG_PREENCHER_CAMPOS {
            MSG_CAMPO_VAZIO
        } else {
            m
        }
    })
}

// `validator` takes its limits as u64.
const NAME_MAX: u64 = NAME_MAX_CHARS as u64;
const EMAIL_MAX: u64 = EMAIL_MAX_CHARS as u64;
const PHONE_MAX: u64 = PHONE_INPUT_MAX_CHARS as u64;

/// The sign-up form as typed. Values longer than the form's `maxlength` (name 150,
/// e-mail 100, phone 20) are invalid for their field: only a hand-made request sends them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Validate)]
pub struct SignupInput {
    #[validate(
        custom(function = "filled"),
        length(max = NAME_MAX, code = "nome"),
        custom(function = "name_rule")
    )]
    pub nome: String,
    #[validate(
        custom(function = "filled"),
        length(max = EMAIL_MAX, code = "email"),
        custom(function = "email_rule")
    )]
    pub email: String,
    #[validate(
        custom(function = "filled"),
        length(max = PHONE_MAX, code = "celular"),
        custom(function = "mobile_rule")
    )]
    pub celular: String,
    #[validate(custom(function = "filled"), custom(function = "cpf_rule"))]
    pub cpf: String,
    #[validate(custom(function = "terms_rule"))]
    pub termos: bool,
}

fn rule(ok: bool, code: &'static str) -> Result<(), ValidationError> {
    if ok {
        Ok(())
    } else {
        Err(ValidationError::new(code))
    }
}

/// `rule`, and `v` on a single line: a tab or line break around a value is refused, not
/// trimmed away silently.
fn rule_on_line(v: &str, ok: bool, code: &'static str) -> Result<(), ValidationError> {
    rule(ok && is_single_line(v), code)
}

fn name_rule(v: &str) -> Result<(), ValidationError> {
    rule_on_line(v, v.trim().is_empty() || is_valid_name(v), "nome")
}

fn email_rule(v: &str) -> Result<(), ValidationError> {
    rule_on_line(v, v.trim().is_empty() || is_valid_email(v), "email")
}

fn mobile_rule(v: &str) -> Result<(), ValidationError> {
    rule_on_line(
        v,
        v.trim().is_empty() || is_valid_mobile_phone(v),
        "celular",
    )
}

fn cpf_rule(v: &str) -> Result<(), ValidationError> {
    rule_on_line(v, v.trim().is_empty() || is_valid_cpf(v), "cpf")
}

fn terms_rule(v: &bool) -> Result<(), ValidationError> {
    rule(*v, "termos")
}

/// The order in which the user is told: all filled → terms → name → e-mail → mobile → CPF.
const RULES: &[Rule] = &[
    Rule {
        field: "nome",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "email",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "celular",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "cpf",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "termos",
        code: "termos",
        message: MSG_TERMOS,
    },
    Rule {
        field: "nome",
        code: "nome",
        message: MSG_NOME_INVALIDO,
    },
    Rule {
        field: "email",
        code: "email",
        message: MSG_EMAIL_INVALIDO,
    },
    Rule {
        field: "celular",
        code: "celular",
        message: MSG_CELULAR_INVALIDO,
    },
    Rule {
        field: "cpf",
        code: "cpf",
        message: MSG_CPF_INVALIDO,
    },
];

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

/// Checks every rule and reports the failures in the form's order.
pub fn validate_signup(input: &SignupInput) -> Result<ValidSignup, FormError> {
    if let Err(errors) = input.validate() {
        let failures = in_order(&errors, RULES);
        return Err(FormError::new(failures)
            .unwrap_or_else(|| FormError::single(FieldError::new("nome", MSG_PREENCHER_CAMPOS))));
    }
    let Some((ddd, numero)) = split_phone(&input.celular) else {
        return Err(FieldError::new("celular", MSG_CELULAR_INVALIDO).into());
    };
    Ok(ValidSignup {
        nome: normalize_name(input.nome.trim()),
        email: input.email.trim().to_owned(),
        ddd,
        numero,
        cpf: digits_only(&input.cpf),
    })
}

impl TryFrom<&SignupInput> for ValidSignup {
    type Error = FormError;

    fn try_from(input: &SignupInput) -> Result<Self, Self::Error> {
        validate_signup(input)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn message_of(i: &SignupInput) -> Result<ValidSignup, &'static str> {
        validate_signup(i).map_err(|e| e.message())
    }

    #[test]
    fn each_failure_names_its_field() {
        let mut i = good();
        i.nome.clear();
        i.cpf = "  ".into();
        let e = validate_signup(&i).unwrap_err();
        assert_eq!(e.message(), MSG_PREENCHER_CAMPOS);
        assert!(e.marks("nome") && e.marks("cpf") && !e.marks("email") && !e.marks("termos"));
        let mut i = good();
        i.email = "x@y".into();
        let e = validate_signup(&i).unwrap_err();
        assert!(e.marks("email") && !e.marks("nome"));
    }

    #[test]
    fn every_failing_field_has_its_own_message() {
        let mut i = good();
        i.nome.clear();
        i.email = "x@y".into();
        i.termos = false;
        let e = validate_signup(&i).unwrap_err();
        assert_eq!(e.message(), MSG_PREENCHER_CAMPOS);
        assert_eq!(field_message(&e, "nome"), Some(MSG_CAMPO_VAZIO));
        assert_eq!(field_message(&e, "email"), Some(MSG_EMAIL_INVALIDO));
        assert_eq!(field_message(&e, "termos"), Some(MSG_TERMOS));
        assert_eq!(field_message(&e, "cpf"), None);
    }

    #[test]
    fn a_formatted_cpf_is_accepted_and_sent_as_digits() {
        let mut i = good();
        i.cpf = "382.517.946-09".into();
        assert_eq!(validate_signup(&i).unwrap().cpf, "38251794609");
    }

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
    fn messages_are_the_products_texts() {
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
            assert_eq!(message_of(&i), Err(MSG_PREENCHER_CAMPOS));
        }
    }

    #[test]
    fn failures_are_reported_in_the_forms_order() {
        // Start with everything wrong; fix one rule at a time and watch the
        // message move to the next rule.
        let mut i = SignupInput {
            nome: "Maria".into(),
            email: "maria@".into(),
            celular: "(11) 81234-5678".into(),
            cpf: "123.456.789-00".into(),
            termos: false,
        };
        assert_eq!(message_of(&i), Err(MSG_TERMOS));
        i.termos = true;
        assert_eq!(message_of(&i), Err(MSG_NOME_INVALIDO));
        i.nome = "Maria Souza".into();
        assert_eq!(message_of(&i), Err(MSG_EMAIL_INVALIDO));
        i.email = "maria@example.com".into();
        assert_eq!(message_of(&i), Err(MSG_CELULAR_INVALIDO));
        i.celular = "+55 21 98765-4321".into();
        assert_eq!(message_of(&i), Err(MSG_CPF_INVALIDO));
        i.cpf = "12345678909".into();
        assert!(validate_signup(&i).is_ok());
    }

    #[test]
    fn a_line_break_or_tab_around_a_value_is_refused_not_trimmed() {
        for (field, value, msg) in [
            ("nome", "Maria Souza\t", MSG_NOME_INVALIDO),
            ("email", "maria@example.com\r\n", MSG_EMAIL_INVALIDO),
            ("celular", "\n(11) 91234-5678", MSG_CELULAR_INVALIDO),
            ("cpf", "883.394.888-99\u{202E}", MSG_CPF_INVALIDO),
        ] {
            let mut i = good();
            *match field {
                "nome" => &mut i.nome,
                "email" => &mut i.email,
                "celular" => &mut i.celular,
                _ => &mut i.cpf,
            } = value.into();
            assert_eq!(message_of(&i), Err(msg), "{field}");
        }
    }

    #[test]
    fn over_length_fields_are_invalid() {
        let mut i = good();
        i.nome = format!("Maria {}", "a".repeat(150));
        assert_eq!(message_of(&i), Err(MSG_NOME_INVALIDO));
        let mut i = good();
        i.email = format!("{}@example.com", "a".repeat(60)).repeat(1);
        assert!(validate_signup(&i).is_ok());
        i.email = format!("{}@{}.com", "a".repeat(60), "b".repeat(40));
        assert_eq!(message_of(&i), Err(MSG_EMAIL_INVALIDO));
        let mut i = good();
        i.celular = "+55   (11)   91234-5678".into();
        assert_eq!(message_of(&i), Err(MSG_CELULAR_INVALIDO));
    }
}

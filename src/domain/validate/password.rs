//! The password-change rule (/minha-conta/alterar-senha, PUT /v2/seguranca/senha): at
//! least 8 characters with letters and digits, the confirmation equal to the new password,
//! and the new one different from the current one. The page states it before anything is
//! typed; the web app checks it before calling the platform and the sandbox checks it
//! again, so both speak the same messages.

use validator::{Validate, ValidationError};

use super::errors::{FieldError, FormError, REQUIRED, Rule, filled, in_order};
use super::signup::MSG_PREENCHER_CAMPOS;

/// Shown above the form, before anything is typed.
pub const PASSWORD_RULE_TEXT: &str =
    "A senha deve ter pelo menos 8 caracteres, com letras e números.";

pub const MSG_SENHA_CURTA: &str = "A nova senha deve ter pelo menos 8 caracteres.";
pub const MSG_SENHA_LONGA: &str = "A nova senha deve ter no máximo 128 caracteres.";
pub const MSG_SENHA_LETRAS_NUMEROS: &str = "A nova senha deve ter letras e números.";
pub const MSG_CONFIRMACAO: &str = "A confirmação não confere com a nova senha.";
pub const MSG_SENHA_IGUAL: &str = "A nova senha deve ser diferente da senha atual.";

pub const PASSWORD_MIN_CHARS: usize = 8;
/// Generous for passphrases, small enough that hashing stays cheap (the
/// sandbox refuses to hash anything over 256 bytes).
pub const PASSWORD_MAX_CHARS: usize = 128;

const PASSWORD_MIN: u64 = PASSWORD_MIN_CHARS as u64;

/// The form's fields, named as its inputs.
#[derive(Validate)]
struct PasswordChange<'a> {
    #[validate(custom(function = "filled"))]
    senha_atual: &'a str,
    #[validate(
        custom(function = "filled"),
        length(min = PASSWORD_MIN, code = "curta"),
        custom(function = "not_too_long"),
        custom(function = "letters_and_digits")
    )]
    nova_senha: &'a str,
    #[validate(
        custom(function = "filled"),
        must_match(other = "nova_senha", code = "confirmacao")
    )]
    confirmacao_senha: &'a str,
}

fn not_too_long(v: &str) -> Result<(), ValidationError> {
    if v.chars().count() > PASSWORD_MAX_CHARS {
        Err(ValidationError::new("longa"))
    } else {
        Ok(())
    }
}

fn letters_and_digits(v: &str) -> Result<(), ValidationError> {
    let letters = v.chars().any(char::is_alphabetic);
    let digits = v.chars().any(|c| c.is_ascii_digit());
    if letters && digits {
        Ok(())
    } else {
        Err(ValidationError::new("letras_numeros"))
    }
}

/// Every field filled → length → letters and digits → confirmation (then, below, different
/// from the current one).
const RULES: &[Rule] = &[
    Rule {
        field: "senha_atual",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "nova_senha",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "confirmacao_senha",
        code: REQUIRED,
        message: MSG_PREENCHER_CAMPOS,
    },
    Rule {
        field: "nova_senha",
        code: "curta",
        message: MSG_SENHA_CURTA,
    },
    Rule {
        field: "nova_senha",
        code: "longa",
        message: MSG_SENHA_LONGA,
    },
    Rule {
        field: "nova_senha",
        code: "letras_numeros",
        message: MSG_SENHA_LETRAS_NUMEROS,
    },
    Rule {
        field: "confirmacao_senha",
        code: "confirmacao",
        message: MSG_CONFIRMACAO,
    },
];

/// Checks the change and reports the failures in the order above.
///
/// Passwords are compared exactly as typed (no trimming): a space is a valid
/// password character. A field of spaces only counts as empty, though, since
/// nobody means that as a password.
pub fn validate_new_password(atual: &str, nova: &str, confirmacao: &str) -> Result<(), FormError> {
    let form = PasswordChange {
        senha_atual: atual,
        nova_senha: nova,
        confirmacao_senha: confirmacao,
    };
    let mut failures = match form.validate() {
        Ok(()) => Vec::new(),
        Err(errors) => in_order(&errors, RULES),
    };
    if nova == atual && !nova.trim().is_empty() {
        failures.push(FieldError::new("nova_senha", MSG_SENHA_IGUAL));
    }
    FormError::new(failures).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    /// The message of the first failure, as the user reads it.
    fn validate_new_password(a: &str, n: &str, c: &str) -> Result<(), &'static str> {
        super::validate_new_password(a, n, c).map_err(|e| e.message())
    }

    #[test]
    fn each_failure_marks_its_field() {
        let e = super::validate_new_password("", "Safra2027", "").unwrap_err();
        assert!(e.marks("senha_atual") && e.marks("confirmacao_senha") && !e.marks("nova_senha"));
        let e = super::validate_new_password("a", "Safra2027", "Safra2028").unwrap_err();
        assert!(e.marks("confirmacao_senha") && !e.marks("nova_senha"));
        let e = super::validate_new_password("Safra2027", "Safra2027", "Safra2027").unwrap_err();
        assert!(e.marks("nova_senha"));
    }

    #[test]
    fn a_good_change_passes() {
        assert_eq!(
            validate_new_password("colheita123", "Safra2027", "Safra2027"),
            Ok(())
        );
        // Accented letters and spaces count as letters and characters.
        assert_eq!(
            validate_new_password("x", "colheita ção 9", "colheita ção 9"),
            Ok(())
        );
    }

    #[test]
    fn every_field_must_be_filled_first() {
        for (a, n, c) in [
            ("", "Safra2027", "Safra2027"),
            ("atual123", "", "Safra2027"),
            ("atual123", "Safra2027", ""),
            ("   ", "curta", "outra"),
        ] {
            assert_eq!(
                validate_new_password(a, n, c),
                Err(MSG_PREENCHER_CAMPOS),
                "{a:?} {n:?} {c:?}"
            );
        }
    }

    #[test]
    fn failures_come_in_order() {
        assert_eq!(
            validate_new_password("atual123", "abc12", "x"),
            Err(MSG_SENHA_CURTA)
        );
        // Eight characters, counted as characters rather than bytes.
        assert_eq!(
            validate_new_password("atual123", "çãõé1234", "çãõé1234"),
            Ok(())
        );
        assert_eq!(
            validate_new_password("atual123", "ção1", "ção1"),
            Err(MSG_SENHA_CURTA)
        );
        let long = format!("a1{}", "b".repeat(127));
        assert_eq!(
            validate_new_password("atual123", &long, &long),
            Err(MSG_SENHA_LONGA)
        );
        let max = format!("a1{}", "b".repeat(126));
        assert_eq!(validate_new_password("atual123", &max, &max), Ok(()));
        assert_eq!(
            validate_new_password("atual123", "somenteletras", "x"),
            Err(MSG_SENHA_LETRAS_NUMEROS)
        );
        assert_eq!(
            validate_new_password("atual123", "12345678", "x"),
            Err(MSG_SENHA_LETRAS_NUMEROS)
        );
        assert_eq!(
            validate_new_password("atual123", "Safra2027", "Safra2028"),
            Err(MSG_CONFIRMACAO)
        );
        assert_eq!(
            validate_new_password("Safra2027", "Safra2027", "Safra2027"),
            Err(MSG_SENHA_IGUAL)
        );
    }

    #[test]
    fn passwords_are_not_trimmed() {
        assert_eq!(
            validate_new_password("atual123", " Safra2027", "Safra2027"),
            Err(MSG_CONFIRMACAO)
        );
        assert_eq!(
            validate_new_password("Safra2027", "Safra2027 ", "Safra2027 "),
            Ok(())
        );
    }

    #[test]
    fn the_rule_text_is_the_one_shown_on_the_page() {
        assert_eq!(
            PASSWORD_RULE_TEXT,
            "A senha deve ter pelo menos 8 caracteres, com letras e números."
        );
    }
}

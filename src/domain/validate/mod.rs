//! Input rules: generic formats (CPF, phone, CEP, e-mail, name), the sign-up and the
//! password change. Form structs derive `validator::Validate` for lengths and call our
//! own rules as custom validators; each failure is a typed [`FieldError`].
//!
//! Every function is pure and total: it answers `false`/`None` for anything
//! it does not understand, so forms can map failures to their messages
//! without worrying about panics.

pub mod cadastro;
mod cnpj;
mod cpf;
mod errors;
mod line;
mod password;
mod person;
mod phone;
mod signup;

pub use cnpj::{format_cnpj, is_valid_cnpj};
pub use cpf::{format_cpf, is_valid_cpf, mask_cpf};
pub use errors::{FieldError, FormError, Rule, filled, in_order};
pub use line::{MSG_PLAIN_TEXT, MSG_RG, first_not_single_line, is_single_line, is_valid_rg};
pub use password::{
    MSG_CONFIRMACAO, MSG_SENHA_CURTA, MSG_SENHA_IGUAL, MSG_SENHA_LETRAS_NUMEROS, MSG_SENHA_LONGA,
    PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PASSWORD_RULE_TEXT, validate_new_password,
};
pub use person::{is_valid_email, is_valid_name, normalize_name};
pub use phone::{format_phone_br, is_valid_mobile_phone, split_phone};
pub use signup::{
    MSG_CAMPO_VAZIO, MSG_CELULAR_INVALIDO, MSG_CPF_INVALIDO, MSG_EMAIL_INVALIDO, MSG_NOME_INVALIDO,
    MSG_PREENCHER_CAMPOS, MSG_TERMOS, SignupInput, ValidSignup, field_message, validate_signup,
};

/// Maximum length of the search box.
pub const SEARCH_MAX_CHARS: usize = 150;
/// Field limits: name 150, e-mail 100 characters; a phone as typed, with its mask, 20.
pub const NAME_MAX_CHARS: usize = 150;
pub const EMAIL_MAX_CHARS: usize = 100;
pub const PHONE_INPUT_MAX_CHARS: usize = 20;

/// Keeps the ASCII digits of `s`, in order (`"(11) 9123-4"` → `"1191234"`).
pub fn digits_only(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// CEP: exactly 8 digits once `-` and `.` are removed (`01310-100`,
/// `01.310-100`, `01310100`). Surrounding whitespace is ignored.
pub fn is_valid_cep(s: &str) -> bool {
    let mut n = 0usize;
    for c in s.trim().chars() {
        match c {
            '0'..='9' => n += 1,
            '-' | '.' => {}
            _ => return false,
        }
    }
    n == 8
}

/// Search text may have at most 150 characters (Unicode scalar values, as a
/// browser's `maxlength` counts them for Portuguese text).
pub fn search_text_ok(s: &str) -> bool {
    s.chars().count() <= SEARCH_MAX_CHARS
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn digits_only_keeps_ascii_digits() {
        assert_eq!(digits_only("(11) 91234-5678"), "11912345678");
        assert_eq!(digits_only("abc"), "");
        assert_eq!(digits_only("١٢3"), "3");
    }

    #[test]
    fn cep_needs_eight_digits() {
        for ok in ["01310-100", "01310100", "01.310-100", " 01310-100 "] {
            assert!(is_valid_cep(ok), "{ok}");
        }
        for bad in [
            "",
            "0131010",
            "013101000",
            "01310 100",
            "0131O-100",
            "01310/100",
        ] {
            assert!(!is_valid_cep(bad), "{bad}");
        }
    }

    #[test]
    fn search_text_limit() {
        assert!(search_text_ok(""));
        assert!(search_text_ok(&"a".repeat(150)));
        assert!(search_text_ok(&"ç".repeat(150)));
        assert!(!search_text_ok(&"a".repeat(151)));
    }
}

//! The password-change rule (/minha-conta/alterar-senha, PUT /v2/seguranca/senha).
//!
//! The spec does not show the page's content; the rule is the one the issue asks
//! for and the page states up front: at least 8 characters with letters and
//! digits, the confirmation equal to the new password, and the new one different
//! from the current one. The web app checks it before calling the platform and
//! the sandbox checks it again, so both speak the same messages.

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

/// Checks, in this order: every field filled → length → letters and digits →
/// confirmation → different from the current one. Returns the first message.
///
/// Passwords are compared exactly as typed (no trimming): a space is a valid
/// password character. A field of spaces only counts as empty, though, since
/// nobody means that as a password.
pub fn validate_new_password(
    atual: &str,
    nova: &str,
    confirmacao: &str,
) -> Result<(), &'static str> {
    if [atual, nova, confirmacao]
        .iter()
        .any(|f| f.trim().is_empty())
    {
        return Err(MSG_PREENCHER_CAMPOS);
    }
    let len = nova.chars().count();
    if len < PASSWORD_MIN_CHARS {
        return Err(MSG_SENHA_CURTA);
    }
    if len > PASSWORD_MAX_CHARS {
        return Err(MSG_SENHA_LONGA);
    }
    let letters = nova.chars().any(char::is_alphabetic);
    let digits = nova.chars().any(|c| c.is_ascii_digit());
    if !(letters && digits) {
        return Err(MSG_SENHA_LETRAS_NUMEROS);
    }
    if nova != confirmacao {
        return Err(MSG_CONFIRMACAO);
    }
    if nova == atual {
        return Err(MSG_SENHA_IGUAL);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

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

//! The investor's registration (profile) lifecycle.

use super::estados;

estados! {
    /// The investor's registration state. Only `Completo` may invest; `Basico` edits its
    /// data and asks for verification, which turns it into `EmAnalise`.
    CadastroStatus {
        Basico = "Básico" => Neutro,
        EmAnalise = "Em análise" => Aviso,
        Completo = "Completo" => Sucesso,
    }
}

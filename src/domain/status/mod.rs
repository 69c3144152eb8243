//! The state names the platform sends, parsed once into one enum per lifecycle: the
//! investor's registration (`cadastro`), a reservation, an offering (captação) and an
//! installment (parcela). A name the product does not know yet is kept as `Outro` and still
//! shown, with a neutral badge; no name at all is `Vazio`. Every enum serialises back to the
//! platform's spelling, so a stored value reads the same, and the sandbox stores that same
//! spelling in SQL (`ToSql`/`FromSql`).
//!
//! The web and the api match on the variants, never on the text.

mod cadastro;
mod captacao;
mod parcela;
mod reserva;
mod tone;

#[cfg(test)]
mod tests;

pub use cadastro::CadastroStatus;
pub use captacao::CaptacaoStatus;
pub use parcela::ParcelaStatus;
pub use reserva::ReservaStatus;
pub use tone::Tone;

/// What a badge needs from a state, whatever its lifecycle.
pub trait Estado {
    /// The platform's spelling (what the badge writes).
    fn label(&self) -> &str;
    /// The badge colour when the platform sends none.
    fn tone(&self) -> Tone;
}

/// Declares one lifecycle's enum from its table of `Variant = "Platform spelling" => Tone`
/// and gives it the same behaviour as every other lifecycle: tolerant parsing (`fold`),
/// `Outro` for an unknown name, `Vazio` (the default) for none, serde from and into the
/// platform's spelling, `Display` and [`Estado`].
macro_rules! estados {
    (
        $(#[$meta:meta])*
        $nome:ident {
            $($(#[$vmeta:meta])* $variante:ident = $rotulo:literal => $tom:ident,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
        #[serde(from = "String", into = "String")]
        pub enum $nome {
            $($(#[$vmeta])* $variante,)+
            /// A name the product does not know yet, as the platform spelled it (trimmed).
            Outro(String),
            /// The platform sent no name.
            #[default]
            Vazio,
        }

        impl $nome {
            /// Every known state, in the order of the table above.
            pub const TODOS: &'static [$nome] = &[$($nome::$variante),+];

            /// The platform's spelling; `Outro` keeps what was sent, `Vazio` is empty.
            pub fn label(&self) -> &str {
                match self {
                    $($nome::$variante => $rotulo,)+
                    $nome::Outro(nome) => nome,
                    $nome::Vazio => "",
                }
            }

            /// The badge colour of the state; unknown and empty states are neutral.
            pub fn tone(&self) -> $crate::domain::status::Tone {
                match self {
                    $($nome::$variante => $crate::domain::status::Tone::$tom,)+
                    $nome::Outro(_) | $nome::Vazio => $crate::domain::status::Tone::Neutro,
                }
            }

            /// The platform sent no name.
            pub fn is_empty(&self) -> bool {
                matches!(self, $nome::Vazio)
            }

            /// One of the known states (neither `Outro` nor `Vazio`).
            pub fn is_known(&self) -> bool {
                !matches!(self, $nome::Outro(_) | $nome::Vazio)
            }
        }

        impl From<&str> for $nome {
            fn from(nome: &str) -> Self {
                // The platform's own spelling, as nearly every answer sends it: no folding.
                if let Some(s) = $nome::TODOS.iter().find(|s| s.label() == nome) {
                    return s.clone();
                }
                // The labels folded once, not on every parse.
                static DOBRADOS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
                    $nome::TODOS
                        .iter()
                        .map(|s| $crate::domain::status::fold(s.label()))
                        .collect()
                });
                let dobrado = $crate::domain::status::fold(nome);
                if dobrado.is_empty() {
                    return $nome::Vazio;
                }
                $nome::TODOS
                    .iter()
                    .zip(DOBRADOS.iter())
                    .find(|(_, d)| **d == dobrado)
                    .map(|(s, _)| s.clone())
                    .unwrap_or_else(|| $nome::Outro(nome.trim().to_owned()))
            }
        }

        impl From<String> for $nome {
            fn from(nome: String) -> Self {
                $nome::from(nome.as_str())
            }
        }

        impl From<$nome> for String {
            fn from(s: $nome) -> String {
                s.label().to_owned()
            }
        }

        impl std::fmt::Display for $nome {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.label())
            }
        }

        impl $crate::domain::status::Estado for $nome {
            fn label(&self) -> &str {
                $nome::label(self)
            }
            fn tone(&self) -> $crate::domain::status::Tone {
                $nome::tone(self)
            }
        }
    };
}
use estados;

/// Names compare without case, accents or extra spaces: the platform has sent both
/// "Em análise" and "Em analise".
fn fold(name: &str) -> String {
    crate::domain::texto::dobrar(&name.split_whitespace().collect::<Vec<_>>().join(" "))
}

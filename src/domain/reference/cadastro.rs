//! The registration's closed lists: gender, nationality, account type, ID issuer, document
//! type, schooling level and investment category. Each value has the code the form sends,
//! the name the platform's API uses and the label the investor reads.

/// Declares an enum with its form code, API name and label, `ALL` in display order, and
/// lookups by code and by API name (the API's is case-insensitive).
macro_rules! closed_list {
    ($(#[$m:meta])* $name:ident { $($variant:ident => ($code:expr, $api:expr, $label:expr)),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// What the form sends.
            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            /// The platform's name.
            pub fn api(self) -> &'static str {
                match self { $($name::$variant => $api),+ }
            }

            /// What the investor reads.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }

            pub fn from_code(code: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|v| v.code() == code.trim())
            }

            pub fn from_api(api: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|v| v.api().eq_ignore_ascii_case(api.trim()))
            }
        }
    };
}

closed_list! {
    /// Gender: the form sends 0 or 1; the API says Male or Female.
    Genero {
        Masculino => ("0", "Male", "Masculino"),
        Feminino => ("1", "Female", "Feminino"),
    }
}

closed_list! {
    /// Nationality: 1 native Brazilian, 2 naturalised, 3 foreigner.
    Nacionalidade {
        Brasileira => ("1", "Brazilian", "Brasileira"),
        Naturalizada => ("2", "NaturalizedBrazilian", "Brasileira naturalizada"),
        Estrangeira => ("3", "Foreigner", "Estrangeira"),
    }
}

closed_list! {
    /// Bank account type.
    TipoConta {
        Corrente => ("CheckingAccount", "CheckingAccount", "Conta corrente"),
        Poupanca => ("Savings", "Savings", "Conta poupança"),
    }
}

closed_list! {
    /// Issuer of the RG (identity card).
    EmissorRg {
        Ifp => ("IFP", "IFP", "IFP — Instituto Félix Pacheco"),
        Ssp => ("SSP", "SSP", "SSP — Secretaria de Segurança Pública"),
        Detran => ("DETRAN", "DETRAN", "DETRAN — Departamento de Trânsito"),
        Pc => ("PC", "PC", "PC — Polícia Civil"),
    }
}

closed_list! {
    /// A registration document's type; Others holds the income report.
    TipoDocumento {
        IdentityDocument => ("IdentityDocument", "IdentityDocument", "Documento de identidade (frente)"),
        IdentityDocumentBack => ("IdentityDocumentBack", "IdentityDocumentBack", "Documento de identidade (verso)"),
        SelfieWithDocument => ("SelfieWithDocument", "SelfieWithDocument", "Selfie com o documento"),
        Others => ("Others", "Others", "Outros"),
    }
}

impl TipoDocumento {
    /// The types the investor sends from the documents tab, in the order shown.
    pub const UPLOADABLE: [TipoDocumento; 3] = [
        TipoDocumento::IdentityDocument,
        TipoDocumento::IdentityDocumentBack,
        TipoDocumento::SelfieWithDocument,
    ];

    /// The identity document and the selfie with it are needed for verification; the back
    /// of the ID is optional.
    pub fn mandatory(self) -> bool {
        matches!(
            self,
            TipoDocumento::IdentityDocument | TipoDocumento::SelfieWithDocument
        )
    }
}

closed_list! {
    /// Schooling level, fundamental to doctorate.
    Escolaridade {
        Nivel1 => ("Nivel1", "Nivel1", "Ensino fundamental"),
        Nivel2 => ("Nivel2", "Nivel2", "Ensino médio"),
        Nivel3 => ("Nivel3", "Nivel3", "Ensino técnico"),
        Nivel4 => ("Nivel4", "Nivel4", "Ensino superior"),
        Nivel5 => ("Nivel5", "Nivel5", "Pós-graduação"),
        Nivel6 => ("Nivel6", "Nivel6", "Mestrado"),
        Nivel7 => ("Nivel7", "Nivel7", "Doutorado"),
    }
}

closed_list! {
    /// Investment categories by code (the category search's CodigoSetor).
    CategoriaInvestimento {
        Cdb => ("1", "1", "CDB"),
        Lc => ("2", "2", "LC"),
        Lca => ("3", "3", "LCA"),
        Lci => ("4", "4", "LCI"),
        CdbDiario => ("5", "5", "CDB Diário"),
        DebenturesIncentivadas => ("6", "6", "Debêntures Incentivadas"),
        TesouroDireto => ("7", "7", "Tesouro Direto"),
        TitulosPublicos => ("8", "8", "Títulos Públicos"),
        Lf => ("9", "9", "LF"),
        Coe => ("10", "10", "COE"),
    }
}

closed_list! {
    /// The kind of a statement line (the statement filter's Tipo). An aporte takes money
    /// out of the investor's account; the other kinds bring it back.
    TipoMovimento {
        Aporte => ("Aporte", "Aporte", "Aporte"),
        Rendimento => ("Rendimento", "Rendimento", "Rendimento"),
        Amortizacao => ("Amortizacao", "Amortizacao", "Amortização"),
        Estorno => ("Estorno", "Estorno", "Estorno"),
    }
}

closed_list! {
    /// Where a statement line stands (the statement filter's Status): settled, awaiting
    /// payment, or cancelled before the money moved.
    StatusMovimento {
        Liquidado => ("Liquidado", "Liquidado", "Liquidado"),
        Pendente => ("Pendente", "Pendente", "Pendente"),
        Cancelado => ("Cancelado", "Cancelado", "Cancelado"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gender_and_nationality_map_the_form_codes_to_the_api_names() {
        assert_eq!(Genero::from_code("0").map(Genero::api), Some("Male"));
        assert_eq!(Genero::from_api("female"), Some(Genero::Feminino));
        assert_eq!(Genero::Feminino.code(), "1");
        assert_eq!(Genero::from_code("2"), None);
        let n: Vec<_> = Nacionalidade::ALL
            .iter()
            .map(|n| (n.code(), n.api()))
            .collect();
        assert_eq!(
            n,
            [
                ("1", "Brazilian"),
                ("2", "NaturalizedBrazilian"),
                ("3", "Foreigner")
            ]
        );
        assert_eq!(
            Nacionalidade::from_api(" Foreigner "),
            Some(Nacionalidade::Estrangeira)
        );
    }

    #[test]
    fn account_types_issuers_and_documents_are_the_platforms_lists() {
        let t: Vec<_> = TipoConta::ALL.iter().map(|t| t.api()).collect();
        assert_eq!(t, ["CheckingAccount", "Savings"]);
        let e: Vec<_> = EmissorRg::ALL.iter().map(|e| e.code()).collect();
        assert_eq!(e, ["IFP", "SSP", "DETRAN", "PC"]);
        let mandatory: Vec<_> = TipoDocumento::UPLOADABLE
            .iter()
            .filter(|d| d.mandatory())
            .map(|d| d.api())
            .collect();
        assert_eq!(mandatory, ["IdentityDocument", "SelfieWithDocument"]);
        assert!(!TipoDocumento::Others.mandatory());
        assert_eq!(
            TipoDocumento::from_api("selfiewithdocument"),
            Some(TipoDocumento::SelfieWithDocument)
        );
    }

    #[test]
    fn statement_kinds_and_states_are_closed_lists() {
        let t: Vec<_> = TipoMovimento::ALL.iter().map(|t| t.label()).collect();
        assert_eq!(t, ["Aporte", "Rendimento", "Amortização", "Estorno"]);
        assert_eq!(
            TipoMovimento::from_api("amortizacao"),
            Some(TipoMovimento::Amortizacao)
        );
        assert_eq!(TipoMovimento::from_code("Saque"), None);
        let s: Vec<_> = StatusMovimento::ALL.iter().map(|s| s.api()).collect();
        assert_eq!(s, ["Liquidado", "Pendente", "Cancelado"]);
        assert_eq!(StatusMovimento::from_code(""), None);
    }

    #[test]
    fn schooling_has_seven_levels_and_categories_ten_codes() {
        assert_eq!(Escolaridade::ALL.len(), 7);
        assert_eq!(
            Escolaridade::from_code("Nivel7").map(Escolaridade::label),
            Some("Doutorado")
        );
        assert_eq!(CategoriaInvestimento::ALL.len(), 10);
        let codes: Vec<_> = CategoriaInvestimento::ALL
            .iter()
            .map(|c| c.code())
            .collect();
        assert_eq!(codes, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
        assert_eq!(
            CategoriaInvestimento::from_code("3").map(|c| c.label()),
            Some("LCA")
        );
        assert_eq!(CategoriaInvestimento::from_code("11"), None);
        assert_eq!(
            CategoriaInvestimento::from_code("6").map(|c| c.label()),
            Some("Debêntures Incentivadas")
        );
    }
}

//! The state names the platform sends, parsed once into enums: the investor's profile
//! (`cadastro`) and the status names of reservas, captações and installments. A name the
//! product does not know yet is kept as `Outro` and still shown, with a neutral badge.
//! Both serialise back to the platform's name, so a stored value reads the same.

use std::fmt;

/// The investor's profile state. Only `Completo` may invest; `Basico` edits its data and
/// asks for verification, which turns it into `EmAnalise`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "String", into = "String")]
pub enum CadastroStatus {
    Basico,
    EmAnalise,
    Completo,
    Outro(String),
}

impl CadastroStatus {
    pub fn label(&self) -> &str {
        match self {
            CadastroStatus::Basico => "Básico",
            CadastroStatus::EmAnalise => "Em análise",
            CadastroStatus::Completo => "Completo",
            CadastroStatus::Outro(s) => s,
        }
    }
}

impl From<&str> for CadastroStatus {
    fn from(name: &str) -> Self {
        match fold(name).as_str() {
            "basico" => CadastroStatus::Basico,
            "em analise" => CadastroStatus::EmAnalise,
            "completo" => CadastroStatus::Completo,
            _ => CadastroStatus::Outro(name.trim().to_owned()),
        }
    }
}

impl From<String> for CadastroStatus {
    fn from(name: String) -> Self {
        CadastroStatus::from(name.as_str())
    }
}

impl From<CadastroStatus> for String {
    fn from(s: CadastroStatus) -> String {
        s.label().to_owned()
    }
}

/// A status name of a reserva, a captação or an installment, as the platform names them.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Status {
    Aberto,
    AportePendente,
    EmAnalise,
    Aprovado,
    Aprovada,
    Pago,
    Cancelado,
    Rejeitado,
    Rascunho,
    CaptacaoNoAr,
    PreLancamento,
    Captado,
    Finalizado,
    FechadoParaAplicacao,
    MercadoFechado,
    Vigente,
    Quitada,
    PagamentoAtrasado,
    Excluida,
    Simulado,
    EmAndamento,
    Concluido,
    Extra,
    Outro(String),
    /// The platform sent no name.
    #[default]
    Vazio,
}

/// Every known status with the platform's spelling.
const NAMES: &[(Status, &str)] = &[
    (Status::Aberto, "Aberto"),
    (Status::AportePendente, "Aporte pendente"),
    (Status::EmAnalise, "Em análise"),
    (Status::Aprovado, "Aprovado"),
    (Status::Aprovada, "Aprovada"),
    (Status::Pago, "Pago"),
    (Status::Cancelado, "Cancelado"),
    (Status::Rejeitado, "Rejeitado"),
    (Status::Rascunho, "Rascunho"),
    (Status::CaptacaoNoAr, "Captação no ar"),
    (Status::PreLancamento, "Pré-lançamento"),
    (Status::Captado, "Captado"),
    (Status::Finalizado, "Finalizado"),
    (Status::FechadoParaAplicacao, "Fechado para aplicação"),
    (Status::MercadoFechado, "Mercado fechado"),
    (Status::Vigente, "Vigente"),
    (Status::Quitada, "Quitada"),
    (Status::PagamentoAtrasado, "Pagamento atrasado"),
    (Status::Excluida, "Excluida"),
    (Status::Simulado, "Simulado"),
    (Status::EmAndamento, "Em andamento"),
    (Status::Concluido, "Concluído"),
    (Status::Extra, "Extra"),
];

impl Status {
    pub fn label(&self) -> &str {
        match self {
            Status::Outro(s) => s,
            Status::Vazio => "",
            known => NAMES
                .iter()
                .find(|(s, _)| s == known)
                .map_or("", |(_, name)| name),
        }
    }

    /// The badge colour of the name: pending and late are warnings; under analysis and
    /// open are information; paid, approved and on air are success; cancelled, rejected
    /// and closed markets are errors; anything else is neutral.
    pub fn tone(&self) -> Tone {
        match self {
            Status::AportePendente
            | Status::PagamentoAtrasado
            | Status::PreLancamento
            | Status::EmAndamento => Tone::Aviso,
            Status::EmAnalise
            | Status::Aberto
            | Status::Simulado
            | Status::Extra
            | Status::Captado => Tone::Info,
            Status::Aprovado
            | Status::Aprovada
            | Status::Pago
            | Status::Quitada
            | Status::Vigente
            | Status::CaptacaoNoAr
            | Status::Concluido => Tone::Sucesso,
            Status::Cancelado | Status::Rejeitado | Status::Excluida | Status::MercadoFechado => {
                Tone::Erro
            }
            _ => Tone::Neutro,
        }
    }

    pub fn is_empty(&self) -> bool {
        matches!(self, Status::Vazio)
    }
}

impl From<&str> for Status {
    fn from(name: &str) -> Self {
        let folded = fold(name);
        if folded.is_empty() {
            return Status::Vazio;
        }
        NAMES
            .iter()
            .find(|(_, n)| fold(n) == folded)
            .map_or_else(|| Status::Outro(name.trim().to_owned()), |(s, _)| s.clone())
    }
}

impl From<String> for Status {
    fn from(name: String) -> Self {
        Status::from(name.as_str())
    }
}

impl From<Status> for String {
    fn from(s: Status) -> String {
        s.label().to_owned()
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Names compare without case, accents or extra spaces: the platform has sent both
/// "Em análise" and "Em analise".
fn fold(name: &str) -> String {
    crate::domain::texto::dobrar(&name.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The badge palette. Each tone is a pair of text and background colours with a contrast
/// ratio of at least 4.5:1, so a badge stays readable whatever colour the platform asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Aviso,
    Info,
    Sucesso,
    Erro,
    Neutro,
}

impl Tone {
    /// The palette tone nearest to a `#rrggbb` (or `#rgb`) colour by hue: greys (low
    /// saturation) are neutral, reds errors, oranges and yellows warnings, greens
    /// success, cyans, blues and purples information. `None` when it is not a colour.
    pub fn nearest(color: &str) -> Option<Tone> {
        let hex = color.trim().strip_prefix('#')?;
        let expanded: String = match hex.len() {
            3 => hex.chars().flat_map(|c| [c, c]).collect(),
            6 => hex.to_owned(),
            _ => return None,
        };
        let channel = |i: usize| {
            expanded
                .get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .map(|v| f64::from(v) / 255.0)
        };
        let (r, g, b) = (channel(0)?, channel(2)?, channel(4)?);
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let delta = max - min;
        let lightness = (max + min) / 2.0;
        let saturation = if delta == 0.0 {
            0.0
        } else {
            delta / (1.0 - (2.0 * lightness - 1.0).abs())
        };
        if saturation < 0.2 || delta < 0.08 {
            return Some(Tone::Neutro);
        }
        let hue = if max == r {
            60.0 * ((g - b) / delta).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / delta + 2.0)
        } else {
            60.0 * ((r - g) / delta + 4.0)
        };
        Some(match hue {
            h if !(15.0..345.0).contains(&h) => Tone::Erro,
            h if h < 70.0 => Tone::Aviso,
            h if h < 170.0 => Tone::Sucesso,
            _ => Tone::Info,
        })
    }

    /// The CSS class of the badge (colours live in the stylesheet, never inline).
    pub fn class(self) -> &'static str {
        match self {
            Tone::Aviso => "badge-aviso",
            Tone::Info => "badge-info",
            Tone::Sucesso => "badge-sucesso",
            Tone::Erro => "badge-erro",
            Tone::Neutro => "badge-neutro",
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn every_known_name_parses_to_itself_and_back() {
        for (status, name) in NAMES {
            assert_eq!(Status::from(*name), *status, "{name}");
            assert_eq!(status.label(), *name);
            assert_eq!(String::from(status.clone()), *name);
        }
    }

    #[test]
    fn names_match_without_case_accents_or_extra_spaces() {
        assert_eq!(Status::from("Em analise"), Status::EmAnalise);
        assert_eq!(Status::from("  aporte   PENDENTE "), Status::AportePendente);
        assert_eq!(Status::from("Captacao no ar"), Status::CaptacaoNoAr);
        assert_eq!(Status::from(""), Status::Vazio);
        assert_eq!(Status::from("   "), Status::Vazio);
    }

    #[test]
    fn an_unknown_name_is_kept_and_neutral() {
        let s = Status::from(" Em revisão jurídica ");
        assert_eq!(s, Status::Outro("Em revisão jurídica".into()));
        assert_eq!(s.label(), "Em revisão jurídica");
        assert_eq!(s.tone(), Tone::Neutro);
    }

    #[test]
    fn serde_reads_and_writes_the_platform_name() {
        let s: Status = serde_json::from_str("\"Em análise\"").unwrap();
        assert_eq!(s, Status::EmAnalise);
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"Em análise\"");
        let c: CadastroStatus = serde_json::from_str("\"Em analise\"").unwrap();
        assert_eq!(c, CadastroStatus::EmAnalise);
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"Em análise\"");
    }

    #[test]
    fn profile_states() {
        assert_eq!(CadastroStatus::from("Básico"), CadastroStatus::Basico);
        assert_eq!(CadastroStatus::from("Basico"), CadastroStatus::Basico);
        assert_eq!(CadastroStatus::from("COMPLETO"), CadastroStatus::Completo);
        assert_eq!(
            CadastroStatus::from("Suspenso"),
            CadastroStatus::Outro("Suspenso".into())
        );
    }

    #[test]
    fn every_status_has_a_tone_class() {
        assert_eq!(Status::Pago.tone().class(), "badge-sucesso");
        assert_eq!(Status::Cancelado.tone().class(), "badge-erro");
        assert_eq!(Status::AportePendente.tone().class(), "badge-aviso");
        assert_eq!(Status::EmAnalise.tone().class(), "badge-info");
        assert_eq!(Status::Rascunho.tone().class(), "badge-neutro");
    }

    #[test]
    fn platform_colours_map_to_the_nearest_tone() {
        assert_eq!(Tone::nearest("#d32f2f"), Some(Tone::Erro));
        assert_eq!(Tone::nearest("#FF0000"), Some(Tone::Erro));
        assert_eq!(Tone::nearest("#f5a623"), Some(Tone::Aviso));
        assert_eq!(Tone::nearest("#ffeb3b"), Some(Tone::Aviso));
        assert_eq!(Tone::nearest("#2e7d32"), Some(Tone::Sucesso));
        assert_eq!(Tone::nearest("#0f0"), Some(Tone::Sucesso));
        assert_eq!(Tone::nearest("#1976d2"), Some(Tone::Info));
        assert_eq!(Tone::nearest("#7b1fa2"), Some(Tone::Info));
        assert_eq!(Tone::nearest("#9e9e9e"), Some(Tone::Neutro));
        assert_eq!(Tone::nearest("#ffffff"), Some(Tone::Neutro));
        assert_eq!(Tone::nearest("#000"), Some(Tone::Neutro));
        for bad in ["", "red", "#12", "#gggggg", "1976d2", "#1976d2ff"] {
            assert_eq!(Tone::nearest(bad), None, "{bad}");
        }
    }
}

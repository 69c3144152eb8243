#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::collections::HashSet;
use std::fmt::Debug;

use super::*;

/// The checks every lifecycle passes: each known name parses to itself (also without
/// accents, in capitals and with extra spaces), writes back the platform's spelling through
/// `String`, `Display` and serde, and no two names fold to the same text.
fn every_name_round_trips<E>(todos: &[E])
where
    E: Estado + Clone + PartialEq + Debug + From<String> + for<'a> From<&'a str>,
    E: std::fmt::Display + serde::Serialize + serde::de::DeserializeOwned,
    String: From<E>,
{
    let mut folded = HashSet::new();
    for s in todos {
        let name = s.label();
        assert!(!name.is_empty(), "{s:?}");
        assert!(folded.insert(fold(name)), "two states fold to {name}");
        assert_eq!(E::from(name), *s, "{name}");
        assert_eq!(E::from(name.to_owned()), *s, "{name}");
        assert_eq!(E::from(name.to_uppercase().as_str()), *s, "{name}");
        assert_eq!(E::from(fold(name).as_str()), *s, "{name}");
        assert_eq!(
            E::from(format!("  {}  ", name.replace(' ', "   ")).as_str()),
            *s
        );
        assert_eq!(String::from(s.clone()), name);
        assert_eq!(s.to_string(), name);
        let json = serde_json::to_string(s).unwrap();
        assert_eq!(json, format!("\"{name}\""));
        assert_eq!(serde_json::from_str::<E>(&json).unwrap(), *s);
    }
}

#[test]
fn every_known_name_of_every_lifecycle_round_trips() {
    every_name_round_trips(CadastroStatus::TODOS);
    every_name_round_trips(ReservaStatus::TODOS);
    every_name_round_trips(CaptacaoStatus::TODOS);
    every_name_round_trips(ParcelaStatus::TODOS);
}

#[test]
fn each_lifecycle_holds_only_its_own_states() {
    fn labels<E: Estado>(todos: &[E]) -> Vec<&str> {
        todos.iter().map(Estado::label).collect()
    }
    assert_eq!(
        labels(CadastroStatus::TODOS),
        ["Básico", "Em análise", "Completo"]
    );
    assert_eq!(
        labels(ReservaStatus::TODOS),
        [
            "Aberto",
            "Aporte pendente",
            "Em análise",
            "Aprovado",
            "Pago",
            "Cancelado",
            "Rejeitado"
        ]
    );
    for offering in [
        "Rascunho",
        "Aberto",
        "Captação no ar",
        "Captado",
        "Finalizado",
    ] {
        assert!(CaptacaoStatus::from(offering).is_known(), "{offering}");
    }
    for installment in ["A receber", "Pago"] {
        assert!(ParcelaStatus::from(installment).is_known(), "{installment}");
    }
    assert_eq!(
        ReservaStatus::from("Captação no ar"),
        ReservaStatus::Outro("Captação no ar".into())
    );
    assert_eq!(
        CaptacaoStatus::from("Aporte pendente"),
        CaptacaoStatus::Outro("Aporte pendente".into())
    );
    assert_eq!(
        ParcelaStatus::from("Aprovado"),
        ParcelaStatus::Outro("Aprovado".into())
    );
}

#[test]
fn names_match_without_case_accents_or_extra_spaces() {
    assert_eq!(ReservaStatus::from("Em analise"), ReservaStatus::EmAnalise);
    assert_eq!(
        ReservaStatus::from("  aporte   PENDENTE "),
        ReservaStatus::AportePendente
    );
    assert_eq!(
        CaptacaoStatus::from("Captacao no ar"),
        CaptacaoStatus::CaptacaoNoAr
    );
    assert_eq!(
        CaptacaoStatus::from("PRE-LANCAMENTO"),
        CaptacaoStatus::PreLancamento
    );
    assert_eq!(ParcelaStatus::from("a RECEBER"), ParcelaStatus::AReceber);
    assert_eq!(CadastroStatus::from("Basico"), CadastroStatus::Basico);
    assert_eq!(CadastroStatus::from("COMPLETO"), CadastroStatus::Completo);
    assert_eq!(
        CadastroStatus::from("em Análise"),
        CadastroStatus::EmAnalise
    );
}

#[test]
fn nothing_sent_is_empty_and_the_default() {
    for vazio in ["", "   ", "\t\n"] {
        assert_eq!(ReservaStatus::from(vazio), ReservaStatus::Vazio);
        assert_eq!(CaptacaoStatus::from(vazio), CaptacaoStatus::Vazio);
        assert_eq!(ParcelaStatus::from(vazio), ParcelaStatus::Vazio);
        assert_eq!(CadastroStatus::from(vazio), CadastroStatus::Vazio);
    }
    assert!(ReservaStatus::default().is_empty());
    assert!(CaptacaoStatus::default().is_empty());
    assert!(ParcelaStatus::default().is_empty());
    assert!(CadastroStatus::default().is_empty());
    assert_eq!(ReservaStatus::Vazio.label(), "");
    assert_eq!(ReservaStatus::Vazio.tone(), Tone::Neutro);
    assert!(!ReservaStatus::Vazio.is_known());
    assert_eq!(
        serde_json::to_string(&CaptacaoStatus::Vazio).unwrap(),
        "\"\""
    );
}

#[test]
fn an_unknown_name_is_kept_trimmed_and_neutral() {
    let s = ReservaStatus::from(" Em revisão jurídica ");
    assert_eq!(s, ReservaStatus::Outro("Em revisão jurídica".into()));
    assert_eq!(s.label(), "Em revisão jurídica");
    assert_eq!(s.tone(), Tone::Neutro);
    assert!(!s.is_known() && !s.is_empty());
    assert_eq!(
        CadastroStatus::from("Suspenso"),
        CadastroStatus::Outro("Suspenso".into())
    );
    let c: CaptacaoStatus = serde_json::from_str("\"Em votação\"").unwrap();
    assert_eq!(c, CaptacaoStatus::Outro("Em votação".into()));
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"Em votação\"");
}

#[test]
fn serde_reads_and_writes_the_platform_name() {
    let s: ReservaStatus = serde_json::from_str("\"Em analise\"").unwrap();
    assert_eq!(s, ReservaStatus::EmAnalise);
    assert_eq!(serde_json::to_string(&s).unwrap(), "\"Em análise\"");
    let c: CadastroStatus = serde_json::from_str("\"Em analise\"").unwrap();
    assert_eq!(c, CadastroStatus::EmAnalise);
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"Em análise\"");
}

#[test]
fn every_state_has_the_tone_of_its_meaning() {
    use Tone::*;
    let reserva = [
        (ReservaStatus::Aberto, Info),
        (ReservaStatus::AportePendente, Aviso),
        (ReservaStatus::EmAnalise, Info),
        (ReservaStatus::Aprovado, Sucesso),
        (ReservaStatus::Pago, Sucesso),
        (ReservaStatus::Cancelado, Erro),
        (ReservaStatus::Rejeitado, Erro),
    ];
    for (s, t) in reserva {
        assert_eq!(s.tone(), t, "{s}");
    }
    assert_eq!(ReservaStatus::Pago.tone().class(), "badge-sucesso");
    assert_eq!(ReservaStatus::Cancelado.tone().class(), "badge-erro");
    assert_eq!(ReservaStatus::AportePendente.tone().class(), "badge-aviso");
    assert_eq!(ReservaStatus::EmAnalise.tone().class(), "badge-info");
    assert_eq!(CaptacaoStatus::Rascunho.tone().class(), "badge-neutro");
    assert_eq!(CaptacaoStatus::CaptacaoNoAr.tone(), Sucesso);
    assert_eq!(CaptacaoStatus::PreLancamento.tone(), Aviso);
    assert_eq!(CaptacaoStatus::MercadoFechado.tone(), Erro);
    assert_eq!(ParcelaStatus::PagamentoAtrasado.tone(), Aviso);
    assert_eq!(ParcelaStatus::Excluida.tone(), Erro);
    assert_eq!(CadastroStatus::Completo.tone(), Sucesso);
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

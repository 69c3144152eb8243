//! The investor-profile questionnaire (suitability): the questions a Brazilian platform asks
//! before recommending credit offerings, the points of each answer and the resulting
//! profile. Every question must be answered; the profile follows the total:
//! up to 8 points (of 24) Conservador, up to 16 Moderado, above that Arrojado.

use std::collections::BTreeMap;

use super::validate::FieldError;

pub const MSG_FILL: &str = "Necessário preencher todos os campos para prosseguir.";

/// Highest total that is still Conservador; highest that is still Moderado.
const CONSERVADOR_MAX: u32 = 8;
const MODERADO_MAX: u32 = 16;

/// An answer: its id (sent in the form), its text and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opcao {
    pub id: &'static str,
    pub texto: &'static str,
    pub pontos: u32,
}

/// A question: its id (the form field), its text and its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pergunta {
    pub id: &'static str,
    pub texto: &'static str,
    pub opcoes: &'static [Opcao],
}

const fn op(id: &'static str, texto: &'static str, pontos: u32) -> Opcao {
    Opcao { id, texto, pontos }
}

/// The questionnaire, in the order it is asked.
pub const PERGUNTAS: &[Pergunta] = &[
    Pergunta {
        id: "objetivo",
        texto: "Qual é o seu principal objetivo ao investir?",
        opcoes: &[
            op("preservar", "Preservar o meu patrimônio, sem perdas", 0),
            op("renda", "Ter uma renda regular acima da poupança", 2),
            op("crescer", "Fazer o patrimônio crescer no longo prazo", 4),
        ],
    },
    Pergunta {
        id: "horizonte",
        texto: "Por quanto tempo você pode deixar este dinheiro investido?",
        opcoes: &[
            op("ate-1-ano", "Até 1 ano", 0),
            op("1-a-3-anos", "De 1 a 3 anos", 2),
            op("mais-de-3-anos", "Mais de 3 anos", 4),
        ],
    },
    Pergunta {
        id: "experiencia-renda-fixa",
        texto: "Qual é a sua experiência com renda fixa (CDB, LCA, Tesouro Direto)?",
        opcoes: &[
            op("nenhuma", "Nunca investi", 0),
            op("alguma", "Já investi algumas vezes", 2),
            op("frequente", "Invisto com frequência", 4),
        ],
    },
    Pergunta {
        id: "experiencia-agro",
        texto: "Você já investiu em crédito do agronegócio (CRA, CPR, LCA)?",
        opcoes: &[
            op("nunca", "Nunca", 0),
            op("uma-vez", "Uma ou duas vezes", 2),
            op("varias", "Várias vezes", 4),
        ],
    },
    Pergunta {
        id: "renda-mensal",
        texto: "Qual é a sua renda mensal?",
        opcoes: &[
            op("ate-5-mil", "Até R$ 5.000", 0),
            op("5-a-20-mil", "De R$ 5.000 a R$ 20.000", 1),
            op("acima-20-mil", "Acima de R$ 20.000", 2),
        ],
    },
    Pergunta {
        id: "patrimonio",
        texto: "Qual é o valor dos seus investimentos financeiros?",
        opcoes: &[
            op("ate-100-mil", "Até R$ 100.000", 0),
            op("100-mil-a-1-milhao", "De R$ 100.000 a R$ 1.000.000", 1),
            op("acima-1-milhao", "Acima de R$ 1.000.000", 2),
        ],
    },
    Pergunta {
        id: "reacao-perda",
        texto: "Se um investimento seu perdesse 10% do valor, o que você faria?",
        opcoes: &[
            op("resgataria", "Resgataria tudo imediatamente", 0),
            op("manteria", "Manteria e esperaria a recuperação", 2),
            op("aplicaria-mais", "Aplicaria mais, aproveitando o preço", 4),
        ],
    },
];

/// The investor profile that results from the questionnaire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Perfil {
    Conservador,
    Moderado,
    Arrojado,
}

impl Perfil {
    pub const ALL: [Perfil; 3] = [Perfil::Conservador, Perfil::Moderado, Perfil::Arrojado];

    pub fn label(self) -> &'static str {
        match self {
            Perfil::Conservador => "Conservador",
            Perfil::Moderado => "Moderado",
            Perfil::Arrojado => "Arrojado",
        }
    }

    pub fn from_label(s: &str) -> Option<Perfil> {
        Perfil::ALL.into_iter().find(|p| p.label() == s.trim())
    }

    /// What the profile means for the investor, shown with the result.
    pub fn descricao(self) -> &'static str {
        match self {
            Perfil::Conservador => {
                "Você prioriza a segurança e a liquidez. Captações do agronegócio têm risco de crédito e prazo definido: prefira operações com rating alto, garantias reais e prazos curtos, e invista uma parte pequena do seu patrimônio."
            }
            Perfil::Moderado => {
                "Você aceita algum risco em troca de um rendimento maior. Captações do agronegócio podem compor parte da sua carteira: diversifique entre operações, ratings e prazos."
            }
            Perfil::Arrojado => {
                "Você busca rendimento e tolera oscilações e prazos longos. Captações do agronegócio combinam com o seu perfil; ainda assim, diversifique e leia os fatores de risco de cada operação."
            }
        }
    }

    fn from_points(p: u32) -> Perfil {
        match p {
            0..=CONSERVADOR_MAX => Perfil::Conservador,
            _ if p <= MODERADO_MAX => Perfil::Moderado,
            _ => Perfil::Arrojado,
        }
    }
}

/// The profile and the points it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resultado {
    pub perfil: Perfil,
    pub pontuacao: u32,
}

/// Scores the answers (question id → answer id). Every question needs one of its own
/// answers; the first question left unanswered (or answered with an unknown id) is the
/// failing field.
pub fn score(respostas: &BTreeMap<String, String>) -> Result<Resultado, FieldError> {
    let mut pontuacao = 0;
    for p in PERGUNTAS {
        let answer = respostas
            .get(p.id)
            .and_then(|r| p.opcoes.iter().find(|o| o.id == r.trim()))
            .ok_or(FieldError::new(p.id, MSG_FILL))?;
        pontuacao += answer.pontos;
    }
    Ok(Resultado {
        perfil: Perfil::from_points(pontuacao),
        pontuacao,
    })
}

/// The answer text of `pergunta` for an answer id, to show the stored answers.
pub fn answer_text(pergunta: &str, resposta: &str) -> Option<&'static str> {
    PERGUNTAS
        .iter()
        .find(|p| p.id == pergunta)?
        .opcoes
        .iter()
        .find(|o| o.id == resposta)
        .map(|o| o.texto)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(pick: impl Fn(&Pergunta) -> &'static str) -> BTreeMap<String, String> {
        PERGUNTAS
            .iter()
            .map(|p| (p.id.to_owned(), pick(p).to_owned()))
            .collect()
    }

    #[test]
    fn ids_are_unique_and_every_question_has_answers() {
        let mut ids: Vec<_> = PERGUNTAS.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), PERGUNTAS.len());
        for p in PERGUNTAS {
            assert!(p.opcoes.len() >= 2, "{}", p.id);
            let mut o: Vec<_> = p.opcoes.iter().map(|o| o.id).collect();
            o.dedup();
            assert_eq!(o.len(), p.opcoes.len(), "{}", p.id);
        }
    }

    #[test]
    fn the_lowest_answers_are_conservador_and_the_highest_arrojado() {
        let low = score(&answers(|p| p.opcoes[0].id)).unwrap();
        assert_eq!(
            low,
            Resultado {
                perfil: Perfil::Conservador,
                pontuacao: 0
            }
        );
        let high = score(&answers(|p| p.opcoes[p.opcoes.len() - 1].id)).unwrap();
        assert_eq!(high.perfil, Perfil::Arrojado);
        assert_eq!(high.pontuacao, 24);
    }

    #[test]
    fn the_middle_answers_are_moderado() {
        let mid = score(&answers(|p| p.opcoes[1].id)).unwrap();
        assert_eq!(
            mid,
            Resultado {
                perfil: Perfil::Moderado,
                pontuacao: 12
            }
        );
    }

    #[test]
    fn the_bands_meet_at_their_limits() {
        assert_eq!(Perfil::from_points(8), Perfil::Conservador);
        assert_eq!(Perfil::from_points(9), Perfil::Moderado);
        assert_eq!(Perfil::from_points(16), Perfil::Moderado);
        assert_eq!(Perfil::from_points(17), Perfil::Arrojado);
    }

    #[test]
    fn a_missing_or_unknown_answer_names_the_first_such_question() {
        let mut a = answers(|p| p.opcoes[0].id);
        a.remove("horizonte");
        a.insert("reacao-perda".into(), "nao-sei".into());
        let e = score(&a).unwrap_err();
        assert_eq!((e.field(), e.message()), ("horizonte", MSG_FILL));
        a.insert("horizonte".into(), "ate-1-ano".into());
        assert_eq!(score(&a).unwrap_err().field(), "reacao-perda");
        assert_eq!(score(&BTreeMap::new()).unwrap_err().field(), "objetivo");
    }

    #[test]
    fn labels_round_trip_and_answers_have_texts() {
        for p in Perfil::ALL {
            assert_eq!(Perfil::from_label(p.label()), Some(p));
            assert!(!p.descricao().is_empty());
        }
        assert_eq!(Perfil::from_label("Agressivo"), None);
        assert_eq!(answer_text("horizonte", "ate-1-ano"), Some("Até 1 ano"));
        assert_eq!(answer_text("horizonte", "x"), None);
    }
}

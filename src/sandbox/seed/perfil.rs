//! The demo investor's investor profile: the middle answer of every question of the
//! domain's questionnaire, which scores Moderado.

use std::collections::BTreeMap;
use std::time::Duration;

use jiff::Timestamp;
use rusqlite::{Transaction, params};

use crate::domain::suitability::{PERGUNTAS, Perfil, score};
use crate::sandbox::cadastro::suitability;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::tempo;

pub(super) fn inserir(tx: &Transaction<'_>, agora: Timestamp) -> Result<(), SandboxError> {
    let respostas: BTreeMap<String, String> = PERGUNTAS
        .iter()
        .filter_map(|p| {
            let meio = p.opcoes.get(p.opcoes.len() / 2)?;
            Some((p.id.to_owned(), meio.id.to_owned()))
        })
        .collect();
    let perfil = score(&respostas).map(|r| r.perfil);
    if perfil != Ok(Perfil::Moderado) {
        return Err(SandboxError::Seed(format!(
            "as respostas do meio deveriam dar Moderado: {perfil:?}"
        )));
    }
    let id: i64 = tx.query_row(
        "SELECT id FROM usuarios WHERE email = 'investidor@colheita.dev'",
        params![],
        |r| r.get(0),
    )?;
    // Answered when the registration was completed, a couple of months before seeding.
    let em = tempo::menos(agora, Duration::from_secs(60 * 24 * 3600));
    suitability::gravar(tx, id, &respostas, tempo::ms(em))
        .map_err(|e| SandboxError::Seed(e.mensagem().to_owned()))
}

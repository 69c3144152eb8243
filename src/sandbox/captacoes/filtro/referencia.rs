//! The list's former in-memory rules (load every offering, filter, sort and page in
//! Rust), kept verbatim as the tests' reference: the SQL of `sql.rs` must give the same
//! answer for every query.

use std::cmp::Ordering;

use jiff::Timestamp;
use rust_decimal::Decimal;

use super::{Campo, Consulta};
use crate::domain::texto::dobrar;
use crate::sandbox::captacoes::modelo::Captacao;
use crate::sandbox::tempo;

impl Consulta {
    /// Whether an offering passes every filter. Dates: the fundraising starts on or after
    /// DataInicio and ends on or before DataFim.
    pub(crate) fn aceita(&self, c: &Captacao, agora: Timestamp) -> bool {
        let contem = |alvo: &Option<String>, campos: &[&str]| {
            alvo.as_ref().is_none_or(|a| {
                campos
                    .iter()
                    .any(|campo| dobrar(campo).contains(a.as_str()))
            })
        };
        contem(&self.busca, &[&c.nome, &c.descricao_produto, &c.cidade])
            && contem(&self.nome, &[&c.nome])
            && (self.status.is_empty()
                || self
                    .status
                    .contains(&dobrar(c.status_exibido(agora).label())))
            && (self.rating.is_empty() || self.rating.contains(&dobrar(&c.rating)))
            && self
                .vencimento
                .is_none_or(|f| f.contem(Decimal::from(c.vencimento)))
            && self
                .acompanhamento
                .is_none_or(|f| f.contem(c.acompanhamento()))
            && self.disponivel.is_none_or(|f| f.contem(c.disponivel()))
            && self
                .data_inicio
                .is_none_or(|d| tempo::dia_de_ms(c.inicio) >= d)
            && self.data_fim.is_none_or(|d| tempo::dia_de_ms(c.fim) <= d)
    }

    /// Sorts by the requested field (ties by id, ascending, so pages are stable).
    pub(crate) fn ordenar(&self, lista: &mut [&Captacao], agora: Timestamp) {
        let Some(campo) = self.ordem else {
            return;
        };
        lista.sort_by(|a, b| {
            let ordem = comparar(campo, a, b, agora);
            let ordem = if self.decrescente {
                ordem.reverse()
            } else {
                ordem
            };
            ordem.then(a.id.cmp(&b.id))
        });
    }

    /// The (start, end) indexes of the requested page inside `total` items.
    pub(crate) fn janela(&self, total: usize) -> (usize, usize) {
        let inicio = self
            .pagina
            .saturating_sub(1)
            .saturating_mul(self.tamanho)
            .min(total);
        (inicio, inicio.saturating_add(self.tamanho).min(total))
    }
}

fn comparar(campo: Campo, a: &Captacao, b: &Captacao, agora: Timestamp) -> Ordering {
    match campo {
        Campo::Status => {
            dobrar(a.status_exibido(agora).label()).cmp(&dobrar(b.status_exibido(agora).label()))
        }
        Campo::NomeCaptacao => dobrar(&a.nome).cmp(&dobrar(&b.nome)),
        Campo::DataFim => a.fim.cmp(&b.fim),
        Campo::Vencimento => a.vencimento.cmp(&b.vencimento),
        Campo::Rendimento => a.rendimento.cmp(&b.rendimento),
        Campo::Rating => dobrar(&a.rating).cmp(&dobrar(&b.rating)),
        Campo::Acompanhamento => a.acompanhamento().cmp(&b.acompanhamento()),
        Campo::Disponivel => a.disponivel().cmp(&b.disponivel()),
        Campo::LimiteArrecadacao => a.limite.cmp(&b.limite),
    }
}

//! Where one instalment stands, and the recovery steps that change it: paid (on time or
//! late), overdue, to come, moved into an agreed renegotiation, or written off with the
//! holding. One rule for every answer that lists instalments (the holding, the reservation's
//! schedule, the calendar, the documents), so none of them promises money the platform
//! wrote off.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use super::Parcela;

/// A recovery step, as the platform records it (SCREAMING_SNAKE on the wire and in SQL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoRecuperacao {
    NotificacaoEmissora,
    RenegociacaoProposta,
    RenegociacaoAcordada,
    GarantiaExecutada,
    ValorRecuperado,
    Baixa,
}

impl TipoRecuperacao {
    const TODOS: [TipoRecuperacao; 6] = [
        TipoRecuperacao::NotificacaoEmissora,
        TipoRecuperacao::RenegociacaoProposta,
        TipoRecuperacao::RenegociacaoAcordada,
        TipoRecuperacao::GarantiaExecutada,
        TipoRecuperacao::ValorRecuperado,
        TipoRecuperacao::Baixa,
    ];

    pub fn codigo(self) -> &'static str {
        match self {
            TipoRecuperacao::NotificacaoEmissora => "NOTIFICACAO_EMISSORA",
            TipoRecuperacao::RenegociacaoProposta => "RENEGOCIACAO_PROPOSTA",
            TipoRecuperacao::RenegociacaoAcordada => "RENEGOCIACAO_ACORDADA",
            TipoRecuperacao::GarantiaExecutada => "GARANTIA_EXECUTADA",
            TipoRecuperacao::ValorRecuperado => "VALOR_RECUPERADO",
            TipoRecuperacao::Baixa => "BAIXA",
        }
    }

    pub fn de_codigo(texto: &str) -> Option<TipoRecuperacao> {
        Self::TODOS.into_iter().find(|t| t.codigo() == texto)
    }
}

/// The state of one instalment (SCREAMING_SNAKE on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoParcela {
    Paga,
    PagaComAtraso,
    EmAtraso,
    AVencer,
    /// Unpaid, due before an agreed renegotiation: its payment is what the agreement says.
    Renegociada,
    /// Unpaid when the credit was written off: no longer expected.
    Baixada,
}

/// The recovery steps of a holding that change its instalments, as of one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Recuperacoes {
    /// The latest agreed renegotiation.
    pub renegociada_em: Option<Date>,
    /// The credit was written off.
    pub baixada: bool,
}

impl Recuperacoes {
    /// What the steps `(day, kind)` taken by `hoje` say; later steps do not count yet.
    pub fn em(passos: impl IntoIterator<Item = (Date, TipoRecuperacao)>, hoje: Date) -> Self {
        passos
            .into_iter()
            .filter(|(d, _)| *d <= hoje)
            .fold(Recuperacoes::default(), |r, (d, t)| match t {
                TipoRecuperacao::Baixa => Recuperacoes { baixada: true, ..r },
                TipoRecuperacao::RenegociacaoAcordada => Recuperacoes {
                    renegociada_em: r.renegociada_em.max(Some(d)),
                    ..r
                },
                _ => r,
            })
    }
}

/// The state of `p` on `hoje`. Paid in full wins (a payment after a write-off is a
/// recovery, and it was paid); then an unpaid instalment of a written-off credit is
/// written off, whatever its due date; then one due before an agreed renegotiation is the
/// agreement's; then overdue from the day after its due date; else still to come.
pub fn estado(p: &Parcela, hoje: Date, r: Recuperacoes) -> EstadoParcela {
    match p.pago_em {
        Some(em) if p.quitada() && em <= p.vencimento => EstadoParcela::Paga,
        Some(_) if p.quitada() => EstadoParcela::PagaComAtraso,
        _ if r.baixada => EstadoParcela::Baixada,
        _ if r.renegociada_em.is_some_and(|d| p.vencimento < d) => EstadoParcela::Renegociada,
        _ if p.dias_em_atraso(hoje) > 0 => EstadoParcela::EmAtraso,
        _ => EstadoParcela::AVencer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    fn parcela(vencimento: Date, pago: i64, pago_em: Option<Date>) -> Parcela {
        Parcela {
            vencimento,
            valor: Decimal::new(100, 0),
            pago: Decimal::new(pago, 0),
            pago_em,
        }
    }

    const VENCE: Date = date(2026, 3, 10);

    #[test]
    fn paid_overdue_and_to_come_follow_the_due_date() {
        let nada = Recuperacoes::default();
        let em_dia = parcela(VENCE, 100, Some(VENCE));
        assert_eq!(estado(&em_dia, date(2026, 4, 1), nada), EstadoParcela::Paga);
        let tarde = parcela(VENCE, 100, Some(date(2026, 3, 12)));
        assert_eq!(
            estado(&tarde, date(2026, 4, 1), nada),
            EstadoParcela::PagaComAtraso
        );
        let aberta = parcela(VENCE, 40, Some(date(2026, 3, 1)));
        assert_eq!(estado(&aberta, VENCE, nada), EstadoParcela::AVencer);
        assert_eq!(
            estado(&aberta, date(2026, 3, 11), nada),
            EstadoParcela::EmAtraso
        );
    }

    #[test]
    fn a_write_off_ends_every_unpaid_instalment_and_keeps_the_paid_ones() {
        let passos = [
            (date(2026, 2, 1), TipoRecuperacao::NotificacaoEmissora),
            (date(2026, 5, 1), TipoRecuperacao::Baixa),
        ];
        // Not yet on the day before the write-off.
        let antes = Recuperacoes::em(passos, date(2026, 4, 30));
        assert!(!antes.baixada);
        let r = Recuperacoes::em(passos, date(2026, 5, 1));
        assert!(r.baixada);
        let hoje = date(2026, 5, 2);
        for p in [
            parcela(VENCE, 0, None),
            parcela(date(2027, 3, 10), 0, None),
            parcela(VENCE, 60, Some(date(2026, 4, 10))),
        ] {
            assert_eq!(estado(&p, hoje, r), EstadoParcela::Baixada, "{p:?}");
        }
        let paga = parcela(VENCE, 100, Some(VENCE));
        assert_eq!(estado(&paga, hoje, r), EstadoParcela::Paga);
    }

    #[test]
    fn an_agreed_renegotiation_takes_the_instalments_due_before_it() {
        let passos = [
            (date(2026, 3, 20), TipoRecuperacao::RenegociacaoProposta),
            (date(2026, 4, 1), TipoRecuperacao::RenegociacaoAcordada),
        ];
        assert_eq!(
            Recuperacoes::em(passos, date(2026, 3, 31)).renegociada_em,
            None
        );
        let r = Recuperacoes::em(passos, date(2026, 4, 2));
        assert_eq!(r.renegociada_em, Some(date(2026, 4, 1)));
        let hoje = date(2026, 6, 1);
        assert_eq!(
            estado(&parcela(VENCE, 0, None), hoje, r),
            EstadoParcela::Renegociada
        );
        // One due after the agreement is the original schedule's again.
        assert_eq!(
            estado(&parcela(date(2026, 5, 10), 0, None), hoje, r),
            EstadoParcela::EmAtraso
        );
    }

    #[test]
    fn codes_read_back() {
        for t in TipoRecuperacao::TODOS {
            assert_eq!(TipoRecuperacao::de_codigo(t.codigo()), Some(t));
            let json = serde_json::to_string(&t).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", t.codigo()));
        }
        assert_eq!(TipoRecuperacao::de_codigo("baixa"), None);
    }

    proptest! {
        /// Written off, an instalment is paid or written off, never still expected.
        #[test]
        fn written_off_never_promises(pago in 0i64..=150, dia in 0i64..400, hoje in 0i64..400) {
            let base = date(2026, 1, 1);
            let d = |n: i64| base.checked_add(jiff::Span::new().days(n)).unwrap_or(base);
            let p = parcela(VENCE, pago, (pago > 0).then(|| d(dia)));
            let r = Recuperacoes { renegociada_em: None, baixada: true };
            let e = estado(&p, d(hoje), r);
            prop_assert!(matches!(e, EstadoParcela::Paga | EstadoParcela::PagaComAtraso | EstadoParcela::Baixada));
            prop_assert_eq!(e == EstadoParcela::Baixada, !p.quitada());
        }
    }
}

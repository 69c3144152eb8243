//! How much of an offering is still free to reserve, read inside the writer's
//! transaction so that the check and the reservation are one atomic step.

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};

use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

pub(super) struct Capacidade {
    status: String,
    fim: i64,
    limite: i64,
    pub(super) minimo: i64,
    /// arrecadado (base + Pago + Aprovado) + live Aporte pendente + Em análise, in cents.
    comprometido: i64,
}

impl Capacidade {
    pub(super) fn ler(
        c: &Connection,
        captacao_id: i64,
        agora: Timestamp,
    ) -> Result<Option<Capacidade>, ApiError> {
        let cap = c
            .query_row(
                "SELECT c.status, c.fim_captacao, c.limite_centavos, c.investimento_minimo_centavos,
                    c.arrecadado_base_centavos + (
                        SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
                        WHERE r.captacao_id = c.id
                          AND (r.status IN ('Pago', 'Aprovado', 'Em análise')
                               OR (r.status = 'Aporte pendente' AND r.pix_vencimento > ?2)))
                 FROM captacoes c WHERE c.id = ?1",
                params![captacao_id, tempo::ms(agora)],
                |r| {
                    Ok(Capacidade {
                        status: r.get(0)?,
                        fim: r.get(1)?,
                        limite: r.get(2)?,
                        minimo: r.get(3)?,
                        comprometido: r.get(4)?,
                    })
                },
            )
            .optional()?;
        Ok(cap)
    }

    /// Open for orders: a live status (pre-launch included: the detail offers Investir
    /// then) and the fundraising period not over. Being full is answered by [`livre`].
    pub(super) fn aberta(&self, agora: Timestamp) -> bool {
        matches!(self.status.as_str(), "Captação no ar" | "Aberto") && tempo::ms(agora) < self.fim
    }

    /// Cents still free, never negative.
    pub(super) fn livre(&self) -> i64 {
        (self.limite - self.comprometido).max(0)
    }
}

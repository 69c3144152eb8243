//! How much of an offering is still free to reserve, read inside the writer's
//! transaction so that the check and the reservation are one atomic step (the store reads
//! it: `store::captacao`).

use jiff::Timestamp;

use crate::domain::status::CaptacaoStatus;
use crate::sandbox::tempo;

pub(crate) struct Capacidade {
    pub(super) status: CaptacaoStatus,
    pub(super) fim: i64,
    pub(super) limite: i64,
    pub(crate) minimo: i64,
    /// arrecadado (base + Pago + Aprovado) + live Aporte pendente + Em análise, in cents.
    pub(super) comprometido: i64,
}

impl Capacidade {
    /// Open for orders: a live status (pre-launch included: the detail offers Investir
    /// then) and the fundraising period not over. Being full is answered by [`livre`].
    pub(crate) fn aberta(&self, agora: Timestamp) -> bool {
        matches!(
            self.status,
            CaptacaoStatus::CaptacaoNoAr | CaptacaoStatus::Aberto
        ) && tempo::ms(agora) < self.fim
    }

    /// Cents still free, never negative.
    pub(crate) fn livre(&self) -> i64 {
        (self.limite - self.comprometido).max(0)
    }
}

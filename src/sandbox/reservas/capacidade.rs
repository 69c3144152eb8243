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
    pub(super) cancelada: bool,
    /// When the fundraising opens (Unix ms): no money is asked for before.
    pub(crate) inicio: i64,
}

impl Capacidade {
    /// Open for orders: a live status, not cancelled, and the fundraising period not
    /// over (before the opening an order is recorded, its money asked for at the opening).
    /// Being full is answered by [`livre`].
    pub(crate) fn aberta(&self, agora: Timestamp) -> bool {
        matches!(
            self.status,
            CaptacaoStatus::CaptacaoNoAr | CaptacaoStatus::Aberto
        ) && !self.cancelada
            && tempo::ms(agora) < self.fim
    }

    /// Not open yet: an order is recorded, no money moves.
    pub(crate) fn antes_da_abertura(&self, agora: Timestamp) -> bool {
        tempo::ms(agora) < self.inicio
    }

    /// Cents still free, never negative.
    pub(crate) fn livre(&self) -> i64 {
        (self.limite - self.comprometido).max(0)
    }
}

//! The background investors' reservations: what makes up each offering's seeded
//! `reservado` (pending) and each closed offering's `arrecadado` (paid).

use std::time::Duration;

use jiff::Timestamp;

use super::{HORA, Plano, dividir};
use crate::sandbox::SandboxConfig;
use crate::sandbox::tempo::{mais, menos};

impl Plano<'_> {
    /// Splits what is left of each offering's seeded reservado into up to three pending
    /// Pix reservations of background investors.
    pub(super) fn completar_reservado(&mut self, outros: &[i64], cfg: &SandboxConfig) {
        if outros.is_empty() {
            return;
        }
        let mut vez = 0usize;
        let pendentes: Vec<(i64, i64, i64, Timestamp)> = self
            .ofertas
            .iter()
            .map(|o| {
                let livre = self.reservado_livre.get(&o.id).copied().unwrap_or(0);
                (o.id, livre, o.minimo, o.fim)
            })
            .filter(|(_, livre, _, _)| *livre > 0)
            .collect();
        for (id, livre, minimo, fim) in pendentes {
            // Background reservations stay pending until the offering closes, so the
            // seeded reservado does not vanish a day after the first start.
            let vencimento = if fim > mais(self.agora, cfg.pix_deadline) {
                fim
            } else {
                mais(self.agora, cfg.pix_deadline)
            };
            for (i, centavos) in dividir(livre, minimo).into_iter().enumerate() {
                let usuario = outros[vez % outros.len()];
                vez += 1;
                let criada = menos(
                    self.agora,
                    Duration::from_secs(3600 * (3 + 5 * u64::try_from(i).unwrap_or(0))),
                );
                self.nova((usuario, id), "Aporte pendente", 1, centavos, criada, |n| {
                    n.pix_vencimento = Some(vencimento);
                });
            }
        }
    }

    /// Splits what is left of each closed successful offering's seeded arrecadado into up
    /// to three Pago reservations of background investors, paid while it was open and at
    /// least a withdrawal period before its end: what it raised is then all held by
    /// investors, so the track record counts what the offering's page shows. An open
    /// offering keeps the rest in its stored base instead: the track record counts only
    /// closed offerings, and paid reservations there would be money the platform still
    /// holds and must refund if the offering fails, with no story to tell yet.
    pub(super) fn completar_arrecadado(&mut self, outros: &[i64]) {
        if outros.is_empty() {
            return;
        }
        let mut vez = 0usize;
        let livres: Vec<(i64, i64, i64, Timestamp, Timestamp)> = self
            .ofertas
            .iter()
            .filter(|o| self.sucedida(o))
            .map(|o| {
                let livre = self.arrecadado_livre.get(&o.id).copied().unwrap_or(0);
                (o.id, livre, o.minimo, o.inicio, o.fim)
            })
            .filter(|(_, livre, _, _, _)| *livre > 0)
            .collect();
        for (id, livre, minimo, inicio, fim) in livres {
            for (i, centavos) in dividir(livre, minimo).into_iter().enumerate() {
                let usuario = outros[vez % outros.len()];
                vez += 1;
                let dias = 7 + 9 * u64::try_from(i).unwrap_or(0);
                let paga = menos(fim, Duration::from_secs(dias * 24 * 3600) + 5 * HORA)
                    .max(mais(inicio, 2 * HORA));
                self.nova((usuario, id), "Pago", 1, centavos, menos(paga, HORA), |n| {
                    n.paga = Some(paga);
                });
            }
        }
    }
}

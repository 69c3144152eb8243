//! Seeded reservations: the demo investor's in every status the wallet shows, and, from
//! background investors, the `Aporte pendente` ones that make up each offering's seeded
//! `reservado` and the `Pago` ones that make up what each closed offering raised.
//! Offerings are picked by their properties, not by slug, so any seed file works; an
//! offering whose whole story the seed tells (`desfecho`) is left to the background
//! investors. Every reservation is made while its offering was open.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use jiff::Timestamp;
use rusqlite::Transaction;

use crate::sandbox::SandboxConfig;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::seed::OfertaSemeada;
use crate::sandbox::seed::investimentos::Cenario;
use crate::sandbox::seed::pessoas::Usuarios;
use gravacao::gravar;

use crate::sandbox::tempo::{mais, menos};

const HORA: Duration = Duration::from_secs(3600);
const DIA: Duration = Duration::from_secs(24 * 3600);

/// The demo investor's holdings seeded for a situation: (offering, situation).
pub(super) type Casos = Vec<(i64, Cenario)>;

struct Nova {
    usuario_id: i64,
    captacao_id: i64,
    status: &'static str,
    tipo_pagamento: i64,
    centavos: i64,
    criada: Timestamp,
    pix_vencimento: Option<Timestamp>,
    paga: Option<Timestamp>,
    aprovada: Option<Timestamp>,
    cancelada: Option<Timestamp>,
    /// When the yield starts for a holding seeded for a situation (its money went to the
    /// issuer the day before); otherwise its offering's transfer decides.
    inicio: Option<Timestamp>,
    /// The situation this reservation is seeded to show, for `seed::investimentos`.
    cenario: Option<Cenario>,
}

/// Inserts the reservations; returns, per offering, the cents of seeded Pago/Aprovado
/// reservations (to subtract from the stored arrecadado base), and the demo investor's
/// holdings seeded for a situation (offering, situation).
pub(super) fn inserir(
    tx: &Transaction<'_>,
    cfg: &SandboxConfig,
    agora: Timestamp,
    ofertas: &[OfertaSemeada],
    usuarios: &Usuarios,
) -> Result<(BTreeMap<i64, i64>, Casos), SandboxError> {
    let mut plano = Plano {
        ofertas,
        agora,
        usadas: contadas(ofertas),
        arrecadado_livre: ofertas.iter().map(|o| (o.id, o.arrecadado)).collect(),
        reservado_livre: ofertas.iter().map(|o| (o.id, o.reservado)).collect(),
        novas: Vec::new(),
    };
    let ana = usuarios.investidor;
    let rafael = usuarios.ativa;

    // Aporte pendente: preferably inside an offering's seeded reservado, so the seed's
    // numbers stay as written; the deadline is one Pix window from confirmation. Confirmed
    // two hours ago, but never before today's midnight in São Paulo: the statement always
    // has a line of today, whatever the hour of the seeding.
    let meia_noite = crate::domain::dates::today_in_sao_paulo(agora)
        .to_zoned(crate::domain::dates::sao_paulo())
        .map_or(agora, |z| z.timestamp());
    let confirmada = menos(agora, 2 * HORA).max(meia_noite);
    let pendente = plano
        .escolher_reservada(500_000)
        .or_else(|| plano.escolher_aberta(500_000, Teto::Nenhum, confirmada));
    if let Some((id, centavos)) = pendente {
        plano
            .reservado_livre
            .entry(id)
            .and_modify(|r| *r = (*r - centavos).max(0));
        plano.nova((ana, id), "Aporte pendente", 1, centavos, confirmada, |n| {
            n.pix_vencimento = Some(mais(confirmada, cfg.pix_deadline));
        });
    }
    let paga = menos(agora, 12 * DIA);
    if let Some((id, c)) = plano.escolher_aberta(1_000_000, Teto::Arrecadado, menos(paga, HORA)) {
        plano.nova((ana, id), "Pago", 1, c, menos(paga, HORA), |n| {
            n.paga = Some(paga)
        });
    }
    if let Some((id, c)) = plano.escolher_finalizada(2_500_000) {
        let (inicio, fim) = plano
            .oferta(id)
            .map_or((agora, agora), |o| (o.inicio, o.fim));
        // While the offering was open: never before it opened.
        let paga = menos(fim, 10 * DIA)
            .min(menos(agora, 30 * DIA))
            .max(mais(inicio, 4 * HORA));
        plano.nova((ana, id), "Pago", 1, c, menos(paga, 3 * HORA), |n| {
            n.paga = Some(paga)
        });
    }
    if let Some((id, c)) = plano.escolher_aberta(1_500_000, Teto::Nenhum, menos(agora, DIA)) {
        plano.nova((ana, id), "Em análise", 2, c, menos(agora, DIA), |_| {});
    }
    let criada = menos(agora, 3 * DIA);
    if let Some((id, c)) = plano.escolher_aberta(800_000, Teto::Arrecadado, criada) {
        plano.nova((ana, id), "Aprovado", 2, c, criada, |n| {
            n.aprovada = Some(menos(agora, 2 * DIA));
        });
    }
    let criada = menos(agora, 8 * DIA);
    if let Some((id, c)) = plano.escolher_aberta(300_000, Teto::Nenhum, criada) {
        let vencimento = mais(criada, cfg.pix_deadline);
        plano.nova((ana, id), "Cancelado", 1, c, criada, |n| {
            n.pix_vencimento = Some(vencimento);
            n.cancelada = Some(vencimento);
        });
    }

    historico::inserir(&mut plano, ana);
    extrato::inserir(&mut plano, ana);
    agenda::inserir(&mut plano, ana);
    situacoes::inserir(&mut plano, ana);

    // The partner-debit investor: one paid, one awaiting the brokerage's analysis.
    plano.usadas = contadas(ofertas);
    let paga = menos(agora, 18 * DIA);
    if let Some((id, c)) = plano.escolher_aberta(2_000_000, Teto::Arrecadado, menos(paga, DIA)) {
        plano.nova((rafael, id), "Pago", 2, c, menos(paga, DIA), |n| {
            n.paga = Some(paga)
        });
    }
    if let Some((id, c)) = plano.escolher_aberta(1_200_000, Teto::Nenhum, menos(agora, 5 * HORA)) {
        plano.nova(
            (rafael, id),
            "Em análise",
            2,
            c,
            menos(agora, 5 * HORA),
            |_| {},
        );
    }

    plano.completar_reservado(&usuarios.outros, cfg);
    plano.completar_arrecadado(&usuarios.outros);
    gravar(
        tx,
        agora,
        cfg.withdrawal_days,
        &plano.novas,
        &plano.sucedidas(),
    )?;

    let mut ajustes = BTreeMap::new();
    for n in plano
        .novas
        .iter()
        .filter(|n| matches!(n.status, "Pago" | "Aprovado"))
    {
        *ajustes.entry(n.captacao_id).or_insert(0) += n.centavos;
    }
    let casos = plano
        .novas
        .iter()
        .filter_map(|n| n.cenario.map(|c| (n.captacao_id, c)))
        .collect();
    Ok((ajustes, casos))
}

/// The offerings whose whole story the seed tells: no demo investor holds them.
fn contadas(ofertas: &[OfertaSemeada]) -> HashSet<i64> {
    ofertas
        .iter()
        .filter(|o| o.desfecho.is_some())
        .map(|o| o.id)
        .collect()
}

#[derive(Clone, Copy)]
enum Teto {
    /// The amount must fit in what the seed says was raised (it becomes part of it).
    Arrecadado,
    /// Amounts that do not touch arrecadado nor reservado (Em análise, Cancelado).
    Nenhum,
}

struct Plano<'a> {
    ofertas: &'a [OfertaSemeada],
    agora: Timestamp,
    usadas: HashSet<i64>,
    arrecadado_livre: BTreeMap<i64, i64>,
    reservado_livre: BTreeMap<i64, i64>,
    novas: Vec<Nova>,
}

impl Plano<'_> {
    fn oferta(&self, id: i64) -> Option<&OfertaSemeada> {
        self.ofertas.iter().find(|o| o.id == id)
    }

    /// The offerings that closed with success before seeding, with the end of their
    /// fundraising: their paid money went to the issuer.
    fn sucedidas(&self) -> BTreeMap<i64, Timestamp> {
        self.ofertas
            .iter()
            .filter(|o| self.sucedida(o))
            .map(|o| (o.id, o.fim))
            .collect()
    }

    /// Closed with success (Finalizado, Captado), or still shown open but with its period
    /// over and its minimum target raised: the platform's first sweep closes it with success.
    fn sucedida(&self, o: &OfertaSemeada) -> bool {
        o.fim < self.agora
            && match o.status.as_str() {
                "Finalizado" | "Captado" => true,
                "Captação no ar" | "Aberto" => o.arrecadado >= o.alvo_minimo,
                _ => false,
            }
    }

    fn aberta(&self, o: &OfertaSemeada) -> bool {
        matches!(o.status.as_str(), "Captação no ar" | "Aberto")
            && o.inicio <= self.agora
            && self.agora < o.fim
    }

    /// The first open offering, already open at `desde` (when the reservation was made),
    /// that fits the amount, preferring one this investor has no reservation in yet (a
    /// varied wallet), else any open one (a small seed file).
    fn escolher_aberta(&mut self, alvo: i64, teto: Teto, desde: Timestamp) -> Option<(i64, i64)> {
        let mut candidatas: Vec<(bool, i64, i64, i64)> = self
            .ofertas
            .iter()
            .filter(|o| self.aberta(o) && o.inicio <= desde && o.desfecho.is_none())
            .map(|o| {
                (
                    self.usadas.contains(&o.id),
                    o.id,
                    o.minimo,
                    self.teto(o, teto),
                )
            })
            .collect();
        // Stable: keeps the seed order inside each group.
        candidatas.sort_by_key(|c| c.0);
        let candidatas = candidatas
            .into_iter()
            .map(|(_, id, m, t)| (id, m, t))
            .collect();
        self.primeira_que_cabe(candidatas, alvo)
    }

    /// A closed offering (Finalizado preferred, then Captado) for a past investment.
    fn escolher_finalizada(&mut self, alvo: i64) -> Option<(i64, i64)> {
        let mut candidatas: Vec<(bool, i64, i64, i64)> = self
            .ofertas
            .iter()
            .filter(|o| {
                matches!(o.status.as_str(), "Finalizado" | "Captado")
                    && o.fim < self.agora
                    && !self.usadas.contains(&o.id)
            })
            .map(|o| {
                let teto = self.teto(o, Teto::Arrecadado);
                (o.status != "Finalizado", o.id, o.minimo, teto)
            })
            .collect();
        candidatas.sort_by_key(|c| c.0);
        let candidatas = candidatas
            .into_iter()
            .map(|(_, id, m, t)| (id, m, t))
            .collect();
        let agora = self.agora;
        self.primeira_que_cabe(candidatas, alvo)
            .or_else(|| self.escolher_aberta(alvo, Teto::Arrecadado, menos(agora, 30 * DIA)))
    }

    /// An open offering whose seeded reservado has room for at least one minimum.
    fn escolher_reservada(&mut self, alvo: i64) -> Option<(i64, i64)> {
        let candidatas: Vec<(i64, i64, i64)> = self
            .ofertas
            .iter()
            .filter(|o| self.aberta(o) && !self.usadas.contains(&o.id))
            .map(|o| {
                (
                    o.id,
                    o.minimo,
                    self.reservado_livre.get(&o.id).copied().unwrap_or(0),
                )
            })
            .collect();
        self.primeira_que_cabe(candidatas, alvo)
    }

    fn teto(&self, o: &OfertaSemeada, teto: Teto) -> i64 {
        match teto {
            Teto::Arrecadado => self.arrecadado_livre.get(&o.id).copied().unwrap_or(0),
            // Keep clear of the limit so the offering's display status does not change.
            Teto::Nenhum => (o.limite - o.arrecadado - o.reservado).max(o.minimo),
        }
    }

    fn primeira_que_cabe(
        &mut self,
        candidatas: Vec<(i64, i64, i64)>,
        alvo: i64,
    ) -> Option<(i64, i64)> {
        let (id, centavos) = candidatas
            .into_iter()
            .find_map(|(id, minimo, teto)| valor(alvo, minimo, teto).map(|v| (id, v)))?;
        self.usadas.insert(id);
        Some((id, centavos))
    }

    /// Records a reservation of `usuario_id` in `captacao_id`.
    fn nova(
        &mut self,
        (usuario_id, captacao_id): (i64, i64),
        status: &'static str,
        tipo_pagamento: i64,
        centavos: i64,
        criada: Timestamp,
        ajustar: impl FnOnce(&mut Nova),
    ) {
        if matches!(status, "Pago" | "Aprovado") {
            self.arrecadado_livre
                .entry(captacao_id)
                .and_modify(|a| *a = (*a - centavos).max(0));
        }
        let mut n = Nova {
            usuario_id,
            captacao_id,
            status,
            tipo_pagamento,
            centavos,
            criada,
            pix_vencimento: None,
            paga: None,
            aprovada: None,
            cancelada: None,
            inicio: None,
            cenario: None,
        };
        ajustar(&mut n);
        self.novas.push(n);
    }
}

/// Splits `total` into at most three parts that are whole multiples of the minimum
/// investment (what an investor could actually reserve); a remainder that is not goes to
/// the last part.
fn dividir(total: i64, minimo: i64) -> Vec<i64> {
    let unidades = if minimo > 0 { total / minimo } else { 0 };
    if unidades == 0 {
        return vec![total];
    }
    let partes = unidades.min(3);
    let mut valores: Vec<i64> = (0..partes)
        .map(|i| (unidades / partes + i64::from(i < unidades % partes)) * minimo)
        .collect();
    if let Some(ultima) = valores.last_mut() {
        *ultima += total - unidades * minimo;
    }
    valores
}

/// The amount nearest `alvo` that is a multiple of the minimum investment and at most
/// `teto`; `None` when not even one minimum fits.
fn valor(alvo: i64, minimo: i64, teto: i64) -> Option<i64> {
    if minimo <= 0 || teto < minimo {
        return None;
    }
    let multiplos = (alvo / minimo).max(1).min(teto / minimo);
    Some(multiplos * minimo)
}

mod agenda;
mod extrato;
mod fundo;
mod gravacao;
mod historico;
mod situacoes;
#[cfg(test)]
mod tests;

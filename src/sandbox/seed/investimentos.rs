//! What happened after the money went in: for the demo investor's holdings seeded late, in
//! recovery or in default, and for the older offerings of the track record, the day their
//! issuer stopped paying and what followed (late payments, recovery steps), for every
//! holding in the offering; for every holding of the demo investor, the issuer's quarterly reports (and a notice
//! where payments stopped). All dates count back from the seeding day. What the seed
//! writes is history: the investor is not notified of it (it is remembered as told).

mod historia;
mod textos;

use historia::Rumo;

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Transaction;
use serde::Deserialize;

use crate::domain::dates;
use crate::sandbox::erro::{ApiError, SandboxError};
use crate::sandbox::investimentos::avisos::{self, Modo};
use crate::sandbox::investimentos::modelo::TipoAtualizacao;
use crate::sandbox::investimentos::posicao::posicoes;
use crate::sandbox::investimentos::store;
use crate::sandbox::reservas::store as reservas;
use crate::sandbox::tempo;

/// The situation a seeded holding is made to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cenario {
    EmCaptacao,
    Atrasado,
    EmRecuperacao,
    Inadimplente,
}

impl Cenario {
    /// Days before seeding the first unpaid instalment fell due.
    pub(crate) fn dias_de_atraso(self) -> i64 {
        match self {
            Cenario::EmCaptacao => 0,
            Cenario::Atrasado => 12,
            Cenario::EmRecuperacao => 50,
            Cenario::Inadimplente => 150,
        }
    }
}

/// What became of an offering of the track record whose whole story the seed tells: its
/// issuer paid every instalment on time, paid one (`parcela`, counted from 1) `dias` late
/// and the rest when due, or stopped paying at one and the offering went into recovery or
/// default. Told alike for every holding in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "tipo", rename_all_fields = "camelCase")]
pub(crate) enum Desfecho {
    EmDia,
    Atraso { parcela: u32, dias: i64 },
    EmRecuperacao { parcela: u32 },
    Inadimplente { parcela: u32 },
}

fn seed(e: ApiError) -> SandboxError {
    SandboxError::Seed(e.mensagem().to_owned())
}

/// Writes what happened after the money went in: for the demo investor's holdings seeded
/// for a situation (`casos`), from the instalment nearest the situation's delay; for the
/// offerings of the track record (`desfechos`), from the instalment they name. Either way
/// the story is the offering's, told for every holding in it.
pub(super) fn inserir(
    tx: &Transaction<'_>,
    agora: Timestamp,
    usuario: i64,
    casos: &[(i64, Cenario)],
    desfechos: &[(i64, Desfecho)],
) -> Result<(), SandboxError> {
    let hoje = dates::today_in_sao_paulo(agora);
    let investidas = reservas::investidas(tx, usuario).map_err(seed)?;
    for (captacao, cenario) in casos {
        let rumo = match cenario {
            Cenario::EmCaptacao => continue,
            Cenario::Atrasado => Rumo::Suspenso,
            Cenario::EmRecuperacao => Rumo::EmRecuperacao,
            Cenario::Inadimplente => Rumo::Inadimplente,
        };
        let Some(r) = investidas.iter().find(|r| r.captacao_id == *captacao) else {
            continue;
        };
        let limite = dia(hoje, -cenario.dias_de_atraso() - 5);
        let parcela = r
            .fluxo(agora)
            .into_iter()
            .find(|p| p.data >= limite && p.data < hoje);
        if let Some(p) = parcela {
            historia::contar(tx, *captacao, p.numero, rumo, agora).map_err(seed)?;
        }
    }
    for (captacao, desfecho) in desfechos {
        let (numero, rumo) = match *desfecho {
            Desfecho::EmDia => continue,
            Desfecho::Atraso { parcela, dias } => (parcela, Rumo::PagoComAtraso { dias }),
            Desfecho::EmRecuperacao { parcela } => (parcela, Rumo::EmRecuperacao),
            Desfecho::Inadimplente { parcela } => (parcela, Rumo::Inadimplente),
        };
        historia::contar(tx, *captacao, numero, rumo, agora).map_err(seed)?;
    }
    atualizacoes(tx, usuario, agora).map_err(seed)?;
    avisos::avisar_todos(tx, agora, Modo::SoLembrar).map_err(seed)?;
    Ok(())
}

fn dia(d: Date, n: i64) -> Date {
    tempo::somar_dias(d, n).unwrap_or(d)
}

/// The issuer's reports of every holding of `usuario`: one per quarter since the yield
/// started (the last four), or one recent report while the offering is still raising; and,
/// where the issuer stopped paying, its notice two days later.
fn atualizacoes(tx: &Transaction<'_>, usuario: i64, agora: Timestamp) -> Result<(), ApiError> {
    let hoje = dates::today_in_sao_paulo(agora);
    for (captacao, p) in posicoes(tx, usuario, agora)? {
        let Some(r) = p.reservas.first() else {
            continue;
        };
        let nome = r.oferta.nome.as_str();
        let suspensao = r.suspensos_desde;
        let mut datas: Vec<Date> = Vec::new();
        if let Some(inicio) = p.inicio_rendimento {
            let mut k = 1;
            while let Ok(d) = inicio.checked_add(jiff::Span::new().months(3 * k).days(10)) {
                if d > hoje {
                    break;
                }
                datas.push(d);
                k += 1;
            }
        }
        if datas.is_empty() {
            datas.push(dia(hoje, -7).max(tempo::dia_de_ms(r.criada_em)));
        }
        let ultima = datas.last().copied();
        for d in datas.iter().rev().take(4).rev() {
            let (tipo, titulo, arquivo) = textos::periodo(*d);
            let texto = match suspensao {
                Some(s) if *d > s => textos::relatorio_em_dificuldade(nome, p.situacao),
                _ if Some(*d) == ultima
                    && p.situacao == crate::domain::situacao::Situacao::Liquidado =>
                {
                    textos::relatorio_final(nome)
                }
                _ if p.inicio_rendimento.is_none() => textos::relatorio_captacao(nome),
                _ => textos::relatorio_em_dia(nome),
            };
            store::publicar(tx, captacao, *d, tipo, (&titulo, &texto), Some(&arquivo))?;
        }
        if let Some(s) = suspensao.filter(|s| dia(*s, 2) <= hoje) {
            store::publicar(
                tx,
                captacao,
                dia(s, 2),
                TipoAtualizacao::Comunicado,
                (textos::COMUNICADO_ATRASO, &textos::comunicado_atraso(nome)),
                None,
            )?;
        }
    }
    Ok(())
}

//! What happened after the money went in, for the demo investor's holdings: for those
//! seeded late, in recovery or in default, the day their issuer stopped paying and the
//! recovery steps since; for every holding, the issuer's quarterly reports (and a notice
//! where payments stopped). All dates count back from the seeding day. What the seed
//! writes is history: the investor is not notified of it (it is remembered as told).

mod textos;

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Transaction;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::domain::dates;
use crate::domain::money::format_brl as brl;
use crate::sandbox::erro::{ApiError, SandboxError};
use crate::sandbox::investimentos::avisos::{self, Modo};
use crate::sandbox::investimentos::modelo::{TipoAtualizacao, TipoRecuperacao};
use crate::sandbox::investimentos::posicao::posicoes;
use crate::sandbox::investimentos::store;
use crate::sandbox::reservas::reserva::Reserva;
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

fn seed(e: ApiError) -> SandboxError {
    SandboxError::Seed(e.mensagem().to_owned())
}

pub(super) fn inserir(
    tx: &Transaction<'_>,
    agora: Timestamp,
    usuario: i64,
    casos: &[(i64, Cenario)],
) -> Result<(), SandboxError> {
    let hoje = dates::today_in_sao_paulo(agora);
    let investidas = reservas::investidas(tx, usuario).map_err(seed)?;
    for (captacao, cenario) in casos {
        if let Some(r) = investidas.iter().find(|r| r.captacao_id == *captacao) {
            historia(tx, r, *cenario, (hoje, agora)).map_err(seed)?;
        }
    }
    atualizacoes(tx, usuario, agora).map_err(seed)?;
    avisos::avisar_todos(tx, agora, Modo::SoLembrar).map_err(seed)?;
    Ok(())
}

fn dia(d: Date, n: i64) -> Date {
    tempo::somar_dias(d, n).unwrap_or(d)
}

fn centavos(v: Decimal) -> i64 {
    (v * Decimal::ONE_HUNDRED).round().to_i64().unwrap_or(0)
}

/// The issuer stops paying at the instalment nearest the scenario's delay; then the steps.
fn historia(
    tx: &Transaction<'_>,
    r: &Reserva,
    cenario: Cenario,
    (hoje, agora): (Date, Timestamp),
) -> Result<(), ApiError> {
    if cenario == Cenario::EmCaptacao {
        return Ok(());
    }
    let fluxo = r.fluxo(agora);
    let limite = dia(hoje, -cenario.dias_de_atraso() - 5);
    let Some(parcela) = fluxo.iter().find(|p| p.data >= limite && p.data < hoje) else {
        return Ok(());
    };
    let d = parcela.data;
    store::suspender_pagamentos(tx, r.captacao_id, d)?;
    let n = parcela.numero;
    let passo = |data: Date, tipo: TipoRecuperacao, textos: (&str, &str), valor: Option<i64>| {
        store::gravar_recuperacao(tx, r.id, data, tipo, textos, valor).map(|_| ())
    };
    let notificacao = textos::notificacao(n, parcela.valor, d);
    match cenario {
        Cenario::EmRecuperacao => {
            passo(
                dia(d, 5),
                TipoRecuperacao::NotificacaoEmissora,
                (textos::NOTIFICADA, &notificacao),
                None,
            )?;
            passo(
                dia(d, 18),
                TipoRecuperacao::RenegociacaoProposta,
                (textos::PROPOSTA, textos::PROPOSTA_TEXTO),
                None,
            )?;
            let acordo = dia(d, 32);
            passo(
                acordo,
                TipoRecuperacao::RenegociacaoAcordada,
                (textos::ACORDO, &textos::acordo(dia(acordo, 30))),
                None,
            )?;
        }
        Cenario::Inadimplente => {
            passo(
                dia(d, 5),
                TipoRecuperacao::NotificacaoEmissora,
                (textos::NOTIFICADA, &notificacao),
                None,
            )?;
            let garantias = r.oferta.rotulos_garantias().join(", ");
            passo(
                dia(d, 35),
                TipoRecuperacao::GarantiaExecutada,
                (textos::GARANTIA, &textos::garantia(&garantias)),
                None,
            )?;
            let recuperado = (parcela.valor * Decimal::new(6, 1)).round_dp(2);
            let quando = dia(d, 95);
            store::gravar_pagamento(tx, r.id, n, centavos(recuperado), quando)?;
            passo(
                quando,
                TipoRecuperacao::ValorRecuperado,
                (textos::RECUPERADO, &textos::recuperado(&brl(recuperado))),
                Some(centavos(recuperado)),
            )?;
            let devido: Decimal = fluxo.iter().filter(|p| p.data >= d).map(|p| p.valor).sum();
            let restante = devido - recuperado;
            passo(
                dia(d, 125),
                TipoRecuperacao::Baixa,
                (textos::BAIXA, &textos::baixa(&brl(restante))),
                Some(centavos(restante)),
            )?;
        }
        Cenario::Atrasado | Cenario::EmCaptacao => {}
    }
    Ok(())
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

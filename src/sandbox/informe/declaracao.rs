//! `GET /v1/informe/{ano}/declaracao`: how to declare each holding of a report year in the
//! IRPF: the offering's codes (platform data, `captacao_emissores`), the issuer with its
//! CNPJ, a 'Discriminação' to paste, the balances on 31 December of the year before and of
//! the year, and the income received in the year (the instalments' interest paid in it).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde::Serialize;

use super::{anos, store};
use crate::domain::irpf::{self, Rendimentos};
use crate::domain::{dates, money};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::reserva::Reserva;
use crate::sandbox::{Sandbox, tempo};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Declaracao {
    ano: i16,
    itens: Vec<Item>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    id_captacao: i64,
    nome_captacao: String,
    emissor: Emissor,
    bens_e_direitos: BensEDireitos,
    rendimentos: RendimentosJson,
    discriminacao: String,
    #[serde(with = "money::json")]
    saldo_anterior: Decimal,
    #[serde(with = "money::json")]
    saldo_atual: Decimal,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Emissor {
    razao_social: String,
    cnpj: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct BensEDireitos {
    grupo: String,
    codigo: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RendimentosJson {
    tipo: Rendimentos,
    codigo: String,
    #[serde(with = "money::json")]
    valor: Decimal,
}

/// The interest a reservation's issuer paid in `ano`, up to today, as recorded or due-and-paid
/// (`Reserva::parcelas`): every payment made in the year, less the principal in the last
/// instalment (a part payment of the last one counts as its interest first).
fn recebido_no_ano(r: &Reserva, ano: i16, agora: Timestamp) -> Decimal {
    let parcelas = r.parcelas(agora);
    let ultima = parcelas.iter().map(|p| p.numero).max().unwrap_or(0);
    parcelas
        .iter()
        .filter(|p| p.parcela.pago_em.is_some_and(|d| d.year() == ano))
        .map(|p| {
            if p.numero == ultima {
                let juros = (p.parcela.valor - r.investimento()).max(Decimal::ZERO);
                p.parcela.pago.min(juros)
            } else {
                p.parcela.pago
            }
        })
        .sum()
}

/// The day the money went in: the confirmation, else the day before the yield's start.
fn liquidacao(r: &Reserva, agora: Timestamp) -> jiff::civil::Date {
    r.confirmada_em.map_or_else(
        || r.inicio_dia(agora),
        |ms| dates::today_in_sao_paulo(tempo::de_ms(ms)),
    )
}

/// `ano`'s declaration, one item per offering (its reservations summed), or `None` when
/// `ano` is not one of the investor's report years.
pub(crate) fn ler(
    c: &Connection,
    usuario: i64,
    ano: i16,
    agora: Timestamp,
) -> Result<Option<Declaracao>, ApiError> {
    let reservas = store::investidas(c, usuario)?;
    if !anos(&reservas, agora).contains(&ano) {
        return Ok(None);
    }
    let (antes, fim) = (irpf::fim_do_ano(ano - 1), irpf::fim_do_ano(ano));
    let mut itens: BTreeMap<i64, Item> = BTreeMap::new();
    for r in &reservas {
        let (liq, venc) = (liquidacao(r, agora), r.vencimento(agora));
        let recebido = recebido_no_ano(r, ano, agora);
        let (saldo_anterior, saldo_atual) = (
            irpf::saldo(r.investimento(), liq, venc, antes),
            irpf::saldo(r.investimento(), liq, venc, fim),
        );
        if saldo_anterior.is_zero() && saldo_atual.is_zero() && recebido.is_zero() {
            continue;
        }
        let Some(t) = store::tributacao(c, r.captacao_id)? else {
            continue;
        };
        let item = itens.entry(r.captacao_id).or_insert_with(|| Item {
            id_captacao: r.captacao_id,
            nome_captacao: r.oferta.nome.clone(),
            discriminacao: String::new(),
            emissor: Emissor {
                razao_social: t.razao_social.clone(),
                cnpj: t.cnpj.clone(),
            },
            bens_e_direitos: BensEDireitos {
                grupo: t.bens_grupo.clone(),
                codigo: t.bens_codigo.clone(),
            },
            rendimentos: RendimentosJson {
                tipo: t.rendimentos,
                codigo: t.rendimentos_codigo.clone(),
                valor: Decimal::ZERO,
            },
            saldo_anterior: Decimal::ZERO,
            saldo_atual: Decimal::ZERO,
        });
        let linha = irpf::discriminacao(
            &r.oferta.nome,
            &t.razao_social,
            &t.cnpj,
            r.investimento(),
            liq,
            venc,
        );
        if !item.discriminacao.is_empty() {
            item.discriminacao.push(' ');
        }
        item.discriminacao.push_str(&linha);
        item.saldo_anterior += saldo_anterior;
        item.saldo_atual += saldo_atual;
        item.rendimentos.valor += recebido;
    }
    Ok(Some(Declaracao {
        ano,
        itens: itens.into_values().collect(),
    }))
}

/// `GET /v1/informe/{ano}/declaracao`; a year not in `/anos` → 404 'Nenhum arquivo
/// encontrado.', as the report's PDF.
pub(super) async fn declaracao(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(ano): Path<String>,
) -> Result<Json<Declaracao>, ApiError> {
    let ano: i16 = ano.trim().parse().map_err(|_| ApiError::nenhum_arquivo())?;
    investidor
        .read(&sandbox, move |c, usuario| {
            ler(c, usuario, ano, tempo::agora())?.ok_or_else(ApiError::nenhum_arquivo)
        })
        .await
        .map(Json)
}

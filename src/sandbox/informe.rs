//! `/v1/informe`: the annual income report (informe de rendimentos) of the investor's
//! CPR-F, one per calendar year, for the tax return.
//!
//! A year is offered when one of the investor's Pago or Aprovado reservations was
//! earning during it (from its start of yield to its maturity), up to the last full
//! calendar year in São Paulo: the current year's report does not exist yet. The yield of
//! a year is what the reservation accrued from 1 January to 31 December (capped at
//! maturity), the same accrual the wallet shows.

mod declaracao;
mod store;

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use jiff::Timestamp;
use jiff::civil::{Date, date};
use rusqlite::Connection;
use rust_decimal::Decimal;

use crate::domain::validate::mask_cpf;
use crate::domain::{dates, money};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::pdf::Documento;
use crate::sandbox::reservas::fluxo;
use crate::sandbox::reservas::reserva::{Reserva, recebedor};
use crate::sandbox::resposta::{self, pdf_resposta};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const ISENTO: &str = "Isenta de imposto de renda para pessoa física";

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/informe/anos", get(listar_anos))
        .route("/v1/informe/{ano}", get(baixar))
        .route("/v1/informe/{ano}/declaracao", get(declaracao::declaracao))
}

/// The calendar years a reservation earned in: from its start of yield to the day
/// before its maturity.
fn anos_da_reserva(r: &Reserva, agora: Timestamp) -> std::ops::RangeInclusive<i16> {
    let inicio = r.inicio_dia(agora);
    let ultimo_dia = r
        .vencimento(agora)
        .yesterday()
        .unwrap_or(inicio)
        .max(inicio);
    inicio.year()..=ultimo_dia.year()
}

/// Report years, newest first, up to the last full calendar year.
fn anos(reservas: &[Reserva], agora: Timestamp) -> Vec<i16> {
    let ultimo = dates::today_in_sao_paulo(agora).year() - 1;
    let todos: BTreeSet<i16> = reservas
        .iter()
        .flat_map(|r| anos_da_reserva(r, agora))
        .filter(|a| *a <= ultimo)
        .collect();
    todos.into_iter().rev().collect()
}

/// One offering in a year's report.
struct Linha {
    nome: String,
    /// The issuer who pays the yield: razão social and CNPJ.
    emissor: String,
    aplicado: Decimal,
    rendimento: Decimal,
}

/// The offerings the investor held in `ano`, by name, with the amount invested and the
/// yield accrued in that year.
fn linhas(reservas: &[Reserva], ano: i16, agora: Timestamp) -> Vec<Linha> {
    let primeiro = |a: i16| date(a, 1, 1);
    // Income stops accruing the day the issuer stopped paying: a late or defaulted holding
    // reports no yield the investor has not received.
    let acumulado = |r: &Reserva, ate: Date| {
        let ate = r.suspensos_desde.map_or(ate, |s| ate.min(s));
        fluxo::rendimento_acumulado(
            r.investimento(),
            r.oferta.taxa,
            r.oferta.prazo,
            r.inicio_dia(agora),
            ate,
        )
    };
    let mut por_oferta: BTreeMap<String, Linha> = BTreeMap::new();
    for r in reservas
        .iter()
        .filter(|r| anos_da_reserva(r, agora).contains(&ano))
    {
        let rendimento = acumulado(r, primeiro(ano + 1)) - acumulado(r, primeiro(ano));
        let l = por_oferta
            .entry(r.oferta.nome.clone())
            .or_insert_with(|| Linha {
                nome: r.oferta.nome.clone(),
                emissor: r.oferta.emissor_identificado(),
                aplicado: Decimal::ZERO,
                rendimento: Decimal::ZERO,
            });
        l.aplicado += r.investimento();
        l.rendimento += rendimento;
    }
    por_oferta.into_values().collect()
}

/// The investor's report years, newest first.
pub(crate) fn anos_do_investidor(
    c: &Connection,
    usuario: i64,
    agora: Timestamp,
) -> Result<Vec<i16>, ApiError> {
    Ok(anos(&store::investidas(c, usuario)?, agora))
}

/// What `ano`'s report says, read from the database; its PDF is [`Relatorio::pdf`].
pub(crate) struct Relatorio {
    ano: i16,
    quem: store::Beneficiario,
    linhas: Vec<Linha>,
    agora: Timestamp,
}

impl Relatorio {
    /// `ano`'s report, or `None` when `ano` is not one of the investor's years.
    pub(crate) fn read(
        c: &Connection,
        usuario: i64,
        ano: i16,
        agora: Timestamp,
    ) -> Result<Option<Relatorio>, ApiError> {
        let reservas = store::investidas(c, usuario)?;
        if !anos(&reservas, agora).contains(&ano) {
            return Ok(None);
        }
        let quem = store::beneficiario(c, usuario)
            .ok()
            .flatten()
            .ok_or_else(|| ApiError::nao_autorizado(SESSAO_INVALIDA))?;
        let linhas = linhas(&reservas, ano, agora);
        Ok(Some(Relatorio {
            ano,
            quem,
            linhas,
            agora,
        }))
    }

    pub(crate) fn pdf(&self) -> Vec<u8> {
        pdf(
            self.ano,
            &self.quem.nome,
            &self.quem.cpf,
            &self.linhas,
            self.agora,
        )
    }
}

/// The PDF of `ano`'s report, or `None` when `ano` is not one of the investor's years.
pub(crate) fn relatorio(
    c: &Connection,
    usuario: i64,
    ano: i16,
    agora: Timestamp,
) -> Result<Option<Vec<u8>>, ApiError> {
    Ok(Relatorio::read(c, usuario, ano, agora)?.map(|r| r.pdf()))
}

/// `GET /v1/informe/anos` → `[2025, 2024]` (possibly `[]`).
async fn listar_anos(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
) -> Result<Json<Vec<i16>>, ApiError> {
    investidor
        .read(&sandbox, |c, usuario| {
            anos_do_investidor(c, usuario, tempo::agora()).map(Json)
        })
        .await
}

/// `GET /v1/informe/{ano}` → the report as a PDF (inline, `informe-rendimentos-{ano}.pdf`);
/// a year not in `/anos` → 404 'Nenhum arquivo encontrado.'
async fn baixar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(ano): Path<String>,
) -> Result<Response, ApiError> {
    let ano: i16 = ano.trim().parse().map_err(|_| ApiError::nenhum_arquivo())?;
    let informe = investidor
        .read(&sandbox, move |c, usuario| {
            Relatorio::read(c, usuario, ano, tempo::agora())?.ok_or_else(ApiError::nenhum_arquivo)
        })
        .await?;
    let bytes = resposta::documento(move || informe.pdf()).await?;
    Ok(pdf_resposta(
        bytes,
        "inline",
        &format!("informe-rendimentos-{ano}.pdf"),
    ))
}

fn pdf(ano: i16, nome: &str, cpf: &str, linhas: &[Linha], agora: Timestamp) -> Vec<u8> {
    let titulo = format!("Informe de rendimentos — ano-calendário {ano}");
    let mut doc = Documento::new();
    doc.titulo(&titulo);
    doc.paragrafo(&format!(
        "Comprovante de rendimentos de Cédulas de Produto Rural com liquidação financeira \
         (CPR-F) subscritas por meio da plataforma Colheita, para a Declaração de Ajuste Anual \
         do Imposto de Renda da Pessoa Física, exercício {}.",
        ano + 1
    ));
    doc.secao("1. Fontes pagadoras");
    doc.paragrafo(
        "Os rendimentos são pagos pelo emissor de cada CPR-F, indicado com o seu CNPJ em cada \
         linha do quadro 3.",
    );
    doc.campo("Agente de pagamento", recebedor::NOME);
    doc.campo("CNPJ do agente de pagamento", recebedor::CNPJ);
    doc.secao("2. Beneficiário(a)");
    doc.campo("Nome", nome);
    doc.campo("CPF", &mask_cpf(cpf));
    doc.secao("3. Rendimentos isentos e não tributáveis");
    let rendimento = format!("Rendimento em {ano}");
    if !linhas.is_empty() {
        doc.tabela(
            &[
                ("Título", 2.0),
                ("Emissor (fonte pagadora)", 2.2),
                ("Valor aplicado", 1.4),
                (&rendimento, 1.4),
                ("Tributação", 2.0),
            ],
            &linhas
                .iter()
                .map(|l| {
                    vec![
                        l.nome.clone(),
                        l.emissor.clone(),
                        money::format_brl(l.aplicado),
                        money::format_brl(l.rendimento),
                        ISENTO.to_owned(),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
    let total: Decimal = linhas.iter().map(|l| l.rendimento).sum();
    doc.secao("4. Total");
    doc.campo(
        "Total de rendimentos isentos no ano",
        &money::format_brl(total),
    );
    doc.paragrafo(
        "Os rendimentos de CPR-F são isentos de imposto de renda para pessoa física \
         (Lei nº 11.033/2004, art. 3º, V). Informe-os na ficha 'Rendimentos isentos e \
         não tributáveis' e o valor aplicado na ficha 'Bens e direitos' da sua declaração.",
    );
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Dados fictícios.",
        dates::format_datetime_br(agora)
    ));
    doc.finalizar(&titulo, "Colheita — informe de rendimentos")
}

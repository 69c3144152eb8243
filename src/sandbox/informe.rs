//! `/v1/informe`: the annual income report (informe de rendimentos) of the investor's
//! CPR-F, one per calendar year, for the tax return.
//!
//! A year is offered when one of the investor's Pago or Aprovado reservations was earning
//! during it (from its start of yield to its maturity) or paid income in it, up to the last
//! full calendar year in São Paulo: the current year's report does not exist yet. What the
//! report states of each holding is `apuracao`'s, the same figures the IRPF guide
//! (`declaracao`) gives: the income received in the year (cash basis: the interest paid in
//! it) and the balances at cost on 31 December.

mod apuracao;
pub(crate) mod declaracao;
mod store;

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use jiff::Timestamp;
use rusqlite::Connection;
use rust_decimal::Decimal;

use crate::domain::irpf::Rendimentos;
use crate::domain::validate::{format_cnpj, mask_cpf};
use crate::domain::{dates, money};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::{ApiError, SESSAO_INVALIDA};
use crate::sandbox::pdf::Documento;
use crate::sandbox::reservas::reserva::recebedor;
use crate::sandbox::resposta::{self, pdf_resposta};
use crate::sandbox::{Sandbox, tempo};
use apuracao::anos;

pub(crate) fn routes() -> Router<Sandbox> {
    Router::new()
        .route("/v1/informe/anos", get(listar_anos))
        .route("/v1/informe/{ano}", get(baixar))
        .route("/v1/informe/{ano}/declaracao", get(declaracao::declaracao))
}

/// One holding in a year's report, as `apuracao::bens` computed it.
struct Linha {
    nome: String,
    /// The issuer who pays the income: razão social and CNPJ.
    fonte: String,
    rendimentos: Rendimentos,
    rendimentos_codigo: String,
    bens: String,
    saldo_anterior: Decimal,
    saldo_atual: Decimal,
    recebido: Decimal,
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
        let linhas = apuracao::bens(c, &reservas, ano, agora)?
            .into_iter()
            .map(|b| {
                let t = &b.tributacao;
                Linha {
                    nome: b.nome().to_owned(),
                    fonte: if t.cnpj.is_empty() {
                        t.razao_social.clone()
                    } else {
                        format!("{} (CNPJ {})", t.razao_social, format_cnpj(&t.cnpj))
                    },
                    rendimentos: t.rendimentos,
                    rendimentos_codigo: t.rendimentos_codigo.clone(),
                    bens: format!("{} / {}", t.bens_grupo, t.bens_codigo),
                    saldo_anterior: b.saldo_anterior,
                    saldo_atual: b.saldo_atual,
                    recebido: b.recebido,
                }
            })
            .collect();
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

/// A year's income in one section of the declaration: the table and its total.
fn rendimentos(doc: &mut Documento, ano: i16, linhas: &[&Linha]) {
    let recebido = format!("Recebido em {ano}");
    if !linhas.is_empty() {
        doc.tabela(
            &[
                ("Título", 2.2),
                ("Fonte pagadora", 2.6),
                ("Código", 0.9),
                (&recebido, 1.5),
            ],
            &linhas
                .iter()
                .map(|l| {
                    vec![
                        l.nome.clone(),
                        l.fonte.clone(),
                        l.rendimentos_codigo.clone(),
                        money::format_brl(l.recebido),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
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
    let de = |r: Rendimentos| linhas.iter().filter(move |l| l.rendimentos == r);
    doc.secao("3. Rendimentos isentos e não tributáveis");
    rendimentos(&mut doc, ano, &de(Rendimentos::Isento).collect::<Vec<_>>());
    let exclusivos: Vec<&Linha> = de(Rendimentos::TributacaoExclusiva).collect();
    if !exclusivos.is_empty() {
        doc.secao("3.1. Rendimentos sujeitos à tributação exclusiva/definitiva");
        rendimentos(&mut doc, ano, &exclusivos);
    }
    doc.paragrafo(
        "Rendimento é o que o emissor efetivamente pagou no ano (os juros das parcelas, no dia \
         do pagamento): uma parcela paga com atraso conta no ano em que foi paga, e um valor \
         baixado como perda não é rendimento.",
    );
    doc.secao("4. Bens e direitos");
    let antes = format!("Situação em 31/12/{}", ano - 1);
    let fim = format!("Situação em 31/12/{ano}");
    if !linhas.is_empty() {
        doc.tabela(
            &[
                ("Título", 2.6),
                ("Grupo / código", 1.3),
                (&antes, 1.6),
                (&fim, 1.6),
            ],
            &linhas
                .iter()
                .map(|l| {
                    vec![
                        l.nome.clone(),
                        l.bens.clone(),
                        money::format_brl(l.saldo_anterior),
                        money::format_brl(l.saldo_atual),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
    doc.paragrafo(
        "A situação em 31/12 é o custo de aquisição (o valor aplicado) de cada CPR-F ainda não \
         vencida naquele dia.",
    );
    doc.secao("5. Total");
    let total = |r: Rendimentos| de(r).map(|l| l.recebido).sum::<Decimal>();
    doc.campo(
        "Total de rendimentos isentos no ano",
        &money::format_brl(total(Rendimentos::Isento)),
    );
    if !exclusivos.is_empty() {
        doc.campo(
            "Total de rendimentos sujeitos à tributação exclusiva no ano",
            &money::format_brl(total(Rendimentos::TributacaoExclusiva)),
        );
    }
    doc.paragrafo(
        "Os rendimentos de CPR-F são isentos de imposto de renda para pessoa física \
         (Lei nº 11.033/2004, art. 3º, V). Informe-os na ficha 'Rendimentos isentos e \
         não tributáveis' e a situação em 31/12 na ficha 'Bens e direitos' da sua declaração.",
    );
    doc.nota(&format!(
        "Documento gerado em {} pela plataforma de demonstração (sandbox). Dados fictícios.",
        dates::format_datetime_br(agora)
    ));
    doc.finalizar(&titulo, "Colheita — informe de rendimentos")
}

//! `GET /v1/reservas/extrato/exportar/{tipo}`: the statement of a filter (the same
//! parameters as the statement, the page ignored) as a PDF: the investor, the filter, the
//! totals and every movement, with page numbers. Only `Pdf`; more than
//! `domain::extrato::exportar::LIMITE` movements is refused.

use axum::extract::{Path, RawQuery, State};
use axum::response::Response;
use jiff::Timestamp;
use rust_decimal::Decimal;

use super::{Filtro, com_linhas_em_dia, intervalo, linhas, store};
use crate::domain::extrato::exportar::{LIMITE, MSG_LIMITE};
use crate::domain::{dates, money};
use crate::sandbox::autenticacao::Investidor;
use crate::sandbox::erro::ApiError;
use crate::sandbox::pdf::Documento;
use crate::sandbox::resposta::{self, pdf_resposta};
use crate::sandbox::{Sandbox, tempo};

pub(crate) const ARQUIVO: &str = "extrato.pdf";

pub(super) async fn exportar(
    State(sandbox): State<Sandbox>,
    investidor: Investidor,
    Path(tipo): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    if !tipo.eq_ignore_ascii_case("pdf") {
        return Err(ApiError::requisicao("Tipo de exportação não suportado."));
    }
    let agora = tempo::agora();
    let f = Filtro::parse(query.as_deref(), dates::today_in_sao_paulo(agora))?;
    let (desde, ate) = intervalo(&f)?;
    let filtro = f.clone();
    let achadas = com_linhas_em_dia(investidor, &sandbox, agora, move |c, usuario| {
        let limite = i64::try_from(LIMITE).unwrap_or(i64::MAX);
        let achadas = linhas(c, usuario, &filtro, (desde, ate), (limite, 0))?;
        if achadas.total > limite {
            return Err(ApiError::requisicao(MSG_LIMITE));
        }
        Ok(achadas)
    })
    .await?;
    // Built apart, once the lines are read: no connection (nor lock) is held meanwhile.
    let bytes = resposta::documento(move || {
        pdf(&achadas.conta, &achadas.banco, &f, &achadas.linhas, agora)
    })
    .await?;
    Ok(pdf_resposta(bytes, "attachment", ARQUIVO))
}

/// The filter in words: the period, then each criterion set.
fn resumo(f: &Filtro) -> String {
    let mut partes = vec![format!(
        "{} a {}",
        dates::format_civil_date_br(f.inicio),
        dates::format_civil_date_br(f.fim)
    )];
    if let Some(t) = f.tipo {
        partes.push(format!("tipo {}", t.label()));
    }
    if let Some(s) = f.status {
        partes.push(format!("status {}", s.label()));
    }
    if let Some(p) = &f.produto {
        partes.push(format!("produto \"{p}\""));
    }
    if let Some(b) = &f.busca {
        partes.push(format!("busca \"{b}\""));
    }
    partes.join(", ")
}

fn pdf(
    conta: &store::Conta,
    banco: &str,
    f: &Filtro,
    linhas: &[store::Movimento],
    agora: Timestamp,
) -> Vec<u8> {
    let titulo = "Extrato de movimentações";
    let mut doc = Documento::new();
    doc.titulo(titulo);
    doc.subtitulo(&conta.nome);
    doc.campo("Conta", &conta.codigo);
    doc.campo("Banco", banco);
    doc.campo("Filtro", &resumo(f));
    doc.campo("Emitido em", &dates::format_datetime_br(agora));
    let soma = |positivo: bool| {
        Decimal::new(
            linhas
                .iter()
                .filter(|m| m.status != crate::domain::reference::StatusMovimento::Cancelado)
                .map(|m| m.centavos)
                .filter(|c| (*c >= 0) == positivo)
                .fold(0i64, i64::saturating_add),
            2,
        )
    };
    doc.secao("Resumo");
    doc.campo("Movimentações", &linhas.len().to_string());
    doc.campo("Entradas", &money::format_brl(soma(true)));
    doc.campo("Saídas", &money::format_brl(soma(false)));
    doc.campo(
        "Saldo do período",
        &money::format_brl(soma(true) + soma(false)),
    );
    doc.nota("Movimentações canceladas aparecem na lista e não entram nos totais.");
    doc.secao("Movimentações");
    if linhas.is_empty() {
        doc.paragrafo("Nenhuma movimentação no período.");
    }
    if !linhas.is_empty() {
        doc.tabela(
            &[
                ("Data", 1.1),
                ("Valor", 1.3),
                ("Descrição", 3.0),
                ("Tipo", 1.3),
                ("Situação", 1.2),
            ],
            &linhas
                .iter()
                .map(|m| {
                    vec![
                        dates::format_date_br(m.data),
                        money::format_brl(Decimal::new(m.centavos, 2)),
                        m.descricao.clone(),
                        m.tipo.label().to_owned(),
                        m.status.label().to_owned(),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
    doc.finalizar(titulo, "Extrato de movimentações da Colheita")
}

//! Filtering, sorting and paging of `GET /v1/captacoes` in SQL: the database hands back
//! the total and the ids of one page, so a request reads the page's rows and not every
//! offering. The rules are those of `filtro/referencia.rs` (the tests compare both), written as
//! integer SQL:
//!
//! - text is compared on the folded copies of migration 6 (`domain::texto::dobrar`), as bytes
//!   (SQLite's BINARY collation is `memcmp`, the order of Rust's `str`);
//! - a decimal range on an integer column becomes integer bounds (`v ≥ 6,5` ⇔ `v ≥ 7`);
//! - a São Paulo calendar day becomes the instant it starts (`dia(t) ≥ d` ⇔ `t ≥ início(d)`).
//!
//! The SQL text is made of this file's fragments and numbered placeholders only, so it has
//! a bounded number of shapes for `prepare_cached`; every value the user sent is bound.
//! The states in these fragments are written as text, not bound: the planner uses a
//! partial index (migration 6) only for a query that repeats its `WHERE` as written, and
//! the display rule (`SITUACAO`) is a fold of the stored names. The text is built once from
//! `CaptacaoStatus` and `ReservaStatus` (`db::estados::literal`), never typed by hand.

use std::sync::LazyLock;

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::Connection;
use rusqlite::types::Value;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::domain::cvm::ResultadoCaptacao;
use crate::domain::dates;
use crate::domain::status::{CaptacaoStatus, ReservaStatus};
use crate::domain::texto::dobrar;
use crate::sandbox::captacoes::filtro::{Campo, Consulta, Faixa};
use crate::sandbox::db::estados::{literal, texto_literal};
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// The values bound to the placeholders, in the order they were numbered.
#[derive(Default)]
struct Parametros(Vec<Value>);

impl Parametros {
    /// Binds `v` and returns its placeholder.
    fn p(&mut self, v: impl Into<Value>) -> String {
        self.0.push(v.into());
        format!("?{}", self.0.len())
    }
}

/// What was raised with this sandbox's reservations, per offering: Pago/Aprovado ones, and
/// live Aporte pendente ones (an overdue one stops counting at its deadline), as
/// `store::carregar` counts them. `{agora}` is the placeholder of now.
static RESERVAS: LazyLock<String> = LazyLock::new(|| {
    let pendente = literal(&ReservaStatus::AportePendente);
    let pago = literal(&ReservaStatus::Pago);
    let aprovado = literal(&ReservaStatus::Aprovado);
    format!(
        "LEFT JOIN (SELECT captacao_id,
        SUM(CASE WHEN status = {pendente} AND pix_vencimento > {{agora}}
            THEN investimento_centavos ELSE 0 END) AS reservado,
        SUM(CASE WHEN status IN ({pago}, {aprovado}) THEN investimento_centavos ELSE 0 END) AS pago
      FROM reservas WHERE status IN ({pendente}, {pago}, {aprovado})
      GROUP BY captacao_id) r ON r.captacao_id = c.id"
    )
});

/// `arrecadado` in cents: the stored base plus Pago/Aprovado reservations.
const ARRECADADO: &str = "(c.arrecadado_base_centavos + COALESCE(r.pago, 0))";

/// The folded label of the status a visitor sees (`captacao::display_status`: the close's
/// result and a cancellation first, then the dates, then fullness; drafts never reach the
/// list). `{agora}`: the placeholder of now.
static SITUACAO: LazyLock<String> = LazyLock::new(|| {
    let [finalizado, captado, aberto, no_ar] = [
        CaptacaoStatus::Finalizado,
        CaptacaoStatus::Captado,
        CaptacaoStatus::Aberto,
        CaptacaoStatus::CaptacaoNoAr,
    ]
    .map(|e| literal(&e));
    let dobrado = |e: CaptacaoStatus| texto_literal(&dobrar(e.label()));
    let (d_cancelado, d_finalizado, d_encerrado, d_pre) = (
        dobrado(CaptacaoStatus::Cancelado),
        dobrado(CaptacaoStatus::Finalizado),
        dobrado(CaptacaoStatus::Encerrado),
        dobrado(CaptacaoStatus::PreLancamento),
    );
    let (d_captado, d_aberto, d_no_ar) = (
        dobrado(CaptacaoStatus::Captado),
        dobrado(CaptacaoStatus::Aberto),
        dobrado(CaptacaoStatus::CaptacaoNoAr),
    );
    let (sucesso, malsucedida) = (
        texto_literal(&String::from(ResultadoCaptacao::Sucesso)),
        texto_literal(&String::from(ResultadoCaptacao::Malsucedida)),
    );
    format!(
        "CASE
        WHEN c.resultado = {malsucedida} OR c.cancelada_em IS NOT NULL THEN {d_cancelado}
        WHEN c.resultado = {sucesso} OR c.status = {finalizado} THEN {d_finalizado}
        WHEN c.fim_captacao <= {{agora}} THEN {d_encerrado}
        WHEN c.inicio_captacao > {{agora}} THEN {d_pre}
        WHEN c.status = {captado} THEN {d_captado}
        WHEN c.limite_centavos > 0
            AND {{arrecadado}} + COALESCE(r.reservado, 0) >= c.limite_centavos THEN {d_captado}
        WHEN c.status = {aberto} THEN {d_aberto}
        WHEN c.status = {no_ar} THEN {d_no_ar}
        ELSE c.status END"
    )
});

/// Drafts out, spelled as the partial indexes of migration 6 spell it.
static NAO_RASCUNHO: LazyLock<String> =
    LazyLock::new(|| format!("c.status <> {}", literal(&CaptacaoStatus::Rascunho)));

/// The offerings but the drafts, from the triggers' count.
static TOTAL_SEM_FILTRO: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT COALESCE(SUM(n), 0) FROM captacoes_contagem WHERE status <> {}",
        literal(&CaptacaoStatus::Rascunho)
    )
});

/// `acompanhamento` in hundredths of a percent: `arrecadado × 100 / limite` rounded to two
/// decimals half to even, as `Decimal::round_dp` does.
const ACOMPANHAMENTO: &str = "CASE WHEN c.limite_centavos <= 0 THEN 0 ELSE
        ({a} * 10000) / c.limite_centavos + CASE
            WHEN 2 * (({a} * 10000) % c.limite_centavos) > c.limite_centavos THEN 1
            WHEN 2 * (({a} * 10000) % c.limite_centavos) = c.limite_centavos
                THEN (({a} * 10000) / c.limite_centavos) % 2
            ELSE 0 END END";

impl Consulta {
    /// Whether a filter or the sort needs what reservations add (status, percent raised,
    /// amount available): only then is the reservations' sum joined in.
    fn dinamica(&self) -> bool {
        !self.status.is_empty()
            || self.acompanhamento.is_some()
            || self.disponivel.is_some()
            || matches!(
                self.ordem,
                Some(Campo::Status | Campo::Acompanhamento | Campo::Disponivel)
            )
    }

    /// The total of offerings passing the filters and the ids of the requested page, in
    /// the order of the list.
    pub(crate) fn buscar(
        &self,
        conexao: &Connection,
        agora: Timestamp,
    ) -> Result<(Vec<i64>, usize), ApiError> {
        let mut p = Parametros::default();
        let fixo = self.filtro_fixo(&mut p).join(" AND ");
        let (id, corpo, ordem) = if self.dinamica() {
            let chave = self.ordem.map(chave_fixa);
            let agora = p.p(tempo::ms(agora));
            let situacao = SITUACAO
                .replace("{arrecadado}", ARRECADADO)
                .replace("{agora}", &agora);
            let acompanhamento = ACOMPANHAMENTO.replace("{a}", ARRECADADO);
            let reservas = RESERVAS.replace("{agora}", &agora);
            let onde = self.filtro_dinamico(&mut p);
            let corpo = format!(
                "FROM (SELECT c.id AS id, {k} AS k, {situacao} AS situacao,
                    {acompanhamento} AS acomp,
                    MAX(c.limite_centavos - {ARRECADADO}, 0) AS disp
                 FROM captacoes c {reservas} WHERE {fixo}) WHERE {onde}",
                k = chave.flatten().unwrap_or("NULL"),
            );
            let ordem = match self.ordem {
                None => "id".to_owned(),
                Some(campo) => {
                    let k = match campo {
                        Campo::Status => "situacao",
                        Campo::Acompanhamento => "acomp",
                        Campo::Disponivel => "disp",
                        _ => "k",
                    };
                    format!("{k} {}, id", self.direcao())
                }
            };
            ("id", corpo, ordem)
        } else {
            let corpo = format!("FROM captacoes c WHERE {fixo}");
            let ordem = match self.ordem.map(chave_fixa) {
                Some(Some(k)) => format!("{k} {}, c.id", self.direcao()),
                _ => "c.id".to_owned(),
            };
            ("c.id", corpo, ordem)
        };
        let total: i64 = if self.filtrada() {
            // Over the narrow covering index (migration 6); measured faster than the page
            // and a COUNT(*) OVER () window in one statement, which must sort every match.
            conexao
                .prepare_cached(&format!("SELECT COUNT(*) {corpo}"))?
                .query_row(rusqlite::params_from_iter(&p.0), |r| r.get(0))?
        } else {
            // No filter: the triggers' count, whatever the number of offerings.
            conexao
                .prepare_cached(&TOTAL_SEM_FILTRO)?
                .query_row([], |r| r.get(0))?
        };
        let total = usize::try_from(total).unwrap_or(0);
        let inicio = self.pagina.saturating_sub(1).saturating_mul(self.tamanho);
        if inicio >= total {
            // Past the last page: nothing to read.
            return Ok((Vec::new(), total));
        }
        let limite = p.p(i64::try_from(self.tamanho).unwrap_or(i64::MAX));
        let deslocamento = p.p(i64::try_from(inicio).unwrap_or(i64::MAX));
        let ids = conexao
            .prepare_cached(&format!(
                "SELECT {id} {corpo} ORDER BY {ordem} LIMIT {limite} OFFSET {deslocamento}"
            ))?
            .query_map(rusqlite::params_from_iter(&p.0), |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?;
        Ok((ids, total))
    }

    /// Whether any filter applies (else every offering but the drafts is listed).
    fn filtrada(&self) -> bool {
        self.busca.is_some()
            || self.nome.is_some()
            || !self.rating.is_empty()
            || self.vencimento.is_some()
            || self.data_inicio.is_some()
            || self.data_fim.is_some()
            || !self.status.is_empty()
            || self.acompanhamento.is_some()
            || self.disponivel.is_some()
    }

    fn direcao(&self) -> &'static str {
        if self.decrescente { "DESC" } else { "ASC" }
    }

    /// The conditions on stored columns (alias `c`), drafts always out.
    fn filtro_fixo(&self, p: &mut Parametros) -> Vec<String> {
        let mut onde = vec![NAO_RASCUNHO.clone()];
        if let Some(busca) = &self.busca {
            let b = p.p(busca.clone());
            onde.push(format!(
                "(instr(c.nome_dobrado, {b}) > 0 OR instr(c.descricao_dobrada, {b}) > 0 \
                 OR instr(c.cidade_dobrada, {b}) > 0)"
            ));
        }
        if let Some(nome) = &self.nome {
            onde.push(format!("instr(c.nome_dobrado, {}) > 0", p.p(nome.clone())));
        }
        if !self.rating.is_empty() {
            onde.push(format!(
                "c.rating_dobrado IN (SELECT value FROM json_each({}))",
                p.p(json(&self.rating))
            ));
        }
        if let Some(f) = self.vencimento {
            faixa(&mut onde, p, "c.vencimento_meses", f, Decimal::ONE);
        }
        if let Some(d) = self.data_inicio {
            // dia(início) ≥ d ⇔ início ≥ the instant d starts.
            match inicio_do_dia(d) {
                Some(ms) => onde.push(format!("c.inicio_captacao >= {}", p.p(ms))),
                None if d.year() > 0 => onde.push("0".to_owned()),
                None => {}
            }
        }
        if let Some(d) = self.data_fim {
            // dia(fim) ≤ d ⇔ fim < the instant d + 1 starts.
            match tempo::somar_dias(d, 1).and_then(inicio_do_dia) {
                Some(ms) => onde.push(format!("c.fim_captacao < {}", p.p(ms))),
                None if d.year() < 0 => onde.push("0".to_owned()),
                None => {}
            }
        }
        onde
    }

    /// The conditions on what reservations add (columns of the inner SELECT).
    fn filtro_dinamico(&self, p: &mut Parametros) -> String {
        let mut onde = vec!["1".to_owned()];
        if !self.status.is_empty() {
            onde.push(format!(
                "situacao IN (SELECT value FROM json_each({}))",
                p.p(json(&self.status))
            ));
        }
        if let Some(f) = self.acompanhamento {
            faixa(&mut onde, p, "acomp", f, Decimal::ONE_HUNDRED);
        }
        if let Some(f) = self.disponivel {
            faixa(&mut onde, p, "disp", f, Decimal::ONE_HUNDRED);
        }
        onde.join(" AND ")
    }
}

/// The sort key of a field stored in a column (alias `c`); `None` for the fields that
/// reservations change, sorted by the inner SELECT's columns instead.
fn chave_fixa(campo: Campo) -> Option<&'static str> {
    match campo {
        Campo::NomeCaptacao => Some("c.nome_dobrado"),
        Campo::DataFim => Some("c.fim_captacao"),
        Campo::Vencimento => Some("c.vencimento_meses"),
        Campo::Rendimento => Some("c.rendimento_centesimos"),
        Campo::Rating => Some("c.rating_dobrado"),
        Campo::LimiteArrecadacao => Some("c.limite_centavos"),
        Campo::Status => None,
        Campo::Acompanhamento => None,
        Campo::Disponivel => None,
    }
}

/// `campo` (an integer, `escala` times the decimal compared) inside the range: for an
/// integer v, `v ≥ min` ⇔ `v ≥ ⌈min⌉` and `v ≤ max` ⇔ `v ≤ ⌊max⌋`. A bound too large for
/// an integer is past every stored value.
fn faixa(onde: &mut Vec<String>, p: &mut Parametros, campo: &str, f: Faixa, escala: Decimal) {
    let inteiro = |d: Option<Decimal>| d.and_then(|d| d.to_i64()).unwrap_or(i64::MAX);
    if let Some(min) = f.min {
        let min = inteiro(min.checked_mul(escala).map(|d| d.ceil()));
        onde.push(format!("{campo} >= {}", p.p(min)));
    }
    if let Some(max) = f.max {
        let max = inteiro(max.checked_mul(escala).map(|d| d.floor()));
        onde.push(format!("{campo} <= {}", p.p(max)));
    }
}

/// A list of folded values as a JSON array, read back by `json_each`.
fn json(valores: &[String]) -> String {
    serde_json::Value::from(valores.to_vec()).to_string()
}

/// The instant (Unix ms) the São Paulo day `d` starts; `None` outside jiff's range.
fn inicio_do_dia(d: Date) -> Option<i64> {
    d.to_zoned(dates::sao_paulo())
        .ok()
        .map(|z| tempo::ms(z.timestamp()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::sandbox::db::testing::{em_memoria, plano};

    /// The fragments built from the enums are the text that used to be typed by hand.
    #[test]
    fn os_fragmentos_sao_o_texto_de_sempre() {
        assert_eq!(
            *RESERVAS,
            "LEFT JOIN (SELECT captacao_id,
        SUM(CASE WHEN status = 'Aporte pendente' AND pix_vencimento > {agora}
            THEN investimento_centavos ELSE 0 END) AS reservado,
        SUM(CASE WHEN status IN ('Pago', 'Aprovado') THEN investimento_centavos ELSE 0 END) AS pago
      FROM reservas WHERE status IN ('Aporte pendente', 'Pago', 'Aprovado')
      GROUP BY captacao_id) r ON r.captacao_id = c.id"
        );
        assert_eq!(
            *SITUACAO,
            "CASE
        WHEN c.resultado = 'Malsucedida' OR c.cancelada_em IS NOT NULL THEN 'cancelado'
        WHEN c.resultado = 'Sucesso' OR c.status = 'Finalizado' THEN 'finalizado'
        WHEN c.fim_captacao <= {agora} THEN 'encerrado'
        WHEN c.inicio_captacao > {agora} THEN 'pre-lancamento'
        WHEN c.status = 'Captado' THEN 'captado'
        WHEN c.limite_centavos > 0
            AND {arrecadado} + COALESCE(r.reservado, 0) >= c.limite_centavos THEN 'captado'
        WHEN c.status = 'Aberto' THEN 'aberto'
        WHEN c.status = 'Captação no ar' THEN 'captacao no ar'
        ELSE c.status END"
        );
        assert_eq!(*NAO_RASCUNHO, "c.status <> 'Rascunho'");
        assert_eq!(
            *TOTAL_SEM_FILTRO,
            "SELECT COALESCE(SUM(n), 0) FROM captacoes_contagem WHERE status <> 'Rascunho'"
        );
    }

    /// Drafts out, as built, still lets the planner use migration 6's partial indexes.
    #[test]
    fn os_indices_parciais_servem_a_busca() {
        let c = em_memoria();
        for (coluna, indice) in [
            ("fim_captacao", "captacoes_fim"),
            ("inicio_captacao", "captacoes_inicio"),
            ("vencimento_meses", "captacoes_vencimento"),
            ("rendimento_centesimos", "captacoes_rendimento"),
            ("limite_centavos", "captacoes_limite"),
        ] {
            let sql = format!(
                "SELECT c.id FROM captacoes c WHERE {} AND c.{coluna} >= ?1",
                *NAO_RASCUNHO
            );
            let plano = plano(&c, &sql);
            assert!(plano.contains(indice), "{sql}: {plano}");
        }
    }
}

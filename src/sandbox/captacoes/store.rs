//! Every SQL statement of the offering resource: offerings read as typed rows
//! ([`Captacao`], [`Ficha`]) with what reservations add to them, the list's search
//! ([`busca`]), and the start-up steps that complete older databases.

mod busca;
pub(crate) mod dobrados;

use std::collections::HashMap;

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};
use rust_decimal::Decimal;

use crate::domain::cvm;
use crate::domain::status::ReservaStatus;
use crate::sandbox::captacoes::TIPO_INFORMACOES_ESSENCIAIS;
use crate::sandbox::captacoes::modelo::{Captacao, Documento, Faq, ItemGaleria, reais};
use crate::sandbox::db::CachedRow;
use crate::sandbox::emissor::{self, Emissor};
use crate::sandbox::erro::ApiError;
use crate::sandbox::tempo;

/// Which offerings to load.
pub(crate) enum Onde<'a> {
    /// Every offering except drafts (the former list; now the tests' reference).
    #[cfg(test)]
    Publicas,
    /// These offerings (one page of the list), in this order.
    Ids(&'a [i64]),
    Id(i64),
    Url(&'a str),
}

/// What the document shows, read from the database.
#[derive(Debug, Clone, Default)]
pub(crate) struct Ficha {
    pub(crate) documento: String,
    /// `PdfCaptacao`, `InformacoesEssenciais`, …: which document to write.
    pub(crate) tipo: String,
    pub(crate) nome: String,
    pub(crate) descricao_produto: String,
    pub(crate) prazo_meses: i64,
    pub(crate) rendimento_descricao: String,
    pub(crate) rating: String,
    pub(crate) descricao_rating: String,
    pub(crate) classificacao_esg: String,
    pub(crate) limite: Decimal,
    pub(crate) investimento_minimo: Decimal,
    pub(crate) fim_captacao: jiff::Timestamp,
    pub(crate) descricao_pagamento: String,
    /// Guarantee ids as stored (`Hipoteca,CessaoFiduciaria`).
    pub(crate) garantias: String,
    pub(crate) cidade: String,
    pub(crate) uf: String,
    pub(crate) empreendedor: String,
    pub(crate) valor_alvo_minimo: Decimal,
    pub(crate) distribuicao_parcial: bool,
    pub(crate) emissor: Option<Emissor>,
}

impl Ficha {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Ficha> {
        Ok(Ficha {
            documento: r.get(0)?,
            nome: r.get(1)?,
            descricao_produto: r.get(2)?,
            prazo_meses: r.get(3)?,
            rendimento_descricao: r.get(4)?,
            rating: r.get(5)?,
            descricao_rating: r.get(6)?,
            classificacao_esg: r.get(7)?,
            limite: Decimal::new(r.get(8)?, 2),
            investimento_minimo: Decimal::new(r.get(9)?, 2),
            fim_captacao: tempo::de_ms(r.get(10)?),
            descricao_pagamento: r.get(11)?,
            garantias: r.get(12)?,
            cidade: r.get(13)?,
            uf: r.get(14)?,
            empreendedor: r.get(15)?,
            tipo: r.get(16)?,
            valor_alvo_minimo: Decimal::new(r.get(17)?, 2),
            distribuicao_parcial: r.get(18)?,
            emissor: Emissor::from_row(r, 19)?,
        })
    }

    /// Document `doc` of offering `captacao` with what it shows; `None` when the offering
    /// has no such document.
    pub(crate) fn read(c: &Connection, captacao: i64, doc: i64) -> Result<Option<Ficha>, ApiError> {
        Ok(c.row(
            &format!(
                "SELECT d.nome, c.nome, c.descricao_produto, c.vencimento_meses,
                c.rendimento_descricao, c.rating, c.descricao_rating, c.classificacao_esg,
                c.limite_centavos, c.investimento_minimo_centavos, c.fim_captacao,
                c.descricao_pagamento, c.garantias, c.cidade, c.uf, c.empreendedor_nome,
                d.tipo, c.valor_alvo_minimo_centavos, c.distribuicao_parcial, {}
             FROM captacao_documentos d JOIN captacoes c ON c.id = d.captacao_id
             LEFT JOIN captacao_emissores e ON e.captacao_id = c.id
             WHERE d.id = ?2 AND d.captacao_id = ?1",
                emissor::COLUNAS
            ),
            params![captacao, doc],
            Ficha::from_row,
        )
        .optional()?)
    }
}

/// Loads offerings with `reservado` (live Aporte pendente reservations: an overdue one
/// stops counting at its deadline, even before the sweep cancels it) and `arrecadado`
/// (stored base + Pago/Aprovado reservations).
pub(crate) fn carregar(
    conexao: &Connection,
    agora: Timestamp,
    onde: Onde<'_>,
) -> Result<Vec<Captacao>, ApiError> {
    use rusqlite::types::Value;
    // ?1 now, ?2-?4 the reservation states, ?5 the filter's value (if any). Drafts are
    // excluded by the literal `'Rascunho'`: the list's partial indexes (migration 6) apply
    // only to a query that repeats their `WHERE` as written.
    let mut valores: Vec<Value> = vec![Value::Integer(tempo::ms(agora))];
    for s in [
        ReservaStatus::AportePendente,
        ReservaStatus::Pago,
        ReservaStatus::Aprovado,
    ] {
        valores.push(Value::Text(s.label().to_owned()));
    }
    let mut ordem: Option<&[i64]> = None;
    let filtro = match onde {
        #[cfg(test)]
        Onde::Publicas => "c.status <> 'Rascunho'",
        Onde::Ids(ids) => {
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            ordem = Some(ids);
            valores.push(Value::Text(json_ids(ids)));
            "c.id IN (SELECT value FROM json_each(?5))"
        }
        Onde::Id(id) => {
            valores.push(Value::Integer(id));
            "c.id = ?5"
        }
        Onde::Url(url) => {
            valores.push(Value::Text(url.to_owned()));
            "c.url_amigavel = ?5"
        }
    };
    let sql = format!(
        "SELECT c.id, c.url_amigavel, c.nome, c.descricao_produto, c.status, c.vencimento_meses,
            c.rendimento_centesimos, c.rendimento_descricao, c.rating, c.descricao_rating,
            c.classificacao_esg, c.limite_centavos, c.arrecadado_base_centavos,
            c.inicio_captacao, c.fim_captacao, c.pre_lancamento, c.data_pre_lancamento,
            c.investimento_minimo_centavos, c.descricao_pagamento, c.garantias, c.cidade, c.uf,
            c.latitude, c.longitude, c.empreendedor_nome, c.empreendedor_descricao, c.sobre,
            (SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
              WHERE r.captacao_id = c.id AND r.status = ?2 AND r.pix_vencimento > ?1),
            (SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
              WHERE r.captacao_id = c.id AND r.status IN (?3, ?4)),
            c.valor_alvo_minimo_centavos, c.distribuicao_parcial, c.resultado, c.cancelada_em, {colunas}
         FROM captacoes c LEFT JOIN captacao_emissores e ON e.captacao_id = c.id
         WHERE {filtro} ORDER BY c.id",
        colunas = emissor::COLUNAS
    );
    let mut consulta = conexao.prepare_cached(&sql)?;
    let mut captacoes: Vec<Captacao> = consulta
        .query_map(rusqlite::params_from_iter(valores), Captacao::from_row)?
        .collect::<Result<_, _>>()?;
    if captacoes.is_empty() {
        return Ok(captacoes);
    }
    if let Some(ordem) = ordem {
        let posicao: HashMap<i64, usize> =
            ordem.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        captacoes.sort_by_key(|c| posicao.get(&c.id).copied().unwrap_or(usize::MAX));
    }
    let ids: HashMap<i64, usize> = captacoes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id, i))
        .collect();
    // One query per child table, reading only the loaded offerings' rows.
    let (onde_filho, chave): (&str, Value) = match captacoes.as_slice() {
        [so] => ("WHERE captacao_id = ?1", Value::Integer(so.id)),
        _ => {
            let todos: Vec<i64> = captacoes.iter().map(|c| c.id).collect();
            (
                "WHERE captacao_id IN (SELECT value FROM json_each(?1))",
                Value::Text(json_ids(&todos)),
            )
        }
    };
    let mut q = conexao.prepare_cached(&format!(
        "SELECT captacao_id, pergunta, resposta FROM captacao_faq {onde_filho} ORDER BY captacao_id, ordem"
    ))?;
    for r in q.query_map([&chave], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            Faq {
                pergunta: r.get(1)?,
                resposta: r.get(2)?,
            },
        ))
    })? {
        let (id, faq) = r?;
        if let Some(&i) = ids.get(&id) {
            captacoes[i].faq.push(faq);
        }
    }
    let mut q = conexao.prepare_cached(&format!(
        "SELECT captacao_id, id, tipo, arquivo, video, descricao FROM captacao_midias {onde_filho} ORDER BY captacao_id, ordem"
    ))?;
    for r in q.query_map([&chave], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            ItemGaleria {
                id: r.get(1)?,
                tipo: r.get(2)?,
                arquivo: r.get(3)?,
                video: r.get(4)?,
                descricao: r.get(5)?,
            },
        ))
    })? {
        let (id, item) = r?;
        if let Some(&i) = ids.get(&id) {
            captacoes[i].galeria.push(item);
        }
    }
    let mut q = conexao.prepare_cached(&format!(
        "SELECT captacao_id, id, tipo, nome FROM captacao_documentos {onde_filho} ORDER BY captacao_id, ordem"
    ))?;
    for r in q.query_map([&chave], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            Documento {
                id: r.get(1)?,
                tipo: r.get(2)?,
                nome: r.get(3)?,
            },
        ))
    })? {
        let (id, doc) = r?;
        if let Some(&i) = ids.get(&id) {
            captacoes[i].documentos.push(doc);
        }
    }
    Ok(captacoes)
}

/// Ids as a JSON array, read back by `json_each` (one statement for any number of ids).
fn json_ids(ids: &[i64]) -> String {
    serde_json::Value::from(ids.to_vec()).to_string()
}

impl Captacao {
    fn from_row(r: &Row<'_>) -> rusqlite::Result<Captacao> {
        Ok(Captacao {
            id: r.get(0)?,
            url_amigavel: r.get(1)?,
            nome: r.get(2)?,
            descricao_produto: r.get(3)?,
            status: r.get(4)?,
            vencimento: r.get(5)?,
            rendimento: reais(r.get(6)?),
            rendimento_descricao: r.get(7)?,
            rating: r.get(8)?,
            descricao_rating: r.get(9)?,
            classificacao_esg: r.get(10)?,
            limite: reais(r.get(11)?),
            valor_alvo_minimo: reais(r.get(29)?),
            distribuicao_parcial: r.get(30)?,
            resultado: r.get(31)?,
            cancelada_em: r.get(32)?,
            arrecadado: reais(r.get::<_, i64>(12)? + r.get::<_, i64>(28)?),
            reservado: reais(r.get(27)?),
            inicio: r.get(13)?,
            fim: r.get(14)?,
            pre_lancamento: r.get(15)?,
            data_pre_lancamento: r.get(16)?,
            investimento_minimo: reais(r.get(17)?),
            descricao_pagamento: r.get(18)?,
            garantias: r.get(19)?,
            cidade: r.get(20)?,
            uf: r.get(21)?,
            latitude: r.get(22)?,
            longitude: r.get(23)?,
            empreendedor_nome: r.get(24)?,
            empreendedor_descricao: r.get(25)?,
            sobre: r.get(26)?,
            emissor: Emissor::from_row(r, 33)?,
            faq: Vec::new(),
            galeria: Vec::new(),
            documentos: Vec::new(),
        })
    }
}

/// Lists the document for every offering that lacks it: a database seeded before it existed
/// shows it too. Idempotent; runs at every start, after the migrations.
pub(crate) fn completar_informacoes(tx: &Transaction<'_>) -> rusqlite::Result<usize> {
    tx.execute(
        "INSERT INTO captacao_documentos (captacao_id, ordem, tipo, nome)
         SELECT c.id,
                (SELECT COALESCE(MAX(d.ordem) + 1, 0) FROM captacao_documentos d WHERE d.captacao_id = c.id),
                ?1, ?2
         FROM captacoes c
         WHERE NOT EXISTS (SELECT 1 FROM captacao_documentos d
                           WHERE d.captacao_id = c.id AND d.tipo = ?1)",
        params![TIPO_INFORMACOES_ESSENCIAIS, cvm::INFORMACOES_ESSENCIAIS],
    )
}

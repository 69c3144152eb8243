//! Offerings as stored plus the figures derived from reservations, and their JSON
//! (CONTRACTS.md "Offering JSON").

mod json;

use std::collections::HashMap;

use jiff::Timestamp;
use rusqlite::{Connection, Row};
use rust_decimal::Decimal;

#[cfg(test)]
use crate::domain::captacao::{self, CaptacaoFacts, DisplayStatus};
#[cfg(test)]
use crate::domain::status::CaptacaoStatus;
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

pub(crate) struct Captacao {
    pub(crate) id: i64,
    url_amigavel: String,
    pub(crate) nome: String,
    pub(crate) descricao_produto: String,
    pub(crate) status: String,
    pub(crate) vencimento: i64,
    pub(crate) rendimento: Decimal,
    rendimento_descricao: String,
    pub(crate) rating: String,
    descricao_rating: String,
    classificacao_esg: String,
    pub(crate) limite: Decimal,
    /// The minimum target (CVM 88); the maximum is `limite`.
    valor_alvo_minimo: Decimal,
    distribuicao_parcial: bool,
    /// How the close was settled ('Sucesso' | 'Malsucedida'); `None` while not closed.
    resultado: Option<String>,
    pub(crate) arrecadado: Decimal,
    pub(crate) reservado: Decimal,
    pub(crate) inicio: i64,
    pub(crate) fim: i64,
    pre_lancamento: bool,
    data_pre_lancamento: Option<i64>,
    investimento_minimo: Decimal,
    descricao_pagamento: String,
    garantias: String,
    pub(crate) cidade: String,
    uf: String,
    latitude: Option<f64>,
    longitude: Option<f64>,
    empreendedor_nome: String,
    empreendedor_descricao: String,
    sobre: String,
    faq: Vec<Faq>,
    galeria: Vec<ItemGaleria>,
    documentos: Vec<Documento>,
}

fn reais(centavos: i64) -> Decimal {
    Decimal::new(centavos, 2)
}

impl Captacao {
    /// `limiteArrecadacao − arrecadado`, never below zero.
    pub(crate) fn disponivel(&self) -> Decimal {
        (self.limite - self.arrecadado).max(Decimal::ZERO)
    }

    /// `arrecadado / limite × 100`, two decimals.
    pub(crate) fn acompanhamento(&self) -> Decimal {
        if self.limite <= Decimal::ZERO {
            return Decimal::ZERO;
        }
        (self.arrecadado * Decimal::ONE_HUNDRED / self.limite).round_dp(2)
    }

    /// The status a visitor sees, by the product's display rule (the list computes it in
    /// SQL; the tests' reference in Rust).
    #[cfg(test)]
    pub(crate) fn status_exibido(&self, agora: Timestamp) -> DisplayStatus {
        captacao::display_status(&self.fatos(), agora)
    }

    /// What the domain's offering rules need to know.
    #[cfg(test)]
    fn fatos(&self) -> CaptacaoFacts {
        CaptacaoFacts {
            status: CaptacaoStatus::from(self.status.as_str()),
            limite: self.limite,
            arrecadado: self.arrecadado,
            reservado: self.reservado,
            disponivel: self.disponivel(),
            acompanhamento: self.acompanhamento(),
            pre_lancamento: self.pre_lancamento,
            data_pre_lancamento: self.data_pre_lancamento.map(tempo::de_ms),
            inicio_captacao: Some(tempo::de_ms(self.inicio)),
            fim_captacao: Some(tempo::de_ms(self.fim)),
        }
    }
}

struct Faq {
    pergunta: String,
    resposta: String,
}

struct ItemGaleria {
    id: i64,
    tipo: String,
    arquivo: Option<String>,
    video: Option<String>,
    descricao: String,
}

struct Documento {
    id: i64,
    tipo: String,
    nome: String,
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
    let mut valores: Vec<Value> = vec![Value::Integer(tempo::ms(agora))];
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
            "c.id IN (SELECT value FROM json_each(?2))"
        }
        Onde::Id(id) => {
            valores.push(Value::Integer(id));
            "c.id = ?2"
        }
        Onde::Url(url) => {
            valores.push(Value::Text(url.to_owned()));
            "c.url_amigavel = ?2"
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
              WHERE r.captacao_id = c.id AND r.status = 'Aporte pendente' AND r.pix_vencimento > ?1),
            (SELECT COALESCE(SUM(r.investimento_centavos), 0) FROM reservas r
              WHERE r.captacao_id = c.id AND r.status IN ('Pago', 'Aprovado')),
            c.valor_alvo_minimo_centavos, c.distribuicao_parcial, c.resultado
         FROM captacoes c WHERE {filtro} ORDER BY c.id"
    );
    let mut consulta = conexao.prepare_cached(&sql)?;
    let mut captacoes: Vec<Captacao> = consulta
        .query_map(rusqlite::params_from_iter(valores), linha)?
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

fn linha(r: &Row<'_>) -> rusqlite::Result<Captacao> {
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
        faq: Vec::new(),
        galeria: Vec::new(),
        documentos: Vec::new(),
    })
}

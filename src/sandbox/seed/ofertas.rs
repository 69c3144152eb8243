//! One offering of the seed file into the database: its checks (status, guarantees, dates,
//! the offering rules and the minimum target), its row, FAQ, media and documents, and the
//! essential information's document.

use jiff::Timestamp;
use rusqlite::{Transaction, params};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::{OfertaSeed, OfertaSemeada};
use crate::domain::captacao::RegrasOferta;
use crate::domain::reference::Guarantee;
use crate::domain::texto::dobrar;
use crate::domain::{cvm, dates};
use crate::sandbox::captacoes::TIPO_INFORMACOES_ESSENCIAIS;
use crate::sandbox::erro::SandboxError;
use crate::sandbox::tempo;

const STATUS_SEED: &[&str] = &[
    "Captação no ar",
    "Finalizado",
    "Rascunho",
    "Captado",
    "Aberto",
];
const TIPOS_MIDIA: &[&str] = &["Principal", "Galeria", "Empreendedor"];

pub(super) fn inserir_oferta(
    tx: &Transaction<'_>,
    o: &OfertaSeed,
    razao_minima: crate::domain::cvm::TargetRatio,
    regras: RegrasOferta,
    agora: Timestamp,
) -> Result<OfertaSemeada, SandboxError> {
    let erro = |msg: &str| SandboxError::Seed(format!("{}: {msg}", o.slug));
    if !STATUS_SEED.contains(&o.status.as_str()) {
        return Err(erro(&format!("status desconhecido {:?}", o.status)));
    }
    for g in &o.garantias {
        if Guarantee::from_id(g).is_none() {
            return Err(erro(&format!("garantia desconhecida {g:?}")));
        }
    }
    let hoje = dates::today_in_sao_paulo(agora);
    let dia =
        |dias: i64| tempo::somar_dias(hoje, dias).ok_or_else(|| erro("data fora do intervalo"));
    let inicio =
        tempo::no_dia(dia(o.inicio_captacao_dias)?, 0, 0, 0).ok_or_else(|| erro("início"))?;
    let fim = tempo::no_dia(dia(o.fim_captacao_dias)?, 23, 59, 59).ok_or_else(|| erro("fim"))?;
    regras
        .validar(
            o.limite.0,
            dia(o.inicio_captacao_dias)?,
            dia(o.fim_captacao_dias)?,
        )
        .map_err(|msg| erro(&msg))?;
    // A told story is one of money that went to the issuer: a closed, successful offering.
    if o.desfecho.is_some()
        && !(matches!(o.status.as_str(), "Finalizado" | "Captado") && o.fim_captacao_dias < 0)
    {
        return Err(erro("desfecho só para captação encerrada com sucesso"));
    }
    let resultado = match o.resultado.as_deref() {
        None => None,
        Some(r @ ("Sucesso" | "Malsucedida")) if o.fim_captacao_dias < 0 => Some(r),
        Some(r) => {
            return Err(erro(&format!(
                "resultado {r:?} antes do fim ou desconhecido"
            )));
        }
    };
    let cancelada = match o.cancelada_dias {
        Some(d) => Some(tempo::ms(
            tempo::no_dia(dia(d)?, 12, 0, 0).ok_or_else(|| erro("cancelamento"))?,
        )),
        None => None,
    };
    let pre = match o.data_pre_lancamento_dias {
        Some(d) => Some(tempo::ms(
            tempo::no_dia(dia(d)?, 0, 0, 0).ok_or_else(|| erro("pré-lançamento"))?,
        )),
        None => None,
    };
    let limite = centavos(o.limite.0).ok_or_else(|| erro("limite"))?;
    let arrecadado = centavos(o.arrecadado.0).ok_or_else(|| erro("arrecadado"))?;
    let reservado = centavos(o.reservado.0).ok_or_else(|| erro("reservado"))?;
    let minimo = centavos(o.investimento_minimo.0).ok_or_else(|| erro("investimento mínimo"))?;
    let rendimento = centavos(o.rendimento_anual.0).ok_or_else(|| erro("rendimento"))?;
    let alvo_minimo = centavos(o.valor_alvo_minimo.0).ok_or_else(|| erro("valor alvo mínimo"))?;
    if limite <= 0 || minimo <= 0 || arrecadado < 0 || reservado < 0 || alvo_minimo < 0 {
        return Err(erro("valores devem ser positivos"));
    }
    // Without partial distribution the minimum target is the whole target, by definition.
    if alvo_minimo > limite || (!o.distribuicao_parcial && alvo_minimo != limite) {
        return Err(erro("valor alvo mínimo incompatível com o limite"));
    }
    if !razao_minima.holds(o.valor_alvo_minimo.0, o.limite.0) {
        return Err(erro(&format!(
            "valor alvo mínimo abaixo de {}",
            razao_minima.describe()
        )));
    }
    tx.prepare_cached(
        "INSERT INTO captacoes (url_amigavel, nome, descricao_produto, status, vencimento_meses,
            rendimento_centesimos, rendimento_descricao, rating, descricao_rating, classificacao_esg,
            limite_centavos, arrecadado_base_centavos, inicio_captacao, fim_captacao, pre_lancamento,
            data_pre_lancamento, investimento_minimo_centavos, descricao_pagamento,
            periodicidade_meses, garantias, cidade, uf, latitude, longitude, empreendedor_nome,
            empreendedor_descricao, sobre, nome_dobrado, descricao_dobrada, cidade_dobrada,
            rating_dobrado, valor_alvo_minimo_centavos, distribuicao_parcial, resultado,
            encerrada_em, cancelada_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
            ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34,
            ?35, ?36)",
    )?
    .execute(params![
            o.slug,
            o.nome_captacao,
            o.descricao_produto,
            o.status,
            o.vencimento_meses,
            rendimento,
            o.rendimento_descricao,
            o.rating,
            o.descricao_rating,
            o.classificacao_esg,
            limite,
            arrecadado,
            tempo::ms(inicio),
            tempo::ms(fim),
            o.pre_lancamento,
            pre,
            minimo,
            o.descricao_pagamento,
            o.periodicidade_meses,
            o.garantias.join(","),
            o.cidade,
            o.uf,
            o.latitude,
            o.longitude,
            o.empreendedor.nome,
            o.empreendedor.descricao,
            o.sobre,
            dobrar(&o.nome_captacao),
            dobrar(&o.descricao_produto),
            dobrar(&o.cidade),
            dobrar(&o.rating),
            alvo_minimo,
            o.distribuicao_parcial,
            resultado,
            resultado.map(|_| tempo::ms(fim)),
            cancelada,
        ])?;
    let id = tx.last_insert_rowid();
    for (ordem, f) in o.faq.iter().enumerate() {
        tx.prepare_cached(
            "INSERT INTO captacao_faq (captacao_id, ordem, pergunta, resposta) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, ordem, f.pergunta, f.resposta])?;
    }
    for (ordem, m) in o.galeria.iter().enumerate() {
        if !TIPOS_MIDIA.contains(&m.tipo.as_str()) || m.arquivo.is_some() == m.video.is_some() {
            return Err(erro(&format!(
                "mídia {ordem}: tipo ou arquivo/vídeo inválido"
            )));
        }
        tx.prepare_cached(
            "INSERT INTO captacao_midias (captacao_id, ordem, tipo, arquivo, video, descricao)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![id, ordem, m.tipo, m.arquivo, m.video, m.descricao])?;
    }
    for (ordem, d) in o.documentos.iter().enumerate() {
        tx.prepare_cached(
            "INSERT INTO captacao_documentos (captacao_id, ordem, tipo, nome) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, ordem, d.tipo, d.nome])?;
    }
    // Every offering has its essential information (CVM 88); the platform writes it from the
    // offering itself, so the seed file does not list it.
    tx.prepare_cached(
        "INSERT INTO captacao_documentos (captacao_id, ordem, tipo, nome) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![
        id,
        o.documentos.len(),
        TIPO_INFORMACOES_ESSENCIAIS,
        cvm::INFORMACOES_ESSENCIAIS
    ])?;
    Ok(OfertaSemeada {
        id,
        // Neither open nor closed with investors: the planner puts no reservation there.
        status: if cancelada.is_some() {
            "Cancelado".to_owned()
        } else {
            o.status.clone()
        },
        arrecadado,
        reservado,
        minimo,
        limite,
        alvo_minimo,
        inicio,
        fim,
        prazo_meses: o.vencimento_meses,
        periodicidade_meses: o.periodicidade_meses,
        desfecho: o.desfecho,
    })
}

/// Exact hundredths as an integer (R$ 1.234,56 → 123456; 17,50 % → 1750); `None` when the
/// value has more than two decimals or does not fit.
fn centavos(valor: Decimal) -> Option<i64> {
    let cem = valor.checked_mul(Decimal::ONE_HUNDRED)?;
    if cem.fract() != Decimal::ZERO {
        return None;
    }
    cem.to_i64()
}

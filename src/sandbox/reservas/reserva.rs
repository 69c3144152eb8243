//! A reservation as loaded with its offering, and its JSON (CONTRACTS.md "Reservation
//! JSON"), shared by the order flow, the wallet and the documents.

use jiff::Timestamp;
use jiff::civil::Date;
use rusqlite::{Connection, Row, ToSql, params};
use rust_decimal::Decimal;

use crate::domain::dates;
use crate::domain::reference::Guarantee;
use crate::domain::reserva::PARTNER_DEBIT;
use crate::sandbox::erro::ApiError;
use crate::sandbox::reservas::fluxo::{self, Parcela};
use crate::sandbox::tempo;

mod json;

pub(crate) use json::ReservaJson;

pub(crate) const NAO_ENCONTRADA: &str = "Reserva não encontrada.";

/// The receiver of every Pix: the platform's escrow account (fictional, with a CNPJ whose
/// check digits are right so that key validators accept it).
pub(crate) mod recebedor {
    pub(crate) const CHAVE: &str = "45723174000110";
    pub(crate) const CNPJ: &str = "45.723.174/0001-10";
    pub(crate) const NOME: &str = "Colheita Securitizadora de Créditos do Agronegócio S.A.";
    pub(crate) const INSTITUICAO: &str = "Banco Cooperativo Sicredi S.A. (748)";
    pub(crate) const AGENCIA: &str = "0001";
    pub(crate) const CONTA: &str = "48213-7";
}

/// The offering fields a reservation needs.
#[derive(Debug, Clone)]
pub(crate) struct OfertaDaReserva {
    pub(crate) nome: String,
    pub(crate) url_amigavel: String,
    pub(crate) taxa: Decimal,
    pub(crate) rendimento_descricao: String,
    pub(crate) prazo: i64,
    pub(crate) periodicidade: i64,
    pub(crate) rating: String,
    pub(crate) classificacao_esg: String,
    /// Guarantee ids of the offering (`Hipoteca`, `CessaoFiduciaria`, …).
    pub(crate) garantias: Vec<String>,
    pub(crate) descricao_pagamento: String,
    pub(crate) empreendedor: String,
    pub(crate) cidade: String,
    pub(crate) uf: String,
}

impl OfertaDaReserva {
    pub(crate) fn rotulos_garantias(&self) -> Vec<&'static str> {
        self.garantias
            .iter()
            .filter_map(|g| Guarantee::from_id(g).map(Guarantee::label))
            .collect()
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Reserva {
    pub(crate) id: i64,
    pub(crate) captacao_id: i64,
    /// As stored; see [`Reserva::status`] for the one shown.
    pub(crate) status_gravado: String,
    pub(crate) tipo_pagamento: i64,
    pub(crate) centavos: i64,
    pub(crate) termo_opcao: Option<String>,
    pub(crate) termo_aceito_em: Option<i64>,
    pub(crate) confirmada_em: Option<i64>,
    pub(crate) pix_vencimento: Option<i64>,
    pub(crate) paga_em: Option<i64>,
    pub(crate) inicio_rendimento: Option<i64>,
    pub(crate) criada_em: i64,
    /// 'Desistencia' or 'OfertaMalsucedida' when one of them cancelled it.
    pub(crate) motivo_cancelamento: Option<String>,
    pub(crate) desistencia_ate: Option<i64>,
    pub(crate) repassada_em: Option<i64>,
    pub(crate) oferta: OfertaDaReserva,
}

const SELECT: &str = "SELECT r.id, r.captacao_id, r.status, r.tipo_pagamento,
        r.investimento_centavos, r.termo_opcao, r.termo_aceito_em, r.confirmada_em,
        r.pix_vencimento, r.paga_em, r.inicio_rendimento, r.criada_em,
        c.nome, c.url_amigavel, c.rendimento_centesimos, c.rendimento_descricao,
        c.vencimento_meses, c.periodicidade_meses, c.rating, c.classificacao_esg, c.garantias,
        c.descricao_pagamento, c.empreendedor_nome, c.cidade, c.uf,
        r.motivo_cancelamento, r.desistencia_ate, r.repassada_em
    FROM reservas r JOIN captacoes c ON c.id = r.captacao_id";

fn linha(r: &Row<'_>) -> rusqlite::Result<Reserva> {
    let garantias: String = r.get(20)?;
    Ok(Reserva {
        id: r.get(0)?,
        captacao_id: r.get(1)?,
        status_gravado: r.get(2)?,
        tipo_pagamento: r.get(3)?,
        centavos: r.get(4)?,
        termo_opcao: r.get(5)?,
        termo_aceito_em: r.get(6)?,
        confirmada_em: r.get(7)?,
        pix_vencimento: r.get(8)?,
        paga_em: r.get(9)?,
        inicio_rendimento: r.get(10)?,
        criada_em: r.get(11)?,
        motivo_cancelamento: r.get(25)?,
        desistencia_ate: r.get(26)?,
        repassada_em: r.get(27)?,
        oferta: OfertaDaReserva {
            nome: r.get(12)?,
            url_amigavel: r.get(13)?,
            taxa: Decimal::new(r.get(14)?, 2),
            rendimento_descricao: r.get(15)?,
            prazo: r.get(16)?,
            periodicidade: r.get(17)?,
            rating: r.get(18)?,
            classificacao_esg: r.get(19)?,
            garantias: garantias
                .split(',')
                .filter(|g| !g.is_empty())
                .map(str::to_owned)
                .collect(),
            descricao_pagamento: r.get(21)?,
            empreendedor: r.get(22)?,
            cidade: r.get(23)?,
            uf: r.get(24)?,
        },
    })
}

/// Reservations matching `onde` (a WHERE clause over `r`/`c` with `?N` parameters).
pub(crate) fn carregar(
    c: &Connection,
    onde: &str,
    parametros: &[&dyn ToSql],
) -> Result<Vec<Reserva>, ApiError> {
    let mut q = c.prepare_cached(&format!("{SELECT} WHERE {onde}"))?;
    let lista = q
        .query_map(parametros, linha)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lista)
}

/// The investor's reservation `id`; another investor's is answered as unknown (404).
pub(crate) fn do_investidor(c: &Connection, id: i64, usuario_id: i64) -> Result<Reserva, ApiError> {
    carregar(
        c,
        "r.id = ?1 AND r.usuario_id = ?2",
        params![id, usuario_id],
    )?
    .into_iter()
    .next()
    .ok_or_else(nao_encontrada)
}

pub(crate) fn nao_encontrada() -> ApiError {
    ApiError::new(axum::http::StatusCode::NOT_FOUND, NAO_ENCONTRADA)
}

/// `"57"` → 57; anything else is an unknown reservation.
/// Reads the investor's reservation named in the path (another investor's → 404, as an
/// unknown one) on a pooled connection, and hands it to `f`: the shape of every
/// `/v1/reservas/{id}/…` read.
pub(crate) async fn ler_do_investidor<T, F>(
    sandbox: &crate::sandbox::Sandbox,
    investidor: &crate::sandbox::autenticacao::Investidor,
    texto_id: &str,
    f: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Connection, Reserva) -> Result<T, ApiError> + Send + 'static,
{
    let id = ler_id(texto_id)?;
    let usuario = investidor.usuario_id;
    sandbox
        .db()
        .ler(move |c| {
            let r = do_investidor(c, id, usuario)?;
            f(c, r)
        })
        .await
}

pub(crate) fn ler_id(texto: &str) -> Result<i64, ApiError> {
    texto.parse::<i64>().map_err(|_| nao_encontrada())
}

/// Badge colours (white text on them passes AA).
pub(crate) fn cor_status(status: &str) -> &'static str {
    match status {
        "Aberto" => "#1f5fbf",
        "Aporte pendente" => "#8a5a00",
        "Em análise" => "#5b3fa0",
        "Aprovado" => "#1b7f3b",
        "Pago" => "#0f5132",
        "Rejeitado" => "#b02a37",
        _ => "#5c636a",
    }
}

pub(crate) fn descricao_pagamento(tipo: i64) -> &'static str {
    if tipo == PARTNER_DEBIT {
        "Débito em conta na corretora parceira"
    } else {
        "Pix"
    }
}

/// Midnight (São Paulo) of the day after `ts`: when earnings start.
pub(crate) fn dia_seguinte(ts: Timestamp) -> Timestamp {
    tempo::somar_dias(dates::today_in_sao_paulo(ts), 1)
        .and_then(|d| tempo::no_dia(d, 0, 0, 0))
        .unwrap_or(ts)
}

impl Reserva {
    /// The status shown: an Aporte pendente past its Pix deadline is already Cancelado,
    /// whether or not the sweep has run.
    pub(crate) fn status(&self, agora: Timestamp) -> &str {
        if self.status_gravado == "Aporte pendente"
            && self.pix_vencimento.is_none_or(|v| v <= tempo::ms(agora))
        {
            return "Cancelado";
        }
        &self.status_gravado
    }

    /// Whether the investor may still withdraw: a confirmed reservation (awaiting payment
    /// or analysis, or paid) inside its withdrawal period, whose money has not left the
    /// escrow for the issuer.
    pub(crate) fn pode_desistir(&self, agora: Timestamp) -> bool {
        matches!(
            self.status(agora),
            "Aporte pendente" | "Em análise" | "Aprovado" | "Pago"
        ) && self.repassada_em.is_none()
            && self
                .desistencia_ate
                .is_some_and(|ate| tempo::ms(agora) < ate)
    }

    pub(crate) fn investimento(&self) -> Decimal {
        Decimal::new(self.centavos, 2)
    }

    /// Stored start, else the estimate: the day after confirmation (or after today).
    pub(crate) fn inicio_rendimento(&self, agora: Timestamp) -> Timestamp {
        match self.inicio_rendimento {
            Some(ms) => tempo::de_ms(ms),
            None => dia_seguinte(self.confirmada_em.map_or(agora, tempo::de_ms)),
        }
    }

    pub(crate) fn inicio_dia(&self, agora: Timestamp) -> Date {
        dates::today_in_sao_paulo(self.inicio_rendimento(agora))
    }

    pub(crate) fn vencimento(&self, agora: Timestamp) -> Date {
        fluxo::vencimento(self.inicio_dia(agora), self.oferta.prazo)
    }

    /// Installments, only once the money is in (Pago) or guaranteed (Aprovado).
    pub(crate) fn fluxo(&self, agora: Timestamp) -> Vec<Parcela> {
        if !matches!(self.status(agora), "Pago" | "Aprovado") {
            return Vec::new();
        }
        fluxo::fluxo(
            self.investimento(),
            self.oferta.taxa,
            self.oferta.prazo,
            self.oferta.periodicidade,
            self.inicio_dia(agora),
        )
    }
}

/// A calendar day as the contract's instant: midnight in São Paulo.
pub(crate) fn dia_rfc3339(d: Date) -> String {
    tempo::no_dia(d, 0, 0, 0)
        .map(tempo::rfc3339)
        .unwrap_or_else(|| format!("{d}T00:00:00-03:00"))
}

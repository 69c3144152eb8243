//! The statement's filter: what the address says, the rules that turn it into the search
//! the platform runs, and the summary of the selected filter.
//!
//! Rules: no dates and no days mean the last 7 days; `dias` chooses the rule, a number of
//! days or 'Personalizado' for both dates (typed dd/mm/aaaa); a quick period chosen over a
//! custom range applies the days, dates typed over a quick period hold; a period never exceeds 90 calendar days, counted the same way for the
//! days and the dates, and never reaches past today in São Paulo; the client code defaults to the investor's own; the page size is one of the
//! offered sizes (10 by default).

pub mod exportar;
mod periodo;

pub use periodo::{Periodo, periodo};

use jiff::civil::Date;

use super::dates::{self, DateError};
use super::paging;
use super::reference::{StatusMovimento, TipoMovimento};

pub use super::paging::{DEFAULT_PAGE_SIZE, PAGE_SIZES};
/// The quick periods, in days, and the period when none is chosen.
pub const QUICK_PERIODS: [u32; 3] = [7, 15, 30];
pub const DEFAULT_DAYS: u32 = 7;
/// The `dias` choice that says the dates hold ('Personalizado').
pub const CUSTOM: &str = "personalizado";
pub const CUSTOM_LABEL: &str = "Personalizado";
/// The longest period searched, in days between the first and the last date.
pub const MAX_DAYS: u32 = 90;
/// The longest free text, in characters.
pub const MAX_TEXT: usize = 150;

/// A parameter the platform cannot read (a word for a number, an unknown kind).
pub const MSG_FILTER: &str = "Filtro inválido.";
pub const MSG_RANGE: &str = "O período não pode ultrapassar 90 dias.";
pub const MSG_BOTH_DATES: &str = "Informe a data inicial e a data final.";
pub const MSG_DATE_FORMAT: &str = "Informe as datas no formato dd/mm/aaaa.";
pub const MSG_FUTURE: &str = "O período não pode incluir datas futuras.";
pub const MSG_ORDER: &str = "A data inicial deve ser anterior à data final.";
pub const MSG_DAYS: &str = "Escolha um período de 1 a 90 dias.";
pub const MSG_OPTION: &str = "Selecione uma das opções da lista para prosseguir.";
pub const MSG_TOO_LONG: &str = "Um dos campos excede o tamanho permitido.";
pub const MSG_ACCOUNT: &str = "Conta não encontrada. Selecione uma das contas da lista.";

/// The filter as typed: the address's parameters, untouched (empty means absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypedFilter {
    pub page: String,
    pub page_size: String,
    pub data_inicio: String,
    pub data_fim: String,
    pub dias: String,
    /// The rule the form was drawn with (its `dias`), so a quick period chosen over the
    /// dates of a custom range can be told from dates typed over a quick period.
    pub periodo_anterior: String,
    pub codigo_cliente: String,
    pub field_search: String,
    pub tipo: String,
    pub produto: String,
    pub status: String,
    /// `clear` present: back to the defaults.
    pub clear: bool,
}

/// The period searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// The last N days, today included.
    Days(u32),
    /// From the first to the last date, both included.
    Range(Date, Date),
}

/// The search the platform runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub page: u32,
    pub page_size: u32,
    pub period: Period,
    pub codigo_cliente: String,
    pub field_search: Option<String>,
    pub tipo: Option<TipoMovimento>,
    pub produto: Option<String>,
    pub status: Option<StatusMovimento>,
}

impl Filter {
    /// The default search of `codigo_cliente`: page 1 of 10, the last 7 days.
    pub fn default_for(codigo_cliente: &str) -> Filter {
        Filter {
            page: 1,
            page_size: DEFAULT_PAGE_SIZE,
            period: Period::Days(DEFAULT_DAYS),
            codigo_cliente: codigo_cliente.to_owned(),
            field_search: None,
            tipo: None,
            produto: None,
            status: None,
        }
    }
}

fn present(s: &str) -> Option<&str> {
    let s = s.trim();
    (!s.is_empty()).then_some(s)
}

fn text(s: &str) -> Result<Option<String>, &'static str> {
    match present(s) {
        Some(t) if t.chars().count() > MAX_TEXT => Err(MSG_TOO_LONG),
        other => Ok(other.map(str::to_owned)),
    }
}

fn date(s: &str, today: Date) -> Result<Date, &'static str> {
    dates::parse_date_br(s, today).map_err(|e| match e {
        DateError::Future => MSG_FUTURE,
        _ => MSG_DATE_FORMAT,
    })
}

/// Both dates as a period: ordered, and at most [`MAX_DAYS`] calendar days, both ends
/// counted, the same count as the last [`MAX_DAYS`] days.
fn range(f: &TypedFilter, today: Date) -> Result<Period, &'static str> {
    match (present(&f.data_inicio), present(&f.data_fim)) {
        (Some(a), Some(b)) => {
            let (start, end) = (date(a, today)?, date(b, today)?);
            if start > end {
                return Err(MSG_ORDER);
            }
            let days = i64::from((end - start).get_days()) + 1;
            if days > i64::from(MAX_DAYS) {
                return Err(MSG_RANGE);
            }
            Ok(Period::Range(start, end))
        }
        _ => Err(MSG_BOTH_DATES),
    }
}

/// 'Personalizado' takes the dates. A quick period takes the days when the form was drawn
/// for a custom range (its dates are the old ones, still in the form); dates typed over a
/// quick period, or sent by a link, hold. Without any choice the dates hold when typed.
fn period(f: &TypedFilter, today: Date) -> Result<Period, &'static str> {
    let dates_typed = present(&f.data_inicio).is_some() || present(&f.data_fim).is_some();
    let over_a_range = present(&f.periodo_anterior) == Some(CUSTOM);
    match present(&f.dias) {
        Some(CUSTOM) => range(f, today),
        Some(_) if dates_typed && !over_a_range => range(f, today),
        Some(d) => match d.parse::<u32>() {
            Ok(n) if n > MAX_DAYS => Err(MSG_RANGE),
            Ok(n) if n >= 1 => Ok(Period::Days(n)),
            _ => Err(MSG_DAYS),
        },
        None if !dates_typed => Ok(Period::Days(DEFAULT_DAYS)),
        None => range(f, today),
    }
}

/// The search the typed filter asks for, or the message of its first fault (the period,
/// then the free text, the product, the kind and the state).
pub fn resolve(f: &TypedFilter, own_code: &str, today: Date) -> Result<Filter, &'static str> {
    let mut filter = Filter::default_for(own_code);
    filter.page_size = paging::page_size(&f.page_size);
    if f.clear {
        return Ok(filter);
    }
    filter.page = paging::page_number(&f.page);
    filter.period = period(f, today)?;
    if let Some(code) = present(&f.codigo_cliente) {
        filter.codigo_cliente = code.to_owned();
    }
    filter.field_search = text(&f.field_search)?;
    filter.produto = text(&f.produto)?;
    filter.tipo = match present(&f.tipo) {
        None => None,
        Some(t) => Some(TipoMovimento::from_code(t).ok_or(MSG_OPTION)?),
    };
    filter.status = match present(&f.status) {
        None => None,
        Some(s) => Some(StatusMovimento::from_code(s).ok_or(MSG_OPTION)?),
    };
    Ok(filter)
}

/// The account of a search must be the investor's own or one of the accounts they are
/// offered (an empty list offers none); with no list known (`None`: the registration did
/// not answer) the platform decides.
pub fn check_account(code: &str, own: &str, accounts: Option<&[&str]>) -> Result<(), &'static str> {
    if code == own || accounts.is_none_or(|a| a.contains(&code)) {
        Ok(())
    } else {
        Err(MSG_ACCOUNT)
    }
}

/// The count above the statement's table, singular for one movement.
pub fn encontradas(total: u64) -> String {
    if total == 1 {
        "1 movimentação encontrada.".to_owned()
    } else {
        format!("{total} movimentações encontradas.")
    }
}

/// The selected-filter summary: the free text alone when there is one; otherwise, joined
/// by commas, 'N dias', 'Conta {code}', 'start até end', the kind, the product, the state.
pub fn summary(f: &Filter) -> String {
    if let Some(text) = &f.field_search {
        return text.clone();
    }
    let mut parts = Vec::new();
    if let Period::Days(n) = f.period {
        parts.push(format!("{n} dias"));
    }
    if !f.codigo_cliente.is_empty() {
        parts.push(format!("Conta {}", f.codigo_cliente));
    }
    if let Period::Range(start, end) = f.period {
        parts.push(format!(
            "{} até {}",
            dates::format_civil_date_br(start),
            dates::format_civil_date_br(end)
        ));
    }
    if let Some(t) = f.tipo {
        parts.push(t.label().to_owned());
    }
    if let Some(p) = &f.produto {
        parts.push(p.clone());
    }
    if let Some(s) = f.status {
        parts.push(s.label().to_owned());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests;

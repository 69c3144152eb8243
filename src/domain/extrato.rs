//! The statement's filter: what the address says, the rules that turn it into the search
//! the platform runs, and the summary of the selected filter.
//!
//! Rules: no dates and no days mean the last 7 days; `dias` chooses the rule, a number of
//! days or 'Personalizado' for both dates (typed dd/mm/aaaa); a quick period chosen over a
//! custom range applies the days, dates typed over a quick period hold; a period never exceeds 90 calendar days, counted the same way for the
//! days and the dates, and never reaches past today in São Paulo; the client code defaults to the investor's own; the page size is one of the
//! offered sizes (10 by default).

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
mod tests {
    use super::*;
    use jiff::civil::date;

    const TODAY: Date = date(2026, 11, 23);

    fn typed(pairs: &[(&str, &str)]) -> TypedFilter {
        let mut f = TypedFilter::default();
        for (k, v) in pairs {
            let v = (*v).to_owned();
            match *k {
                "Page" => f.page = v,
                "PageSize" => f.page_size = v,
                "dataInicio" => f.data_inicio = v,
                "dataFim" => f.data_fim = v,
                "dias" => f.dias = v,
                "periodoAnterior" => f.periodo_anterior = v,
                "codigoCliente" => f.codigo_cliente = v,
                "FieldSearch" => f.field_search = v,
                "Tipo" => f.tipo = v,
                "Produto" => f.produto = v,
                "Status" => f.status = v,
                "clear" => f.clear = true,
                other => panic!("{other}"),
            }
        }
        f
    }

    fn run(pairs: &[(&str, &str)]) -> Result<Filter, &'static str> {
        resolve(&typed(pairs), "204817", TODAY)
    }

    #[test]
    fn nothing_typed_is_the_last_seven_days_of_the_own_account() {
        assert_eq!(run(&[]), Ok(Filter::default_for("204817")));
        assert_eq!(summary(&run(&[]).unwrap()), "7 dias, Conta 204817");
    }

    #[test]
    fn quick_periods_and_any_days_up_to_ninety() {
        for n in QUICK_PERIODS {
            let f = run(&[("dias", &n.to_string())]).unwrap();
            assert_eq!(f.period, Period::Days(n));
        }
        assert_eq!(run(&[("dias", "90")]).unwrap().period, Period::Days(90));
        assert_eq!(run(&[("dias", "91")]), Err(MSG_RANGE));
        assert_eq!(run(&[("dias", "0")]), Err(MSG_DAYS));
        assert_eq!(run(&[("dias", "sete")]), Err(MSG_DAYS));
        assert_eq!(run(&[("dias", " ")]).unwrap().period, Period::Days(7));
    }

    #[test]
    fn personalizado_or_no_choice_takes_the_dates() {
        for dias in [CUSTOM, ""] {
            let f = run(&[
                ("dias", dias),
                ("dataInicio", "01/10/2026"),
                ("dataFim", "15/10/2026"),
            ])
            .unwrap();
            assert_eq!(
                f.period,
                Period::Range(date(2026, 10, 1), date(2026, 10, 15))
            );
            assert_eq!(summary(&f), "Conta 204817, 01/10/2026 até 15/10/2026");
        }
        assert_eq!(run(&[("dias", CUSTOM)]), Err(MSG_BOTH_DATES));
        assert_eq!(
            run(&[("dias", CUSTOM), ("dataInicio", "01/10/2026")]),
            Err(MSG_BOTH_DATES)
        );
    }

    #[test]
    fn dates_typed_over_a_quick_period_hold() {
        for anterior in ["", "7"] {
            let f = run(&[
                ("dias", "7"),
                ("periodoAnterior", anterior),
                ("dataInicio", "01/10/2026"),
                ("dataFim", "15/10/2026"),
            ])
            .unwrap();
            assert_eq!(
                f.period,
                Period::Range(date(2026, 10, 1), date(2026, 10, 15))
            );
        }
    }

    #[test]
    fn a_quick_period_chosen_after_a_range_applies_the_days() {
        for n in QUICK_PERIODS {
            let f = run(&[
                ("dias", &n.to_string()),
                ("periodoAnterior", CUSTOM),
                ("dataInicio", "01/10/2026"),
                ("dataFim", "15/10/2026"),
            ])
            .unwrap();
            assert_eq!(f.period, Period::Days(n));
            assert_eq!(summary(&f), format!("{n} dias, Conta 204817"));
        }
    }

    #[test]
    fn a_range_of_ninety_days_passes_and_ninety_one_is_refused() {
        // The same 90 days as `dias=90`: 26/08 to 23/11, both counted.
        let ok = run(&[("dataInicio", "26/08/2026"), ("dataFim", "23/11/2026")]);
        assert!(ok.is_ok(), "{ok:?}");
        assert_eq!(
            periodo(None, None, Some(90), date(2026, 11, 23)).map(|p| p.inicio),
            Ok(date(2026, 8, 26))
        );
        assert_eq!(
            run(&[("dataInicio", "25/08/2026"), ("dataFim", "23/11/2026")]),
            Err(MSG_RANGE)
        );
        assert_eq!(
            run(&[("dataInicio", "01/01/2025"), ("dataFim", "01/01/2026")]),
            Err(MSG_RANGE)
        );
    }

    #[test]
    fn dates_must_be_whole_ordered_and_not_in_the_future() {
        assert_eq!(run(&[("dataInicio", "01/10/2026")]), Err(MSG_BOTH_DATES));
        assert_eq!(run(&[("dataFim", "01/10/2026")]), Err(MSG_BOTH_DATES));
        assert_eq!(
            run(&[("dataInicio", "2026-10-01"), ("dataFim", "15/10/2026")]),
            Err(MSG_DATE_FORMAT)
        );
        assert_eq!(
            run(&[("dataInicio", "31/09/2026"), ("dataFim", "15/10/2026")]),
            Err(MSG_DATE_FORMAT)
        );
        assert_eq!(
            run(&[("dataInicio", "20/11/2026"), ("dataFim", "24/11/2026")]),
            Err(MSG_FUTURE)
        );
        assert_eq!(
            run(&[("dataInicio", "15/10/2026"), ("dataFim", "01/10/2026")]),
            Err(MSG_ORDER)
        );
        assert!(run(&[("dataInicio", "23/11/2026"), ("dataFim", "23/11/2026")]).is_ok());
    }

    #[test]
    fn page_and_page_size_fall_back_to_the_defaults() {
        let f = run(&[("Page", "3"), ("PageSize", "50")]).unwrap();
        assert_eq!((f.page, f.page_size), (3, 50));
        for size in PAGE_SIZES {
            assert_eq!(
                run(&[("PageSize", &size.to_string())]).unwrap().page_size,
                size
            );
        }
        let f = run(&[("Page", "0"), ("PageSize", "15")]).unwrap();
        assert_eq!((f.page, f.page_size), (1, 10));
        let f = run(&[("Page", "x"), ("PageSize", "2000")]).unwrap();
        assert_eq!((f.page, f.page_size), (1, 10));
    }

    #[test]
    fn kind_product_and_state_are_optional_and_checked() {
        let f = run(&[
            ("Tipo", "Rendimento"),
            ("Produto", " Soja "),
            ("Status", "Liquidado"),
            ("codigoCliente", "555"),
        ])
        .unwrap();
        assert_eq!(f.tipo, Some(TipoMovimento::Rendimento));
        assert_eq!(f.produto.as_deref(), Some("Soja"));
        assert_eq!(f.status, Some(StatusMovimento::Liquidado));
        assert_eq!(
            summary(&f),
            "7 dias, Conta 555, Rendimento, Soja, Liquidado"
        );
        assert_eq!(run(&[("Tipo", "Saque")]), Err(MSG_OPTION));
        assert_eq!(run(&[("Status", "Pago")]), Err(MSG_OPTION));
        let long = "x".repeat(151);
        assert_eq!(run(&[("FieldSearch", &long)]), Err(MSG_TOO_LONG));
        assert_eq!(run(&[("Produto", &long)]), Err(MSG_TOO_LONG));
        assert!(run(&[("FieldSearch", &"é".repeat(150))]).is_ok());
    }

    #[test]
    fn the_free_text_alone_is_the_summary() {
        let f = run(&[
            ("FieldSearch", "amortização"),
            ("dias", "30"),
            ("Tipo", "Aporte"),
        ])
        .unwrap();
        assert_eq!(summary(&f), "amortização");
    }

    #[test]
    fn the_summary_names_a_range_with_its_kind_and_state() {
        let f = run(&[
            ("dataInicio", "01/11/2026"),
            ("dataFim", "20/11/2026"),
            ("Tipo", "Amortizacao"),
            ("Status", "Pendente"),
        ])
        .unwrap();
        assert_eq!(
            summary(&f),
            "Conta 204817, 01/11/2026 até 20/11/2026, Amortização, Pendente"
        );
    }

    #[test]
    fn clear_goes_back_to_the_defaults_keeping_the_page_size() {
        let f = run(&[
            ("clear", "1"),
            ("dias", "500"),
            ("Tipo", "x"),
            ("PageSize", "20"),
        ])
        .unwrap();
        assert_eq!(f.period, Period::Days(7));
        assert_eq!((f.page, f.page_size, f.tipo), (1, 20, None));
    }
}

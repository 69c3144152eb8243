//! The /investir state, all of it in the query string with the platform API's parameter
//! names: parsed from what the browser sent (slider or number inputs), and written back
//! canonically for links (shareable URL, Back works).

use serde::Deserialize;

use crate::api::CaptacaoQuery;
use crate::domain::status::CaptacaoStatus;
use crate::domain::validate::SEARCH_MAX_CHARS;

/// The search page size is fixed at 12.
pub const PAGE_SIZE: u32 = 12;
pub const TERM_MAX: u32 = 100;
pub const PERCENT_MAX: u32 = 100;
pub const PERCENT_STEP: u32 = 10;
pub const AVAILABLE_MAX: u32 = 1_000_000;
pub const AVAILABLE_STEP: u32 = 1_000;

pub const MSG_SEARCH_TOO_LONG: &str = "A busca pode ter no máximo 150 caracteres.";
pub const MSG_BAD_RANGE: &str =
    "Confira os filtros: use números dentro dos limites, com o mínimo menor ou igual ao máximo.";

/// Sortable columns and their platform names.
pub const SORT_FIELDS: &[&str] = &[
    "Status",
    "NomeCaptacao",
    "Vencimento",
    "Rendimento",
    "Rating",
    "LimiteArrecadacao",
    "Acompanhamento",
    "Disponivel",
    "DataFim",
];
/// The statuses the list filters on, as an investor sees them.
pub const STATUS_OPTIONS: &[CaptacaoStatus] = &[
    CaptacaoStatus::CaptacaoNoAr,
    CaptacaoStatus::PreLancamento,
    CaptacaoStatus::Captado,
    CaptacaoStatus::Finalizado,
];
pub const RATING_OPTIONS: &[&str] = &["AAA", "AA", "A", "BBB", "BB", "B"];

/// What the browser sent, as typed.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RawQuery {
    #[serde(rename = "Page")]
    pub page: Option<String>,
    #[serde(rename = "FieldSearch")]
    pub field_search: Option<String>,
    #[serde(rename = "OrderByField")]
    pub order_by_field: Option<String>,
    #[serde(rename = "OrderByCriteria")]
    pub order_by_criteria: Option<String>,
    #[serde(rename = "Vencimento")]
    pub vencimento: Option<String>,
    #[serde(rename = "Acompanhamento")]
    pub acompanhamento: Option<String>,
    #[serde(rename = "Disponivel")]
    pub disponivel: Option<String>,
    #[serde(rename = "Rating")]
    pub rating: Option<String>,
    #[serde(rename = "StatusCaptacao")]
    pub status_captacao: Option<String>,
    #[serde(rename = "NomeCaptacao")]
    pub nome_captacao: Option<String>,
    /// A `clear` timestamp an address may carry: accepted, and not written back into links.
    pub clear: Option<String>,
    #[serde(rename = "Visao")]
    pub visao: Option<String>,
    // The number inputs (and sliders) of the filter panel send each end separately.
    #[serde(rename = "VencimentoDe")]
    pub vencimento_de: Option<String>,
    #[serde(rename = "VencimentoAte")]
    pub vencimento_ate: Option<String>,
    #[serde(rename = "AcompanhamentoDe")]
    pub acompanhamento_de: Option<String>,
    #[serde(rename = "AcompanhamentoAte")]
    pub acompanhamento_ate: Option<String>,
    #[serde(rename = "DisponivelDe")]
    pub disponivel_de: Option<String>,
    #[serde(rename = "DisponivelAte")]
    pub disponivel_ate: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Lista,
    Cartoes,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Asc => "ASC",
            Direction::Desc => "DESC",
        }
    }
}

/// An inclusive range of a slider, `None` when it spans the whole track.
pub type Range = Option<(u32, u32)>;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListState {
    pub page: u32,
    pub search: String,
    pub sort: Option<(&'static str, Direction)>,
    pub vencimento: Range,
    pub acompanhamento: Range,
    pub disponivel: Range,
    pub rating: Option<&'static str>,
    pub status: Option<CaptacaoStatus>,
    pub nome: String,
    pub view: View,
}

fn clean(s: &Option<String>) -> String {
    s.as_deref().unwrap_or_default().trim().to_owned()
}

/// Reads "min-max" (canonical), or the two ends from the number inputs; clamps nothing:
/// out-of-range input is an error the user is told about.
fn parse_range(
    combined: &Option<String>,
    from: &Option<String>,
    to: &Option<String>,
    max: u32,
) -> Result<Range, ()> {
    let (a, b) = match combined.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(c) => match c.split_once('-') {
            Some((a, b)) => (a.trim().to_owned(), b.trim().to_owned()),
            None => (String::new(), c.to_owned()),
        },
        None => (clean(from), clean(to)),
    };
    let num = |s: &str, default: u32| -> Result<u32, ()> {
        if s.is_empty() {
            Ok(default)
        } else {
            s.replace('.', "").parse::<u32>().map_err(|_| ())
        }
    };
    let (lo, hi) = (num(&a, 0)?, num(&b, max)?);
    if lo > hi || hi > max {
        return Err(());
    }
    Ok((lo != 0 || hi != max).then_some((lo, hi)))
}

fn pick(options: &'static [&'static str], v: &Option<String>) -> Option<&'static str> {
    let v = clean(v);
    options.iter().copied().find(|o| *o == v)
}

/// Parses the query; returns the state and the first message to show, if any.
pub fn parse(raw: &RawQuery) -> (ListState, Option<&'static str>) {
    let mut msg = None;
    let mut search = clean(&raw.field_search);
    if search.chars().count() > SEARCH_MAX_CHARS {
        msg = Some(MSG_SEARCH_TOO_LONG);
        // Cut, then trimmed again: a cut that ends in a space would make a link whose
        // search reads back shorter (parsing trims), so the page and its link would differ.
        let cut: String = search.chars().take(SEARCH_MAX_CHARS).collect();
        search = cut.trim_end().to_owned();
    }
    let mut range = |c: &Option<String>, f: &Option<String>, t: &Option<String>, max| {
        parse_range(c, f, t, max).unwrap_or_else(|()| {
            msg.get_or_insert(MSG_BAD_RANGE);
            None
        })
    };
    let vencimento = range(
        &raw.vencimento,
        &raw.vencimento_de,
        &raw.vencimento_ate,
        TERM_MAX,
    );
    let acompanhamento = range(
        &raw.acompanhamento,
        &raw.acompanhamento_de,
        &raw.acompanhamento_ate,
        PERCENT_MAX,
    );
    let disponivel = range(
        &raw.disponivel,
        &raw.disponivel_de,
        &raw.disponivel_ate,
        AVAILABLE_MAX,
    );
    let sort = pick(SORT_FIELDS, &raw.order_by_field).map(|f| {
        let dir = if clean(&raw.order_by_criteria).eq_ignore_ascii_case("DESC") {
            Direction::Desc
        } else {
            Direction::Asc
        };
        (f, dir)
    });
    let mut state = ListState {
        page: clean(&raw.page).parse().unwrap_or(1).max(1),
        sort,
        vencimento,
        acompanhamento,
        disponivel,
        rating: pick(RATING_OPTIONS, &raw.rating),
        status: Some(CaptacaoStatus::from(clean(&raw.status_captacao)))
            .filter(|s| STATUS_OPTIONS.contains(s)),
        nome: clean(&raw.nome_captacao),
        view: if clean(&raw.visao) == "cartoes" {
            View::Cartoes
        } else {
            View::Lista
        },
        search,
    };
    if !state.search.is_empty() {
        // The free-text search clears all other filters.
        state.vencimento = None;
        state.acompanhamento = None;
        state.disponivel = None;
        state.rating = None;
        state.status = None;
        state.nome.clear();
    }
    (state, msg)
}

fn range_str(r: Range) -> Option<String> {
    r.map(|(a, b)| format!("{a}-{b}"))
}

impl ListState {
    pub fn has_filters(&self) -> bool {
        !self.search.is_empty()
            || self.vencimento.is_some()
            || self.acompanhamento.is_some()
            || self.disponivel.is_some()
            || self.rating.is_some()
            || self.status.is_some()
            || !self.nome.is_empty()
    }

    /// The canonical query string (without '?'), with the platform's parameter names.
    pub fn query_string(&self) -> String {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        if self.page > 1 {
            q.append_pair("Page", &self.page.to_string());
        }
        let pairs: [(&str, Option<String>); 8] = [
            (
                "FieldSearch",
                Some(self.search.clone()).filter(|s| !s.is_empty()),
            ),
            (
                "NomeCaptacao",
                Some(self.nome.clone()).filter(|s| !s.is_empty()),
            ),
            (
                "StatusCaptacao",
                self.status.as_ref().map(|s| s.label().to_owned()),
            ),
            ("Rating", self.rating.map(str::to_owned)),
            ("Vencimento", range_str(self.vencimento)),
            ("Acompanhamento", range_str(self.acompanhamento)),
            ("Disponivel", range_str(self.disponivel)),
            (
                "Visao",
                (self.view == View::Cartoes).then(|| "cartoes".to_owned()),
            ),
        ];
        for (k, v) in pairs {
            if let Some(v) = v {
                q.append_pair(k, &v);
            }
        }
        if let Some((f, d)) = self.sort {
            q.append_pair("OrderByField", f);
            q.append_pair("OrderByCriteria", d.as_str());
        }
        q.finish()
    }

    pub fn href(&self) -> String {
        self.href_on(crate::web::routes::INVESTIR)
    }

    /// This state as a link on another page that shows offerings (the home).
    pub fn href_on(&self, base: &str) -> String {
        let q = self.query_string();
        if q.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{q}")
        }
    }

    pub fn with_page(&self, page: u32) -> ListState {
        ListState {
            page,
            ..self.clone()
        }
    }

    pub fn with_view(&self, view: View) -> ListState {
        ListState {
            view,
            ..self.clone()
        }
    }

    /// First click sorts ascending, a second click on the same column descending.
    pub fn with_sort(&self, field: &'static str) -> ListState {
        let dir = match self.sort {
            Some((f, Direction::Asc)) if f == field => Direction::Desc,
            _ => Direction::Asc,
        };
        ListState {
            sort: Some((field, dir)),
            page: 1,
            ..self.clone()
        }
    }

    pub fn to_api(&self) -> CaptacaoQuery {
        CaptacaoQuery {
            page: self.page,
            page_size: PAGE_SIZE,
            field_search: Some(self.search.clone()).filter(|s| !s.is_empty()),
            order_by_field: self.sort.map(|(f, _)| f.to_owned()),
            order_by_criteria: self.sort.map(|(_, d)| d.as_str().to_owned()),
            status_captacao: self.status.clone(),
            rating: self.rating.map(str::to_owned),
            vencimento: range_str(self.vencimento),
            acompanhamento: range_str(self.acompanhamento),
            disponivel: range_str(self.disponivel),
            nome_captacao: Some(self.nome.clone()).filter(|s| !s.is_empty()),
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

//! Offering pieces shared by the list, the detail and the home: the status badge and the
//! progress bar (the facts the domain rules read come from the models' `facts()`).

use jiff::Timestamp;
use maud::{Markup, html};

use crate::domain::captacao::{self, CaptacaoFacts, DisplayStatus};
use crate::domain::dates;
use crate::web::ui::format;

pub fn status_badge(status: &DisplayStatus) -> Markup {
    let class = match status {
        DisplayStatus::Finalizado | DisplayStatus::Encerrado | DisplayStatus::Rascunho => {
            "badge-neutro"
        }
        DisplayStatus::Captado => "badge-info",
        DisplayStatus::PreLancamento => "badge-aviso",
        DisplayStatus::Cancelado => "badge-erro",
        DisplayStatus::Other(s) => s.tone().class(),
    };
    html! { span.badge.(class) { (status.label()) } }
}

/// The status as the list, the home and the detail show it: the badge, and for an
/// offering not open yet the day it opens.
pub fn status(f: &CaptacaoFacts, now: Timestamp) -> Markup {
    let status = captacao::display_status(f, now);
    html! {
        (status_badge(&status))
        @if let Some(dia) = captacao::opens_on(f, now) {
            " " span.abre-em { "abre em " (dates::format_civil_date_br(dia)) }
        }
    }
}

/// Percent raised (reserved included) as text and a `<progress>` bar.
pub fn progress(f: &CaptacaoFacts, label_id: &str) -> Markup {
    let pct = captacao::percent_raised(f);
    html! {
        span #(label_id) { (format::percent(pct)) }
        progress.barra-progresso max="100" value=(captacao::progress_width(f)) aria-labelledby=(label_id) {
            (format::percent(pct))
        }
    }
}

pub fn now() -> Timestamp {
    Timestamp::now()
}

//! Offering pieces shared by the list, the detail and the home: the facts the domain
//! rules need, the status badge and the progress bar.

use jiff::Timestamp;
use maud::{Markup, html};

use crate::api::models::Captacao;
use crate::domain::captacao::{self, CaptacaoFacts, DisplayStatus};
use crate::domain::dates::parse_platform_datetime;
use crate::web::ui::format;

pub fn facts(o: &Captacao) -> CaptacaoFacts {
    let status = if o.status.name.is_empty() {
        o.status_captacao.clone().unwrap_or_default()
    } else {
        o.status.name.clone()
    };
    let ts = |s: &Option<String>| s.as_deref().and_then(parse_platform_datetime);
    CaptacaoFacts {
        status,
        limite: o.limite_arrecadacao,
        arrecadado: o.arrecadado,
        reservado: o.reservado,
        disponivel: o.disponivel,
        acompanhamento: o.acompanhamento,
        pre_lancamento: o.lancamento.pre_lancamento,
        data_pre_lancamento: ts(&o.lancamento.data_pre_lancamento),
        inicio_captacao: ts(&o.lancamento.inicio_captacao),
        fim_captacao: ts(&o.fim_captacao),
    }
}

pub fn status_badge(status: &DisplayStatus) -> Markup {
    let class = match status {
        DisplayStatus::Finalizado => "badge-neutro",
        DisplayStatus::Captado => "badge-info",
        DisplayStatus::PreLancamento => "badge-aviso",
        DisplayStatus::Rascunho => "badge-neutro",
        DisplayStatus::Other(s) => s.tone().class(),
    };
    html! { span.badge.(class) { (status.label()) } }
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

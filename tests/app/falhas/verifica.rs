//! What every answer of the web app must be, whatever the platform did: never a 500 nor
//! a panic, in time, inside the shell with the product's message or the error card, a 401 on
//! a GET sent to login, and a form drawn again with every value the investor typed.

use std::time::Duration;

use colheita::web::routes;
use scraper::{Html, Selector};

use super::formulario::{self, Field};
use super::proxy::{Endpoint, Fault, SERVER_MESSAGE};

/// The web app's `--request-timeout`, in seconds.
pub const TIMEOUT_SECS: u64 = 1;
/// The longest an answer may take: the request timeout plus a margin (a bound on the
/// app, not a benchmark).
pub const LIMIT: Duration = Duration::from_secs(TIMEOUT_SECS + 3);

/// The messages the product shows for a failing call.
const FAILURE_MESSAGES: &[&str] = &[
    "Ocorreu um erro. Tente novamente.",
    SERVER_MESSAGE,
    "Ocorreu um erro ao fazer o download",
    "Nenhum arquivo encontrado.",
];
const ERROR_TITLE: &str = "Ops! Houve uma falha.";
const NO_FILE: &str = "Nenhum arquivo encontrado.";

/// One answer of the web app, read whole.
pub struct Answer {
    pub status: u16,
    pub location: String,
    pub html: bool,
    pub body: String,
    pub elapsed: Duration,
}

impl Answer {
    pub fn doc(&self) -> Html {
        Html::parse_document(&self.body)
    }

    fn redirect(&self) -> bool {
        (300..400).contains(&self.status)
    }
}

fn has(doc: &Html, selector: &str) -> bool {
    doc.select(&Selector::parse(selector).unwrap())
        .next()
        .is_some()
}

fn text(doc: &Html, selector: &str) -> String {
    crate::support::text(doc, selector)
}

/// Never a 500, never a panic, always in time.
pub fn always(a: &Answer) -> Vec<String> {
    let mut v = Vec::new();
    if a.status == 500 {
        v.push("answered 500".to_owned());
    }
    if a.body.contains("panicked at") {
        v.push("the body shows a panic".to_owned());
    }
    if a.elapsed > LIMIT {
        v.push(format!("took {:?} (limit {LIMIT:?})", a.elapsed));
    }
    v
}

/// The shell (header and main) and, when the answer is not a success, the error card or
/// an alert with one of those messages.
fn shown_in_shell(a: &Answer, need_message: bool) -> Vec<String> {
    let doc = a.doc();
    let mut v = Vec::new();
    if !(has(&doc, "header.cabecalho") && has(&doc, "main#conteudo")) {
        v.push(format!("{} outside the shell", a.status));
    }
    if need_message {
        let card = text(&doc, ".cartao-erro h2") == ERROR_TITLE;
        let alert = text(&doc, "dialog.alerta p");
        let spec_alert = FAILURE_MESSAGES.contains(&alert.as_str());
        let empty = has(&doc, ".cartao-vazio");
        if !(card || spec_alert || empty) {
            v.push(format!(
                "{} without the error card or a product message (alert: {alert:?})",
                a.status
            ));
        }
    }
    v
}

fn to_login(a: &Answer, login_url: &str) -> bool {
    a.redirect() && a.location.starts_with(login_url)
}

/// A page (GET) under `fault`, against what it answered when nothing failed.
pub fn page(a: &Answer, fault: Fault, clean: &Answer, login_url: &str) -> Vec<String> {
    let mut v = always(a);
    let as_clean = a.redirect() && clean.redirect() && clean.location == a.location;
    if fault == Fault::Unauthorized401 {
        if to_login(a, login_url) || as_clean {
            return v; // The return address is checked by logging in (see `mod.rs`).
        }
        if a.redirect() || a.status >= 400 || has(&a.doc(), ".cartao-erro") {
            v.push(format!(
                "a 401 answered {} {} instead of sending to login",
                a.status, a.location
            ));
        }
        return v;
    }
    if a.redirect() {
        if !as_clean {
            v.push(format!("redirected to {} on a failure", a.location));
        }
        return v;
    }
    // A file answered with nothing in it is 'Nenhum arquivo encontrado.'.
    let no_file = a.html && text(&a.doc(), "dialog.alerta p") == NO_FILE;
    if a.status == 404 && clean.status != 404 && !(fault == Fault::EmptyBody && no_file) {
        v.push("a platform failure shown as 'not found'".to_owned());
    }
    if !a.html {
        // A file (a PDF) still served: the failing call was not the file's own.
        if a.status >= 400 {
            v.push(format!("{} without a page", a.status));
        }
        return v;
    }
    v.extend(shown_in_shell(a, a.status >= 400));
    v
}

/// The login callback: a failed exchange is the 'Atenção!' dialog in the shell.
pub fn callback(a: &Answer) -> Vec<String> {
    let mut v = always(a);
    if !a.redirect() {
        let doc = a.doc();
        if text(&doc, "dialog.alerta h2") != "Atenção!" {
            v.push(format!("{} without the 'Atenção!' dialog", a.status));
        }
        v.extend(shown_in_shell(a, false));
    }
    v
}

/// What a form sent under a fault must come back as.
pub struct Sent<'a> {
    pub fault: Fault,
    pub endpoint: &'a Endpoint,
    /// How many calls the fault answered.
    pub fired: usize,
    pub action: &'a str,
    pub fields: &'a [Field],
    /// What the same form answered when nothing failed.
    pub clean: &'a Answer,
}

/// A form sent under a fault.
pub fn form(a: &Answer, s: &Sent<'_>, login_url: &str) -> Vec<String> {
    let (fault, action, sent) = (s.fault, s.action, s.fields);
    let mut v = always(a);
    // Logging out goes to login whatever the provider says (its failure changes nothing for the user).
    if to_login(a, login_url) {
        if fault != Fault::Unauthorized401 && action != routes::SAIR {
            v.push("sent to login on a failure that is not a 401".to_owned());
        }
        return v;
    }
    if a.redirect() {
        // A success. It is one only if the platform's write went through: a 2xx whose body
        // the app needs not read (garbage, empty) is a write that went through.
        let write_failed = s.fired > 0
            && s.endpoint.method != "GET"
            && !matches!(fault, Fault::GarbageJson | Fault::EmptyBody);
        if write_failed {
            v.push(format!(
                "reported success ({} {}) though the write failed",
                a.status, a.location
            ));
        }
        return v;
    }
    if a.status < 400 {
        v.push(format!("answered {} to a failed form", a.status));
    }
    // Refused exactly as when nothing failed (a wrong password, say): the failing call
    // was one the form does not depend on (the header's unread counter).
    let alert = |x: &Answer| x.html.then(|| text(&x.doc(), "dialog.alerta p"));
    let as_clean = a.status == s.clean.status
        && alert(a).is_some_and(|m| !m.is_empty())
        && alert(a) == alert(s.clean);
    if !as_clean {
        v.extend(shown_in_shell(a, true));
    }
    let typed = sent
        .iter()
        .any(|f| f.ticked && !matches!(f.kind, formulario::Kind::Secret | formulario::Kind::Fixed));
    if typed {
        let doc = a.doc();
        match formulario::find(&doc, action) {
            None => v.push("the form is gone: everything typed is lost".to_owned()),
            Some(f) => {
                let lost = formulario::lost(f, sent);
                if !lost.is_empty() {
                    v.push(format!("typed values lost: {}", lost.join(", ")));
                }
            }
        }
    }
    v
}

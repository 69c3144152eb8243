//! Shared maud components: layout, header, alert dialog, cards, formatters, island mount.

pub mod alert;
pub mod aviso_cvm;
pub mod badge;
pub mod barras;
pub mod captacao;
pub mod cards;
pub mod custodia;
pub mod download;
pub mod format;
pub mod header;
pub mod island;
pub mod layout;
pub mod paging;
pub mod rosca;

use axum::http::StatusCode;
use maud::Markup;

/// A page to render inside the shell.
#[derive(Debug)]
pub struct Page {
    /// The route label; the document title is 'Label | Colheita'.
    pub title: String,
    pub main: Markup,
    pub status: StatusCode,
    /// An alert dialog open on load (e.g. 'Atenção!' after a failed form).
    pub alert: Option<alert::Alert>,
    /// Whether the page holds islands (then, and only then, the loader is included).
    pub islands: bool,
    /// The meta description search engines show; the product's own when `None`.
    pub description: Option<String>,
}

impl Page {
    pub fn new(title: &str, main: Markup) -> Self {
        Page {
            title: title.to_owned(),
            main,
            status: StatusCode::OK,
            alert: None,
            islands: false,
            description: None,
        }
    }

    pub fn with_description(mut self, description: impl Into<String>) -> Self {
        let d: String = description.into();
        if !d.trim().is_empty() {
            self.description = Some(d);
        }
        self
    }

    pub fn with_islands(mut self) -> Self {
        self.islands = true;
        self
    }

    pub fn with_status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }

    pub fn with_alert(mut self, alert: alert::Alert) -> Self {
        self.alert = Some(alert);
        self
    }
}

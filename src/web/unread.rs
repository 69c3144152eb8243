//! The header's unread-notification counter, without adding latency to any page.
//!
//! A page's context starts the counter call at the start of the request, concurrently with
//! the handler's own platform calls, unless the session's copy is younger than
//! [`FRESH_FOR`] seconds. When the page is drawn, a finished call gives the fresh count
//! (kept in the session for the next pages); an unfinished or failed one gives the
//! session's copy, so the counter never delays or fails a page. Pages that know the
//! count (the notifications) set it themselves.

use std::sync::{Mutex, OnceLock};

use tokio::sync::oneshot;

use crate::api::{ApiError, PlatformClient};
use crate::web::session::{Jar, RefusedTokens};

/// How long the session's copy of the count spares the platform a call, in seconds.
pub const FRESH_FOR: i64 = 30;

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

#[derive(Default)]
pub struct Unread {
    cached: Option<u32>,
    pending: Mutex<Option<oneshot::Receiver<u32>>>,
    known: OnceLock<u32>,
}

impl Unread {
    /// Starts the counter call when the session's copy is missing or stale.
    pub fn start(api: &PlatformClient, refused: &RefusedTokens, jar: &Jar, token: &str) -> Unread {
        let stored = jar.unread();
        let cached = stored.map(|s| s.n);
        if stored.is_some_and(|s| (0..FRESH_FOR).contains(&(now() - s.ts))) {
            return Unread {
                cached,
                ..Unread::default()
            };
        }
        let (tx, rx) = oneshot::channel();
        let api = api.clone();
        let refused = refused.clone();
        let token = token.to_owned();
        tokio::spawn(async move {
            match api.unread_count(&token).await {
                Ok(n) => {
                    let _ = tx.send(n);
                }
                // The session is over at the platform: the next request ends it here.
                Err(ApiError::Unauthorized) => refused.note(&token, now()),
                Err(e) => tracing::debug!(error = %e, "contador de notificações indisponível"),
            }
        });
        Unread {
            cached,
            pending: Mutex::new(Some(rx)),
            known: OnceLock::new(),
        }
    }

    /// The count to show now: the page's own, else a finished call's, else the session's.
    pub fn get(&self, jar: &Jar) -> Option<u32> {
        if let Some(n) = self.known.get() {
            return Some(*n);
        }
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(rx) = pending.as_mut() {
            match rx.try_recv() {
                Ok(n) => {
                    *pending = None;
                    self.set(jar, n);
                    return Some(n);
                }
                Err(oneshot::error::TryRecvError::Closed) => *pending = None,
                Err(oneshot::error::TryRecvError::Empty) => {}
            }
        }
        self.cached
    }

    /// A count the page read itself (the notifications page, a detail just opened).
    pub fn set(&self, jar: &Jar, n: u32) {
        let _ = self.known.set(n);
        jar.store_unread(n, now());
    }
}

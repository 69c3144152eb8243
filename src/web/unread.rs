//! The header's unread-notification counter, without adding latency to any page.
//!
//! A page's context starts the counter call at the start of the request, concurrently with
//! the handler's own platform calls, unless the session's copy is younger than
//! [`FRESH_FOR`] seconds. When the page is drawn, a finished call gives the fresh count
//! (kept in the session for the next pages); an unfinished or failed one gives the
//! session's copy, so the counter never delays or fails a page. Pages that know the
//! count (the notifications) set it themselves.
//!
//! A call that finishes after its page was drawn (a page with no platform call of its
//! own, answered from the micro-cache, is drawn first) leaves its count in
//! [`LateCounts`], found by the session's next page and stored then: otherwise such a
//! page would never store a count, and every one would ask the platform again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use sha2::{Digest, Sha256};

use tokio::sync::oneshot;

use crate::api::{ApiError, PlatformClient};
use crate::web::session::{Jar, RefusedTokens};

/// How long the session's copy of the count spares the platform a call, in seconds.
pub const FRESH_FOR: i64 = 30;

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// Counts whose call finished after its page was drawn, for the session's next page:
/// keyed by a digest of the access token (never shown to another session), kept
/// [`FRESH_FOR`] seconds, at most [`MAX_LATE`] at once.
#[derive(Clone, Default)]
pub struct LateCounts(Arc<Mutex<Late>>);

#[derive(Default)]
struct Late {
    counts: HashMap<TokenDigest, (u32, i64)>,
    /// The second stale counts were last dropped. Every session's count call notes its
    /// count (twice a minute per active session), so dropping on each note would walk the
    /// whole map that often: with 100,000 sessions, some 300 million steps a second under the
    /// lock. Dropping at most once a second bounds the walk to one per second.
    pruned_at: i64,
}

/// A SHA-256 of an access token.
type TokenDigest = [u8; 32];

/// The most late counts kept at once (a few bytes each); past it they are all dropped.
const MAX_LATE: usize = 100_000;

fn late_key(access_token: &str) -> TokenDigest {
    Sha256::digest(access_token.as_bytes()).into()
}

impl LateCounts {
    fn note(&self, access_token: &str, n: u32, now: i64) {
        if let Ok(mut late) = self.0.lock() {
            if late.pruned_at != now {
                late.pruned_at = now;
                late.counts
                    .retain(|_, (_, at)| (0..FRESH_FOR).contains(&(now - *at)));
            }
            if late.counts.len() >= MAX_LATE {
                late.counts.clear();
            }
            late.counts.insert(late_key(access_token), (n, now));
        }
    }

    /// The count left for this session, while fresh.
    fn get(&self, access_token: &str, now: i64) -> Option<u32> {
        let late = self.0.lock().ok()?;
        // With nothing left the token is not even hashed.
        if late.counts.is_empty() {
            return None;
        }
        late.counts
            .get(&late_key(access_token))
            .filter(|(_, at)| (0..FRESH_FOR).contains(&(now - *at)))
            .map(|(n, _)| *n)
    }
}

#[derive(Default)]
pub struct Unread {
    cached: Option<u32>,
    pending: Mutex<Option<oneshot::Receiver<u32>>>,
    known: OnceLock<u32>,
}

impl Unread {
    /// Starts the counter call when the session's copy is missing or stale.
    pub fn start(
        api: &PlatformClient,
        refused: &RefusedTokens,
        late: &LateCounts,
        jar: &Jar,
        token: &str,
    ) -> Unread {
        let stored = jar.unread();
        let cached = stored.map(|s| s.n);
        let at = now();
        if stored.is_some_and(|s| (0..FRESH_FOR).contains(&(at - s.ts))) {
            return Unread {
                cached,
                ..Unread::default()
            };
        }
        if let Some(n) = late.get(token, at) {
            let unread = Unread {
                cached,
                ..Unread::default()
            };
            unread.set(jar, n);
            return unread;
        }
        let (tx, rx) = oneshot::channel();
        let api = api.clone();
        let refused = refused.clone();
        let late = late.clone();
        let token = token.to_owned();
        tokio::spawn(async move {
            match api.notificacoes_contador(&token).await {
                Ok(n) => {
                    // Left for the next page too: this one may be drawn already.
                    late.note(&token, n, now());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_count_is_its_own_session_s_and_only_while_fresh() {
        let late = LateCounts::default();
        assert_eq!(late.get("token-a", 100), None);
        late.note("token-a", 7, 100);
        assert_eq!(late.get("token-a", 100), Some(7));
        assert_eq!(late.get("token-a", 100 + FRESH_FOR - 1), Some(7));
        assert_eq!(late.get("token-b", 100), None);
        assert_eq!(late.get("token-a", 100 + FRESH_FOR), None);
        // A clock that went back does not make an old count fresh.
        assert_eq!(late.get("token-a", 99), None);
        // Stale ones are dropped when another arrives.
        late.note("token-b", 1, 100 + FRESH_FOR);
        assert_eq!(late.0.lock().unwrap().counts.len(), 1);
    }

    #[test]
    fn stale_counts_are_dropped_at_most_once_a_second_and_never_shown() {
        let late = LateCounts::default();
        late.note("token-a", 3, 100);
        late.note("token-b", 4, 101);
        assert_eq!(late.0.lock().unwrap().counts.len(), 2);
        // That second's walk drops token-a's count (stale), keeps token-b's.
        late.note("token-c", 5, 100 + FRESH_FOR);
        assert_eq!(late.0.lock().unwrap().counts.len(), 2);
        // No second walk in the same second: a stale count put in meanwhile stays.
        late.0
            .lock()
            .unwrap()
            .counts
            .insert(late_key("token-x"), (9, 0));
        late.note("token-d", 6, 100 + FRESH_FOR);
        assert!(
            late.0
                .lock()
                .unwrap()
                .counts
                .contains_key(&late_key("token-x"))
        );
        assert_eq!(late.get("token-x", 100 + FRESH_FOR), None);
        late.0.lock().unwrap().counts.remove(&late_key("token-x"));
        assert_eq!(late.0.lock().unwrap().counts.len(), 3);
        // A second later token-b's count is stale: still stored, never given.
        assert_eq!(late.get("token-b", 101 + FRESH_FOR), None);
        assert_eq!(late.get("token-d", 101 + FRESH_FOR), Some(6));
        assert_eq!(late.0.lock().unwrap().counts.len(), 3);
        // That second's first note walks and drops it.
        late.note("token-e", 7, 101 + FRESH_FOR);
        assert_eq!(late.0.lock().unwrap().counts.len(), 3);
        assert_eq!(late.get("token-a", 101 + FRESH_FOR), None);
    }
}

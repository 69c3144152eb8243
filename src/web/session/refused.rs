//! Access tokens the platform has answered 401 to. A call whose failure a page tolerates
//! (the header's unread counter, run beside the page) still proves the session is over:
//! the next request ends it, cached name included, instead of showing the old name until
//! the token's local expiry.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

/// How long a refusal is remembered: longer than any access token lives.
const KEEP_SECONDS: i64 = 3600;
/// A bound on memory: past it the oldest knowledge is dropped (the tokens then end by
/// their own expiry, as before).
const MAX_TOKENS: usize = 10_000;

#[derive(Clone, Default)]
pub struct RefusedTokens(Arc<Mutex<HashMap<[u8; 32], i64>>>);

fn key(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl RefusedTokens {
    pub fn note(&self, access_token: &str, now: i64) {
        if let Ok(mut m) = self.0.lock() {
            m.retain(|_, at| now - *at < KEEP_SECONDS);
            if m.len() >= MAX_TOKENS {
                m.clear();
            }
            m.insert(key(access_token), now);
        }
    }

    /// Whether the platform refused this token (and forgets it: the session ends now).
    pub fn take(&self, access_token: &str) -> bool {
        self.0
            .lock()
            // With nothing refused (the usual case) the token is not even hashed.
            .is_ok_and(|mut m| !m.is_empty() && m.remove(&key(access_token)).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_token_is_told_once_and_old_ones_are_forgotten() {
        let r = RefusedTokens::default();
        r.note("a", 0);
        assert!(r.take("a"));
        assert!(!r.take("a"));
        r.note("b", 0);
        r.note("c", KEEP_SECONDS);
        assert!(!r.take("b"));
        assert!(r.take("c"));
    }
}

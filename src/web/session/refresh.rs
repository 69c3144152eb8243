//! Single-flight refresh: refresh tokens rotate, so two requests of one browser that both
//! find the access token near expiry must not both spend the same refresh token (the
//! second would fail and log the user out). The first refresh's answer is shared with any
//! request carrying the same old refresh token for a few seconds only (a rotated pair
//! must not stay available to whoever replays the old token), and forgotten at logout.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use tokio::sync::Mutex;

use crate::api::models::TokenResponse;
use crate::api::{ApiError, PlatformClient};

/// Long enough for the parallel requests of one page load, no longer.
const SHARE_FOR: Duration = Duration::from_secs(5);

type Slot = Arc<Mutex<Option<(Instant, TokenResponse)>>>;

#[derive(Clone, Default)]
pub struct RefreshCache {
    slots: Arc<std::sync::Mutex<HashMap<[u8; 32], Slot>>>,
}

fn key(refresh_token: &str) -> [u8; 32] {
    Sha256::digest(refresh_token.as_bytes()).into()
}

impl RefreshCache {
    /// Drops what was shared for `refresh_token` (logout: the session is over).
    pub fn forget(&self, refresh_token: &str) {
        let mut slots = match self.slots.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        slots.remove(&key(refresh_token));
    }

    pub async fn refresh(
        &self,
        api: &PlatformClient,
        refresh_token: &str,
    ) -> Result<TokenResponse, ApiError> {
        let key = key(refresh_token);
        let slot = {
            let mut slots = match self.slots.lock() {
                Ok(g) => g,
                Err(poisoned) => poisoned.into_inner(),
            };
            slots.retain(|_, s| {
                Arc::strong_count(s) > 1
                    || s.try_lock()
                        .is_ok_and(|v| v.as_ref().is_some_and(|(at, _)| at.elapsed() < SHARE_FOR))
            });
            slots.entry(key).or_default().clone()
        };
        let mut guard = slot.lock().await;
        if let Some((at, answer)) = guard.as_ref()
            && at.elapsed() < SHARE_FOR
        {
            return Ok(answer.clone());
        }
        let answer = api.refresh_token(refresh_token).await?;
        *guard = Some((Instant::now(), answer.clone()));
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logout_forgets_the_shared_pair() {
        let cache = RefreshCache::default();
        let held = |c: &RefreshCache, t: &str| {
            c.slots
                .lock()
                .map(|s| s.contains_key(&key(t)))
                .unwrap_or(false)
        };
        if let Ok(mut s) = cache.slots.lock() {
            s.insert(key("velho"), Slot::default());
            s.insert(key("outro"), Slot::default());
        }
        assert!(held(&cache, "velho"));
        cache.forget("velho");
        assert!(!held(&cache, "velho"));
        assert!(held(&cache, "outro"), "other sessions keep theirs");
        assert!(SHARE_FOR <= Duration::from_secs(5));
    }
}

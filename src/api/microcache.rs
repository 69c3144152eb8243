//! Public platform data shared by every visitor (the offering list and an offering's
//! detail, asked without a token) is fetched once for all concurrent askers
//! (single-flight) and kept for a short time (micro-cache): when an offering goes on air
//! and every investor opens the same two pages at the same minute, the platform sees one
//! call per page every couple of seconds instead of one per visitor.
//!
//! An answer asked with a token is shared only by HTTP's own rule for shared caches: when
//! the platform marks it `public` (or gives an `s-maxage`); such an answer is looked up
//! before the investor's own call and kept after it, but concurrent askers with tokens never
//! wait on each other's call (each may be personal until its answer says otherwise). The
//! platform's `Cache-Control` wins when it is stricter: `no-store`, `no-cache` or `private`
//! are not kept, and `max-age` shortens the time. Values are kept parsed (an `Arc` of the
//! model): a hit costs no parsing and no copy.

use std::any::Any;
use std::sync::Arc;
use std::time::{Duration, Instant};

use moka::Expiry;
use moka::future::Cache;

use super::ApiError;

/// A shared answer and how long it may be kept.
#[derive(Clone)]
struct Shared {
    value: Arc<dyn Any + Send + Sync>,
    keep: Duration,
}

struct KeepFor;

impl Expiry<String, Shared> for KeepFor {
    fn expire_after_create(&self, _: &String, v: &Shared, _: Instant) -> Option<Duration> {
        Some(v.keep)
    }
}

/// Distinct public answers kept at once (pages of the list × filters, details).
const CAPACITY: u64 = 2_000;

pub(crate) struct MicroCache {
    ttl: Duration,
    cache: Option<Cache<String, Shared>>,
}

impl MicroCache {
    /// `ttl` zero turns both the cache and the coalescing off.
    pub(crate) fn new(ttl: Duration) -> Self {
        let cache = (!ttl.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(CAPACITY)
                .expire_after(KeepFor)
                .build()
        });
        Self { ttl, cache }
    }

    /// The answer for `key`: kept, or being fetched by another request (then awaited),
    /// or fetched by `fetch`, which also returns the platform's `Cache-Control`.
    pub(crate) async fn get_or_fetch<T, F>(&self, key: String, fetch: F) -> Result<Arc<T>, ApiError>
    where
        T: Send + Sync + 'static,
        F: Future<Output = Result<(T, Option<String>), ApiError>>,
    {
        let Some(cache) = &self.cache else {
            return fetch.await.map(|(v, _)| Arc::new(v));
        };
        let ttl = self.ttl;
        // Only the asker whose future moka runs makes the platform call: a miss.
        let fetched = std::sync::atomic::AtomicBool::new(false);
        let shared = cache
            .try_get_with(key, async {
                fetched.store(true, std::sync::atomic::Ordering::Relaxed);
                let (value, cache_control) = fetch.await?;
                Ok::<_, ApiError>(Shared {
                    value: Arc::new(value) as Arc<dyn Any + Send + Sync>,
                    keep: keep_for(cache_control.as_deref(), ttl),
                })
            })
            .await;
        let outcome = if fetched.load(std::sync::atomic::Ordering::Relaxed) {
            "miss"
        } else {
            "hit"
        };
        metrics::counter!(crate::telemetry::MICROCACHE_REQUESTS, "outcome" => outcome).increment(1);
        let shared = shared.map_err(|e| (*e).clone())?;
        typed(shared)
    }

    /// A kept answer for `key`, if any; never waits for a call in flight.
    pub(crate) async fn kept<T: Send + Sync + 'static>(&self, key: &str) -> Option<Arc<T>> {
        let shared = self.cache.as_ref()?.get(key).await?;
        metrics::counter!(crate::telemetry::MICROCACHE_REQUESTS, "outcome" => "hit").increment(1);
        typed(shared).ok()
    }

    /// Keeps `value` for `key` as long as its `Cache-Control` allows (nothing when it
    /// forbids storing).
    pub(crate) async fn keep<T: Send + Sync + 'static>(
        &self,
        key: String,
        value: Arc<T>,
        cache_control: Option<&str>,
    ) {
        let Some(cache) = &self.cache else { return };
        let keep = keep_for(cache_control, self.ttl);
        if !keep.is_zero() {
            metrics::counter!(crate::telemetry::MICROCACHE_REQUESTS, "outcome" => "miss")
                .increment(1);
            cache.insert(key, Shared { value, keep }).await;
        }
    }
}

/// The kept value as the type it was stored as.
fn typed<T: Send + Sync + 'static>(shared: Shared) -> Result<Arc<T>, ApiError> {
    // One key is always read as one type; a mismatch would be a programming slip.
    shared
        .value
        .downcast::<T>()
        .map_err(|_| ApiError::Unavailable("tipo inesperado no cache".into()))
}

/// Whether an answer to a request carrying `Authorization` may be kept for others: only
/// when the platform marks it `public` or gives it an `s-maxage` (RFC 9111 §3.5), and
/// nothing forbids storing it.
pub(crate) fn shareable_with_token(cache_control: Option<&str>) -> bool {
    let Some(cc) = cache_control else {
        return false;
    };
    let mut allowed = false;
    for directive in cc.split(',').map(|d| d.trim().to_ascii_lowercase()) {
        let name = directive
            .split_once('=')
            .map_or(directive.as_str(), |(n, _)| n);
        match name.trim() {
            "no-store" | "no-cache" | "private" => return false,
            "public" | "s-maxage" => allowed = true,
            _ => {}
        }
    }
    allowed
}

/// How long an answer may be kept: at most `ttl`, less when the platform's
/// `Cache-Control` says `max-age` lower, nothing when it forbids shared storing.
fn keep_for(cache_control: Option<&str>, ttl: Duration) -> Duration {
    let Some(cc) = cache_control else {
        return ttl;
    };
    let mut keep = ttl;
    for directive in cc.split(',').map(|d| d.trim().to_ascii_lowercase()) {
        match directive.split_once('=') {
            None if matches!(directive.as_str(), "no-store" | "no-cache" | "private") => {
                return Duration::ZERO;
            }
            Some(("max-age" | "s-maxage", secs)) => {
                let secs = secs.trim_matches('"').parse::<u64>().unwrap_or(0);
                keep = keep.min(Duration::from_secs(secs));
            }
            _ => {}
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const TTL: Duration = Duration::from_secs(2);

    #[test]
    fn the_platforms_cache_control_can_only_shorten_the_time() {
        assert_eq!(keep_for(None, TTL), TTL);
        assert_eq!(keep_for(Some("public, max-age=60"), TTL), TTL);
        assert_eq!(keep_for(Some("max-age=1"), TTL), Duration::from_secs(1));
        assert_eq!(keep_for(Some("public, s-maxage=0"), TTL), Duration::ZERO);
        for never in ["no-store", "No-Cache", "private, max-age=60", "max-age=x"] {
            assert_eq!(keep_for(Some(never), TTL), Duration::ZERO, "{never}");
        }
    }

    async fn counted(
        cache: &MicroCache,
        calls: &AtomicUsize,
        cc: Option<&str>,
    ) -> Result<Arc<u32>, ApiError> {
        let cc = cc.map(str::to_owned);
        cache
            .get_or_fetch("k".into(), async {
                calls.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(50)).await;
                Ok((7u32, cc))
            })
            .await
    }

    #[test]
    fn an_answer_asked_with_a_token_is_shared_only_when_marked_public() {
        for yes in [
            "public, max-age=5",
            "s-maxage=10",
            "Public",
            "max-age=5, public",
        ] {
            assert!(shareable_with_token(Some(yes)), "{yes}");
        }
        for no in [
            "max-age=60",
            "private, max-age=60",
            "public, no-store",
            "no-cache, public",
            "private",
            "",
        ] {
            assert!(!shareable_with_token(Some(no)), "{no}");
        }
        assert!(!shareable_with_token(None));
    }

    #[tokio::test]
    async fn concurrent_askers_share_one_call_and_the_answer_is_kept() {
        let cache = MicroCache::new(TTL);
        let calls = AtomicUsize::new(0);
        let all = futures::future::join_all((0..20).map(|_| counted(&cache, &calls, None))).await;
        assert!(all.iter().all(|r| matches!(r.as_deref(), Ok(7))));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert!(matches!(
            counted(&cache, &calls, None).await.as_deref(),
            Ok(7)
        ));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn an_answer_the_platform_forbids_storing_is_shared_but_not_kept() {
        let cache = MicroCache::new(TTL);
        let calls = AtomicUsize::new(0);
        let all =
            futures::future::join_all((0..5).map(|_| counted(&cache, &calls, Some("no-store"))))
                .await;
        assert!(all.iter().all(|r| matches!(r.as_deref(), Ok(7))));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        tokio::time::sleep(Duration::from_millis(20)).await;
        let _ = counted(&cache, &calls, Some("no-store")).await;
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn errors_are_not_kept_and_zero_turns_it_off() {
        let cache = MicroCache::new(TTL);
        let failed: Result<Arc<u32>, _> = cache
            .get_or_fetch("e".into(), async {
                Err(ApiError::Unavailable("fora".into()))
            })
            .await;
        assert!(failed.is_err());
        let ok: Result<Arc<u32>, _> = cache
            .get_or_fetch("e".into(), async { Ok((1, None)) })
            .await;
        assert!(matches!(ok.as_deref(), Ok(1)));

        let off = MicroCache::new(Duration::ZERO);
        let calls = AtomicUsize::new(0);
        let _ = counted(&off, &calls, None).await;
        let _ = counted(&off, &calls, None).await;
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }
}

//! The attempt counts every replica shares, in a Redis (or Valkey) store: one counter per
//! kind, key and hour, taken with INCR and EXPIRE in one MULTI transaction, so two
//! replicas counting at once never lose an attempt.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use super::StoreDown;

/// The counting window: a counter counts the attempts of one clock hour.
const WINDOW_SECS: u64 = 3600;

/// How long the store may take to connect and to answer: a store that is gone must fail
/// the attempt fast, not hold the form for the request's whole timeout.
const STORE_TIMEOUT: Duration = Duration::from_millis(500);

/// The most one count may take, the retry after a lost connection included.
const COUNT_DEADLINE: Duration = Duration::from_secs(1);

/// The store being down is logged at most this often.
const NOTE_EVERY_SECS: i64 = 60;

/// What is counted: each has its own counters.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Sign-ups reaching the platform, per address.
    SignUp,
    /// Password-change guesses, per account.
    GuessAccount,
    /// Password-change guesses, per address.
    GuessAddr,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::SignUp => "cadastro",
            Kind::GuessAccount => "senha-conta",
            Kind::GuessAddr => "senha-endereco",
        }
    }
}

pub struct SharedCounts {
    conn: ConnectionManager,
    /// When the store was last logged as down (unix seconds).
    noted_at: AtomicI64,
    /// Whether the last count failed (its recovery is logged once).
    down: AtomicBool,
}

impl SharedCounts {
    /// The store at `url` (`redis://host:port/db`). Nothing is connected yet: the first
    /// count connects, and a lost connection is made again by the manager, so the app
    /// starts (and keeps serving the rest of the site) while the store is away.
    pub fn new(url: &str) -> Result<Self, String> {
        let client = redis::Client::open(url).map_err(|e| format!("--limits-url: {e}"))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(STORE_TIMEOUT))
            .set_response_timeout(Some(STORE_TIMEOUT))
            .set_number_of_retries(0);
        let conn = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|e| format!("--limits-url: {e}"))?;
        Ok(Self {
            conn,
            noted_at: AtomicI64::new(i64::MIN),
            down: AtomicBool::new(false),
        })
    }

    /// Counts one attempt under each of `keys` in the current hour; the counts, in order.
    pub async fn count(&self, keys: &[(Kind, String)]) -> Result<Vec<u64>, StoreDown> {
        let now = jiff::Timestamp::now().as_second().unsigned_abs();
        self.count_in(keys, now / WINDOW_SECS).await
    }

    /// [`SharedCounts::count`] in the given window (the hours since the epoch).
    pub(super) async fn count_in(
        &self,
        keys: &[(Kind, String)],
        window: u64,
    ) -> Result<Vec<u64>, StoreDown> {
        let mut pipe = redis::pipe();
        pipe.atomic();
        for (kind, key) in keys {
            let name = format!("colheita:limite:{}:{key}:{window}", kind.name());
            pipe.incr(&name, 1u64)
                .expire(&name, WINDOW_SECS.cast_signed())
                .ignore();
        }
        let answer = tokio::time::timeout(COUNT_DEADLINE, self.query(&pipe)).await;
        match answer {
            Ok(Ok(counts)) => {
                if self.down.swap(false, Ordering::Relaxed) {
                    tracing::info!("the limits store answers again");
                }
                Ok(counts)
            }
            Ok(Err(e)) => Err(self.failed(&e)),
            Err(_) => Err(self.failed(&"no answer in time")),
        }
    }

    async fn query(&self, pipe: &redis::Pipeline) -> redis::RedisResult<Vec<u64>> {
        let mut conn = self.conn.clone();
        match pipe.query_async(&mut conn).await {
            // The connection was lost since the last count: the manager has begun a new
            // one, which this second try waits for (a store back up answers it).
            Err(e) if e.is_io_error() || e.is_unrecoverable_error() => {
                pipe.query_async(&mut conn).await
            }
            other => other,
        }
    }

    fn failed(&self, error: &dyn std::fmt::Display) -> StoreDown {
        metrics::counter!(crate::telemetry::LIMITS_STORE_ERRORS).increment(1);
        self.down.store(true, Ordering::Relaxed);
        let now = jiff::Timestamp::now().as_second();
        let last = self.noted_at.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= NOTE_EVERY_SECS
            && self
                .noted_at
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::error!(
                error = %error,
                "the limits store cannot be reached: sign-ups and password changes answer 503"
            );
        }
        StoreDown
    }
}

/// The store's key of an address: the text of its counting key (an IPv6 /64 as one).
pub fn addr_key(addr: IpAddr) -> String {
    super::key(addr).to_string()
}

/// The store's key of an account: a digest, so the store holds no client codes or names.
pub fn account_key(account: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(account.as_bytes())[..16])
}

#[cfg(test)]
#[path = "shared_tests.rs"]
mod tests;

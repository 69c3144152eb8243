//! Attempts per client address and per account: the sign-up (so its form cannot enumerate
//! CPFs in bulk), the current-password guesses at the password change, and the sandbox
//! provider's login. The rules of what counts as an attempt stay with each caller.
//!
//! The web app counts through [`Limits`]: in this process's memory (a cell-rate limiter,
//! governor) when it runs alone, or in a store every replica shares (`--limits-url`), so
//! that a limit holds however many replicas the attempts are spread over.

mod shared;

use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use shared::{Kind, SharedCounts, account_key, addr_key};

/// The shared store could not count an attempt: the attempt must not go through uncounted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreDown;

/// How many attempts an hour each limit allows.
#[derive(Debug, Clone, Copy)]
pub struct Allowances {
    /// Sign-ups reaching the platform, per address.
    pub signups: NonZeroU32,
    /// Password-change attempts per account and per address before 429 (the session ends
    /// at twice as many).
    pub password_guesses: NonZeroU32,
}

/// The web app's attempt counters, one backend for all of them.
pub enum Limits {
    /// This process's own counts: right for one replica, and for `cargo run`.
    Memory {
        signups: AttemptLimiter,
        guesses: Box<GuessLimiter>,
    },
    /// Counts every replica shares.
    Shared {
        counts: SharedCounts,
        allow: Allowances,
    },
}

impl Limits {
    pub fn in_memory(allow: Allowances) -> Self {
        Limits::Memory {
            signups: AttemptLimiter::per_hour(allow.signups),
            guesses: Box::new(GuessLimiter::new(allow.password_guesses)),
        }
    }

    /// Counted in the Redis or Valkey store at `url` (`redis://host:port/db`).
    pub fn shared(url: &str, allow: Allowances) -> Result<Self, String> {
        Ok(Limits::Shared {
            counts: SharedCounts::new(url)?,
            allow,
        })
    }

    /// Counts one sign-up of `addr`: `false` when its allowance is used up.
    pub async fn sign_up(&self, addr: IpAddr) -> Result<bool, StoreDown> {
        match self {
            Limits::Memory { signups, .. } => Ok(signups.allow(addr)),
            Limits::Shared { counts, allow } => {
                let n = counts.count(&[(Kind::SignUp, addr_key(addr))]).await?;
                Ok(n.iter().all(|&n| n <= u64::from(allow.signups.get())))
            }
        }
    }

    /// Counts one current-password guess of `account` from `addr`.
    pub async fn password_guess(&self, account: &str, addr: IpAddr) -> Result<Guess, StoreDown> {
        match self {
            Limits::Memory { guesses, .. } => Ok(guesses.attempt(account, addr)),
            Limits::Shared { counts, allow } => {
                let keys = [
                    (Kind::GuessAccount, account_key(account)),
                    (Kind::GuessAddr, addr_key(addr)),
                ];
                let most = counts.count(&keys).await?.into_iter().max().unwrap_or(0);
                Ok(guess_at(most, allow.password_guesses))
            }
        }
    }
}

/// What the `n`th attempt in the hour may do, when `refused_after` are answered.
fn guess_at(n: u64, refused_after: NonZeroU32) -> Guess {
    let refused_after = u64::from(refused_after.get());
    if n > refused_after.saturating_mul(2) {
        Guess::EndSession
    } else if n > refused_after {
        Guess::TooMany
    } else {
        Guess::Allowed
    }
}

/// The answer when an address has used up its attempts (429).
pub const MUITAS_TENTATIVAS: &str = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

/// Above this many remembered addresses, the ones whose allowance is full again are
/// forgotten, so a flood of addresses cannot grow the table without bound.
const MAX_REMEMBERED: usize = 100_000;

pub struct AttemptLimiter {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl AttemptLimiter {
    /// `per_hour` attempts an hour per address, all usable at once; after them one comes
    /// back every `3600 / per_hour` seconds.
    pub fn per_hour(per_hour: NonZeroU32) -> Self {
        Self {
            limiter: RateLimiter::keyed(Quota::per_hour(per_hour)),
        }
    }

    /// Counts one attempt of `addr`: `false` when its allowance is used up.
    pub fn allow(&self, addr: IpAddr) -> bool {
        if self.limiter.len() > MAX_REMEMBERED {
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
        self.limiter.check_key(&key(addr)).is_ok()
    }
}

/// Password-change attempts (each a guess of the current password) answered before the form
/// refuses with 429, per account and per address within an hour, by default; the session
/// ends at twice as many.
pub const PASSWORD_GUESSES_REFUSED_AFTER: NonZeroU32 = NonZeroU32::new(5).unwrap();

/// What a password-change attempt may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guess {
    /// Ask the platform.
    Allowed,
    /// 429 without asking.
    TooMany,
    /// End the session.
    EndSession,
}

/// Current-password guesses at the password change, counted per account and per address
/// (an IPv6 /64 as one). Every attempt that reaches the platform counts: a right one ends
/// the flow, so what accumulates are the wrong ones.
pub struct GuessLimiter {
    refuse_account: DefaultKeyedRateLimiter<String>,
    refuse_addr: DefaultKeyedRateLimiter<IpAddr>,
    end_account: DefaultKeyedRateLimiter<String>,
    end_addr: DefaultKeyedRateLimiter<IpAddr>,
}

impl GuessLimiter {
    /// 429 after `refused_after` attempts an hour; the session ends after twice as many.
    pub fn new(refused_after: NonZeroU32) -> Self {
        let end_after = refused_after.saturating_mul(NonZeroU32::MIN.saturating_add(1));
        Self {
            refuse_account: RateLimiter::keyed(Quota::per_hour(refused_after)),
            refuse_addr: RateLimiter::keyed(Quota::per_hour(refused_after)),
            end_account: RateLimiter::keyed(Quota::per_hour(end_after)),
            end_addr: RateLimiter::keyed(Quota::per_hour(end_after)),
        }
    }
}

impl GuessLimiter {
    /// Counts one attempt of `account` from `addr`.
    pub fn attempt(&self, account: &str, addr: IpAddr) -> Guess {
        for l in [&self.end_account, &self.refuse_account] {
            if l.len() > MAX_REMEMBERED {
                l.retain_recent();
            }
        }
        let addr = key(addr);
        let account = account.to_owned();
        // Both counters take the attempt (`&`, not `&&`).
        let live =
            self.end_account.check_key(&account).is_ok() & self.end_addr.check_key(&addr).is_ok();
        if !live {
            return Guess::EndSession;
        }
        let allowed = self.refuse_account.check_key(&account).is_ok()
            & self.refuse_addr.check_key(&addr).is_ok();
        if allowed {
            Guess::Allowed
        } else {
            Guess::TooMany
        }
    }
}

/// One key per IPv4 address, and per /64 for IPv6 (one subscriber's usual allocation:
/// keying by full address would give each attacker 2^64 allowances). An IPv4-mapped IPv6
/// address counts as its IPv4 address.
fn key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(n: u32) -> AttemptLimiter {
        AttemptLimiter::per_hour(NonZeroU32::new(n).expect("positive"))
    }

    #[test]
    fn an_address_gets_its_allowance_then_is_refused() {
        let l = limiter(3);
        let a: IpAddr = "203.0.113.7".parse().expect("ip");
        assert!((0..3).all(|_| l.allow(a)));
        assert!(!l.allow(a));
        // Another address is not affected.
        assert!(l.allow("203.0.113.8".parse().expect("ip")));
    }

    #[test]
    fn one_ipv6_subscriber_prefix_shares_one_allowance() {
        let l = limiter(2);
        assert!(l.allow("2001:db8:1:2::1".parse().expect("ip")));
        assert!(l.allow("2001:db8:1:2:ffff::9".parse().expect("ip")));
        assert!(!l.allow("2001:db8:1:2:abcd::1".parse().expect("ip")));
        assert!(l.allow("2001:db8:1:3::1".parse().expect("ip")));
    }

    #[test]
    fn a_mapped_ipv4_address_is_that_ipv4_address() {
        let l = limiter(1);
        assert!(l.allow("::ffff:198.51.100.4".parse().expect("ip")));
        assert!(!l.allow("198.51.100.4".parse().expect("ip")));
    }

    #[test]
    fn password_guesses_are_refused_after_five_and_end_the_session_after_ten() {
        let l = GuessLimiter::new(PASSWORD_GUESSES_REFUSED_AFTER);
        let a: IpAddr = "203.0.113.7".parse().expect("ip");
        let got: Vec<Guess> = (0..11).map(|_| l.attempt("100234", a)).collect();
        assert_eq!(&got[..5], &[Guess::Allowed; 5]);
        assert_eq!(&got[5..10], &[Guess::TooMany; 5]);
        assert_eq!(got[10], Guess::EndSession);
        // The account's count follows it to another address, the address's to another
        // account; others are not affected.
        let l = GuessLimiter::new(PASSWORD_GUESSES_REFUSED_AFTER);
        let b: IpAddr = "198.51.100.1".parse().expect("ip");
        assert!((0..5).all(|_| l.attempt("100234", a) == Guess::Allowed));
        assert_eq!(l.attempt("100234", b), Guess::TooMany);
        assert_eq!(l.attempt("999999", a), Guess::TooMany);
        let c: IpAddr = "198.51.100.2".parse().expect("ip");
        assert_eq!(l.attempt("555555", c), Guess::Allowed);
    }
}

//! How long a login session lives (ASVS 7.3.1, 7.3.2): it ends a fixed time after the
//! login however often its tokens are refreshed (absolute lifetime), and sooner when the
//! investor has not used it for a while (idle lifetime). Times are Unix seconds.

use serde::{Deserialize, Serialize};

/// The configured lifetimes, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    /// Longest a session lives from its login (default 12 h).
    pub max: i64,
    /// Longest a session lives without a request (default 30 min).
    pub idle: i64,
}

impl Default for SessionLimits {
    fn default() -> Self {
        Self {
            max: 12 * 3600,
            idle: 30 * 60,
        }
    }
}

/// When the session began (the login) and when it was last used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionClock {
    pub login: i64,
    pub seen: i64,
}

/// Whether a session may still be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionAge {
    Live,
    /// Unused for the idle lifetime.
    Idle,
    /// Older than the absolute lifetime.
    Expired,
}

impl SessionClock {
    pub fn new(now: i64) -> Self {
        Self {
            login: now,
            seen: now,
        }
    }

    /// The absolute limit wins over the idle one; a clock in the future (another
    /// replica's clock a little ahead) counts as just used.
    pub fn age(&self, limits: SessionLimits, now: i64) -> SessionAge {
        if now.saturating_sub(self.login) >= limits.max {
            SessionAge::Expired
        } else if now.saturating_sub(self.seen) >= limits.idle {
            SessionAge::Idle
        } else {
            SessionAge::Live
        }
    }

    /// Is it time to write "last used" again? Rewriting the cookie on every request would
    /// add a `Set-Cookie` to every answer; once per thirtieth of the idle time (at most a
    /// minute) keeps the idle limit within that margin.
    pub fn touch_due(&self, limits: SessionLimits, now: i64) -> bool {
        now.saturating_sub(self.seen) >= (limits.idle / 30).clamp(0, 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: SessionLimits = SessionLimits {
        max: 12 * 3600,
        idle: 1800,
    };

    #[test]
    fn a_session_in_use_lives_until_its_absolute_limit() {
        let mut clock = SessionClock::new(1_000);
        for now in (1_000..1_000 + 12 * 3600).step_by(600) {
            clock.seen = now;
            assert_eq!(clock.age(LIMITS, now), SessionAge::Live, "{now}");
        }
        let end = 1_000 + 12 * 3600;
        clock.seen = end - 1;
        assert_eq!(clock.age(LIMITS, end - 1), SessionAge::Live);
        assert_eq!(clock.age(LIMITS, end), SessionAge::Expired);
    }

    #[test]
    fn an_unused_session_ends_after_the_idle_time() {
        let clock = SessionClock::new(1_000);
        assert_eq!(clock.age(LIMITS, 1_000 + 1799), SessionAge::Live);
        assert_eq!(clock.age(LIMITS, 1_000 + 1800), SessionAge::Idle);
    }

    #[test]
    fn the_absolute_limit_wins_when_both_are_past() {
        let clock = SessionClock::new(0);
        assert_eq!(clock.age(LIMITS, 13 * 3600), SessionAge::Expired);
    }

    #[test]
    fn a_clock_ahead_of_this_replica_counts_as_just_used() {
        let clock = SessionClock {
            login: 5_000,
            seen: 5_000,
        };
        assert_eq!(clock.age(LIMITS, 4_990), SessionAge::Live);
    }

    #[test]
    fn last_use_is_rewritten_once_a_minute_at_most() {
        let clock = SessionClock::new(1_000);
        assert!(!clock.touch_due(LIMITS, 1_059));
        assert!(clock.touch_due(LIMITS, 1_060));
        // A short idle time is tracked more finely, down to every request.
        let short = SessionLimits { max: 60, idle: 2 };
        assert!(clock.touch_due(short, 1_000));
    }
}

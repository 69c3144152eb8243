//! The session: encrypted cookies, the navigation guard with server-side refresh, and the
//! login redirect: private pages need a live session, and the access token is refreshed
//! before it expires.

mod carries;
mod cookies;
mod guard;
mod navigation;
mod refresh;
mod refused;

pub use carries::{CarriesSession, carries_session, noted_carries_session};
pub use cookies::{Flash, Jar, PendingLogin, StoredToken, StoredUnread, UserSummary};
pub use guard::{CurrentSession, LoginRequired, fetch_user_summary, guard, login_redirect};
pub use navigation::{end_session, same_site_navigation};
pub use refresh::RefreshCache;
pub use refused::RefusedTokens;

/// Seconds before expiry at which the access token is refreshed.
pub const REFRESH_MARGIN_SECS: i64 = 60;

/// The live session of a request, once the guard has validated (or refreshed) it.
#[derive(Debug, Clone)]
pub struct Session {
    pub access_token: String,
    pub user: UserSummary,
}

/// Token validity: the access token is usable while its age is below
/// `expires_in` minus the refresh margin; the session lives while the refresh token's age
/// is below `refresh_expires_in`.
pub fn access_fresh(access: &StoredToken, now: i64) -> bool {
    access.age(now) < access.exp - REFRESH_MARGIN_SECS
}

pub fn refresh_alive(refresh: &StoredToken, now: i64) -> bool {
    refresh.age(now) < refresh.exp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok(exp: i64, ts: i64) -> StoredToken {
        StoredToken {
            t: "x".into(),
            exp,
            ts,
        }
    }

    #[test]
    fn access_is_refreshed_sixty_seconds_before_expiry() {
        assert!(access_fresh(&tok(300, 1000), 1000 + 239));
        assert!(!access_fresh(&tok(300, 1000), 1000 + 240));
    }

    #[test]
    fn the_session_lives_while_the_refresh_token_is_young() {
        assert!(refresh_alive(&tok(1800, 0), 1799));
        assert!(!refresh_alive(&tok(1800, 0), 1800));
    }
}

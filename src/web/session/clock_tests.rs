//! The session clock is bound to the refresh token it was written with, also when its read
//! value is shared between requests.

use super::*;

fn sealed_clock(sealer: &Arc<Sealer>, clock: SessionClock, refresh_token: &str) -> String {
    let jar = Jar::new(Cookies::default(), sealer.clone(), false);
    jar.store_clock(&clock, refresh_token);
    jar.cookies
        .get(CLOCK)
        .map(|c| c.value().to_owned())
        .unwrap_or_default()
}

/// A later request of the same browser: it carries the sealed clock.
fn request_with(sealer: &Arc<Sealer>, sealed: &str) -> Jar {
    let cookies = Cookies::default();
    cookies.add(Cookie::new(CLOCK, sealed.to_owned()));
    Jar::new(cookies, sealer.clone(), false)
}

#[test]
fn a_clock_is_read_only_beside_its_own_refresh_token() {
    let sealer = Arc::new(Sealer::new(tower_cookies::Key::generate()));
    let clock = SessionClock {
        login: 100,
        seen: 160,
    };
    let sealed = sealed_clock(&sealer, clock, "refresh-a");
    assert!(!sealed.is_empty());
    for _ in 0..2 {
        assert_eq!(
            request_with(&sealer, &sealed).clock("refresh-a"),
            Some(clock)
        );
    }
    // The same sealed clock (its read value shared, bound once to refresh-a) beside
    // another login's refresh token is no clock, before and after a bound read.
    assert_eq!(request_with(&sealer, &sealed).clock("refresh-b"), None);
    assert_eq!(
        request_with(&sealer, &sealed).clock("refresh-a"),
        Some(clock)
    );
    assert_eq!(request_with(&sealer, &sealed).clock("refresh-b"), None);
    assert_eq!(request_with(&sealer, &sealed).clock("refresh-a!"), None);
}

#[test]
fn a_clock_first_read_beside_another_token_still_binds_to_its_own() {
    let sealer = Arc::new(Sealer::new(tower_cookies::Key::generate()));
    let clock = SessionClock { login: 5, seen: 5 };
    let sealed = sealed_clock(&sealer, clock, "refresh-a");
    assert_eq!(request_with(&sealer, &sealed).clock("refresh-b"), None);
    assert_eq!(
        request_with(&sealer, &sealed).clock("refresh-a"),
        Some(clock)
    );
}

//! The session clock and the user summary are bound to the refresh token they were written
//! with.

use super::*;

fn sealed_clock(key: &Key, clock: SessionClock, refresh_token: &str) -> String {
    let jar = Jar::new(Cookies::default(), key.clone(), false);
    jar.store_clock(&clock, refresh_token);
    jar.cookies
        .get(CLOCK)
        .map(|c| c.value().to_owned())
        .unwrap_or_default()
}

/// A later request of the same browser: it carries the sealed clock.
fn request_with(key: &Key, sealed: &str) -> Jar {
    let cookies = Cookies::default();
    cookies.add(Cookie::new(CLOCK, sealed.to_owned()));
    Jar::new(cookies, key.clone(), false)
}

#[test]
fn a_clock_is_read_only_beside_its_own_refresh_token() {
    let key = Key::generate();
    let clock = SessionClock {
        login: 100,
        seen: 160,
    };
    let sealed = sealed_clock(&key, clock, "refresh-a");
    assert!(!sealed.is_empty());
    assert_eq!(request_with(&key, &sealed).clock("refresh-a"), Some(clock));
    // The same sealed clock beside another login's refresh token is no clock.
    assert_eq!(request_with(&key, &sealed).clock("refresh-b"), None);
    assert_eq!(request_with(&key, &sealed).clock("refresh-a!"), None);
}

#[test]
fn a_clock_sealed_with_another_key_or_under_another_name_is_no_clock() {
    let key = Key::generate();
    let clock = SessionClock { login: 5, seen: 5 };
    let sealed = sealed_clock(&key, clock, "refresh-a");
    assert_eq!(
        request_with(&Key::generate(), &sealed).clock("refresh-a"),
        None
    );
    // The clock's sealed value carried as the user cookie does not open there.
    let cookies = Cookies::default();
    cookies.add(Cookie::new(USER, sealed));
    assert_eq!(Jar::new(cookies, key, false).user("refresh-a"), None);
}

#[test]
fn a_user_summary_is_read_only_beside_the_refresh_token_it_was_written_with() {
    let key = Key::generate();
    let jar = Jar::new(Cookies::default(), key.clone(), false);
    let user = UserSummary {
        nome: "Ana Souza".into(),
        codigo: Some("100234".into()),
        cadastro: None,
    };
    // Without tokens there is nothing to bind it to: it is not written.
    jar.store_user(&user);
    assert!(jar.cookies.get(USER).is_none());
    let token = crate::api::models::Token {
        access_token: "access-a".into(),
        refresh_token: "refresh-a".into(),
        expires_in: 300,
        refresh_expires_in: 1800,
    };
    jar.store_token(&token, 0);
    jar.store_user(&user);
    let sealed = jar
        .cookies
        .get(USER)
        .map(|c| c.value().to_owned())
        .unwrap_or_default();
    let cookies = Cookies::default();
    cookies.add(Cookie::new(USER, sealed));
    let later = Jar::new(cookies, key, false);
    assert_eq!(later.user("refresh-a"), Some(user));
    assert_eq!(later.user("refresh-b"), None);
}

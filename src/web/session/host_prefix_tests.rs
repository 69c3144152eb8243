//! The `__Host-` prefix under https: every cookie is written with it and read back by it.

use super::*;
use crate::web::routes;
use crate::web::session::carries::{CarriesSession, carries_session, noted_carries_session};
use axum::http::{HeaderMap, HeaderValue, header};

fn jar(secure: bool) -> Jar {
    Jar::new(Cookies::default(), Key::generate(), secure)
}

fn names(jar: &Jar) -> Vec<String> {
    jar.cookies
        .list()
        .iter()
        .map(|c| c.name().to_owned())
        .collect()
}

#[test]
fn secure_cookies_are_host_prefixed_and_read_back() {
    let jar = jar(true);
    jar.set_flash("Pronto", "Salvo.");
    jar.set_values_hidden(true);
    jar.set_return_to(routes::CARTEIRA);
    let mut n = names(&jar);
    n.sort();
    assert_eq!(
        n,
        vec![
            "__Host-colheita_aviso",
            "__Host-colheita_ocultar",
            "__Host-colheita_retorno"
        ]
    );
    for c in jar.cookies.list() {
        assert_eq!(c.secure(), Some(true));
        assert_eq!(c.path(), Some(routes::COOKIE_PATH));
        assert_eq!(c.domain(), None);
    }
    assert!(jar.values_hidden());
    assert_eq!(jar.take_flash().map(|f| f.mensagem), Some("Salvo.".into()));
    assert_eq!(jar.take_return_to().as_deref(), Some(routes::CARTEIRA));
}

/// The login callback takes the login under way once: its cookie goes, so the same
/// `state` and verifier cannot be taken again, under https (prefixed) as under http.
#[test]
fn the_login_state_is_taken_once_and_its_cookie_removed() {
    for secure in [true, false] {
        let jar = jar(secure);
        let pending = PendingLogin {
            state: "s".into(),
            verifier: "v".into(),
        };
        jar.set_state(&pending);
        assert_eq!(names(&jar).len(), 1);
        assert_eq!(jar.take_state(), Some(pending), "secure: {secure}");
        assert_eq!(names(&jar), Vec::<String>::new(), "secure: {secure}");
        assert_eq!(jar.take_state(), None, "secure: {secure}");
    }
}

#[test]
fn plain_http_cookies_keep_their_names() {
    let jar = jar(false);
    jar.set_values_hidden(true);
    assert_eq!(names(&jar), vec!["colheita_ocultar"]);
    assert!(jar.values_hidden());
}

#[test]
fn a_session_is_seen_with_or_without_the_prefix() {
    let with = |v: &'static str| {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, HeaderValue::from_static(v));
        carries_session(&h)
    };
    assert!(with("a=1; colheita_at=x"));
    assert!(with("__Host-colheita_rt=x"));
    assert!(!with("colheita_ocultar=1; colheita_at_x=2"));
    assert!(!carries_session(&HeaderMap::new()));
    // A byte outside visible ASCII elsewhere in the header does not hide the session.
    let mut h = HeaderMap::new();
    let odd = HeaderValue::from_bytes("nome=jo\u{e3}o; colheita_at=x".as_bytes()).unwrap();
    h.insert(header::COOKIE, odd);
    assert!(carries_session(&h));
}

/// The layers inside read the note `observe` left; without one, the header itself.
#[test]
fn the_noted_answer_is_the_one_read_and_the_header_is_read_without_a_note() {
    let request = |cookie: Option<&'static str>| {
        let mut b = axum::http::Request::builder().uri(routes::HOME);
        if let Some(c) = cookie {
            b = b.header(header::COOKIE, c);
        }
        b.body(axum::body::Body::empty()).unwrap()
    };
    assert!(noted_carries_session(&request(Some("colheita_at=x"))));
    assert!(!noted_carries_session(&request(Some("colheita_ocultar=1"))));
    assert!(!noted_carries_session(&request(None)));
    let mut noted = request(None);
    noted.extensions_mut().insert(CarriesSession(true));
    assert!(noted_carries_session(&noted));
    let mut noted = request(Some("colheita_at=x"));
    noted.extensions_mut().insert(CarriesSession(false));
    assert!(!noted_carries_session(&noted));
}

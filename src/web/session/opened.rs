//! The key of the private cookies, with the values it has already opened.
//!
//! Every request of a session brings the same sealed cookies (the two tokens, the clock,
//! the name, the unread count), and opening one (base64, then AES-256-GCM with the cookie's
//! name as associated data) was the largest single cost of a logged-in page. Opening is a
//! pure function of the key, the name and the sealed value, so a value opened once is
//! remembered for a few minutes: the next request finds it by its name and its sealed text,
//! compared whole, and skips the decryption. Only values that opened are kept (a forged or
//! stale cookie is decrypted, refused, and forgotten), and the memory is bounded by bytes.
//!
//! What an opened value was read as (its JSON parsed into the cookie's type) is kept beside
//! it for the same reason: the same text always reads the same, and the token cookies' JSON
//! (a 1.5 KB and a 1 KB string) cost more to parse than to find.

use std::any::Any;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use moka::sync::Cache;
use serde::de::DeserializeOwned;
use tower_cookies::{Cookies, Key};

/// The most bytes of opened values remembered (about a thousand sessions' cookies).
const MAX_BYTES: u64 = 4 * 1024 * 1024;
/// How long an opened value is remembered after it was last used.
const IDLE: Duration = Duration::from_secs(300);

/// Where a sealed value is looked for: its cookie's name and the end of its text (the
/// authentication tag, different for every sealing). A hit is then compared whole.
#[derive(Debug, Hash, PartialEq, Eq)]
struct Spot {
    name: Box<str>,
    /// The text as the browser sent it (percent-encoded) rather than as decoded.
    as_sent: bool,
    len: usize,
    tail: [u8; TAIL],
}

const TAIL: usize = 24;

struct Opened {
    sealed: Box<str>,
    plain: Box<str>,
    /// `plain` as read by [`Opened::read_as`] the first time.
    read: OnceLock<Arc<dyn Any + Send + Sync>>,
}

impl Opened {
    /// The plain text as JSON of `T`: read once, then shared. `None` when it is not one (a
    /// cookie of an older shape), read again each time (nothing is kept for it).
    fn read_as<T: DeserializeOwned + Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        if let Some(read) = self.read.get() {
            // Each cookie name has one type; another type reads the text afresh.
            if let Ok(value) = read.clone().downcast::<T>() {
                return Some(value);
            }
        }
        let value: Arc<T> = Arc::new(serde_json::from_str(&self.plain).ok()?);
        let _ = self.read.set(value.clone());
        Some(value)
    }
}

pub struct Sealer {
    key: Key,
    opened: Cache<Spot, Arc<Opened>>,
}

impl Sealer {
    pub fn new(key: Key) -> Self {
        let opened = Cache::builder()
            .max_capacity(MAX_BYTES)
            // The value read from the plain text is counted as large as the text.
            .weigher(|s: &Spot, o: &Arc<Opened>| {
                u32::try_from(s.name.len() + o.sealed.len() + 2 * o.plain.len() + 128)
                    .unwrap_or(u32::MAX)
            })
            .time_to_idle(IDLE)
            .build();
        Self { key, opened }
    }

    pub fn key(&self) -> &Key {
        &self.key
    }

    /// The private cookie `name` read as JSON of `T`, or `None` when it is absent, does not
    /// open with this key under this name, or is not such JSON.
    pub fn read<T: DeserializeOwned + Send + Sync + 'static>(
        &self,
        cookies: &Cookies,
        name: &str,
    ) -> Option<Arc<T>> {
        self.open(cookies, name)?.read_as()
    }

    /// The same, for the cookie `name` that the request's header carries as `sent` (the
    /// very cookie `cookies` holds under that name, still percent-encoded): a remembered
    /// value is found without parsing the header's other cookies.
    pub fn read_sent<T: DeserializeOwned + Send + Sync + 'static>(
        &self,
        cookies: &Cookies,
        name: &str,
        sent: &str,
    ) -> Option<Arc<T>> {
        self.remembered(name, sent, true)
            .or_else(|| self.open_and_keep(cookies, name, sent, true))?
            .read_as()
    }

    fn open(&self, cookies: &Cookies, name: &str) -> Option<Arc<Opened>> {
        let sealed = cookies.get(name)?;
        self.remembered(name, sealed.value(), false)
            .or_else(|| self.open_and_keep(cookies, name, sealed.value(), false))
    }

    fn remembered(&self, name: &str, text: &str, as_sent: bool) -> Option<Arc<Opened>> {
        let o = self.opened.get(&spot(name, text, as_sent))?;
        (*o.sealed == *text).then_some(o)
    }

    fn open_and_keep(
        &self,
        cookies: &Cookies,
        name: &str,
        text: &str,
        as_sent: bool,
    ) -> Option<Arc<Opened>> {
        let plain: Box<str> = cookies.private(&self.key).get(name)?.value().into();
        let opened = Arc::new(Opened {
            sealed: text.into(),
            plain,
            read: OnceLock::new(),
        });
        self.opened
            .insert(spot(name, text, as_sent), opened.clone());
        Some(opened)
    }
}

fn spot(name: &str, sealed: &str, as_sent: bool) -> Spot {
    let bytes = sealed.as_bytes();
    let mut tail = [0u8; TAIL];
    let end = &bytes[bytes.len().saturating_sub(TAIL)..];
    tail[..end.len()].copy_from_slice(end);
    Spot {
        name: name.into(),
        as_sent,
        len: bytes.len(),
        tail,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use tower_cookies::Cookie;

    fn sealed(key: &Key, name: &str, value: &str) -> String {
        let cookies = Cookies::default();
        cookies
            .private(key)
            .add(Cookie::new(name.to_owned(), value.to_owned()));
        cookies.get(name).unwrap().value().to_owned()
    }

    fn carrying(name: &str, sealed: &str) -> Cookies {
        let cookies = Cookies::default();
        cookies.add(Cookie::new(name.to_owned(), sealed.to_owned()));
        cookies
    }

    /// The plain text of the cookie `name`, as opened (or remembered).
    fn plain(sealer: &Sealer, cookies: &Cookies, name: &str) -> Option<String> {
        sealer.open(cookies, name).map(|o| o.plain.to_string())
    }

    /// A sealer, the user cookie sealed with its key from `json`, and a request carrying it.
    fn user_cookie(json: &str) -> (Sealer, String, Cookies) {
        let key = Key::generate();
        let s = sealed(&key, "colheita_usuario", json);
        let cookies = carrying("colheita_usuario", &s);
        (Sealer::new(key), s, cookies)
    }

    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Named {
        nome: String,
    }

    #[test]
    fn a_value_is_read_once_and_then_shared() {
        let (sealer, s, cookies) = user_cookie("{\"nome\":\"Ana\"}");
        let first: Arc<Named> = sealer.read(&cookies, "colheita_usuario").unwrap();
        assert_eq!(first.nome, "Ana");
        let again: Arc<Named> = sealer.read(&cookies, "colheita_usuario").unwrap();
        assert!(Arc::ptr_eq(&first, &again), "read once");
        let as_sent: Arc<Named> = sealer.read_sent(&cookies, "colheita_usuario", &s).unwrap();
        assert_eq!(*as_sent, *first);
        // Read as another type, the same text is parsed afresh (and still reads right).
        let text: Option<Arc<serde_json::Value>> = sealer.read(&cookies, "colheita_usuario");
        assert_eq!(text.unwrap()["nome"], "Ana");
        let again: Arc<Named> = sealer.read(&cookies, "colheita_usuario").unwrap();
        assert!(Arc::ptr_eq(&first, &again));
    }

    #[test]
    fn a_value_that_is_not_the_types_json_reads_as_nothing_every_time() {
        let (sealer, _, cookies) = user_cookie("{\"name\":\"Ana\"}");
        for _ in 0..2 {
            let read: Option<Arc<Named>> = sealer.read(&cookies, "colheita_usuario");
            assert_eq!(read, None);
        }
        assert!(plain(&sealer, &cookies, "colheita_usuario").is_some());
    }

    #[test]
    fn a_value_opens_the_same_the_first_time_and_when_remembered() {
        let key = Key::generate();
        let sealer = Sealer::new(key.clone());
        let s = sealed(&key, "colheita_at", "{\"t\":\"abc\"}");
        for _ in 0..3 {
            let plain = plain(&sealer, &carrying("colheita_at", &s), "colheita_at");
            assert_eq!(plain.as_deref(), Some("{\"t\":\"abc\"}"));
        }
        sealer.opened.run_pending_tasks();
        assert_eq!(sealer.opened.entry_count(), 1);
    }

    #[test]
    fn a_value_with_a_remembered_tail_but_other_text_is_decrypted_and_refused() {
        let key = Key::generate();
        let sealer = Sealer::new(key.clone());
        let s = sealed(&key, "colheita_at", "{\"t\":\"a token of one investor\"}");
        assert!(plain(&sealer, &carrying("colheita_at", &s), "colheita_at").is_some());
        // Same length and same tag, one character changed at the start: not the same value.
        let mut forged = s.clone().into_bytes();
        forged[0] = if forged[0] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(forged).unwrap();
        assert_eq!(
            spot("colheita_at", &forged, false),
            spot("colheita_at", &s, false)
        );
        assert_eq!(
            plain(&sealer, &carrying("colheita_at", &forged), "colheita_at"),
            None
        );
    }

    #[test]
    fn a_value_sealed_under_one_name_never_opens_under_another() {
        let key = Key::generate();
        let sealer = Sealer::new(key.clone());
        let s = sealed(&key, "colheita_usuario", "{\"nome\":\"Ana\"}");
        assert!(
            plain(
                &sealer,
                &carrying("colheita_usuario", &s),
                "colheita_usuario"
            )
            .is_some()
        );
        assert_eq!(
            plain(&sealer, &carrying("colheita_at", &s), "colheita_at"),
            None
        );
    }

    #[test]
    fn a_value_sealed_with_another_key_or_absent_does_not_open() {
        let sealer = Sealer::new(Key::generate());
        let s = sealed(&Key::generate(), "colheita_at", "x");
        assert_eq!(
            plain(&sealer, &carrying("colheita_at", &s), "colheita_at"),
            None
        );
        assert_eq!(plain(&sealer, &Cookies::default(), "colheita_at"), None);
        sealer.opened.run_pending_tasks();
        assert_eq!(
            sealer.opened.entry_count(),
            0,
            "only opened values are kept"
        );
    }

    #[test]
    fn a_short_value_has_a_spot_too() {
        assert_eq!(spot("n", "abc", false).len, 3);
        assert_eq!(&spot("n", "abc", false).tail[..3], b"abc");
    }
}

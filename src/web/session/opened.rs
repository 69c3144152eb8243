//! The key of the private cookies, with the values it has already opened.
//!
//! Every request of a session brings the same sealed cookies (the two tokens, the clock,
//! the name, the unread count), and opening one (base64, then AES-256-GCM with the cookie's
//! name as associated data) was the largest single cost of a logged-in page. Opening is a
//! pure function of the key, the name and the sealed value, so a value opened once is
//! remembered for a few minutes: the next request finds it by its name and its sealed text,
//! compared whole, and skips the decryption. Only values that opened are kept (a forged or
//! stale cookie is decrypted, refused, and forgotten), and the memory is bounded by bytes.

use std::sync::Arc;
use std::time::Duration;

use moka::sync::Cache;
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
    plain: Arc<str>,
}

pub struct Sealer {
    key: Key,
    opened: Cache<Spot, Arc<Opened>>,
}

impl Sealer {
    pub fn new(key: Key) -> Self {
        let opened = Cache::builder()
            .max_capacity(MAX_BYTES)
            .weigher(|s: &Spot, o: &Arc<Opened>| {
                u32::try_from(s.name.len() + o.sealed.len() + o.plain.len() + 96)
                    .unwrap_or(u32::MAX)
            })
            .time_to_idle(IDLE)
            .build();
        Self { key, opened }
    }

    pub fn key(&self) -> &Key {
        &self.key
    }

    /// The plain value of the private cookie `name`, or `None` when it is absent or does not
    /// open with this key under this name.
    pub fn open(&self, cookies: &Cookies, name: &str) -> Option<Arc<str>> {
        let sealed = cookies.get(name)?;
        self.remembered(name, sealed.value(), false)
            .or_else(|| self.open_and_keep(cookies, name, sealed.value(), false))
    }

    /// The same, for the cookie `name` that the request's header carries as `sent` (the
    /// very cookie `cookies` holds under that name, still percent-encoded): a remembered
    /// value is found without parsing the header's other cookies.
    pub fn open_sent(&self, cookies: &Cookies, name: &str, sent: &str) -> Option<Arc<str>> {
        self.remembered(name, sent, true)
            .or_else(|| self.open_and_keep(cookies, name, sent, true))
    }

    fn remembered(&self, name: &str, text: &str, as_sent: bool) -> Option<Arc<str>> {
        let o = self.opened.get(&spot(name, text, as_sent))?;
        (*o.sealed == *text).then(|| o.plain.clone())
    }

    fn open_and_keep(
        &self,
        cookies: &Cookies,
        name: &str,
        text: &str,
        as_sent: bool,
    ) -> Option<Arc<str>> {
        let plain: Arc<str> = cookies.private(&self.key).get(name)?.value().into();
        self.opened.insert(
            spot(name, text, as_sent),
            Arc::new(Opened {
                sealed: text.into(),
                plain: plain.clone(),
            }),
        );
        Some(plain)
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

    #[test]
    fn a_value_opens_the_same_the_first_time_and_when_remembered() {
        let key = Key::generate();
        let sealer = Sealer::new(key.clone());
        let s = sealed(&key, "colheita_at", "{\"t\":\"abc\"}");
        for _ in 0..3 {
            let plain = sealer.open(&carrying("colheita_at", &s), "colheita_at");
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
        assert!(
            sealer
                .open(&carrying("colheita_at", &s), "colheita_at")
                .is_some()
        );
        // Same length and same tag, one character changed at the start: not the same value.
        let mut forged = s.clone().into_bytes();
        forged[0] = if forged[0] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(forged).unwrap();
        assert_eq!(
            spot("colheita_at", &forged, false),
            spot("colheita_at", &s, false)
        );
        assert_eq!(
            sealer.open(&carrying("colheita_at", &forged), "colheita_at"),
            None
        );
    }

    #[test]
    fn a_value_sealed_under_one_name_never_opens_under_another() {
        let key = Key::generate();
        let sealer = Sealer::new(key.clone());
        let s = sealed(&key, "colheita_usuario", "{\"nome\":\"Ana\"}");
        assert!(
            sealer
                .open(&carrying("colheita_usuario", &s), "colheita_usuario")
                .is_some()
        );
        assert_eq!(
            sealer.open(&carrying("colheita_at", &s), "colheita_at"),
            None
        );
    }

    #[test]
    fn a_value_sealed_with_another_key_or_absent_does_not_open() {
        let sealer = Sealer::new(Key::generate());
        let s = sealed(&Key::generate(), "colheita_at", "x");
        assert_eq!(
            sealer.open(&carrying("colheita_at", &s), "colheita_at"),
            None
        );
        assert_eq!(sealer.open(&Cookies::default(), "colheita_at"), None);
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

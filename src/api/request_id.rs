//! The request id: one per inbound request, taken from its `X-Request-Id` when that is
//! sane or made up, printed in logs and error cards, and sent on to the platform so a
//! support person can follow one investor's click through both systems' logs.
//!
//! It lives in a task-local set by the web layer around each request, so every platform
//! call made while answering it (in that task) carries it without threading it through
//! every signature.

use std::fmt;

/// The header that carries it, inbound, outbound and on the answer.
pub const HEADER: &str = "x-request-id";
/// The same, as a header name built at compile time (not parsed per request).
pub const HEADER_NAME: http::HeaderName = http::HeaderName::from_static(HEADER);

/// Longest id accepted from a client or a proxy; longer ones are replaced.
const MAX_LEN: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(String);

tokio::task_local! {
    static CURRENT: RequestId;
}

impl RequestId {
    /// A proxy's id is kept when it is 1–64 characters of letters, digits, `-`, `_` or
    /// `.`: anything else could forge log lines or carry personal data, so it is replaced.
    pub fn from_header(value: Option<&str>) -> Option<Self> {
        let v = value?.trim();
        let sane = !v.is_empty()
            && v.len() <= MAX_LEN
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        sane.then(|| Self(v.to_owned()))
    }

    /// 16 random hex digits: short enough to read over the phone.
    pub fn generate() -> Self {
        Self(hex::encode(rand::random::<[u8; 8]>()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Runs `f` (the answering of one request) with this id as the current one.
    pub async fn scope<F: Future>(self, f: F) -> F::Output {
        CURRENT.scope(self, f).await
    }

    /// The id of the request being answered, if any (none outside a request, e.g. in a
    /// background task).
    pub fn current() -> Option<Self> {
        CURRENT.try_with(Clone::clone).ok()
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sane_id_is_kept_and_anything_else_replaced() {
        let kept = |v: &str| RequestId::from_header(Some(v)).map(|r| r.0);
        assert_eq!(kept("abc-123_X.y").as_deref(), Some("abc-123_X.y"));
        assert_eq!(kept(" abc ").as_deref(), Some("abc"));
        assert_eq!(kept(&"a".repeat(64)).map(|s| s.len()), Some(64));
        for bad in [
            "",
            " ",
            "a b",
            "a\nb",
            "ação",
            "a;b",
            "<x>",
            &"a".repeat(65),
        ] {
            assert_eq!(kept(bad), None, "{bad:?}");
        }
        assert_eq!(RequestId::from_header(None), None);
    }

    #[test]
    fn generated_ids_are_16_hex_digits_and_differ() {
        let a = RequestId::generate();
        let b = RequestId::generate();
        assert_eq!(a.as_str().len(), 16);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[tokio::test]
    async fn the_current_id_is_the_scope_s_and_none_outside() {
        assert_eq!(RequestId::current(), None);
        let id = RequestId::generate();
        let seen = id.clone().scope(async { RequestId::current() }).await;
        assert_eq!(seen, Some(id));
    }
}

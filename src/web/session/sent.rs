//! The request's cookies as the browser sent them, read without parsing them all.
//!
//! Reading one cookie through tower_cookies parses (and percent-decodes) every cookie of the
//! header first: the two token cookies alone are some 4 KB, on every request. Our cookies are
//! read by name only, so the header is searched for that name instead, and a sealed value is
//! looked up, as sent, among the values already opened (`opened.rs`). The result is the same
//! cookie tower_cookies would find: the last one of that name, name and value trimmed.
//! Whenever the header is not plain ASCII, a cookie name in it is percent-encoded, or this
//! request has written a cookie, the answer is "unknown" and the caller asks tower_cookies.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::http::{HeaderMap, header};

/// Whether a `Cookie` header names one of `names`: the name found where a cookie starts (the
/// header's start or after a `;`, spaces allowed, `prefix` allowed) and followed by `=`.
/// Searched for, not split: the header is some 5 KB and every request asks.
/// Read as bytes (memchr's `memmem` finds the names many bytes at a time), so the header
/// need not be checked as text first.
pub fn names_any(header: &[u8], names: &[&str], prefix: &str) -> bool {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    names.iter().any(|name| {
        memchr::memmem::find_iter(header, name.as_bytes()).any(|at| {
            let before = &header[..at];
            let before = before.strip_suffix(prefix.as_bytes()).unwrap_or(before);
            let kept = before.iter().rposition(|b| !blank(b)).map_or(0, |i| i + 1);
            let after = &header[at + name.len()..];
            let skipped = after.iter().position(|b| !blank(b)).unwrap_or(after.len());
            (kept == 0 || before[kept - 1] == b';') && after.get(skipped) == Some(&b'=')
        })
    })
}

/// What the header says of one cookie.
#[derive(Debug, PartialEq, Eq)]
pub enum Seen<'a> {
    /// Its value as sent (still percent-encoded, if it was).
    Value(&'a str),
    Absent,
    /// Ask tower_cookies (see the module's comment).
    Unknown,
}

#[derive(Debug, Default)]
pub struct Sent {
    /// Every `Cookie` header of the request, joined; `None` when one is not ASCII or a name
    /// in them is percent-encoded.
    header: Option<String>,
    /// Where each cookie's name and value are in `header`, trimmed, in the order sent.
    pairs: Vec<(Range<usize>, Range<usize>)>,
    written: AtomicBool,
}

/// `range` of `within` without the spaces at either end.
fn trimmed(within: &str, range: Range<usize>) -> Range<usize> {
    let text = &within[range.clone()];
    let start = range.start + (text.len() - text.trim_start().len());
    let end = range.end - (text.len() - text.trim_end().len());
    start..end.max(start)
}

impl Sent {
    pub fn from_headers(headers: &HeaderMap) -> Self {
        let mut joined = String::new();
        for value in headers.get_all(header::COOKIE) {
            let Ok(v) = value.to_str() else {
                return Self::default();
            };
            if !joined.is_empty() {
                joined.push(';');
            }
            joined.push_str(v);
        }
        // One pass: each `;`-separated piece with an `=` is a cookie (as tower_cookies
        // reads them; a piece without one is no cookie). The separators are found with
        // memchr, many bytes at a time: the header is some 5 KB, the pieces a dozen.
        let bytes = joined.as_bytes();
        let mut pairs = Vec::with_capacity(16);
        let mut start = 0;
        let ends = memchr::memchr_iter(b';', bytes).chain(std::iter::once(bytes.len()));
        for end in ends {
            if let Some(eq) = memchr::memchr(b'=', &bytes[start..end]) {
                let name = trimmed(&joined, start..start + eq);
                if joined[name.clone()].contains('%') {
                    return Self::default();
                }
                pairs.push((name, trimmed(&joined, start + eq + 1..end)));
            }
            start = end + 1;
        }
        Self {
            header: Some(joined),
            pairs,
            written: AtomicBool::new(false),
        }
    }

    /// This request writes or removes a cookie: from now on the header is not the truth.
    pub fn written(&self) {
        self.written.store(true, Ordering::Relaxed);
    }

    pub fn get(&self, name: &str) -> Seen<'_> {
        let Some(header) = &self.header else {
            return Seen::Unknown;
        };
        if self.written.load(Ordering::Relaxed) {
            return Seen::Unknown;
        }
        // The last one of the name, as tower_cookies keeps it.
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| &header[n.clone()] == name)
            .map_or(Seen::Absent, |(_, v)| Seen::Value(&header[v.clone()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn sent(values: &[&'static str]) -> Sent {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::COOKIE, HeaderValue::from_static(v));
        }
        Sent::from_headers(&h)
    }

    /// What tower_cookies finds for `name` in the same headers (through its own layer).
    fn tower(values: &[&'static str], name: &'static str) -> Option<String> {
        use std::sync::{Arc, Mutex};
        use tower::{Layer as _, ServiceExt as _};
        let found = Arc::new(Mutex::new(None));
        let seen = found.clone();
        let svc = tower_cookies::CookieManagerLayer::new().layer(tower::service_fn(
            move |req: axum::http::Request<()>| {
                let seen = seen.clone();
                async move {
                    if let Some(c) = req.extensions().get::<tower_cookies::Cookies>()
                        && let Ok(mut s) = seen.lock()
                    {
                        *s = c.get(name).map(|c| c.value().to_owned());
                    }
                    Ok::<_, std::convert::Infallible>(axum::http::Response::new(()))
                }
            },
        ));
        let mut req = axum::http::Request::new(());
        for v in values {
            req.headers_mut()
                .append(header::COOKIE, HeaderValue::from_static(v));
        }
        let _ = futures::executor::block_on(svc.oneshot(req));
        found.lock().ok().and_then(|f| f.clone())
    }

    #[test]
    fn a_cookie_is_found_as_tower_cookies_finds_it() {
        let cases: &[&[&'static str]] = &[
            &["a=1; colheita_at=xyz; b=2"],
            &["colheita_at = spaced ;a=1"],
            &["colheita_at=first; colheita_at=last"],
            &["a=1", "colheita_at=in-the-second-header"],
            &["colheita_at=with=equals=="],
            &["noequals; colheita_at=v; =empty-name"],
            &["  colheita_at=  ;x=1"],
            &[";;colheita_at=v;;"],
            &["colheita_at="],
            &["a=1"],
            &[],
        ];
        for values in cases {
            let ours = match sent(values).get("colheita_at") {
                Seen::Value(v) => Some(v.to_owned()),
                Seen::Absent => None,
                Seen::Unknown => panic!("{values:?}: plain headers are read"),
            };
            assert_eq!(ours, tower(values, "colheita_at"), "{values:?}");
        }
    }

    #[test]
    fn an_encoded_value_is_given_as_sent() {
        assert_eq!(
            sent(&["colheita_at=a%2Bb"]).get("colheita_at"),
            Seen::Value("a%2Bb")
        );
    }

    #[test]
    fn an_encoded_name_or_a_written_cookie_sends_the_caller_to_tower_cookies() {
        assert_eq!(
            sent(&["colheita%5Fat=x; colheita_at=y"]).get("colheita_at"),
            Seen::Unknown
        );
        let s = sent(&["colheita_at=y"]);
        s.written();
        assert_eq!(s.get("colheita_at"), Seen::Unknown);
        assert_eq!(Sent::default().get("colheita_at"), Seen::Unknown);
    }

    #[test]
    fn a_header_that_is_not_ascii_is_left_to_tower_cookies() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_bytes("colheita_at=é".as_bytes())
                .unwrap_or(HeaderValue::from_static("x")),
        );
        assert_eq!(Sent::from_headers(&h).get("colheita_at"), Seen::Unknown);
    }

    /// The names as splitting the header into cookies finds them (the rule the search follows).
    fn names_session_by_splitting(header: &str) -> bool {
        header
            .split(';')
            .filter_map(|pair| pair.split_once('=').map(|(name, _)| name.trim()))
            .map(|name| name.strip_prefix("__Host-").unwrap_or(name))
            .any(|name| name == "colheita_at" || name == "colheita_rt")
    }

    #[test]
    fn the_search_finds_a_session_where_splitting_does() {
        let headers = [
            "a=1; colheita_at=x",
            "colheita_rt=x",
            " colheita_at =x",
            "__Host-colheita_rt=x; b=2",
            "__Host- colheita_at=x",
            "x__Host-colheita_at=x",
            "a=b;c colheita_at=1",
            "a=x colheita_at=1",
            "a=colheita_at=1",
            "a=1;colheita_at",
            "colheita_ocultar=1; colheita_at_x=2",
            "xcolheita_at=1; colheita_rtx=2",
            "a=1;;\tcolheita_rt\t=2",
            "",
        ];
        for h in headers {
            assert_eq!(
                names_any(h.as_bytes(), &["colheita_at", "colheita_rt"], "__Host-"),
                names_session_by_splitting(h),
                "{h:?}"
            );
        }
    }
}

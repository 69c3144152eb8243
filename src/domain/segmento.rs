//! Values that become one segment of a path (an offering's friendly URL, a document type).
//! `.` and `..` are not names but moves: a URL parser resolves them, so `/v1/captacoes/..`
//! would reach `/v1/`. They are refused before any URL is built, like the empty value,
//! which would leave the route's trailing slash.

/// Whether `s` may stand as one path segment once percent-encoded.
pub fn is_segment(s: &str) -> bool {
    !matches!(s, "" | "." | "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_and_the_empty_value_are_refused() {
        for s in ["", ".", ".."] {
            assert!(!is_segment(s), "{s:?}");
        }
        for s in ["...", ".a", "a.", "cri-fazenda", "%2e%2e", ". ."] {
            assert!(is_segment(s), "{s:?}");
        }
    }
}

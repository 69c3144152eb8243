//! The scan read byte by byte, as it was first written: the tests' oracle for the scan that
//! reads the index.

// What this scan shares with the indexed one is how a member and its comma are cut (the
// unit tests pin it down on literal bodies); finding strings and values is its own.
use super::super::{MAX_DEPTH, member_span, skip_space};

/// The body with the members cut (`Some(None)` when nothing was cut), or `None` when the
/// scan cannot follow it.
pub(super) fn cuts(body: &[u8], names: &[&str]) -> Option<Option<Vec<u8>>> {
    let mut out: Option<Vec<u8>> = None;
    // `body[copied..]` has not been copied to `out` yet.
    let mut copied = 0;
    // Bit `d` says whether the container at depth `d` (from 1) is an object.
    let mut objects: u64 = 0;
    let mut depth: u32 = 0;
    // Whether the next string is a member's name, and the `{` or `,` before that member.
    let mut name_next = false;
    let mut before = 0;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'"' => {
                let end = string_end(body, i)?;
                if name_next && names.iter().any(|n| n.as_bytes() == &body[i + 1..end - 1]) {
                    let colon = skip_space(body, end);
                    if body.get(colon) != Some(&b':') {
                        return None;
                    }
                    let value_end = value_end(body, skip_space(body, colon + 1))?;
                    let (from, to) = member_span(body, before, i, value_end);
                    let kept = out.get_or_insert_with(|| Vec::with_capacity(body.len()));
                    kept.extend_from_slice(&body[copied..from]);
                    copied = to;
                    i = to;
                    // After a first member, the next one is first in turn.
                    name_next = body[before] != b',';
                    continue;
                }
                name_next = false;
                i = end;
            }
            open @ (b'{' | b'[') => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return None;
                }
                let is_object = open == b'{';
                if is_object {
                    objects |= 1 << (depth - 1);
                } else {
                    objects &= !(1 << (depth - 1));
                }
                name_next = is_object;
                before = i;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                name_next = false;
                i += 1;
            }
            b',' => {
                name_next = depth > 0 && objects & (1 << (depth - 1)) != 0;
                before = i;
                i += 1;
            }
            _ => i += 1,
        }
    }
    Some(out.map(|mut kept| {
        kept.extend_from_slice(&body[copied..]);
        kept
    }))
}

/// The index just after the string that opens at `start` (a `"`), or `None` when it never
/// closes.
fn string_end(body: &[u8], start: usize) -> Option<usize> {
    let mut j = start + 1;
    while j < body.len() {
        match body[j] {
            b'"' => return Some(j + 1),
            // An escape: the byte after the backslash is part of it, a quote included.
            b'\\' => j += 2,
            _ => j += 1,
        }
    }
    None
}

/// The index just after the value that starts at `start`, or `None` when it runs past the end.
fn value_end(body: &[u8], start: usize) -> Option<usize> {
    match *body.get(start)? {
        b'"' => string_end(body, start),
        b'{' | b'[' => {
            let mut depth = 0u32;
            let mut i = start;
            while i < body.len() {
                match body[i] {
                    b'"' => {
                        i = string_end(body, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        // A number, `true`, `false` or `null`: up to what follows a value.
        _ => {
            let len = body[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))?;
            (len > 0 && !body[start..start + len].contains(&b'"')).then_some(start + len)
        }
    }
}

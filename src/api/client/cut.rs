//! Members of an answer that a page never reads, cut out of the body before serde reads it.
//!
//! The home reads the allocation summary without its reservations (9.6 of its 11.4 KB).
//! serde skipped them unread, but its skip walks a value token by token, some 13
//! instructions a byte: most of the home's JSON work. Here a scan finds each member by its
//! name, stopping only at the quotes, brackets and commas outside strings that an index of
//! the body marks 64 bytes at a time (`index.rs`), and walking a cut value's brackets only;
//! some 4 instructions a byte of the whole body in all, and serde reads only the rest.
//! Because the index costs the whole body, the cut pays only where the cut part is most of
//! it (`models::Reading` says where it is used).
//!
//! The rule: a member (`"name": value`) of any object, at any depth, whose name is written
//! exactly as one of the given names (no escapes) is removed with its comma; the rest of the
//! body is kept byte for byte. What a removed value holds is not checked (only its brackets
//! and strings are followed to find where it ends), as the page would not have read it. A
//! body the scan cannot follow (a string that never ends, a value that runs past the end, a
//! name followed by no colon, a number or literal with a quote in it, more than 64 levels of
//! nesting) is handed to serde whole, which then reads it or says what is wrong with it.

use std::borrow::Cow;

use index::Index;

mod index;

/// Objects and arrays nested deeper than this are read whole (by serde); answers nest a
/// handful of levels.
const MAX_DEPTH: u32 = 64;

/// `body` without the object members named in `names`; borrowed as it is when none is there
/// or when the scan cannot follow it.
pub(crate) fn without_members<'a>(body: &'a [u8], names: &[&str]) -> Cow<'a, [u8]> {
    if names.is_empty() {
        return Cow::Borrowed(body);
    }
    match cuts(body, names) {
        Some(out) => out.map_or(Cow::Borrowed(body), Cow::Owned),
        None => Cow::Borrowed(body),
    }
}

/// The body with the members cut (`Some(None)` when nothing was cut), or `None` when the
/// scan cannot follow it.
fn cuts(body: &[u8], names: &[&str]) -> Option<Option<Vec<u8>>> {
    debug_assert!(
        names.iter().all(|n| !n.contains(['"', '\\'])),
        "a name is matched as written, without escapes"
    );
    let index = Index::of(body);
    // A string that never ends: wherever it opens, the scan reaches it (inside a cut value,
    // that value would never end either).
    if index.ends_in_string() {
        return None;
    }
    let mut out: Option<Vec<u8>> = None;
    // `body[copied..]` has not been copied to `out` yet.
    let mut copied = 0;
    // Bit `d` says whether the container at depth `d` (from 1) is an object.
    let mut objects: u64 = 0;
    let mut depth: u32 = 0;
    // Whether the next string is a member's name, and the `{` or `,` before that member.
    let mut name_next = false;
    let mut before = 0;
    // A string's inside holds no stop, so the stops go from one string, bracket or comma
    // outside strings to the next, and a string is never read through unless it is a name
    // to cut.
    let mut stops = index.stops_from(0);
    while let Some(i) = stops.next() {
        match body[i] {
            b'"' => {
                if name_next && let Some(name) = names.iter().find(|n| is_string(body, i, n)) {
                    let end = i + name.len() + 2;
                    let colon = skip_space(body, end);
                    if body.get(colon) != Some(&b':') {
                        return None;
                    }
                    let value_end = value_end(body, &index, skip_space(body, colon + 1))?;
                    let (cut_from, cut_to) = member_span(body, before, i, value_end);
                    let kept = out.get_or_insert_with(|| Vec::with_capacity(body.len()));
                    kept.extend_from_slice(&body[copied..cut_from]);
                    copied = cut_to;
                    stops = index.stops_from(cut_to);
                    // After a first member, the next one is first in turn.
                    name_next = body[before] != b',';
                    continue;
                }
                name_next = false;
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
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                name_next = false;
            }
            // A comma: the index stops at nothing else.
            _ => {
                name_next = depth > 0 && objects & (1 << (depth - 1)) != 0;
                before = i;
            }
        }
    }
    Some(out.map(|mut kept| {
        kept.extend_from_slice(&body[copied..]);
        kept
    }))
}

/// The index just after the value that starts at `start`, or `None` when it runs past the end.
fn value_end(body: &[u8], index: &Index, start: usize) -> Option<usize> {
    match *body.get(start)? {
        b'"' => Some(index.next_quote(start + 1)? + 1),
        b'{' | b'[' => index.container_end(start),
        // A number, `true`, `false` or `null`: up to what follows a value. A quote there is
        // not JSON, and would open a string the index reads on from.
        _ => {
            let len = body[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))?;
            (len > 0 && !body[start..start + len].contains(&b'"')).then_some(start + len)
        }
    }
}

/// Where the member whose name opens at `name` and whose value ends at `value_end` is cut,
/// `before` being the `{` or `,` before it. The first member goes with the comma after it,
/// any other with the comma before it, so that what is left is still a list of members.
fn member_span(body: &[u8], before: usize, name: usize, value_end: usize) -> (usize, usize) {
    if body[before] == b',' {
        return (before, value_end);
    }
    let next = skip_space(body, value_end);
    if body.get(next) == Some(&b',') {
        (name, next + 1)
    } else {
        (name, value_end)
    }
}

/// Whether the string that opens at `quote` holds exactly `name`: the name's bytes, then a
/// quote, which closes the string since a name ends in no backslash.
fn is_string(body: &[u8], quote: usize, name: &str) -> bool {
    let inside = quote + 1;
    body.get(inside..inside + name.len()) == Some(name.as_bytes())
        && body.get(inside + name.len()) == Some(&b'"')
}

fn skip_space(body: &[u8], mut i: usize) -> usize {
    while matches!(body.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests;

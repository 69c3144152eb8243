//! Members of an answer that a page never reads, cut out of the body before serde reads it.
//!
//! The home reads the allocation summary without its reservations (9.6 of its 11.4 KB).
//! serde skipped them unread, but its skip walks a value token by token, some 13
//! instructions a byte: most of the home's JSON work. Here a scan finds each member by its
//! name, following only brackets and strings (read eight bytes at a time), at some 5
//! instructions a byte of the whole body, and serde reads only the rest. Because the scan
//! costs the whole body, it pays only where the cut part is most of it
//! (`models::Reading` says where it is used).
//!
//! The rule: a member (`"name": value`) of any object, at any depth, whose name is written
//! exactly as one of the given names (no escapes) is removed with its comma; the rest of the
//! body is kept byte for byte. What a removed value holds is not checked (only its brackets
//! and strings are followed to find where it ends), as the page would not have read it. A
//! body the scan cannot follow (a string that never ends, a value that runs past the end, a
//! name followed by no colon, more than 64 levels of nesting) is handed to serde whole, which
//! then reads it or says what is wrong with it.

use std::borrow::Cow;

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
                    // The first member goes with the comma after it, any other with the comma
                    // before it, so that what is left is still a list of members.
                    let (from, to) = if body[before] == b',' {
                        (before, value_end)
                    } else {
                        let next = skip_space(body, value_end);
                        (
                            i,
                            if body.get(next) == Some(&b',') {
                                next + 1
                            } else {
                                value_end
                            },
                        )
                    };
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
/// closes. Most of an answer's bytes are inside strings: they are read eight at a time.
fn string_end(body: &[u8], start: usize) -> Option<usize> {
    let mut j = start + 1;
    loop {
        while let Some(word) = body.get(j..j + 8) {
            let word = u64::from_le_bytes(word.try_into().ok()?);
            let found = bytes_equal(word, b'"') | bytes_equal(word, b'\\');
            if found != 0 {
                j += (found.trailing_zeros() / 8) as usize;
                break;
            }
            j += 8;
        }
        match *body.get(j)? {
            b'"' => return Some(j + 1),
            // An escape: the byte after the backslash is part of it, a quote included.
            b'\\' => j += 2,
            _ => j += 1,
        }
    }
}

/// The high bit of each byte of `word` equal to `byte`, and maybe of bytes after the first
/// such byte (a borrow runs upwards); the lowest bit set is always exact, and the first
/// byte in memory is the lowest (the word is read little-endian).
fn bytes_equal(word: u64, byte: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGH
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
            (len > 0).then_some(start + len)
        }
    }
}

fn skip_space(body: &[u8], mut i: usize) -> usize {
    while matches!(body.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests;

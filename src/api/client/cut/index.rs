//! Where a body's strings, brackets and commas are, found 64 bytes at a time.
//!
//! Each block of 64 bytes gets bit masks (bit `i` stands for byte `64 × block + i`): its
//! quotes, and its brackets and commas outside strings. The bytes are compared 16 at a time
//! (SSE2 on x86-64), and which bytes are inside a string follows from the quotes' running
//! parity (a prefix XOR), so the scan in `cut.rs` visits only the bytes that matter instead
//! of every byte. A block with a backslash (rare in answers: escapes in text) is read byte by
//! byte, so that an escaped quote never counts, and a backslash outside a string (not JSON)
//! is an ordinary byte, as everywhere else in the scan.

use wide::u8x16;

/// Bytes per block: one bit of a `u64` each.
const BLOCK: usize = 64;

/// One block's masks.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Block {
    /// Quotes that open or close a string (escaped ones are text).
    quotes: u64,
    /// Where the scan stops: `{`, `[`, `}`, `]` and `,` outside strings, and the quotes that
    /// open a string.
    stops: u64,
    /// `{` and `[` outside strings.
    opens: u64,
    /// `}` and `]` outside strings.
    closes: u64,
}

/// Where the reading stands at the end of a block.
#[derive(Clone, Copy, Default)]
struct Carry {
    in_string: bool,
    /// The block ended on a backslash inside a string: the next byte is escaped.
    escape: bool,
}

/// The masks of a whole body.
pub(super) struct Index {
    blocks: Vec<Block>,
    /// The body ends inside a string (one that never closes).
    ends_in_string: bool,
}

/// The stops from a position on, in order (`Index::stops_from`).
pub(super) struct Stops<'a> {
    blocks: &'a [Block],
    /// The block whose stops `bits` holds, those not yet visited.
    at: usize,
    bits: u64,
}

impl Iterator for Stops<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.at += 1;
            self.bits = self.blocks.get(self.at)?.stops;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.at * BLOCK + bit)
    }
}

impl Index {
    pub(super) fn of(body: &[u8]) -> Self {
        let mut blocks = Vec::with_capacity(body.len().div_ceil(BLOCK));
        let mut carry = Carry::default();
        let (whole, rest) = body.as_chunks::<BLOCK>();
        for bytes in whole {
            blocks.push(block(bytes, &mut carry));
        }
        if !rest.is_empty() {
            // Spaces: nothing the scan stops at.
            let mut last = [b' '; BLOCK];
            last[..rest.len()].copy_from_slice(rest);
            blocks.push(block(&last, &mut carry));
        }
        Self {
            blocks,
            ends_in_string: carry.in_string,
        }
    }

    pub(super) fn ends_in_string(&self) -> bool {
        self.ends_in_string
    }

    /// The stops at or after `from`, one by one.
    pub(super) fn stops_from(&self, from: usize) -> Stops<'_> {
        let at = from / BLOCK;
        Stops {
            blocks: &self.blocks,
            at,
            bits: self
                .blocks
                .get(at)
                .map_or(0, |b| b.stops & (u64::MAX << (from % BLOCK))),
        }
    }

    /// The first quote at or after `from` that opens or closes a string.
    pub(super) fn next_quote(&self, from: usize) -> Option<usize> {
        self.next(from, |b| b.quotes)
    }

    fn next(&self, from: usize, mask: impl Fn(&Block) -> u64) -> Option<usize> {
        let mut at = from / BLOCK;
        let mut bits = mask(self.blocks.get(at)?) & (u64::MAX << (from % BLOCK));
        while bits == 0 {
            at += 1;
            bits = mask(self.blocks.get(at)?);
        }
        Some(at * BLOCK + bits.trailing_zeros() as usize)
    }

    /// The index just after the `}` or `]` that closes the object or array opened at `start`
    /// (a `{` or `[` outside strings), or `None` when it never closes.
    pub(super) fn container_end(&self, start: usize) -> Option<usize> {
        let mut depth: u32 = 0;
        let mut at = start / BLOCK;
        let mut keep = u64::MAX << (start % BLOCK);
        loop {
            let block = self.blocks.get(at)?;
            let (opens, closes) = (block.opens & keep, block.closes & keep);
            if depth > closes.count_ones() {
                // Even if every close came first, the container would still be open after
                // this block: only the count matters.
                depth = depth + opens.count_ones() - closes.count_ones();
            } else {
                let mut brackets = opens | closes;
                while brackets != 0 {
                    let bit = brackets.trailing_zeros();
                    brackets &= brackets - 1;
                    if opens >> bit & 1 == 1 {
                        depth += 1;
                    } else {
                        depth -= 1;
                        if depth == 0 {
                            return Some(at * BLOCK + bit as usize + 1);
                        }
                    }
                }
            }
            at += 1;
            keep = u64::MAX;
        }
    }
}

fn block(bytes: &[u8; BLOCK], carry: &mut Carry) -> Block {
    let found = Found::of(bytes);
    if found.backslashes != 0 || carry.escape {
        return byte_by_byte(bytes, carry);
    }
    // A byte is inside a string when an odd number of quotes stand at or before it (the
    // opening quote counts as inside, the closing one not), or an even number after a block
    // that ended inside one.
    let inside = prefix_xor(found.quotes) ^ if carry.in_string { u64::MAX } else { 0 };
    carry.in_string = inside >> (BLOCK - 1) == 1;
    let opens = found.opens & !inside;
    let closes = found.closes & !inside;
    Block {
        quotes: found.quotes,
        stops: opens | closes | (found.commas & !inside) | (found.quotes & inside),
        opens,
        closes,
    }
}

/// Bit `i` set when an odd number of bits of `x` are set at or below `i`.
fn prefix_xor(mut x: u64) -> u64 {
    for shift in [1, 2, 4, 8, 16, 32] {
        x ^= x << shift;
    }
    x
}

/// The bytes of one block, compared 16 at a time.
struct Found {
    quotes: u64,
    backslashes: u64,
    /// `{` and `[` (inside strings or not).
    opens: u64,
    /// `}` and `]`.
    closes: u64,
    commas: u64,
}

impl Found {
    fn of(bytes: &[u8; BLOCK]) -> Self {
        let mut found = Self {
            quotes: 0,
            backslashes: 0,
            opens: 0,
            closes: 0,
            commas: 0,
        };
        let (parts, _) = bytes.as_chunks::<16>();
        for (k, part) in parts.iter().enumerate() {
            let v = u8x16::new(*part);
            // `[` and `]` are `{` and `}` with bit 5 clear; no other byte becomes `{` or `}`
            // when it is set.
            let folded = v | u8x16::splat(0x20);
            let mask = |x: u8x16, byte: u8| u64::from(x.simd_eq(u8x16::splat(byte)).to_bitmask());
            let shift = 16 * k;
            found.quotes |= mask(v, b'"') << shift;
            found.backslashes |= mask(v, b'\\') << shift;
            found.opens |= mask(folded, b'{') << shift;
            found.closes |= mask(folded, b'}') << shift;
            found.commas |= mask(v, b',') << shift;
        }
        found
    }
}

/// A block read one byte at a time: escapes are followed inside strings only.
fn byte_by_byte(bytes: &[u8; BLOCK], carry: &mut Carry) -> Block {
    let mut block = Block::default();
    for (i, &byte) in bytes.iter().enumerate() {
        let bit = 1u64 << i;
        if carry.in_string {
            if carry.escape {
                carry.escape = false;
            } else if byte == b'\\' {
                carry.escape = true;
            } else if byte == b'"' {
                carry.in_string = false;
                block.quotes |= bit;
            }
            continue;
        }
        match byte {
            b'"' => {
                carry.in_string = true;
                block.quotes |= bit;
                block.stops |= bit;
            }
            b'{' | b'[' => {
                block.opens |= bit;
                block.stops |= bit;
            }
            b'}' | b']' => {
                block.closes |= bit;
                block.stops |= bit;
            }
            b',' => block.stops |= bit,
            _ => {}
        }
    }
    block
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{BLOCK, Block, Carry, Index, block, byte_by_byte};

    /// Bytes with every kind the index tells apart, and UTF-8 around them; half of the
    /// bodies have no backslash, so that blocks are compared 16 bytes at a time.
    fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
        let kinds = vec![
            b'a',
            b' ',
            b'"',
            b'{',
            b'}',
            b'[',
            b']',
            b',',
            b':',
            0xc3,
            0xa7,
            0x7b | 0x80,
            0x5b ^ 0x20 ^ 0x80,
        ];
        let mut with_escapes = kinds.clone();
        with_escapes.push(b'\\');
        prop_oneof![
            prop::collection::vec(prop::sample::select(kinds), 0..max),
            prop::collection::vec(prop::sample::select(with_escapes), 0..max),
        ]
    }

    proptest! {
        /// Compared 16 bytes at a time, a block has the masks a byte-by-byte reading gives it,
        /// whatever string it starts in.
        #[test]
        fn a_block_reads_as_it_reads_byte_by_byte(
            body in bytes(BLOCK + 1),
            in_string in any::<bool>(),
        ) {
            let mut bytes = [b' '; BLOCK];
            let n = body.len().min(BLOCK);
            bytes[..n].copy_from_slice(&body[..n]);
            let mut fast = Carry { in_string, escape: false };
            let mut slow = fast;
            prop_assert_eq!(block(&bytes, &mut fast), byte_by_byte(&bytes, &mut slow));
            prop_assert_eq!(fast.in_string, slow.in_string);
            prop_assert_eq!(fast.escape, slow.escape);
        }

        /// A container ends at the bracket that closes it, found block by block as a
        /// byte-by-byte count outside strings finds it.
        #[test]
        fn a_container_ends_where_counting_ends_it(body in bytes(300), open in 0usize..300) {
            let index = Index::of(&body);
            let Some(start) = (open..body.len()).find(|&i| index.opens_at(i)) else {
                return Ok(());
            };
            let mut depth = 0;
            let mut expected = None;
            for i in start..body.len() {
                if index.opens_at(i) {
                    depth += 1;
                } else if index.closes_at(i) {
                    depth -= 1;
                    if depth == 0 {
                        expected = Some(i + 1);
                        break;
                    }
                }
            }
            prop_assert_eq!(index.container_end(start), expected);
        }

        /// The stops from any position on are the ones found one search at a time, and the
        /// body ends in a string exactly when a byte-by-byte reading ends in one.
        #[test]
        fn the_stops_follow_one_another(body in bytes(300), from in 0usize..320) {
            let index = Index::of(&body);
            let mut expected = Vec::new();
            let mut at = from;
            while let Some(i) = index.next_stop(at) {
                expected.push(i);
                at = i + 1;
            }
            prop_assert_eq!(index.stops_from(from).collect::<Vec<_>>(), expected);
            let mut carry = Carry::default();
            for bytes in body.chunks(BLOCK) {
                let mut last = [b' '; BLOCK];
                last[..bytes.len()].copy_from_slice(bytes);
                byte_by_byte(&last, &mut carry);
            }
            prop_assert_eq!(index.ends_in_string(), carry.in_string);
        }
    }

    impl Index {
        /// The first byte at or after `from` where the scan stops.
        fn next_stop(&self, from: usize) -> Option<usize> {
            self.next(from, |b| b.stops)
        }

        fn opens_at(&self, i: usize) -> bool {
            self.blocks[i / BLOCK].opens >> (i % BLOCK) & 1 == 1
        }

        fn closes_at(&self, i: usize) -> bool {
            self.blocks[i / BLOCK].closes >> (i % BLOCK) & 1 == 1
        }
    }

    #[test]
    fn an_escape_carries_into_the_next_block() {
        // The block ends on a backslash inside a string: the next block's first quote is text.
        let mut body = vec![b'"'];
        body.resize(BLOCK - 1, b'a');
        body.extend_from_slice(b"\\\"b\",[");
        let index = Index::of(&body);
        assert_eq!(index.next_quote(1), Some(BLOCK + 2));
        assert_eq!(index.next_stop(1), Some(BLOCK + 3));
        assert_eq!(
            index.blocks[1],
            Block {
                quotes: 0b100,
                stops: 0b1_1000,
                opens: 0b1_0000,
                closes: 0
            }
        );
    }
}

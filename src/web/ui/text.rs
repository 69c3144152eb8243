//! Text written into a page, escaped as maud escapes it (`&`, `<`, `>` and `"` become
//! entities), found 16 bytes at a time. maud's own escape looks at every byte and pushes it
//! on its own, some 8 instructions a byte: the longest texts of a logged-in page (the
//! offerings' names, the donut's description, the page's head) go through [`Text`] instead,
//! which copies the runs between those bytes whole. The HTML is byte for byte the same.

use maud::Render;
use wide::u8x16;

/// `&str` rendered as escaped text, as `(s)` would render it.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(pub &'a str);

impl Render for Text<'_> {
    fn render_to(&self, buf: &mut String) {
        escape_into(buf, self.0);
    }
}

/// The entity a byte is written as, for the four bytes that need one.
fn entity(byte: u8) -> Option<&'static str> {
    match byte {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        b'"' => Some("&quot;"),
        _ => None,
    }
}

/// Appends `text` to `out`, escaped.
pub fn escape_into(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len());
    // `text[copied..]` is not written yet. Every byte escaped is ASCII, so each run between
    // them starts and ends on a character's boundary.
    let mut copied = 0;
    let mut write = |out: &mut String, at: usize, entity: &str| {
        out.push_str(text.get(copied..at).unwrap_or_default());
        out.push_str(entity);
        copied = at + 1;
    };
    let (chunks, rest) = bytes.as_chunks::<16>();
    for (k, chunk) in chunks.iter().enumerate() {
        let v = u8x16::new(*chunk);
        let mut found = (v.simd_eq(u8x16::splat(b'&'))
            | v.simd_eq(u8x16::splat(b'<'))
            | v.simd_eq(u8x16::splat(b'>'))
            | v.simd_eq(u8x16::splat(b'"')))
        .to_bitmask();
        while found != 0 {
            let at = 16 * k + found.trailing_zeros() as usize;
            found &= found - 1;
            if let Some(e) = entity(bytes[at]) {
                write(out, at, e);
            }
        }
    }
    let tail = bytes.len() - rest.len();
    for (i, &byte) in rest.iter().enumerate() {
        if let Some(e) = entity(byte) {
            write(out, tail + i, e);
        }
    }
    out.push_str(text.get(copied..).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use maud::html;
    use proptest::prelude::*;

    use super::Text;

    #[test]
    fn the_four_bytes_become_entities_and_the_rest_stays() {
        let text = r#"Soja & Milho <MT> "safra" 2026/27 — São José's"#;
        assert_eq!(
            html! { (Text(text)) }.into_string(),
            "Soja &amp; Milho &lt;MT&gt; &quot;safra&quot; 2026/27 — São José's"
        );
        assert_eq!(html! { (Text("")) }.into_string(), "");
        assert_eq!(html! { (Text("&")) }.into_string(), "&amp;");
    }

    proptest! {
        /// Any text, wherever its special bytes fall against the 16-byte chunks, renders as
        /// maud renders it.
        #[test]
        fn text_renders_as_maud_renders_it(
            text in "[a&<>\"'çã —\u{1F33E}]{0,70}",
        ) {
            prop_assert_eq!(
                html! { (Text(&text)) }.into_string(),
                html! { (text) }.into_string()
            );
        }
    }
}

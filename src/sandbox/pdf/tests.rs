//! The PDF writer's encoding, and a reader of the text of a generated PDF for the tests of
//! every document.

use super::win_ansi;

/// The text shown by the PDF's string operands, in order: literal `(…)` strings and hex
/// `<…>` strings, decoded as Latin-1 (WinAnsi's accents), whitespace collapsed.
pub(crate) fn texto_do_pdf(pdf: &[u8]) -> String {
    let mut partes: Vec<String> = Vec::new();
    let mut i = 0;
    while i < pdf.len() {
        match pdf[i] {
            b'(' => {
                let mut s = Vec::new();
                let mut nivel = 1;
                i += 1;
                while i < pdf.len() && nivel > 0 {
                    match pdf[i] {
                        b'\\' if i + 1 < pdf.len() => {
                            i += 1;
                            s.push(pdf[i]);
                        }
                        b'(' => {
                            nivel += 1;
                            s.push(b'(');
                        }
                        b')' => {
                            nivel -= 1;
                            if nivel > 0 {
                                s.push(b')');
                            }
                        }
                        b => s.push(b),
                    }
                    i += 1;
                }
                partes.push(s.iter().map(|&b| char::from(b)).collect());
            }
            b'<' if pdf.get(i + 1) != Some(&b'<') && pdf.get(i.wrapping_sub(1)) != Some(&b'<') => {
                let fim = pdf[i..].iter().position(|&b| b == b'>').map(|p| i + p);
                if let Some(fim) = fim {
                    let hex = &pdf[i + 1..fim];
                    if hex.iter().all(u8::is_ascii_hexdigit) && hex.len().is_multiple_of(2) {
                        let bytes: Vec<u8> = hex
                            .chunks(2)
                            .map(|p| {
                                u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap()
                            })
                            .collect();
                        partes.push(bytes.iter().map(|&b| char::from(b)).collect());
                    }
                    i = fim;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    partes
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn win_ansi_keeps_portuguese_accents_in_one_byte() {
    assert_eq!(win_ansi("ção"), vec![0xE7, 0xE3, b'o']);
    assert_eq!(
        win_ansi("Lâmina – “x” €"),
        vec![
            b'L', 0xE2, b'm', b'i', b'n', b'a', b' ', 0x96, b' ', 0x93, b'x', 0x94, b' ', 0x80
        ]
    );
    assert_eq!(win_ansi("a😀b"), b"a?b".to_vec());
}

//! Reads the text of a generated PDF back, as a reader that copies or speaks it would: the
//! strings of each page's text operators, in content order, decoded through their font's
//! ToUnicode map. Shared by the crate's tests and the integration tests (`#[path]`).

use std::collections::HashMap;

use lopdf::content::Content;
use lopdf::{Document, Object};

/// The ToUnicode map of a font dictionary: two-byte code → text.
fn mapa_unicode(doc: &Document, fonte: &lopdf::Dictionary) -> HashMap<u16, String> {
    let mut mapa = HashMap::new();
    let Ok(Object::Reference(id)) = fonte.get(b"ToUnicode") else {
        return mapa;
    };
    let Ok(Object::Stream(s)) = doc.get_object(*id) else {
        return mapa;
    };
    let dados = s
        .decompressed_content()
        .unwrap_or_else(|_| s.content.clone());
    let texto = String::from_utf8_lossy(&dados);
    let mut dentro = false;
    for linha in texto.lines() {
        let linha = linha.trim();
        if linha.ends_with("beginbfchar") {
            dentro = true;
        } else if linha == "endbfchar" {
            dentro = false;
        } else if dentro {
            let hex: Vec<&str> = linha
                .split(['<', '>'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            if let [codigo, destino] = hex[..] {
                let unidades: Vec<u16> = destino
                    .as_bytes()
                    .chunks(4)
                    .filter_map(|c| u16::from_str_radix(std::str::from_utf8(c).ok()?, 16).ok())
                    .collect();
                if let Ok(codigo) = u16::from_str_radix(codigo, 16) {
                    mapa.insert(codigo, String::from_utf16_lossy(&unidades));
                }
            }
        }
    }
    mapa
}

fn decodificar(bytes: &[u8], mapa: Option<&HashMap<u16, String>>) -> String {
    match mapa {
        Some(m) if !m.is_empty() => bytes
            .chunks(2)
            .map(|p| {
                let codigo = u16::from_be_bytes([p[0], *p.get(1).unwrap_or(&0)]);
                m.get(&codigo).cloned().unwrap_or_else(|| "\u{fffd}".into())
            })
            .collect(),
        _ => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Every page's text runs, whitespace collapsed, pages joined with a space.
pub(crate) fn texto_do_pdf(pdf: &[u8]) -> String {
    let Ok(doc) = Document::load_mem(pdf) else {
        return String::new();
    };
    let mut partes: Vec<String> = Vec::new();
    for (_, pagina) in doc.get_pages() {
        let mapas: HashMap<Vec<u8>, HashMap<u16, String>> = doc
            .get_page_fonts(pagina)
            .unwrap_or_default()
            .into_iter()
            .map(|(nome, f)| (nome, mapa_unicode(&doc, f)))
            .collect();
        let Ok(conteudo) = Content::decode(&doc.get_page_content(pagina)) else {
            continue;
        };
        let mut atual: Option<Vec<u8>> = None;
        for op in conteudo.operations {
            match op.operator.as_str() {
                "Tf" => {
                    atual = op
                        .operands
                        .first()
                        .and_then(|n| n.as_name().ok())
                        .map(<[u8]>::to_vec);
                }
                "Tj" | "'" | "\"" | "TJ" => {
                    let mapa = atual.as_ref().and_then(|f| mapas.get(f));
                    for o in &op.operands {
                        let strings: Vec<&Object> = match o {
                            Object::Array(a) => a.iter().collect(),
                            outro => vec![outro],
                        };
                        for s in strings {
                            if let Object::String(b, _) = s {
                                partes.push(decodificar(b, mapa));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    partes
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

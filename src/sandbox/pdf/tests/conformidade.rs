//! The accessibility checks every generated document passes, read back with a real PDF
//! parser (lopdf) and `qpdf --check`: tagged, pt-BR, the title shown and in Info and XMP,
//! every font embedded, every text marked content that the structure tree reaches (or an
//! artifact), an H1.

use std::collections::{BTreeMap, BTreeSet};

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};

fn deref<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    doc.dereference(o).map_or(o, |(_, o)| o)
}

fn dict<'a>(doc: &'a Document, d: &'a Dictionary, chave: &[u8]) -> &'a Dictionary {
    let o = d
        .get(chave)
        .unwrap_or_else(|_| panic!("no /{}", String::from_utf8_lossy(chave)));
    deref(doc, o)
        .as_dict()
        .unwrap_or_else(|_| panic!("/{} is not a dictionary", String::from_utf8_lossy(chave)))
}

/// A PDF text string: UTF-16BE with its mark, else PDFDocEncoding (Latin-1 here).
fn texto(o: &Object) -> String {
    let b = o.as_str().expect("a string");
    if let Some(resto) = b.strip_prefix(&[0xFE, 0xFF]) {
        let u: Vec<u16> = resto
            .chunks(2)
            .map(|p| u16::from_be_bytes([p[0], p[1]]))
            .collect();
        String::from_utf16_lossy(&u)
    } else {
        b.iter().map(|&c| char::from(c)).collect()
    }
}

/// Asserts everything about one generated PDF whose title is `titulo`.
/// With `COLHEITA_PDF_DIR` set, the file is also written there, to look at.
pub(crate) fn verificar(pdf: &[u8], titulo: &str) {
    if let Some(dir) = std::env::var_os("COLHEITA_PDF_DIR") {
        let nome: String = titulo.chars().filter(char::is_ascii_alphanumeric).collect();
        std::fs::write(std::path::Path::new(&dir).join(format!("{nome}.pdf")), pdf).unwrap();
    }
    let doc = Document::load_mem(pdf).expect("lopdf parses the PDF");
    let catalogo = doc.catalog().expect("a catalog");

    let marcado = dict(&doc, catalogo, b"MarkInfo").get(b"Marked").unwrap();
    assert!(marcado.as_bool().unwrap(), "MarkInfo /Marked true");
    assert_eq!(texto(catalogo.get(b"Lang").unwrap()), "pt-BR");
    let preferencias = dict(&doc, catalogo, b"ViewerPreferences");
    assert!(
        preferencias
            .get(b"DisplayDocTitle")
            .unwrap()
            .as_bool()
            .unwrap()
    );

    let info = doc.trailer.get(b"Info").unwrap();
    let info = deref(&doc, info).as_dict().unwrap();
    assert_eq!(texto(info.get(b"Title").unwrap()), titulo);
    let xmp = deref(&doc, catalogo.get(b"Metadata").unwrap())
        .as_stream()
        .unwrap();
    let xmp = String::from_utf8(xmp.content.clone()).unwrap();
    let escapado = titulo.replace('&', "&amp;").replace('<', "&lt;");
    assert!(
        xmp.contains(&format!(
            "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{escapado}</rdf:li>"
        )),
        "{xmp}"
    );
    assert!(xmp.contains("<pdfuaid:part>1</pdfuaid:part>"));

    let raiz = dict(&doc, catalogo, b"StructTreeRoot");
    let papeis = papeis(&doc, raiz);
    assert_eq!(papeis.first().map(String::as_str), Some("Document"));
    assert_eq!(papeis.get(1).map(String::as_str), Some("H1"), "{papeis:?}");
    // Heading levels never skip one on the way down (H1 → H3 would).
    let mut nivel = 0;
    for p in &papeis {
        if let Some(n) = p.strip_prefix('H').and_then(|n| n.parse::<u32>().ok()) {
            assert!(n <= nivel + 1, "H{n} after H{nivel}: {papeis:?}");
            nivel = n;
        }
    }
    let pais = arvore_de_pais(&doc, raiz);

    for (n, pagina) in doc.get_pages() {
        let fontes = doc.get_page_fonts(pagina).unwrap();
        assert!(!fontes.is_empty());
        for (nome, f) in &fontes {
            fonte_embutida(&doc, f, &String::from_utf8_lossy(nome));
        }
        let chave = doc
            .get_dictionary(pagina)
            .unwrap()
            .get(b"StructParents")
            .unwrap()
            .as_i64()
            .unwrap();
        let elementos = pais.get(&chave).expect("the page in the ParentTree");
        for mcid in mcids_do_conteudo(&doc, pagina, n) {
            let elemento = elementos
                .get(usize::try_from(mcid).unwrap())
                .unwrap_or_else(|| panic!("page {n}: MCID {mcid} not in the ParentTree"));
            let e = doc.get_dictionary(*elemento).unwrap();
            assert!(
                referencia_mcid(&doc, e.get(b"K").unwrap(), mcid),
                "page {n}: element {elemento:?} does not hold MCID {mcid}"
            );
        }
    }
    assert!(super::texto_do_pdf(pdf).contains(titulo));
    qpdf_check(pdf);
}

/// The /S of every structure element, depth first from the root's kids.
pub(crate) fn papeis(doc: &Document, raiz: &Dictionary) -> Vec<String> {
    fn visitar(doc: &Document, o: &Object, saida: &mut Vec<String>) {
        match deref(doc, o) {
            Object::Array(a) => a.iter().for_each(|k| visitar(doc, k, saida)),
            Object::Dictionary(d) if d.get(b"S").is_ok() => {
                let s = d.get(b"S").unwrap().as_name().unwrap();
                saida.push(String::from_utf8_lossy(s).into_owned());
                if let Ok(k) = d.get(b"K") {
                    visitar(doc, k, saida);
                }
            }
            _ => {}
        }
    }
    let mut saida = Vec::new();
    visitar(doc, raiz.get(b"K").unwrap(), &mut saida);
    saida
}

/// The ParentTree's /Nums: StructParents key → the elements indexed by MCID.
fn arvore_de_pais(doc: &Document, raiz: &Dictionary) -> BTreeMap<i64, Vec<ObjectId>> {
    let arvore = dict(doc, raiz, b"ParentTree");
    let nums = arvore.get(b"Nums").unwrap().as_array().unwrap();
    nums.chunks(2)
        .map(|par| {
            let elementos = deref(doc, &par[1]).as_array().unwrap();
            (
                par[0].as_i64().unwrap(),
                elementos
                    .iter()
                    .map(|e| e.as_reference().unwrap())
                    .collect(),
            )
        })
        .collect()
}

fn referencia_mcid(doc: &Document, k: &Object, mcid: i64) -> bool {
    match deref(doc, k) {
        Object::Integer(i) => *i == mcid,
        Object::Array(a) => a.iter().any(|k| referencia_mcid(doc, k, mcid)),
        Object::Dictionary(d) => d.get(b"MCID").is_ok_and(|m| m.as_i64().ok() == Some(mcid)),
        _ => false,
    }
}

/// Every text-showing operator is inside an MCID'd or an /Artifact marked-content
/// sequence; returns the page's MCIDs (each used once).
fn mcids_do_conteudo(doc: &Document, pagina: ObjectId, n: u32) -> BTreeSet<i64> {
    let conteudo = Content::decode(&doc.get_page_content(pagina)).unwrap();
    let mut pilha: Vec<(bool, Option<i64>)> = Vec::new();
    let mut mcids = BTreeSet::new();
    for op in &conteudo.operations {
        match op.operator.as_str() {
            "BDC" => {
                let artefato = op.operands[0].as_name().unwrap() == b"Artifact";
                let mcid = deref(doc, &op.operands[1])
                    .as_dict()
                    .ok()
                    .and_then(|d| d.get(b"MCID").ok())
                    .and_then(|m| m.as_i64().ok());
                if let Some(m) = mcid {
                    assert!(mcids.insert(m), "page {n}: MCID {m} used twice");
                }
                pilha.push((artefato, mcid));
            }
            "BMC" => pilha.push((op.operands[0].as_name().unwrap() == b"Artifact", None)),
            "EMC" => {
                pilha.pop().expect("EMC closes a BDC/BMC");
            }
            "Tj" | "TJ" | "'" | "\"" => assert!(
                pilha.iter().any(|(a, m)| *a || m.is_some()),
                "page {n}: text outside marked content: {op:?}"
            ),
            _ => {}
        }
    }
    assert!(pilha.is_empty(), "page {n}: unbalanced marked content");
    mcids
}

/// A Type0 font with an embedded TrueType subset, widths and a ToUnicode map; no
/// standard-14 font without its file.
fn fonte_embutida(doc: &Document, f: &Dictionary, nome: &str) {
    let subtipo = f.get(b"Subtype").unwrap().as_name().unwrap();
    assert_eq!(subtipo, b"Type0", "{nome}: Type0");
    assert!(f.get(b"ToUnicode").is_ok(), "{nome}: ToUnicode");
    let descendentes = deref(doc, f.get(b"DescendantFonts").unwrap())
        .as_array()
        .unwrap();
    for d in descendentes {
        let d = deref(doc, d).as_dict().unwrap();
        assert_eq!(
            d.get(b"Subtype").unwrap().as_name().unwrap(),
            b"CIDFontType2"
        );
        assert!(d.get(b"W").is_ok(), "{nome}: /W");
        let descritor = dict(doc, d, b"FontDescriptor");
        let arquivo = deref(doc, descritor.get(b"FontFile2").unwrap()).as_stream();
        assert!(arquivo.is_ok(), "{nome}: FontFile2 embedded");
        let base = d.get(b"BaseFont").unwrap().as_name().unwrap();
        assert!(base.get(6) == Some(&b'+'), "{nome}: a subset's tagged name");
    }
}

/// `qpdf --check`: exit 0 and no warning (tests/run.sh installs qpdf).
fn qpdf_check(pdf: &[u8]) {
    let dir = std::env::temp_dir().join(format!("colheita-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let caminho = dir.join(format!("{:x}.pdf", sha2_curto(pdf)));
    std::fs::write(&caminho, pdf).unwrap();
    let saida = std::process::Command::new("qpdf")
        .arg("--check")
        .arg(&caminho)
        .output()
        .unwrap_or_else(|e| {
            panic!("qpdf is needed by this test (apt-get install qpdf; tests/run.sh does): {e}")
        });
    let _ = std::fs::remove_file(&caminho);
    let texto = format!(
        "{}{}",
        String::from_utf8_lossy(&saida.stdout),
        String::from_utf8_lossy(&saida.stderr)
    );
    assert!(saida.status.success(), "qpdf --check: {texto}");
    assert!(
        !texto.to_lowercase().contains("warning"),
        "qpdf --check: {texto}"
    );
}

fn sha2_curto(dados: &[u8]) -> u64 {
    use sha2::Digest;
    let h = sha2::Sha256::digest(dados);
    u64::from_be_bytes([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]])
}

//! Writes the laid-out pages: content streams with every text in marked content, the
//! structure tree with its parent tree, the fonts, and the metadata (Info and XMP).

use pdf_writer::types::{ArtifactType, StructRole, TabOrder, TableHeaderScope};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::fonte::{Glifos, comprimir};
use super::{ALTURA_PAGINA, Elemento, LARGURA_PAGINA, Linha, MARGEM, Regua};

const AUTOR: &str = "Colheita (sandbox)";
const PRODUTOR: &str = "colheita + pdf-writer";
const IDIOMA: &str = "pt-BR";

/// Where a structure element's content is: (page, marked-content id).
type Conteudos = Vec<Vec<(usize, i32)>>;

fn rodape(pagina: usize, total: usize) -> String {
    format!("Colheita — página {pagina} de {total}")
}

pub(super) fn write(
    paginas: &[Vec<(f32, Linha)>],
    elementos: &[Elemento],
    raiz: &[usize],
    titulo: &str,
    assunto: &str,
) -> Vec<u8> {
    let total = paginas.len();
    let mut glifos = Glifos::default();
    for (i, pagina) in paginas.iter().enumerate() {
        for (_, l) in pagina {
            for p in &l.partes {
                glifos.usar(p.fonte, &p.texto);
            }
        }
        glifos.usar(super::Fonte::Regular, &rodape(i + 1, total));
    }
    glifos.subconjuntos();

    let mut contador = 0;
    let mut proximo = || {
        contador += 1;
        Ref::new(contador)
    };
    let catalogo = proximo();
    let arvore = proximo();
    let info = proximo();
    let metadados = proximo();
    let raiz_estrutura = proximo();
    let documento = proximo();
    let ids_paginas: Vec<(Ref, Ref, Ref)> = (0..total)
        .map(|_| (proximo(), proximo(), proximo()))
        .collect();
    let ids_elementos: Vec<Ref> = elementos.iter().map(|_| proximo()).collect();

    let mut pdf = Pdf::new();
    let fontes = glifos.write(&mut pdf, &mut proximo);

    // Pages and their content; each text run gets the next MCID of its page.
    let mut conteudos: Conteudos = vec![Vec::new(); elementos.len()];
    let mut pais_por_pagina: Vec<Vec<Ref>> = Vec::with_capacity(total);
    for (i, linhas) in paginas.iter().enumerate() {
        let (pagina_id, conteudo_id, _) = ids_paginas[i];
        let mut pagina = pdf.page(pagina_id);
        pagina
            .media_box(Rect::new(0.0, 0.0, LARGURA_PAGINA, ALTURA_PAGINA))
            .parent(arvore)
            .contents(conteudo_id)
            .struct_parents(i32::try_from(i).unwrap_or(i32::MAX))
            .tab_order(TabOrder::StructureOrder);
        let mut recursos = pagina.resources();
        let mut dicionario = recursos.fonts();
        for (fonte, id) in &fontes {
            dicionario.pair(fonte.nome(), *id);
        }
        dicionario.finish();
        recursos.finish();
        pagina.finish();

        let mut c = Content::new();
        let mut pais = Vec::new();
        for (y, l) in linhas {
            for p in &l.partes {
                if l.artefato {
                    c.begin_marked_content_with_properties(Name(b"Artifact"))
                        .properties()
                        .artifact()
                        .kind(ArtifactType::Pagination);
                } else {
                    let mcid = i32::try_from(pais.len()).unwrap_or(i32::MAX);
                    let papel = elementos.get(p.elemento).map_or(StructRole::P, |e| e.papel);
                    c.begin_marked_content_with_properties(papel.to_name())
                        .properties()
                        .identify(mcid);
                    if let Some(lista) = conteudos.get_mut(p.elemento) {
                        lista.push((i, mcid));
                    }
                    pais.push(ids_elementos.get(p.elemento).copied().unwrap_or(documento));
                }
                c.begin_text();
                c.set_font(p.fonte.nome(), p.tamanho);
                c.set_text_matrix([1.0, 0.0, 0.0, 1.0, MARGEM + p.x, y - p.dy]);
                c.show(Str(&glifos.codificar(p.fonte, &p.texto)));
                c.end_text();
                c.end_marked_content();
            }
            regua(&mut c, *y, l);
        }
        c.begin_marked_content_with_properties(Name(b"Artifact"))
            .properties()
            .artifact()
            .kind(ArtifactType::Pagination);
        c.begin_text();
        c.set_font(super::Fonte::Regular.nome(), 8.0);
        c.set_text_matrix([1.0, 0.0, 0.0, 1.0, MARGEM, MARGEM / 2.0]);
        c.show(Str(
            &glifos.codificar(super::Fonte::Regular, &rodape(i + 1, total))
        ));
        c.end_text();
        c.end_marked_content();
        pdf.stream(conteudo_id, &comprimir(&c.finish()))
            .filter(Filter::FlateDecode);
        pais_por_pagina.push(pais);
    }

    pdf.pages(arvore)
        .kids(ids_paginas.iter().map(|&(p, _, _)| p))
        .count(i32::try_from(total).unwrap_or(i32::MAX));

    Arvore {
        raiz_estrutura,
        documento,
        elementos,
        raiz,
        ids: &ids_elementos,
        ids_paginas: &ids_paginas,
        conteudos: &conteudos,
        pais_por_pagina: &pais_por_pagina,
    }
    .write(&mut pdf);

    let mut cat = pdf.catalog(catalogo);
    cat.pages(arvore)
        .lang(TextStr(IDIOMA))
        .metadata(metadados)
        .pair(Name(b"StructTreeRoot"), raiz_estrutura);
    cat.mark_info().marked(true);
    cat.viewer_preferences().display_doc_title(true);
    cat.finish();

    pdf.document_info(info)
        .title(TextStr(titulo))
        .subject(TextStr(assunto))
        .author(TextStr(AUTOR))
        .producer(TextStr(PRODUTOR));
    let xmp = xmp(titulo, assunto);
    pdf.metadata(metadados, xmp.as_bytes());
    pdf.finish()
}

/// The rule under a unit, if any: decoration, so an artifact.
fn regua(c: &mut Content, y: f32, l: &Linha) {
    let (cor, espessura, altura) = match l.regua {
        Regua::Nenhuma => return,
        // Green, the product's colour.
        Regua::Titulo => ((0.106, 0.498, 0.231), 1.5, y - 8.0),
        Regua::Cabecalho => ((0.6, 0.6, 0.6), 0.5, y - (l.altura - l.primeira) - 3.5),
    };
    c.begin_marked_content_with_properties(Name(b"Artifact"))
        .properties()
        .artifact()
        .kind(ArtifactType::Layout);
    c.set_stroke_rgb(cor.0, cor.1, cor.2);
    c.set_line_width(espessura);
    c.move_to(MARGEM, altura);
    c.line_to(LARGURA_PAGINA - MARGEM, altura);
    c.stroke();
    c.end_marked_content();
}

/// The structure tree: Document → the elements in reading order → their marked content;
/// and the parent tree, from each page's MCIDs back to their elements.
struct Arvore<'a> {
    raiz_estrutura: Ref,
    documento: Ref,
    elementos: &'a [Elemento],
    /// The `Document` element's children.
    raiz: &'a [usize],
    /// Each element's object.
    ids: &'a [Ref],
    /// Each page's object, its content stream and its parent-tree array.
    ids_paginas: &'a [(Ref, Ref, Ref)],
    conteudos: &'a Conteudos,
    /// Each page's elements, indexed by MCID.
    pais_por_pagina: &'a [Vec<Ref>],
}

impl Arvore<'_> {
    fn write(&self, pdf: &mut Pdf) {
        let Arvore {
            raiz_estrutura,
            documento,
            elementos,
            raiz,
            ids,
            ids_paginas,
            conteudos,
            pais_por_pagina,
        } = *self;
        let mut root = pdf
            .indirect(raiz_estrutura)
            .start::<pdf_writer::writers::StructTreeRoot>();
        root.child(documento);
        let mut arvore = root.parent_tree();
        let mut nums = arvore.nums();
        for (i, &(_, _, lista)) in ids_paginas.iter().enumerate() {
            nums.insert(i32::try_from(i).unwrap_or(i32::MAX), lista);
        }
        nums.finish();
        arvore.finish();
        root.parent_tree_next_key(i32::try_from(ids_paginas.len()).unwrap_or(i32::MAX));
        root.finish();

        for (&(_, _, lista), pais) in ids_paginas.iter().zip(pais_por_pagina) {
            pdf.indirect(lista).array().items(pais.iter().copied());
        }

        let mut doc = pdf.struct_element(documento);
        doc.kind(StructRole::Document)
            .parent(raiz_estrutura)
            .lang(TextStr(IDIOMA));
        doc.children()
            .items(raiz.iter().filter_map(|&e| ids.get(e).copied()));
        doc.finish();

        let mut pais = vec![documento; elementos.len()];
        for (e, el) in elementos.iter().enumerate() {
            for &f in &el.filhos {
                if let (Some(p), Some(&id)) = (pais.get_mut(f), ids.get(e)) {
                    *p = id;
                }
            }
        }
        for (e, el) in elementos.iter().enumerate() {
            let (Some(&id), Some(&pai)) = (ids.get(e), pais.get(e)) else {
                continue;
            };
            let mut s = pdf.struct_element(id);
            s.kind(el.papel).parent(pai);
            if el.cabecalho {
                s.attributes()
                    .push()
                    .table()
                    .scope(TableHeaderScope::Column);
            }
            let mut filhos = s.children();
            for &f in &el.filhos {
                if let Some(&fid) = ids.get(f) {
                    filhos.struct_element(fid);
                }
            }
            for &(pagina, mcid) in conteudos.get(e).map_or(&[][..], Vec::as_slice) {
                if let Some(&(pg, _, _)) = ids_paginas.get(pagina) {
                    filhos.marked_content_ref().page(pg).marked_content_id(mcid);
                }
            }
            filhos.finish();
            s.finish();
        }
    }
}

fn escapar_xml(texto: &str) -> String {
    texto
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The XMP packet: the title and the rest of the Info dictionary, the language and the
/// PDF/UA-1 identification.
fn xmp(titulo: &str, assunto: &str) -> String {
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
<rdf:Description rdf:about=\"\" \
xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" \
xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n\
<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{titulo}</rdf:li></rdf:Alt></dc:title>\n\
<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">{assunto}</rdf:li></rdf:Alt></dc:description>\n\
<dc:creator><rdf:Seq><rdf:li>{AUTOR}</rdf:li></rdf:Seq></dc:creator>\n\
<dc:language><rdf:Bag><rdf:li>{IDIOMA}</rdf:li></rdf:Bag></dc:language>\n\
<pdf:Producer>{PRODUTOR}</pdf:Producer>\n\
<pdfuaid:part>1</pdfuaid:part>\n\
</rdf:Description>\n\
</rdf:RDF>\n\
</x:xmpmeta>\n\
<?xpacket end=\"w\"?>",
        titulo = escapar_xml(titulo),
        assunto = escapar_xml(assunto),
    )
}

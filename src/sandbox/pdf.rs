//! A tiny text-document writer on top of `pdf-writer`: titles, labelled fields and
//! paragraphs, wrapped to the page width and split over A4 pages, in Helvetica with
//! WinAnsiEncoding.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

const LARGURA_PAGINA: f32 = 595.0;
const ALTURA_PAGINA: f32 = 842.0;
const MARGEM: f32 = 56.0;
const LARGURA_TEXTO: f32 = LARGURA_PAGINA - 2.0 * MARGEM;
const ENTRELINHA: f32 = 1.35;

const REGULAR: Name<'static> = Name(b"F1");
const NEGRITO: Name<'static> = Name(b"F2");

#[derive(Debug, Clone, Copy, PartialEq)]
enum Fonte {
    Regular,
    Negrito,
}

impl Fonte {
    fn nome(self) -> Name<'static> {
        match self {
            Fonte::Regular => REGULAR,
            Fonte::Negrito => NEGRITO,
        }
    }
}

/// One line on the page: runs of text in a font, at one size.
struct Linha {
    partes: Vec<(Fonte, String)>,
    tamanho: f32,
    /// Extra space above the line (paragraph and section spacing).
    antes: f32,
    /// A rule under the line (the title).
    sublinhado: bool,
}

pub(crate) struct Documento {
    linhas: Vec<Linha>,
}

impl Documento {
    pub(crate) fn new() -> Self {
        Documento { linhas: Vec::new() }
    }

    fn bloco(&mut self, fonte: Fonte, tamanho: f32, antes: f32, texto: &str) {
        for (i, l) in quebrar(texto, fonte, tamanho, LARGURA_TEXTO, LARGURA_TEXTO)
            .into_iter()
            .enumerate()
        {
            self.linhas.push(Linha {
                partes: vec![(fonte, l)],
                tamanho,
                antes: if i == 0 { antes } else { 0.0 },
                sublinhado: false,
            });
        }
    }

    pub(crate) fn titulo(&mut self, texto: &str) {
        self.bloco(Fonte::Negrito, 20.0, 0.0, texto);
        if let Some(l) = self.linhas.last_mut() {
            l.sublinhado = true;
        }
    }

    pub(crate) fn subtitulo(&mut self, texto: &str) {
        self.bloco(Fonte::Negrito, 14.0, 14.0, texto);
    }

    pub(crate) fn secao(&mut self, texto: &str) {
        self.bloco(Fonte::Negrito, 12.5, 14.0, texto);
    }

    pub(crate) fn paragrafo(&mut self, texto: &str) {
        self.bloco(Fonte::Regular, 10.5, 8.0, texto);
    }

    pub(crate) fn nota(&mut self, texto: &str) {
        self.bloco(Fonte::Regular, 8.5, 16.0, texto);
    }

    /// `Rótulo: valor`, the label in bold; the value wraps under it.
    pub(crate) fn campo(&mut self, rotulo: &str, valor: &str) {
        let tamanho = 10.5;
        let rotulo = format!("{rotulo}: ");
        let recuo = largura(&rotulo, Fonte::Negrito, tamanho);
        let valor = if valor.trim().is_empty() { "-" } else { valor };
        let linhas = quebrar(
            valor,
            Fonte::Regular,
            tamanho,
            LARGURA_TEXTO - recuo,
            LARGURA_TEXTO,
        );
        for (i, l) in linhas.into_iter().enumerate() {
            let partes = if i == 0 {
                vec![(Fonte::Negrito, rotulo.clone()), (Fonte::Regular, l)]
            } else {
                vec![(Fonte::Regular, l)]
            };
            self.linhas.push(Linha {
                partes,
                tamanho,
                antes: if i == 0 { 4.0 } else { 0.0 },
                sublinhado: false,
            });
        }
    }

    /// Lays the lines out on A4 pages and writes the file.
    pub(crate) fn finalizar(self, titulo: &str, assunto: &str) -> Vec<u8> {
        let paginas = paginar(self.linhas);
        let total = paginas.len();
        let catalogo = Ref::new(1);
        let arvore = Ref::new(2);
        let regular = Ref::new(3);
        let negrito = Ref::new(4);
        let info = Ref::new(5);
        let id_pagina = |i: usize| Ref::new(6 + 2 * i32::try_from(i).unwrap_or(0));
        let id_conteudo = |i: usize| Ref::new(7 + 2 * i32::try_from(i).unwrap_or(0));

        let mut pdf = Pdf::new();
        pdf.catalog(catalogo).pages(arvore).lang(TextStr("pt-BR"));
        pdf.pages(arvore)
            .kids((0..total).map(id_pagina))
            .count(i32::try_from(total).unwrap_or(1));
        for (fonte, base) in [
            (regular, &b"Helvetica"[..]),
            (negrito, &b"Helvetica-Bold"[..]),
        ] {
            pdf.type1_font(fonte)
                .base_font(Name(base))
                .encoding_predefined(Name(b"WinAnsiEncoding"));
        }
        pdf.document_info(info)
            .title(TextStr(titulo))
            .subject(TextStr(assunto))
            .author(TextStr("Colheita (sandbox)"))
            .producer(TextStr("colheita + pdf-writer"));

        for (i, linhas) in paginas.iter().enumerate() {
            let mut pagina = pdf.page(id_pagina(i));
            pagina
                .media_box(Rect::new(0.0, 0.0, LARGURA_PAGINA, ALTURA_PAGINA))
                .parent(arvore)
                .contents(id_conteudo(i));
            pagina
                .resources()
                .fonts()
                .pair(REGULAR, regular)
                .pair(NEGRITO, negrito);
            pagina.finish();

            let mut c = Content::new();
            for (y, l) in linhas {
                c.begin_text();
                c.set_text_matrix([1.0, 0.0, 0.0, 1.0, MARGEM, *y]);
                for (fonte, texto) in &l.partes {
                    c.set_font(fonte.nome(), l.tamanho);
                    c.show(Str(&win_ansi(texto)));
                }
                c.end_text();
                if l.sublinhado {
                    // A green rule under the title, the product's colour.
                    c.set_stroke_rgb(0.106, 0.498, 0.231);
                    c.set_line_width(1.5);
                    c.move_to(MARGEM, y - 8.0);
                    c.line_to(LARGURA_PAGINA - MARGEM, y - 8.0);
                    c.stroke();
                }
            }
            let rodape = format!("Colheita — página {} de {}", i + 1, total);
            c.begin_text();
            c.set_text_matrix([1.0, 0.0, 0.0, 1.0, MARGEM, MARGEM / 2.0]);
            c.set_font(REGULAR, 8.0);
            c.show(Str(&win_ansi(&rodape)));
            c.end_text();
            pdf.stream(id_conteudo(i), &c.finish());
        }
        pdf.finish()
    }
}

/// Splits the lines over pages: each entry is a page with its lines' baselines.
fn paginar(linhas: Vec<Linha>) -> Vec<Vec<(f32, Linha)>> {
    let topo = ALTURA_PAGINA - MARGEM;
    let mut paginas: Vec<Vec<(f32, Linha)>> = vec![Vec::new()];
    let mut y = topo;
    for l in linhas {
        let avanco = l.tamanho * ENTRELINHA;
        let mut proximo = y - l.antes - avanco;
        if proximo < MARGEM {
            paginas.push(Vec::new());
            proximo = topo - avanco;
        }
        y = proximo;
        if let Some(p) = paginas.last_mut() {
            p.push((y, l));
        }
    }
    paginas
}

/// Greedy word wrap: the first line may be narrower (after a label).
fn quebrar(texto: &str, fonte: Fonte, tamanho: f32, primeira: f32, demais: f32) -> Vec<String> {
    let mut linhas = Vec::new();
    let mut atual = String::new();
    for palavra in texto.split_whitespace() {
        let limite = if linhas.is_empty() { primeira } else { demais };
        let candidata = if atual.is_empty() {
            palavra.to_owned()
        } else {
            format!("{atual} {palavra}")
        };
        if atual.is_empty() || largura(&candidata, fonte, tamanho) <= limite {
            atual = candidata;
        } else {
            linhas.push(std::mem::replace(&mut atual, palavra.to_owned()));
        }
    }
    if !atual.is_empty() || linhas.is_empty() {
        linhas.push(atual);
    }
    linhas
}

/// Width in points, from Helvetica's metrics grouped by shape (thousandths of an em);
/// bold runs about 6 % wider. Close enough to wrap, never to overflow: widths round up.
fn largura(texto: &str, fonte: Fonte, tamanho: f32) -> f32 {
    let milesimos: u32 = texto
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | 'í' | 'ì' | 'î' | 'ï' => 222,
            ' ' | '.' | ',' | ':' | ';' | '!' | '/' | '\'' | 'I' | 'f' | 't' | 'Í' => 278,
            'r' | '-' | '(' | ')' | '"' => 333,
            'm' | 'M' | '%' => 889,
            'w' => 722,
            'W' => 944,
            '—' => 1000,
            'A'..='Z' | 'À'..='Ý' | '&' => 722,
            _ => 556,
        })
        .sum();
    let fator = if fonte == Fonte::Negrito { 1.06 } else { 1.0 };
    milesimos as f32 / 1000.0 * tamanho * fator
}

/// WinAnsiEncoding (Windows-1252): Latin-1 plus the typographic marks in 0x80–0x9F;
/// anything else becomes '?'.
pub(crate) fn win_ansi(texto: &str) -> Vec<u8> {
    texto
        .chars()
        .map(|c| match c {
            ' '..='~' | '\u{a0}'..='\u{ff}' => u8::try_from(u32::from(c)).unwrap_or(b'?'),
            '\t' | '\n' | '\r' => b' ',
            '€' => 0x80,
            '‚' => 0x82,
            'ƒ' => 0x83,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            'ˆ' => 0x88,
            '‰' => 0x89,
            'Š' => 0x8A,
            '‹' => 0x8B,
            'Œ' => 0x8C,
            'Ž' => 0x8E,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '˜' => 0x98,
            '™' => 0x99,
            'š' => 0x9A,
            '›' => 0x9B,
            'œ' => 0x9C,
            'ž' => 0x9E,
            'Ÿ' => 0x9F,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;

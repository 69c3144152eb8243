//! A tiny text-document writer on top of `pdf-writer`: titles, labelled fields, paragraphs
//! and tables, wrapped to the page width and split over A4 pages. The files are tagged in
//! the manner of PDF/UA-1: a structure tree in reading order (H1–H3, P, Table), every shown
//! text marked content, the footer and the rule artifacts, pt-BR, the title in the Info
//! dictionary and the XMP metadata, and an embedded subset of Liberation Sans (`fonte`).

mod escrita;
mod fonte;
mod paginacao;

use pdf_writer::types::StructRole;

use fonte::Fonte;

const LARGURA_PAGINA: f32 = 595.0;
const ALTURA_PAGINA: f32 = 842.0;
const MARGEM: f32 = 56.0;
const LARGURA_TEXTO: f32 = LARGURA_PAGINA - 2.0 * MARGEM;
const ENTRELINHA: f32 = 1.35;
/// Space between a table's columns.
const RESPIRO: f32 = 8.0;

/// A run of text at a place in its layout unit, belonging to a structure element.
#[derive(Clone)]
struct Parte {
    fonte: Fonte,
    tamanho: f32,
    texto: String,
    /// From the left margin.
    x: f32,
    /// Down from the unit's first baseline.
    dy: f32,
    elemento: usize,
}

/// A decorative rule under a unit (an artifact, not content).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Regua {
    Nenhuma,
    /// Green, under the title.
    Titulo,
    /// Thin and grey, under a table's header row.
    Cabecalho,
}

/// What is kept together on a page: a line, or a table row with its wrapped cells.
#[derive(Clone)]
struct Linha {
    partes: Vec<Parte>,
    /// Extra space above (paragraph and section spacing).
    antes: f32,
    /// From the top of the unit to its first baseline.
    primeira: f32,
    /// The unit's whole height, its first line's advance included.
    altura: f32,
    regua: Regua,
    /// The table element a row belongs to.
    tabela: Option<usize>,
    /// A table's header repeated at the top of a page: decoration, the real one is in the
    /// structure tree already.
    artefato: bool,
}

/// A node of the structure tree; the `Document` element is their root.
struct Elemento {
    papel: StructRole,
    filhos: Vec<usize>,
    /// A table header cell (its scope is its column).
    cabecalho: bool,
}

pub(crate) struct Documento {
    linhas: Vec<Linha>,
    elementos: Vec<Elemento>,
    /// The `Document` element's children.
    raiz: Vec<usize>,
    /// The open headings: (the level asked for, the level given).
    titulos: Vec<(u8, u8)>,
}

impl Documento {
    pub(crate) fn new() -> Self {
        Documento {
            linhas: Vec::new(),
            elementos: Vec::new(),
            raiz: Vec::new(),
            titulos: Vec::new(),
        }
    }

    fn elemento(&mut self, papel: StructRole, pai: Option<usize>) -> usize {
        let id = self.elementos.len();
        self.elementos.push(Elemento {
            papel,
            filhos: Vec::new(),
            cabecalho: papel == StructRole::TH,
        });
        match pai.and_then(|p| self.elementos.get_mut(p)) {
            Some(p) => p.filhos.push(id),
            None => self.raiz.push(id),
        }
        id
    }

    fn bloco(&mut self, papel: StructRole, fonte: Fonte, tamanho: f32, antes: f32, texto: &str) {
        let elemento = self.elemento(papel, None);
        for (i, l) in quebrar(texto, fonte, tamanho, LARGURA_TEXTO, LARGURA_TEXTO)
            .into_iter()
            .enumerate()
        {
            self.linhas.push(Linha::simples(
                vec![Parte {
                    fonte,
                    tamanho,
                    texto: l,
                    x: 0.0,
                    dy: 0.0,
                    elemento,
                }],
                tamanho,
                if i == 0 { antes } else { 0.0 },
            ));
        }
    }

    /// The heading element for a visual level: one below the enclosing heading, so a
    /// document with sections but no subtitle goes H1 → H2 and never skips a level.
    fn nivel(&mut self, pedido: u8) -> StructRole {
        while self.titulos.last().is_some_and(|&(p, _)| p >= pedido) {
            self.titulos.pop();
        }
        let dado = self.titulos.last().map_or(1, |&(_, d)| d + 1);
        self.titulos.push((pedido, dado));
        match dado {
            1 => StructRole::H1,
            2 => StructRole::H2,
            3 => StructRole::H3,
            4 => StructRole::H4,
            5 => StructRole::H5,
            _ => StructRole::H6,
        }
    }

    pub(crate) fn titulo(&mut self, texto: &str) {
        let papel = self.nivel(1);
        self.bloco(papel, Fonte::Negrito, 20.0, 0.0, texto);
        if let Some(l) = self.linhas.last_mut() {
            l.regua = Regua::Titulo;
        }
    }

    pub(crate) fn subtitulo(&mut self, texto: &str) {
        let papel = self.nivel(2);
        self.bloco(papel, Fonte::Negrito, 14.0, 14.0, texto);
    }

    pub(crate) fn secao(&mut self, texto: &str) {
        let papel = self.nivel(3);
        self.bloco(papel, Fonte::Negrito, 12.5, 14.0, texto);
    }

    pub(crate) fn paragrafo(&mut self, texto: &str) {
        self.bloco(StructRole::P, Fonte::Regular, 10.5, 8.0, texto);
    }

    pub(crate) fn nota(&mut self, texto: &str) {
        self.bloco(StructRole::P, Fonte::Regular, 8.5, 16.0, texto);
    }

    /// `Rótulo: valor`, the label in bold; the value wraps under it. One paragraph, which
    /// reads aloud as it shows.
    pub(crate) fn campo(&mut self, rotulo: &str, valor: &str) {
        let tamanho = 10.5;
        let elemento = self.elemento(StructRole::P, None);
        let rotulo = format!("{rotulo}: ");
        let recuo = fonte::largura(&rotulo, Fonte::Negrito, tamanho);
        let valor = if valor.trim().is_empty() { "-" } else { valor };
        let linhas = quebrar(
            valor,
            Fonte::Regular,
            tamanho,
            LARGURA_TEXTO - recuo,
            LARGURA_TEXTO,
        );
        for (i, l) in linhas.into_iter().enumerate() {
            let parte = |fonte, texto, x| Parte {
                fonte,
                tamanho,
                texto,
                x,
                dy: 0.0,
                elemento,
            };
            let partes = if i == 0 {
                vec![
                    parte(Fonte::Negrito, rotulo.clone(), 0.0),
                    parte(Fonte::Regular, l, recuo),
                ]
            } else {
                vec![parte(Fonte::Regular, l, 0.0)]
            };
            self.linhas.push(Linha::simples(
                partes,
                tamanho,
                if i == 0 { 4.0 } else { 0.0 },
            ));
        }
    }

    /// A table: the header row in bold (`TH`, scoped to its column) and the data rows
    /// (`TD`); `colunas` gives each column's title and its share of the text width. Each
    /// cell wraps within its column, and a row is never split over two pages.
    pub(crate) fn tabela(&mut self, colunas: &[(&str, f32)], linhas: &[Vec<String>]) {
        let tamanho = 9.5;
        let total: f32 = colunas
            .iter()
            .map(|(_, p)| p.max(0.0))
            .sum::<f32>()
            .max(1.0);
        let mut x = 0.0;
        let posicoes: Vec<(f32, f32)> = colunas
            .iter()
            .map(|(_, p)| {
                let largura = LARGURA_TEXTO * p.max(0.0) / total;
                let inicio = x;
                x += largura;
                (inicio, (largura - RESPIRO).max(RESPIRO))
            })
            .collect();
        let tabela = self.elemento(StructRole::Table, None);
        let cabecalho: Vec<String> = colunas.iter().map(|(t, _)| (*t).to_owned()).collect();
        self.linha_de_tabela(tabela, &posicoes, &cabecalho, true, tamanho);
        for l in linhas {
            self.linha_de_tabela(tabela, &posicoes, l, false, tamanho);
        }
    }

    fn linha_de_tabela(
        &mut self,
        tabela: usize,
        posicoes: &[(f32, f32)],
        celulas: &[String],
        cabecalho: bool,
        tamanho: f32,
    ) {
        let tr = self.elemento(StructRole::TR, Some(tabela));
        let (papel, fonte) = if cabecalho {
            (StructRole::TH, Fonte::Negrito)
        } else {
            (StructRole::TD, Fonte::Regular)
        };
        let avanco = tamanho * ENTRELINHA;
        let mut partes = Vec::new();
        let mut maximo = 1;
        for (&(x, largura), texto) in posicoes.iter().zip(celulas) {
            let celula = self.elemento(papel, Some(tr));
            let texto = if texto.trim().is_empty() { "-" } else { texto };
            let linhas = quebrar(texto, fonte, tamanho, largura, largura);
            maximo = maximo.max(linhas.len());
            for (k, l) in linhas.into_iter().enumerate() {
                partes.push(Parte {
                    fonte,
                    tamanho,
                    texto: l,
                    x,
                    dy: k as f32 * avanco,
                    elemento: celula,
                });
            }
        }
        self.linhas.push(Linha {
            partes,
            antes: if cabecalho { 8.0 } else { 4.0 },
            primeira: avanco,
            altura: maximo as f32 * avanco,
            regua: if cabecalho {
                Regua::Cabecalho
            } else {
                Regua::Nenhuma
            },
            tabela: Some(tabela),
            artefato: false,
        });
    }

    /// Lays the units out on A4 pages and writes the file.
    pub(crate) fn finalizar(self, titulo: &str, assunto: &str) -> Vec<u8> {
        let paginas = paginacao::paginar(self.linhas);
        escrita::write(&paginas, &self.elementos, &self.raiz, titulo, assunto)
    }
}

impl Linha {
    fn simples(partes: Vec<Parte>, tamanho: f32, antes: f32) -> Self {
        Linha {
            partes,
            antes,
            primeira: tamanho * ENTRELINHA,
            altura: tamanho * ENTRELINHA,
            regua: Regua::Nenhuma,
            tabela: None,
            artefato: false,
        }
    }
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
        if atual.is_empty() || fonte::largura(&candidata, fonte, tamanho) <= limite {
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

#[cfg(test)]
mod leitura;
#[cfg(test)]
pub(crate) mod tests;

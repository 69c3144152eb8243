//! The documents' typeface: Liberation Sans (SIL OFL 1.1, `assets/fonts`), regular and bold,
//! embedded per document as a subset of the glyphs it uses (Type0 / CIDFontType2, Identity-H)
//! with its real advance widths and a ToUnicode map, so every Portuguese character renders
//! the same in any reader and the text can be copied and read aloud.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/LiberationSans-Regular.ttf");
static NEGRITO_TTF: &[u8] = include_bytes!("../../../assets/fonts/LiberationSans-Bold.ttf");

static REGULAR: LazyLock<Option<Face<'static>>> =
    LazyLock::new(|| Face::parse(REGULAR_TTF, 0).ok());
static NEGRITO: LazyLock<Option<Face<'static>>> =
    LazyLock::new(|| Face::parse(NEGRITO_TTF, 0).ok());

/// Shown for a character the font lacks (an emoji, say), so nothing silently disappears.
const SUBSTITUTO: char = '?';

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Fonte {
    Regular,
    Negrito,
}

impl Fonte {
    pub(super) fn nome(self) -> Name<'static> {
        match self {
            Fonte::Regular => Name(b"F1"),
            Fonte::Negrito => Name(b"F2"),
        }
    }

    fn dados(self) -> &'static [u8] {
        match self {
            Fonte::Regular => REGULAR_TTF,
            Fonte::Negrito => NEGRITO_TTF,
        }
    }

    fn face(self) -> Option<&'static Face<'static>> {
        match self {
            Fonte::Regular => REGULAR.as_ref(),
            Fonte::Negrito => NEGRITO.as_ref(),
        }
    }

    fn postscript(self) -> &'static str {
        match self {
            Fonte::Regular => "LiberationSans",
            Fonte::Negrito => "LiberationSans-Bold",
        }
    }
}

/// The glyph a character is drawn with: the font's own, else the substitute's.
fn glifo(face: &Face<'_>, c: char) -> (u16, char) {
    let c = if c.is_whitespace() { ' ' } else { c };
    match face.glyph_index(c) {
        Some(g) => (g.0, c),
        None => (face.glyph_index(SUBSTITUTO).map_or(0, |g| g.0), SUBSTITUTO),
    }
}

fn avanco(face: &Face<'_>, glifo: u16) -> f32 {
    let unidades = f32::from(face.units_per_em().max(1));
    f32::from(face.glyph_hor_advance(GlyphId(glifo)).unwrap_or(0)) * 1000.0 / unidades
}

/// Width in points of `texto` at `tamanho`, from the font's advance widths (no kerning is
/// applied when drawing either, so wrapping is exact).
pub(super) fn largura(texto: &str, fonte: Fonte, tamanho: f32) -> f32 {
    let Some(face) = fonte.face() else {
        return texto.chars().count() as f32 * tamanho * 0.6;
    };
    let milesimos: f32 = texto.chars().map(|c| avanco(face, glifo(face, c).0)).sum();
    milesimos / 1000.0 * tamanho
}

/// The glyphs a document uses, per font, with the character each stands for; then the
/// subset's glyph ids, which the page content uses as CIDs.
#[derive(Default)]
pub(super) struct Glifos {
    usados: BTreeMap<Fonte, BTreeMap<u16, char>>,
    mapas: BTreeMap<Fonte, Mapa>,
}

struct Mapa {
    /// The PostScript name behind the six-letter tag of its glyph set (`ABCDEF+Nome`).
    nome: Vec<u8>,
    remapeador: GlyphRemapper,
    /// The subset, or `None` if it could not be cut and the whole font goes in.
    subconjunto: Option<Vec<u8>>,
}

impl Glifos {
    /// Records the glyphs of a text run (before `subconjuntos`).
    pub(super) fn usar(&mut self, fonte: Fonte, texto: &str) {
        let Some(face) = fonte.face() else { return };
        let usados = self.usados.entry(fonte).or_default();
        for c in texto.chars() {
            let (g, c) = glifo(face, c);
            usados.entry(g).or_insert(c);
        }
    }

    /// Cuts one subset per font used.
    pub(super) fn subconjuntos(&mut self) {
        for (fonte, usados) in &self.usados {
            let glifos: Vec<u16> = usados.keys().copied().collect();
            let remapeador = GlyphRemapper::new_from_glyphs_sorted(&glifos);
            let subconjunto = subsetter::subset(fonte.dados(), 0, &remapeador).ok();
            let nome = match subconjunto {
                Some(_) => format!("{}+{}", etiqueta(&glifos), fonte.postscript()),
                None => fonte.postscript().to_owned(),
            };
            self.mapas.insert(
                *fonte,
                Mapa {
                    nome: nome.into_bytes(),
                    remapeador,
                    subconjunto,
                },
            );
        }
    }

    fn cid(&self, fonte: Fonte, glifo: u16) -> u16 {
        match self.mapas.get(&fonte) {
            Some(m) if m.subconjunto.is_some() => m.remapeador.get(glifo).unwrap_or(0),
            _ => glifo,
        }
    }

    /// The string operand for `texto`: two bytes (big-endian CID) per character.
    pub(super) fn codificar(&self, fonte: Fonte, texto: &str) -> Vec<u8> {
        let Some(face) = fonte.face() else {
            return Vec::new();
        };
        texto
            .chars()
            .flat_map(|c| self.cid(fonte, glifo(face, c).0).to_be_bytes())
            .collect()
    }

    /// Writes each used font's objects; `proximo` hands out object ids. Returns the Type0
    /// font of each font, for the pages' resources.
    pub(super) fn write(
        &self,
        pdf: &mut Pdf,
        proximo: &mut impl FnMut() -> Ref,
    ) -> Vec<(Fonte, Ref)> {
        let mut fontes = Vec::new();
        for (fonte, usados) in &self.usados {
            let (Some(face), Some(mapa)) = (fonte.face(), self.mapas.get(fonte)) else {
                continue;
            };
            let [tipo0, cid, descritor, arquivo, unicode] = std::array::from_fn(|_| proximo());
            let sistema = SystemInfo {
                registry: Str(b"Adobe"),
                ordering: Str(b"Identity"),
                supplement: 0,
            };
            pdf.type0_font(tipo0)
                .base_font(Name(&mapa.nome))
                .encoding_predefined(Name(b"Identity-H"))
                .descendant_font(cid)
                .to_unicode(unicode);

            let por_cid: BTreeMap<u16, (u16, char)> = usados
                .iter()
                .map(|(&g, &c)| (self.cid(*fonte, g), (g, c)))
                .collect();
            let mut cid_font = pdf.cid_font(cid);
            cid_font
                .subtype(CidFontType::Type2)
                .base_font(Name(&mapa.nome))
                .system_info(sistema)
                .font_descriptor(descritor)
                .default_width(avanco(face, 0));
            if mapa.subconjunto.is_some() {
                cid_font.cid_to_gid_map_predefined(Name(b"Identity"));
            }
            let mut larguras = cid_font.widths();
            for (&c, &(g, _)) in &por_cid {
                larguras.consecutive(c, [avanco(face, g)]);
            }
            larguras.finish();
            cid_font.finish();

            let escala = 1000.0 / f32::from(face.units_per_em().max(1));
            let medida = |v: i16| f32::from(v) * escala;
            let caixa = face.global_bounding_box();
            let mut flags = FontFlags::NON_SYMBOLIC;
            if *fonte == Fonte::Negrito {
                flags |= FontFlags::FORCE_BOLD;
            }
            pdf.font_descriptor(descritor)
                .name(Name(&mapa.nome))
                .family(Str(b"Liberation Sans"))
                .flags(flags)
                .bbox(Rect::new(
                    medida(caixa.x_min),
                    medida(caixa.y_min),
                    medida(caixa.x_max),
                    medida(caixa.y_max),
                ))
                .italic_angle(face.italic_angle())
                .ascent(medida(face.ascender()))
                .descent(medida(face.descender()))
                .cap_height(medida(face.capital_height().unwrap_or(face.ascender())))
                .weight(face.weight().to_number())
                .stem_v(if *fonte == Fonte::Negrito {
                    140.0
                } else {
                    80.0
                })
                .font_file2(arquivo);

            let dados = mapa.subconjunto.as_deref().unwrap_or(fonte.dados());
            pdf.stream(arquivo, &comprimir(dados))
                .filter(Filter::FlateDecode)
                .pair(
                    Name(b"Length1"),
                    i32::try_from(dados.len()).unwrap_or(i32::MAX),
                );

            let mut cmap = UnicodeCmap::new(Name(b"Colheita-UCS"), sistema);
            for (&c, &(_, caractere)) in &por_cid {
                cmap.pair(c, caractere);
            }
            let cmap = comprimir(cmap.finish().as_slice());
            let mut fluxo = pdf.cmap(unicode, &cmap);
            fluxo.name(Name(b"Colheita-UCS")).system_info(sistema);
            fluxo.filter(Filter::FlateDecode);
            fontes.push((*fonte, tipo0));
        }
        fontes
    }
}

/// Six capitals from the glyph set (FNV-1a), so two different subsets get two names.
fn etiqueta(glifos: &[u16]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for g in glifos {
        for b in g.to_be_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (0..6)
        .map(|i| char::from(b'A' + u8::try_from((h >> (i * 8)) % 26).unwrap_or(0)))
        .collect()
}

pub(super) fn comprimir(dados: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(dados, 6)
}

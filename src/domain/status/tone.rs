//! The badge palette, shared by every lifecycle's states.

/// The badge palette. Each tone is a pair of text and background colours with a contrast
/// ratio of at least 4.5:1, so a badge stays readable whatever colour the platform asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Aviso,
    Info,
    Sucesso,
    Erro,
    Neutro,
}

impl Tone {
    /// The palette tone nearest to a `#rrggbb` (or `#rgb`) colour by hue: greys (low
    /// saturation) are neutral, reds errors, oranges and yellows warnings, greens
    /// success, cyans, blues and purples information. `None` when it is not a colour.
    pub fn nearest(color: &str) -> Option<Tone> {
        let hex = color.trim().strip_prefix('#')?;
        let expanded: String = match hex.len() {
            3 => hex.chars().flat_map(|c| [c, c]).collect(),
            6 => hex.to_owned(),
            _ => return None,
        };
        let channel = |i: usize| {
            expanded
                .get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .map(|v| f64::from(v) / 255.0)
        };
        let (r, g, b) = (channel(0)?, channel(2)?, channel(4)?);
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let delta = max - min;
        let lightness = (max + min) / 2.0;
        let saturation = if delta == 0.0 {
            0.0
        } else {
            delta / (1.0 - (2.0 * lightness - 1.0).abs())
        };
        if saturation < 0.2 || delta < 0.08 {
            return Some(Tone::Neutro);
        }
        let hue = if max == r {
            60.0 * ((g - b) / delta).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / delta + 2.0)
        } else {
            60.0 * ((r - g) / delta + 4.0)
        };
        Some(match hue {
            h if !(15.0..345.0).contains(&h) => Tone::Erro,
            h if h < 70.0 => Tone::Aviso,
            h if h < 170.0 => Tone::Sucesso,
            _ => Tone::Info,
        })
    }

    /// The CSS class of the badge (colours live in the stylesheet, never inline).
    pub fn class(self) -> &'static str {
        match self {
            Tone::Aviso => "badge-aviso",
            Tone::Info => "badge-info",
            Tone::Sucesso => "badge-sucesso",
            Tone::Erro => "badge-erro",
            Tone::Neutro => "badge-neutro",
        }
    }
}

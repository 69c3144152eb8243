//! Static Pix "copia e cola" codes (BR Code, EMV MPM) and their QR image.
//!
//! Layout, limits and CRC follow the BR Code (EMV MPM) layout: the same bytes
//! pix-utils 2.8.2 `createStaticPix().toBRCode()` produces for ASCII input. Every free-text field is folded to printable
//! ASCII first, so character counts equal byte counts and the 2-digit
//! lengths cannot disagree with the UTF-8 bytes the CRC covers.

mod ascii;

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use rust_decimal::{Decimal, RoundingStrategy};

pub use ascii::fold_ascii;

/// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection); the CRC
/// catalogue calls it IBM-3740. Not XMODEM (init 0) nor KERMIT (reflected).
const CRC16: crc::Crc<u16> = crc::Crc::<u16>::new(&crc::CRC_16_IBM_3740);

const GUI: &str = "br.gov.bcb.pix";
const NAME_MAX: usize = 25;
const CITY_MAX: usize = 15;
const KEY_MAX: usize = 77;
const TXID_MAX: usize = 25;
/// brazilian-utils' cap on the description, whatever the key length.
const DESCRIPTION_CAP: usize = 72;
/// Field 54 holds at most 13 characters (`9999999999.99`).
const AMOUNT_MAX_CHARS: usize = 13;

/// What a static Pix code says. Free text may contain accents: it is folded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StaticPix {
    /// Pix key in DICT form (CPF/CNPJ digits, `+55…`, e-mail, EVP UUID).
    pub key: String,
    /// Receiver's name; upper-cased ASCII, cut to 25 characters.
    pub merchant_name: String,
    /// Receiver's city; upper-cased ASCII, cut to 15 characters.
    pub merchant_city: String,
    /// `None` or zero lets the payer type the amount.
    pub amount: Option<Decimal>,
    /// Message shown to the payer; cut so the field-26 template stays ≤ 99.
    pub description: Option<String>,
    /// Reference label; anything but `[A-Za-z0-9]{1,25}` becomes `***`.
    pub txid: Option<String>,
}

/// Why no code could be made. Display texts are Portuguese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PixError {
    #[error("Chave Pix inválida.")]
    InvalidKey,
    #[error("Nome do recebedor ausente.")]
    MissingName,
    #[error("Cidade do recebedor ausente.")]
    MissingCity,
    #[error("Valor do Pix inválido.")]
    InvalidAmount,
    #[error("Não foi possível gerar o QR Code.")]
    Qr,
}

/// One EMV field: 2-digit id, 2-digit length, value. Values are ASCII and
/// ≤ 99 by construction; the check keeps the function total anyway.
fn tlv(out: &mut String, id: &str, value: &str) -> Result<(), PixError> {
    if value.len() > 99 {
        return Err(PixError::InvalidKey);
    }
    out.push_str(id);
    out.push_str(&format!("{:02}", value.len()));
    out.push_str(value);
    Ok(())
}

/// Folds, upper-cases, cuts to `max` characters and trims.
fn folded_upper(s: &str, max: usize) -> String {
    let mut v = fold_ascii(s).to_ascii_uppercase();
    v.truncate(max); // ASCII, so any index is a char boundary
    v.trim_end().to_owned()
}

fn amount_field(amount: Option<Decimal>) -> Result<Option<String>, PixError> {
    let Some(a) = amount else {
        return Ok(None);
    };
    if a.is_sign_negative() && !a.is_zero() {
        return Err(PixError::InvalidAmount);
    }
    let cents = a.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    if cents.is_zero() {
        // pix-utils omits a zero amount; a code for R$ 0,00 is useless.
        return Ok(None);
    }
    let text = format!("{cents:.2}");
    if text.len() > AMOUNT_MAX_CHARS {
        return Err(PixError::InvalidAmount);
    }
    Ok(Some(text))
}

fn txid_field(txid: Option<&str>) -> String {
    match txid {
        Some(t)
            if (1..=TXID_MAX).contains(&t.len())
                && t.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            t.to_owned()
        }
        _ => "***".to_owned(),
    }
}

/// The "copia e cola" text of a static Pix, ending in its CRC.
pub fn brcode(p: &StaticPix) -> Result<String, PixError> {
    let key = p.key.trim();
    // Keys are ASCII by definition (digits, +55…, e-mail, UUID).
    if key.is_empty() || key.len() > KEY_MAX || !key.bytes().all(|b| (0x20..=0x7e).contains(&b)) {
        return Err(PixError::InvalidKey);
    }
    let name = folded_upper(&p.merchant_name, NAME_MAX);
    if name.is_empty() {
        return Err(PixError::MissingName);
    }
    let city = folded_upper(&p.merchant_city, CITY_MAX);
    if city.is_empty() {
        return Err(PixError::MissingCity);
    }
    let amount = amount_field(p.amount)?;

    let mut account = String::with_capacity(99);
    tlv(&mut account, "00", GUI)?;
    tlv(&mut account, "01", key)?;
    // 99 − GUI element (18) − key element (4 + key) − description header (4).
    let room = (99 - 18 - 4 - 4usize)
        .saturating_sub(key.len())
        .min(DESCRIPTION_CAP);
    if let Some(d) = &p.description {
        let mut d = fold_ascii(d);
        d.truncate(room);
        let d = d.trim_end();
        if !d.is_empty() {
            tlv(&mut account, "02", d)?;
        }
    }
    let mut additional = String::with_capacity(32);
    tlv(&mut additional, "05", &txid_field(p.txid.as_deref()))?;

    let mut out = String::with_capacity(256);
    tlv(&mut out, "00", "01")?;
    tlv(&mut out, "26", &account)?;
    tlv(&mut out, "52", "0000")?;
    tlv(&mut out, "53", "986")?;
    if let Some(a) = amount {
        tlv(&mut out, "54", &a)?;
    }
    tlv(&mut out, "58", "BR")?;
    tlv(&mut out, "59", &name)?;
    tlv(&mut out, "60", &city)?;
    tlv(&mut out, "62", &additional)?;
    out.push_str("6304");
    let crc = CRC16.checksum(out.as_bytes());
    out.push_str(&format!("{crc:04X}"));
    Ok(out)
}

/// The description the order page puts in an offering's Pix.
pub fn captacao_pix_message(nome_captacao: &str) -> String {
    format!("Captação: {nome_captacao}")
}

/// Whether `payload` ends in `6304` + 4 upper-case hex digits equal to the
/// CRC of everything before them (a lower-case CRC fails, as in pix-utils).
pub fn verify_crc(payload: &str) -> bool {
    let b = payload.as_bytes();
    let Some(split) = b.len().checked_sub(4) else {
        return false;
    };
    let (body, crc) = b.split_at(split);
    if !body.ends_with(b"6304") || !crc.iter().all(|c| matches!(c, b'0'..=b'9' | b'A'..=b'F')) {
        return false;
    }
    let want = format!("{:04X}", CRC16.checksum(body));
    want.as_bytes() == crc
}

/// Splits a payload into its top-level `(id, value)` fields; `None` when a
/// length runs past the end or is not two digits. For tests and debugging.
pub fn tlv_fields(payload: &str) -> Option<Vec<(&str, &str)>> {
    let mut rest = payload;
    let mut fields = Vec::new();
    while !rest.is_empty() {
        let id = rest.get(..2)?;
        let len_text = rest.get(2..4)?;
        if !len_text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let len: usize = len_text.parse().ok()?;
        let value = rest.get(4..4 + len)?;
        fields.push((id, value));
        rest = rest.get(4 + len..)?;
    }
    Some(fields)
}

/// The QR image of `payload` as an `<svg>` element ready to embed in HTML:
/// error correction M, at least 240×240 px, black on white, without the XML
/// declaration and with `role="img"` and a `<title>` for screen readers.
pub fn qr_svg(payload: &str) -> Result<String, PixError> {
    let code = QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M)
        .map_err(|_| PixError::Qr)?;
    let raw = code
        .render::<svg::Color<'_>>()
        .min_dimensions(240, 240)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    let start = raw.find("<svg").ok_or(PixError::Qr)?;
    let svg = raw.get(start..).ok_or(PixError::Qr)?;
    // `version` is an SVG 1.1 leftover HTML validators flag; the title goes
    // first so it is the accessible name.
    let svg = svg.replacen(" version=\"1.1\"", "", 1);
    let close = svg.find('>').ok_or(PixError::Qr)?;
    let (open_tag, body) = svg.split_at(close);
    Ok(format!(
        "{open_tag} role=\"img\" aria-label=\"QR Code Pix\"><title>QR Code Pix</title>{}",
        body.get(1..).unwrap_or_default()
    ))
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

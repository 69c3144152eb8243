//! Registration documents sent by the investor: which files are accepted (PNG, JPEG or
//! PDF, judged by the content's first bytes, whatever the name says; at most 10 MB), and the
//! photo metadata removed before a file leaves the web app (EXIF and XMP, which carry the
//! camera's location and the device).

use bytes::Bytes;
use img_parts::jpeg::{Jpeg, markers};
use img_parts::png::Png;

use super::validate::FieldError;

/// The largest document accepted: 10 MB (10 × 1024 × 1024 bytes).
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

pub const MSG_FILL: &str = "Necessário preencher todos os campos para prosseguir.";
pub const MSG_FORMAT: &str = "Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf.";
pub const MSG_TOO_BIG: &str = "O arquivo deve ter no máximo 10 MB.";
/// The most pixels an image may have (width × height): 50 megapixels. Read from the
/// header, so an image that would take gigabytes to decode is refused before anyone does.
pub const MAX_PIXELS: u64 = 50_000_000;
pub const MSG_TOO_MANY_PIXELS: &str = "A imagem deve ter no máximo 50 megapixels.";
/// An image whose width and height cannot be read from its header.
pub const MSG_UNREADABLE_IMAGE: &str =
    "Não foi possível ler o tamanho da imagem. Envie a foto ou o arquivo original.";
/// A multipart body that cannot be read (cut off, a broken boundary).
pub const MSG_BROKEN: &str = "Não foi possível ler o arquivo enviado. Tente enviar novamente.";
/// A file whose name promises one format and whose content is another.
pub const MSG_NAME_MISMATCH: &str =
    "O conteúdo do arquivo não corresponde à extensão do nome. Envie o arquivo original.";

/// The accepted formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Png,
    Jpeg,
    Pdf,
}

impl FileKind {
    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Png => "image/png",
            FileKind::Jpeg => "image/jpeg",
            FileKind::Pdf => "application/pdf",
        }
    }

    /// The extensions a file of this kind may have.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            FileKind::Png => &["png"],
            FileKind::Jpeg => &["jpg", "jpeg"],
            FileKind::Pdf => &["pdf"],
        }
    }

    /// The `accept` attribute of the file input.
    pub const ACCEPT: &'static str = ".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf";
}

/// The kind by the content's magic bytes: PNG `89 50 4E 47 0D 0A 1A 0A`, JPEG `FF D8 FF`,
/// PDF `%PDF-`.
pub fn sniff(bytes: &[u8]) -> Option<FileKind> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(FileKind::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(FileKind::Jpeg)
    } else if bytes.starts_with(b"%PDF-") {
        Some(FileKind::Pdf)
    } else {
        None
    }
}

/// The file's own name, without any folder a browser or a tool sent with it
/// (`C:\\fakepath\\rg.png`, `../../rg.png`).
pub fn base_name(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

/// Width × height as the image's header states it, read by `imagesize` the way a decoder
/// walks the segments. None for a PDF, and for an image whose header cannot be read: bytes
/// a strict reader stops at (junk before a frame header) may still be skipped by a lenient
/// decoder, so such an image is refused rather than let past the pixel limit.
pub fn pixels(kind: FileKind, b: &[u8]) -> Option<u64> {
    if kind == FileKind::Pdf {
        return None;
    }
    let size = imagesize::blob_size(b).ok()?;
    u64::try_from(size.width)
        .ok()?
        .checked_mul(u64::try_from(size.height).ok()?)
}

fn extension(name: &str) -> Option<String> {
    let (_, ext) = name.trim().rsplit_once('.')?;
    Some(ext.to_ascii_lowercase())
}

/// A file the investor chose: not empty, at most 10 MB, a PNG, JPEG or PDF by its content,
/// named with one of its kind's extensions, and, for an image, a readable header stating
/// at most 50 megapixels. The failing field is `documento`.
pub fn check_upload(name: &str, bytes: &[u8]) -> Result<FileKind, FieldError> {
    let refuse = |m| Err(FieldError::new("documento", m));
    if bytes.is_empty() || name.trim().is_empty() {
        return refuse(MSG_FILL);
    }
    if bytes.len() > MAX_BYTES {
        return refuse(MSG_TOO_BIG);
    }
    let Some(kind) = sniff(bytes) else {
        return refuse(MSG_FORMAT);
    };
    match extension(name) {
        Some(ext) if kind.extensions().contains(&ext.as_str()) => {
            if kind == FileKind::Pdf {
                return Ok(kind);
            }
            match pixels(kind, bytes) {
                None => refuse(MSG_UNREADABLE_IMAGE),
                Some(p) if p > MAX_PIXELS => refuse(MSG_TOO_MANY_PIXELS),
                Some(_) => Ok(kind),
            }
        }
        Some(ext) if ["png", "jpg", "jpeg", "pdf"].contains(&ext.as_str()) => {
            refuse(MSG_NAME_MISMATCH)
        }
        _ => refuse(MSG_FORMAT),
    }
}

/// The photo without its metadata: EXIF (GPS position, camera, date) and XMP are removed
/// from JPEG (their APP1 segments) and PNG (the eXIf chunk and iTXt/tEXt/zTXt text);
/// pixels are untouched. A PDF, or an image the parser cannot read, is returned as is
/// (the platform checks the content again).
pub fn strip_metadata(kind: FileKind, bytes: Bytes) -> Bytes {
    match kind {
        FileKind::Jpeg => match Jpeg::from_bytes(bytes.clone()) {
            Ok(mut jpeg) => {
                jpeg.segments_mut().retain(|s| s.marker() != markers::APP1);
                jpeg.encoder().bytes()
            }
            Err(_) => bytes,
        },
        FileKind::Png => match Png::from_bytes(bytes.clone()) {
            Ok(mut png) => {
                png.chunks_mut()
                    .retain(|c| !matches!(&c.kind(), b"eXIf" | b"iTXt" | b"tEXt" | b"zTXt"));
                png.encoder().bytes()
            }
            Err(_) => bytes,
        },
        FileKind::Pdf => bytes,
    }
}

#[cfg(test)]
#[path = "documento_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "documento_proptests.rs"]
mod proptests;

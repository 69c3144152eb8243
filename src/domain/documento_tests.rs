use super::*;
use bytes::BytesMut;
use img_parts::png::PngChunk;

/// The GPS position a phone writes into a photo's EXIF.
const GPS: &[u8] = b"GPSLatitude -12.5456 GPSLongitude -55.7114";

fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
    let len = u16::try_from(payload.len() + 2).unwrap().to_be_bytes();
    [&[0xFF, marker][..], &len, payload].concat()
}

/// A 1×1 JPEG with JFIF, an EXIF block holding a GPS position, an XMP block, and scan data.
pub(super) fn jpeg_with_location() -> Vec<u8> {
    let exif = [&b"Exif\0\0MM\0*\0\0\0\x08"[..], GPS].concat();
    let xmp = [
        &b"http://ns.adobe.com/xap/1.0/\0"[..],
        b"<x:xmpmeta exif:GPSLatitude=\"-12.5\"/>",
    ]
    .concat();
    [
        &[0xFF, 0xD8][..],
        &segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
        &segment(0xE1, &exif),
        &segment(0xE1, &xmp),
        &segment(0xC0, &[8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
        &segment(0xDA, &[0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]),
        &[0x12, 0x34, 0x56],
        &[0xFF, 0xD9],
    ]
    .concat()
}

fn png_with_location() -> Vec<u8> {
    let mut out = BytesMut::from(&b"\x89PNG\r\n\x1a\n"[..]);
    let ihdr = [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0];
    for (kind, data) in [
        (*b"IHDR", ihdr.to_vec()),
        (*b"eXIf", [&b"MM\0*\0\0\0\x08"[..], GPS].concat()),
        (*b"tEXt", b"Comment\0GPSLatitude -12.5".to_vec()),
        (
            *b"IDAT",
            vec![0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01],
        ),
        (*b"IEND", vec![]),
    ] {
        for piece in PngChunk::new(kind, Bytes::from(data)).encoder() {
            out.extend_from_slice(&piece);
        }
    }
    out.to_vec()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn the_kind_comes_from_the_content() {
    assert_eq!(sniff(&png_with_location()), Some(FileKind::Png));
    assert_eq!(sniff(&jpeg_with_location()), Some(FileKind::Jpeg));
    assert_eq!(sniff(b"%PDF-1.7\n..."), Some(FileKind::Pdf));
    for other in [&b"GIF89a"[..], b"<html>", b"MZ\x90\0", b"", b"\xFF\xD8"] {
        assert_eq!(sniff(other), None);
    }
}

#[test]
fn uploads_are_checked_by_content_size_and_name() {
    let jpeg = jpeg_with_location();
    assert_eq!(check_upload("rg.jpg", &jpeg), Ok(FileKind::Jpeg));
    assert_eq!(check_upload("RG.JPEG", &jpeg), Ok(FileKind::Jpeg));
    assert_eq!(check_upload("rg.pdf", b"%PDF-1.4 x"), Ok(FileKind::Pdf));
    let refused = |name: &str, bytes: &[u8]| check_upload(name, bytes).unwrap_err().message();
    // A program disguised as a photo.
    assert_eq!(refused("selfie.jpg", b"MZ\x90\0\x03\0\0\0"), MSG_FORMAT);
    assert_eq!(refused("selfie.gif", b"GIF89a...."), MSG_FORMAT);
    // A real PDF named as a photo, a photo without an extension.
    assert_eq!(refused("selfie.jpg", b"%PDF-1.4 x"), MSG_NAME_MISMATCH);
    assert_eq!(refused("selfie", &jpeg), MSG_FORMAT);
    assert_eq!(refused("rg.jpg", b""), MSG_FILL);
    assert_eq!(refused("", &jpeg), MSG_FILL);
    let mut big = jpeg.clone();
    big.resize(MAX_BYTES + 1, 0);
    assert_eq!(refused("rg.jpg", &big), MSG_TOO_BIG);
    big.truncate(MAX_BYTES);
    assert_eq!(check_upload("rg.jpg", &big), Ok(FileKind::Jpeg));
}

#[test]
fn the_location_is_removed_from_a_jpeg_and_the_image_kept() {
    let original = jpeg_with_location();
    assert!(contains(&original, b"GPSLatitude"));
    let clean = strip_metadata(FileKind::Jpeg, Bytes::from(original));
    assert!(!contains(&clean, b"GPSLatitude"), "{clean:?}");
    assert!(!contains(&clean, b"Exif\0\0"));
    assert!(clean.starts_with(&[0xFF, 0xD8, 0xFF, 0xE0]));
    assert!(contains(&clean, b"JFIF") && contains(&clean, &[0x12, 0x34, 0x56]));
    assert!(clean.ends_with(&[0xFF, 0xD9]));
}

#[test]
fn the_location_is_removed_from_a_png_and_the_image_kept() {
    let original = png_with_location();
    assert!(contains(&original, b"GPSLatitude"));
    let clean = strip_metadata(FileKind::Png, Bytes::from(original));
    assert!(!contains(&clean, b"GPSLatitude"));
    assert!(contains(&clean, b"IHDR") && contains(&clean, b"IDAT") && contains(&clean, b"IEND"));
    assert_eq!(sniff(&clean), Some(FileKind::Png));
}

#[test]
fn pdfs_and_unreadable_images_pass_unchanged() {
    let pdf = Bytes::from_static(b"%PDF-1.4 GPSLatitude");
    assert_eq!(strip_metadata(FileKind::Pdf, pdf.clone()), pdf);
    let broken = Bytes::from_static(b"\xFF\xD8\xFF\xE1\x00");
    assert_eq!(strip_metadata(FileKind::Jpeg, broken.clone()), broken);
}

pub(super) fn png_of(width: u32, height: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    b.extend_from_slice(&width.to_be_bytes());
    b.extend_from_slice(&height.to_be_bytes());
    b.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    b
}

pub(super) fn jpeg_of(width: u16, height: u16) -> Vec<u8> {
    let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00];
    b.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08]);
    b.extend_from_slice(&height.to_be_bytes());
    b.extend_from_slice(&width.to_be_bytes());
    b.extend_from_slice(&[0; 12]);
    b
}

#[test]
fn images_over_fifty_megapixels_are_refused_from_their_header() {
    assert_eq!(pixels(FileKind::Png, &png_of(8000, 6000)), Some(48_000_000));
    assert_eq!(pixels(FileKind::Jpeg, &jpeg_of(640, 480)), Some(307_200));
    assert_eq!(
        check_upload("rg.png", &png_of(8000, 6000)),
        Ok(FileKind::Png)
    );
    for (name, bytes) in [
        ("rg.png", png_of(10_000, 10_000)),
        ("rg.jpg", jpeg_of(65_535, 65_535)),
    ] {
        assert_eq!(
            check_upload(name, &bytes).map_err(|e| e.message()),
            Err(MSG_TOO_MANY_PIXELS),
            "{name}"
        );
    }
    assert_eq!(pixels(FileKind::Jpeg, b"\xFF\xD8\xFF\xE1\x00"), None);
}

/// A lenient decoder skips bytes that are not a marker and finds the frame header after
/// them; the check cannot read such a header, so the image is refused, never let through.
#[test]
fn an_image_whose_size_cannot_be_read_is_refused() {
    let mut junk_then_huge = jpeg_of(30_000, 30_000);
    junk_then_huge.splice(8..8, [0, 0, 0]);
    let headless_png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dXXXX".to_vec();
    for (name, bytes) in [
        ("rg.jpg", junk_then_huge),
        ("rg.jpg", b"\xFF\xD8\xFF\xE1\x00".to_vec()),
        ("rg.png", headless_png),
    ] {
        assert_eq!(
            check_upload(name, &bytes).map_err(|e| e.message()),
            Err(MSG_UNREADABLE_IMAGE),
            "{bytes:?}"
        );
    }
    assert_eq!(check_upload("rg.pdf", b"%PDF-1.4"), Ok(FileKind::Pdf));
}

#[test]
fn an_upload_keeps_only_the_base_name() {
    assert_eq!(base_name("C:\\fakepath\\rg.png"), "rg.png");
    assert_eq!(base_name("../../etc/rg.png"), "rg.png");
    assert_eq!(base_name("rg.png"), "rg.png");
}

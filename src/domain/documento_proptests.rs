//! Properties of the upload checks and the metadata removal over generated files: never a
//! panic whatever the bytes and the name, the kind is the content's and only the content's,
//! an accepted file always agrees with its name, and stripping twice is stripping once.

use bytes::Bytes;
use proptest::prelude::*;

use super::*;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF];
const PDF: &[u8] = b"%PDF-";

fn kind() -> impl Strategy<Value = FileKind> {
    prop_oneof![
        Just(FileKind::Png),
        Just(FileKind::Jpeg),
        Just(FileKind::Pdf)
    ]
}

fn magic(k: FileKind) -> &'static [u8] {
    match k {
        FileKind::Png => PNG,
        FileKind::Jpeg => JPEG,
        FileKind::Pdf => PDF,
    }
}

/// The start of a file of this kind: for an image, a header stating its width and height.
fn header(k: FileKind, width: u16, height: u16) -> Vec<u8> {
    match k {
        FileKind::Png => super::tests::png_of(width.into(), height.into()),
        FileKind::Jpeg => super::tests::jpeg_of(width, height),
        FileKind::Pdf => PDF.to_vec(),
    }
}

fn tail() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..512)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_checks_never_panic(name in any::<String>(), bytes in tail(), k in kind()) {
        let _ = sniff(&bytes);
        let _ = check_upload(&name, &bytes);
        let with_magic = [magic(k), &bytes].concat();
        let _ = check_upload(&name, &with_magic);
        let _ = strip_metadata(k, Bytes::from(with_magic));
    }

    #[test]
    fn the_kind_is_the_contents(k in kind(), rest in tail(), other in tail()) {
        prop_assert_eq!(sniff(&[magic(k), &rest].concat()), Some(k));
        let no_magic = [PNG, JPEG, PDF].iter().all(|m| !other.starts_with(m));
        if no_magic {
            prop_assert_eq!(sniff(&other), None);
        }
    }

    #[test]
    fn an_accepted_file_agrees_with_its_name(name in ".{0,20}\\.[a-zA-Z]{0,5}", bytes in tail()) {
        match check_upload(&name, &bytes) {
            Ok(k) => {
                prop_assert_eq!(sniff(&bytes), Some(k));
                let ext = name.trim().rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
                prop_assert!(ext.is_some_and(|e| k.extensions().contains(&e.as_str())), "{name:?}");
            }
            Err(e) => {
                prop_assert_eq!(e.field(), "documento");
                prop_assert!(!e.message().is_empty());
            }
        }
    }

    #[test]
    fn a_file_named_for_its_kind_is_accepted_and_for_another_refused(
        k in kind(), stem in "[a-zA-Z0-9 _-]{1,20}", upper in any::<bool>(), rest in tail(),
        width in 1u16..=5000, height in 1u16..=5000,
    ) {
        let bytes = [&header(k, width, height)[..], &rest].concat();
        for ext in ["png", "jpg", "jpeg", "pdf"] {
            let ext = if upper { ext.to_ascii_uppercase() } else { ext.to_owned() };
            let name = format!("{stem}.{ext}");
            let got = check_upload(&name, &bytes);
            if k.extensions().contains(&ext.to_ascii_lowercase().as_str()) {
                prop_assert_eq!(got, Ok(k));
            } else {
                prop_assert_eq!(got.map_err(|e| e.message()), Err(MSG_NAME_MISMATCH));
            }
        }
    }

    #[test]
    fn a_huge_image_is_never_accepted_whatever_comes_before_its_frame_header(
        junk in prop::collection::vec(any::<u8>(), 0..64), width in 7072u16.., height in 7072u16..,
    ) {
        // 7072² is just over 50 megapixels; the junk sits between JFIF and the frame header.
        let mut bytes = header(FileKind::Jpeg, width, height);
        bytes.splice(8..8, junk);
        prop_assert!(check_upload("rg.jpg", &bytes).is_err());
    }

    #[test]
    fn stripping_twice_is_stripping_once(k in kind(), rest in tail()) {
        let once = strip_metadata(k, Bytes::from([magic(k), &rest].concat()));
        let twice = strip_metadata(k, once.clone());
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn a_photo_with_extra_segments_loses_its_location_once_and_for_all(
        extra in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        // The JPEG of the unit tests, with one more EXIF block carrying arbitrary bytes.
        let mut photo = super::tests::jpeg_with_location();
        let len = u16::try_from(extra.len() + 2).unwrap_or(2).to_be_bytes();
        let segment = [&[0xFF, 0xE1][..], &len, &extra].concat();
        photo.splice(2..2, segment);
        let once = strip_metadata(FileKind::Jpeg, Bytes::from(photo));
        prop_assert!(!once.windows(11).any(|w| w == b"GPSLatitude"));
        prop_assert_eq!(strip_metadata(FileKind::Jpeg, once.clone()), once);
    }
}

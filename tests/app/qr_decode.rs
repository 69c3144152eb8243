//! The Pix QR image decodes back to the same payload: the SVG we serve is rasterised by
//! reading its rectangles, then read by an independent QR decoder (rqrr).

use colheita::domain::pix::{self, StaticPix};
use rust_decimal::Decimal;

/// The qrcode SVG renderer draws the dark modules as one path of `M{x} {y}h{w}v{h}h-{w}z`
/// squares on a white background; this paints them on a greyscale canvas.
fn rasterise(svg: &str) -> (usize, usize, Vec<u8>) {
    let attr = |name: &str| -> usize {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..]
            .split('"')
            .next()
            .unwrap()
            .trim_end_matches("px")
            .parse()
            .unwrap()
    };
    let (w, h) = (attr("width"), attr("height"));
    let mut img = vec![255u8; w * h];
    let d_at = svg.find(" d=\"").unwrap() + 4;
    let d = svg[d_at..].split('"').next().unwrap();
    for square in d.split('M').filter(|s| !s.is_empty()) {
        // "{x} {y}h{s}v{s}h-{s}z"
        let (xy, rest) = square.split_once('h').unwrap();
        let (x, y) = xy.trim().split_once(' ').unwrap();
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        let side: usize = rest.split('v').next().unwrap().parse().unwrap();
        for yy in y..y + side {
            for xx in x..x + side {
                img[yy * w + xx] = 0;
            }
        }
    }
    (w, h, img)
}

fn decode(svg: &str) -> String {
    let (w, h, img) = rasterise(svg);
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| img[y * w + x]);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the image");
    grids[0].decode().unwrap().1
}

#[test]
fn the_pix_qr_image_decodes_to_the_same_payload() {
    for (amount, name) in [
        (
            Decimal::new(250000, 2),
            "Fazenda Santa Luzia – Soja safra 2026/27",
        ),
        (Decimal::new(1, 2), "Café"),
    ] {
        let payload = pix::brcode(&StaticPix {
            key: "45723174000110".into(),
            merchant_name: "Colheita Pagamentos Ltda.".into(),
            merchant_city: "São Paulo".into(),
            amount: Some(amount),
            description: Some(pix::captacao_pix_message(name)),
            txid: Some("COLHEITA57".into()),
        })
        .unwrap();
        let svg = pix::qr_svg(&payload).unwrap();
        assert_eq!(decode(&svg), payload);
    }
}

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use super::*;
use rust_decimal_macros::dec;

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Inputs {
    pix_key: String,
    merchant_name: String,
    merchant_city: String,
    #[serde(with = "crate::domain::money::json")]
    transaction_amount: Decimal,
    info_adicional: Option<String>,
    txid: String,
}

#[derive(serde::Deserialize)]
struct Vector {
    id: String,
    valid: bool,
    payload: String,
    inputs: Option<Inputs>,
}

fn vectors() -> Vec<Vector> {
    serde_json::from_str(include_str!("../../../tests/fixtures/pix_vectors.json")).unwrap()
}

fn sample() -> StaticPix {
    StaticPix {
        key: "fulano@example.com".into(),
        merchant_name: "Colheita Investimentos".into(),
        merchant_city: "São Paulo".into(),
        amount: Some(dec!(1000)),
        description: Some(captacao_pix_message("Fazenda Santa Luzia")),
        txid: Some("PED123".into()),
    }
}

#[test]
fn crc_check_value() {
    assert_eq!(CRC16.checksum(b"123456789"), 0x29B1);
}

#[test]
fn reproduces_every_generated_vector_byte_for_byte() {
    let mut reproduced = 0;
    for v in vectors().into_iter().filter(|v| v.valid) {
        assert!(verify_crc(&v.payload), "{}", v.id);
        let Some(i) = v.inputs else { continue };
        let p = StaticPix {
            key: i.pix_key,
            merchant_name: i.merchant_name,
            merchant_city: i.merchant_city,
            amount: Some(i.transaction_amount),
            description: i.info_adicional,
            txid: Some(i.txid),
        };
        assert_eq!(brcode(&p).unwrap(), v.payload, "{}", v.id);
        reproduced += 1;
    }
    assert_eq!(reproduced, 5);
}

#[test]
fn negative_vectors_fail_verification() {
    let negatives: Vec<_> = vectors().into_iter().filter(|v| !v.valid).collect();
    assert_eq!(negatives.len(), 3);
    for v in negatives {
        assert!(!verify_crc(&v.payload), "{}", v.id);
    }
}

#[test]
fn verify_crc_edge_cases() {
    let good = brcode(&sample()).unwrap();
    assert!(verify_crc(&good));
    assert!(!verify_crc(&good.to_lowercase()));
    let lower_crc = format!(
        "{}{}",
        &good[..good.len() - 4],
        good[good.len() - 4..].to_lowercase()
    );
    if lower_crc != good {
        assert!(!verify_crc(&lower_crc));
    }
    for bad in ["", "6304", "63041D3", "ABCD", "é6304ABCD"] {
        assert!(!verify_crc(bad), "{bad:?}");
    }
}

#[test]
fn layout_of_a_full_code() {
    let code = brcode(&sample()).unwrap();
    let fields = tlv_fields(&code).unwrap();
    let ids: Vec<&str> = fields.iter().map(|f| f.0).collect();
    assert_eq!(
        ids,
        ["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]
    );
    let get = |id: &str| fields.iter().find(|f| f.0 == id).unwrap().1;
    assert_eq!(get("00"), "01");
    assert_eq!(
        tlv_fields(get("26")).unwrap(),
        [
            ("00", "br.gov.bcb.pix"),
            ("01", "fulano@example.com"),
            ("02", "Captacao: Fazenda Santa Luzia")
        ]
    );
    assert_eq!(get("54"), "1000.00");
    assert_eq!(get("59"), "COLHEITA INVESTIMENTOS");
    assert_eq!(get("60"), "SAO PAULO");
    assert_eq!(get("62"), "0506PED123");
    assert!(code.is_ascii());
}

#[test]
fn name_city_and_description_are_cut_to_their_limits() {
    let mut p = sample();
    p.merchant_name = "Cooperativa Agroindustrial dos Produtores".into();
    p.merchant_city = "São José dos Campos do Norte".into();
    p.key = "123e4567-e12b-12d1-a456-426655440000".into();
    p.description = Some("Ação ".repeat(40));
    let code = brcode(&p).unwrap();
    let fields = tlv_fields(&code).unwrap();
    let get = |id: &str| fields.iter().find(|f| f.0 == id).unwrap().1;
    assert_eq!(get("59"), "COOPERATIVA AGROINDUSTRIA");
    // Cut at 15 leaves "SAO JOSE DOS CA"; no trailing space to trim here.
    assert_eq!(get("60"), "SAO JOSE DOS CA");
    assert!(get("26").len() <= 99);
    let desc = tlv_fields(get("26")).unwrap()[2].1;
    assert_eq!(desc.len(), 73 - 36);
    assert!(verify_crc(&code));

    // A 77-character key leaves no room: the description is left out.
    p.key = format!("{}@example.com", "a".repeat(65));
    assert_eq!(p.key.len(), 77);
    let code = brcode(&p).unwrap();
    let fields = tlv_fields(&code).unwrap();
    assert_eq!(tlv_fields(fields[1].1).unwrap().len(), 2);
    assert_eq!(fields[1].1.len(), 99);

    // A CPF key leaves 73 − 11 characters for the description.
    p.key = "11912345678".into();
    let code = brcode(&p).unwrap();
    let fields = tlv_fields(&code).unwrap();
    assert_eq!(tlv_fields(fields[1].1).unwrap()[2].1.len(), 62);
    assert_eq!(fields[1].1.len(), 99);
}

#[test]
fn truncation_never_leaves_trailing_space() {
    let mut p = sample();
    p.merchant_city = "Rio de Janeiro X".into();
    p.merchant_name = "Fazenda Boa Esperanca do X".into();
    let code = brcode(&p).unwrap();
    let fields = tlv_fields(&code).unwrap();
    assert_eq!(
        fields.iter().find(|f| f.0 == "60").unwrap().1,
        "RIO DE JANEIRO"
    );
    assert_eq!(
        fields.iter().find(|f| f.0 == "59").unwrap().1,
        "FAZENDA BOA ESPERANCA DO"
    );
}

#[test]
fn amounts() {
    let amount_of = |a: Option<Decimal>| {
        let mut p = sample();
        p.amount = a;
        brcode(&p).map(|c| {
            tlv_fields(&c)
                .unwrap()
                .iter()
                .find(|f| f.0 == "54")
                .map(|f| f.1.to_owned())
        })
    };
    assert_eq!(amount_of(None), Ok(None));
    assert_eq!(amount_of(Some(dec!(0))), Ok(None));
    assert_eq!(amount_of(Some(dec!(0.001))), Ok(None));
    assert_eq!(amount_of(Some(dec!(0.005))), Ok(Some("0.01".into())));
    assert_eq!(amount_of(Some(dec!(10))), Ok(Some("10.00".into())));
    assert_eq!(amount_of(Some(dec!(1234.5))), Ok(Some("1234.50".into())));
    assert_eq!(
        amount_of(Some(dec!(9999999999.99))),
        Ok(Some("9999999999.99".into()))
    );
    assert_eq!(
        amount_of(Some(dec!(10000000000))),
        Err(PixError::InvalidAmount)
    );
    assert_eq!(amount_of(Some(dec!(-1))), Err(PixError::InvalidAmount));
}

#[test]
fn txid_rules() {
    assert_eq!(txid_field(None), "***");
    assert_eq!(txid_field(Some("")), "***");
    assert_eq!(txid_field(Some("ABC-123")), "***");
    assert_eq!(txid_field(Some("pedido ç")), "***");
    assert_eq!(txid_field(Some(&"A".repeat(26))), "***");
    assert_eq!(txid_field(Some(&"A".repeat(25))), "A".repeat(25));
    assert_eq!(txid_field(Some("aB9")), "aB9");
}

#[test]
fn refuses_what_cannot_be_encoded() {
    let with = |f: fn(&mut StaticPix)| {
        let mut p = sample();
        f(&mut p);
        brcode(&p)
    };
    assert_eq!(with(|p| p.key = "  ".into()), Err(PixError::InvalidKey));
    assert_eq!(with(|p| p.key = "a".repeat(78)), Err(PixError::InvalidKey));
    assert_eq!(
        with(|p| p.key = "joão@example.com".into()),
        Err(PixError::InvalidKey)
    );
    assert_eq!(
        with(|p| p.merchant_name = " 😀 ".into()),
        Err(PixError::MissingName)
    );
    assert_eq!(
        with(|p| p.merchant_city = String::new()),
        Err(PixError::MissingCity)
    );
    assert!(with(|p| p.description = Some("😀".into())).is_ok());
}

#[test]
fn offering_message() {
    assert_eq!(captacao_pix_message("Soja 2027"), "Captação: Soja 2027");
}

#[test]
fn qr_svg_is_embeddable() {
    let svg = qr_svg(&brcode(&sample()).unwrap()).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{}",
        &svg[..80]
    );
    assert!(!svg.contains("<?xml"));
    assert!(!svg.contains("version="));
    assert!(svg.contains("role=\"img\""));
    assert!(svg.contains("><title>QR Code Pix</title><rect"));
    assert!(svg.ends_with("</svg>"));
    assert!(svg.contains("fill=\"#000\"") && svg.contains("fill=\"#fff\""));
    let width: u32 = svg
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(width >= 240, "{width}");
}

#[test]
fn qr_svg_refuses_oversized_payloads() {
    assert_eq!(qr_svg(&"A".repeat(5000)), Err(PixError::Qr));
}

//! Pix codes from `brcode` against pix-utils and brazilian-utils.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use colheita::domain::pix::{StaticPix, brcode, tlv_fields};
use colheita::domain::reference::area_codes;
use rust_decimal::Decimal;

use super::support::{Rng, oracle, valid_cpf};

const NAMES: &[&str] = &[
    "João da Silva",
    "Colheita Investimentos S.A.",
    "Cooperativa Agroindustrial dos Produtores",
    "Ágata Conceição",
    "Fazenda São Sebastião",
    "ÇÃO ÉÊ ÍÓÔ",
    "Ana",
    "Łukasz Żółć",
];
const CITIES: &[&str] = &[
    "São Paulo",
    "Brasília",
    "Rio de Janeiro",
    "Chapecó",
    "Luís Eduardo Magalhães",
    "Sorriso",
    "São José dos Campos",
    "Goiânia",
];
const WORDS: &[&str] = &[
    "Captação:",
    "Fazenda",
    "Soja",
    "safra",
    "ação",
    "pé",
    "Nº",
    "milho",
    "2027",
];

fn random_pix(rng: &mut Rng) -> StaticPix {
    let hex = |rng: &mut Rng, n: usize| -> String {
        (0..n)
            .map(|_| char::from(b"0123456789abcdef"[rng.below(16) as usize]))
            .collect()
    };
    let key = match rng.below(5) {
        0 => valid_cpf(rng),
        1 => rng.digits(14),
        2 => format!("+55{}9{}", rng.pick(area_codes()), rng.digits(8)),
        3 => {
            let len = 1 + rng.below(20) as usize;
            format!("{}@exemplo{}.com.br", hex(rng, len), rng.below(99))
        }
        _ => format!(
            "{}-{}-{}-{}-{}",
            hex(rng, 8),
            hex(rng, 4),
            hex(rng, 4),
            hex(rng, 4),
            hex(rng, 12)
        ),
    };
    let amount = match rng.below(5) {
        0 => None,
        1 => Some(Decimal::ZERO),
        _ => Some(Decimal::new(1 + rng.below(1_000_000_000) as i64, 2)),
    };
    let description = rng.chance(70).then(|| {
        let n = 1 + rng.below(25) as usize;
        (0..n)
            .map(|_| rng.pick(WORDS))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let txid = match rng.below(4) {
        0 => None,
        1 => Some("pedido-1".to_owned()),
        _ => {
            let len = 1 + rng.below(25) as usize;
            Some(hex(rng, len).to_uppercase())
        }
    };
    StaticPix {
        key,
        merchant_name: rng.pick(NAMES).to_string(),
        merchant_city: rng.pick(CITIES).to_string(),
        amount,
        description,
        txid,
    }
}

#[test]
fn pix_codes_parse_in_pix_utils_and_brazilian_utils() {
    let mut rng = Rng(0x0901);
    let cases: Vec<(StaticPix, String)> = (0..400)
        .map(|_| {
            let p = random_pix(&mut rng);
            let code = brcode(&p).unwrap();
            (p, code)
        })
        .collect();
    let inputs: Vec<String> = cases.iter().map(|c| c.1.clone()).collect();
    let Some(verdicts) = oracle("pix.js", &inputs) else {
        return;
    };
    for ((p, code), v) in cases.iter().zip(&verdicts) {
        let ctx = format!("{p:?}\n{code}\n{v}");
        assert_eq!(v["ok"], true, "{ctx}");
        assert_eq!(v["crc_ok"], true, "{ctx}");
        assert_eq!(v["brazilian_utils_ok"], true, "{ctx}");
        assert_eq!(v["pixKey"].as_str(), Some(p.key.as_str()), "{ctx}");
        let fields = tlv_fields(code).unwrap();
        let field = |id: &str| fields.iter().find(|f| f.0 == id).map(|f| f.1);
        // pix-utils reports a missing field 54 as amount 0.
        let want_amount = p
            .amount
            .unwrap_or_default()
            .to_string()
            .parse::<f64>()
            .unwrap();
        assert_eq!(
            v["transactionAmount"].as_f64().unwrap_or(0.0),
            want_amount,
            "{ctx}"
        );
        assert_eq!(field("54").is_none(), want_amount == 0.0, "{ctx}");
        assert_eq!(v["merchantName"].as_str(), field("59"), "{ctx}");
        assert_eq!(v["merchantCity"].as_str(), field("60"), "{ctx}");
        let info = tlv_fields(field("26").unwrap()).unwrap();
        assert_eq!(
            v["infoAdicional"].as_str(),
            info.iter().find(|f| f.0 == "02").map(|f| f.1),
            "{ctx}"
        );
        assert!(code.is_ascii(), "{ctx}");
    }
}

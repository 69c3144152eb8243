//! Differential tests: the domain validators against independent npm
//! libraries, over thousands of generated inputs.
//!
//! The node scripts in tests/oracles/ read one JSON string per line and
//! answer one JSON verdict per line, so each test spawns node once. The npm
//! packages live in `$ORACLE_DIR` (default `target/oracle`), installed by
//! tests/run.sh. Without them these tests fail (they are part of CI); set
//! `COLHEITA_SKIP_ORACLES=1` to skip them on purpose.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod arquivos;
mod pix;
mod support;
mod xirr;

use colheita::domain::reference::area_codes;
use colheita::domain::validate::{is_valid_cpf, is_valid_mobile_phone};
use colheita::web::routes;

use support::{Rng, oracle, valid_cpf};

fn mask(cpf: &str) -> String {
    format!(
        "{}.{}.{}-{}",
        &cpf[0..3],
        &cpf[3..6],
        &cpf[6..9],
        &cpf[9..11]
    )
}

/// Digits-only CPF candidates: valid, random, mutated, repeated.
fn cpf_candidates(rng: &mut Rng, n: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(n);
    for d in 0..10u8 {
        out.push(char::from(b'0' + d).to_string().repeat(11));
    }
    out.push("12345678909".into());
    while out.len() < n {
        let v = valid_cpf(rng);
        let mut b = v.clone().into_bytes();
        let i = rng.below(11) as usize;
        out.push(match rng.below(6) {
            0 | 1 => v,
            2 => rng.digits(11),
            3 => {
                b[i] = b'0' + (b[i] - b'0' + 1 + rng.below(9) as u8) % 10;
                String::from_utf8(b).unwrap()
            }
            4 => {
                b.swap(i.min(9), i.min(9) + 1);
                String::from_utf8(b).unwrap()
            }
            _ => char::from(b'0' + rng.digit()).to_string().repeat(9) + &v[9..],
        });
    }
    out
}

#[test]
fn cpf_agrees_with_brazilian_utils_and_cpf_cnpj_validator() {
    let mut rng = Rng(0xC0FFEE);
    let digits = cpf_candidates(&mut rng, 3000);
    let mut inputs: Vec<String> = digits.iter().map(|d| mask(d)).collect();
    inputs.extend(digits);
    let Some(verdicts) = oracle("cpf.js", &inputs) else {
        return;
    };
    let mut valid = 0;
    for (s, v) in inputs.iter().zip(&verdicts) {
        let ours = is_valid_cpf(s);
        assert_eq!(Some(ours), v["brazilian_utils"].as_bool(), "{s:?}: {v}");
        // cpf-cnpj-validator only differs on its blacklisted example.
        if !s.replace(['.', '-'], "").eq("12345678909") {
            assert_eq!(Some(ours), v["cpf_cnpj_validator"].as_bool(), "{s:?}: {v}");
            assert_eq!(
                Some(ours),
                v["cpf_cnpj_validator_strict"].as_bool(),
                "{s:?}: {v}"
            );
        }
        valid += usize::from(ours);
    }
    assert!(
        valid > 1500 && valid < 4500,
        "a useful mix of valid and invalid: {valid}"
    );
}

#[test]
fn cpf_odd_shapes_agree_with_brazilian_utils() {
    let mut rng = Rng(0xBADC0DE);
    let seps = [
        ".",
        "-",
        routes::HOME,
        " ",
        "  ",
        "\t",
        "\u{a0}",
        ". ",
        "--",
        ",",
        "_",
        "a",
        "\u{2003}",
        "",
    ];
    let mut inputs = Vec::new();
    for base in cpf_candidates(&mut rng, 1500) {
        let mut s = String::new();
        for (i, c) in base.chars().enumerate() {
            // Separators usually go at group boundaries, sometimes anywhere.
            if i > 0 && ([3, 6, 9].contains(&i) || rng.chance(4)) {
                s.push_str(rng.pick(&seps));
            }
            s.push(c);
        }
        match rng.below(8) {
            0 => s = format!(" {s} "),
            1 => s.push_str(rng.pick(&seps)),
            2 => s.insert_str(0, rng.pick(&seps)),
            3 => s.push(char::from(b'0' + rng.digit())),
            _ => {}
        }
        inputs.push(s);
    }
    let Some(verdicts) = oracle("cpf.js", &inputs) else {
        return;
    };
    for (s, v) in inputs.iter().zip(&verdicts) {
        assert_eq!(
            Some(is_valid_cpf(s)),
            v["brazilian_utils"].as_bool(),
            "{s:?}: {v}"
        );
    }
}

fn phone_candidates(rng: &mut Rng) -> Vec<String> {
    let valid_ddds = area_codes();
    let mut out = Vec::new();
    // DDDs 00–09 are left out: libphonenumber reads a leading 0 as the trunk
    // prefix and judges the rest (see the deliberate differences below); the
    // unit tests cover every DDD from 00 to 99.
    for ddd in 10..=99u16 {
        let tries = if valid_ddds.contains(&ddd) { 50 } else { 8 };
        for _ in 0..tries {
            let first = if rng.chance(60) { 9 } else { rng.digit() };
            let sub = if rng.chance(8) {
                char::from(b'0' + first).to_string().repeat(9)
            } else {
                format!("{first}{}", rng.digits(8))
            };
            // Wrong lengths now and then: 10 or 12 digits.
            let sub = match rng.below(12) {
                0 => sub[..8].to_owned(),
                1 => format!("{sub}{}", rng.digit()),
                _ => sub,
            };
            let (a, b) = sub.split_at(sub.len() - 4);
            let d = format!("{ddd:02}");
            let s = match rng.below(8) {
                0 => format!("{d}{sub}"),
                1 => format!("({d}) {a}-{b}"),
                2 => format!("{d} {a} {b}"),
                3 => format!("+55 {d} {a}-{b}"),
                4 => format!("55{d}{sub}"),
                5 => format!("+55 ({d}) {} {}-{b}", &a[..1], &a[1..]),
                6 => format!("{d}.{a}.{b}"),
                _ => format!("({d}){a}{}{b}", if rng.chance(50) { "x" } else { "-" }),
            };
            out.push(s);
        }
    }
    out
}

#[test]
fn mobile_phone_agrees_with_libphonenumber_rule() {
    let mut rng = Rng(0xFACADE);
    let inputs = phone_candidates(&mut rng);
    assert!(inputs.len() > 3000);
    let Some(verdicts) = oracle("phone.js", &inputs) else {
        return;
    };
    let (mut valid, mut differences) = (0, 0);
    for (s, v) in inputs.iter().zip(&verdicts) {
        let ours = is_valid_mobile_phone(s);
        let mut theirs = v["ok"].as_bool().unwrap();
        if theirs && deliberate_difference(s) {
            // Deliberate difference, see below: we require 11 digits.
            theirs = false;
            differences += 1;
        }
        assert_eq!(ours, theirs, "{s:?}: {v}");
        valid += usize::from(ours);
    }
    assert!(
        valid > 800,
        "enough valid phones to mean something: {valid}"
    );
    assert!(
        differences > 0,
        "the generator still reaches the known differences"
    );
}

/// Inputs libphonenumber accepts and the product rule (exactly 11
/// national digits) refuses on purpose:
/// - 10 digits with a 7 first (`(34) 7063-7206`): libphonenumber still types
///   the old 8-digit 7xxx trunked-radio ranges as MOBILE;
/// - 12 digits starting with `90`: libphonenumber strips `90` + a 2-digit
///   carrier code as a carrier-selection prefix and judges the rest.
fn deliberate_difference(s: &str) -> bool {
    let d: String = s.chars().filter(char::is_ascii_digit).collect();
    let national = match d.strip_prefix("55") {
        Some(rest) if s.trim_start().starts_with('+') || rest.len() == 10 => rest,
        _ => d.as_str(),
    };
    (national.len() == 10 && national.as_bytes()[2] == b'7')
        || (d.len() == 12 && d.starts_with("90"))
}

/// Where our rule is deliberately stricter than libphonenumber, pinned so a
/// change on either side is noticed: besides `deliberate_difference`, we
/// accept only digits, spaces, `()`, `-`, `.` and a leading `+55`, never a
/// trunk `0` (libphonenumber reads "(01) 97543-4539" as "19 7543-4539").
#[test]
fn mobile_phone_known_deliberate_differences() {
    let inputs: Vec<String> = [
        "011912345678",
        "(01) 97543-4539",
        "(34) 7063-7206",
        "+55 11 7123-4567",
        "11912345678!!",
        "11/91234/5678",
        "90.777777.7778",
    ]
    .map(String::from)
    .to_vec();
    let Some(verdicts) = oracle("phone.js", &inputs) else {
        return;
    };
    for (s, v) in inputs.iter().zip(&verdicts) {
        assert_eq!(
            v["ok"].as_bool(),
            Some(true),
            "libphonenumber accepts {s:?}"
        );
        assert!(!is_valid_mobile_phone(s), "we refuse {s:?}");
    }
}

//! Shared pieces of the oracle tests: a seeded PRNG, the node runner and a
//! CPF generator.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

/// SplitMix64: tiny, seeded, reproducible; a failure prints the input.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn digit(&mut self) -> u8 {
        self.below(10) as u8
    }
    pub fn digits(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'0' + self.digit())).collect()
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

pub fn oracle_dir() -> PathBuf {
    let dir = PathBuf::from(std::env::var("ORACLE_DIR").unwrap_or_else(|_| "target/oracle".into()));
    if dir.is_absolute() {
        dir
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir)
    }
}

/// Runs tests/oracles/`script` over `inputs`; `None` only when skipping was
/// asked for explicitly.
pub fn oracle(script: &str, inputs: &[String]) -> Option<Vec<Value>> {
    if std::env::var("COLHEITA_SKIP_ORACLES").is_ok_and(|v| v == "1") {
        eprintln!("COLHEITA_SKIP_ORACLES=1: skipping the {script} oracle");
        return None;
    }
    let modules = oracle_dir().join("node_modules");
    assert!(
        modules.is_dir(),
        "the npm oracles are not installed in {}: run tests/run.sh (it installs them), \
         or set COLHEITA_SKIP_ORACLES=1 to skip these tests explicitly",
        modules.display()
    );
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracles")
        .join(script);
    let mut child = Command::new("node")
        .arg(&path)
        .env("NODE_PATH", &modules)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run node ({e}); tests/run.sh needs Node ≥ 18"));
    let mut stdin = child.stdin.take().unwrap();
    let body: String = inputs
        .iter()
        .map(|s| serde_json::to_string(s).unwrap() + "\n")
        .collect();
    // Write from another thread so a large answer cannot deadlock the pipes.
    let writer = std::thread::spawn(move || stdin.write_all(body.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        verdicts.len(),
        inputs.len(),
        "{script}: one verdict per input"
    );
    Some(verdicts)
}

pub fn cpf_check_digit(d: &[u8]) -> u8 {
    let n = d.len() as u32 + 1;
    let sum: u32 = d
        .iter()
        .enumerate()
        .map(|(i, &x)| u32::from(x) * (n - i as u32))
        .sum();
    let r = sum % 11;
    if r < 2 { 0 } else { (11 - r) as u8 }
}

pub fn valid_cpf(rng: &mut Rng) -> String {
    let mut d: Vec<u8> = (0..9).map(|_| rng.digit()).collect();
    d.push(cpf_check_digit(&d));
    d.push(cpf_check_digit(&d));
    d.iter().map(|x| char::from(b'0' + x)).collect()
}

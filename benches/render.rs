//! Server render time of the /investir list and of the offering detail, the platform call
//! left out: both pages are rendered to HTML, shell included, from an offering already in
//! memory (`benches/captacao.json`, the sandbox's Santa Luzia with its gallery, FAQ and
//! documents; the list is twelve copies of it, a full page).
//!
//! Plain std timing, no framework: `cargo bench --bench render` (add `-- 50000` for more
//! iterations). Not part of the test suite.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use clap::Parser;
use colheita::api::models::{Captacao, CaptacaoResumo, SearchResponse};
use colheita::config::Cli;
use colheita::startup;
use colheita::web::bench::Renderer;

const OFFERING: &str = include_str!("captacao.json");

fn measure(label: &str, iterations: u32, mut render: impl FnMut() -> String) {
    let bytes = render().len();
    // Warm the allocator and the caches.
    for _ in 0..iterations / 10 {
        black_box(render());
    }
    let mut runs: Vec<Duration> = Vec::with_capacity(5);
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iterations {
            black_box(render());
        }
        runs.push(start.elapsed() / iterations);
    }
    runs.sort();
    println!(
        "{label:<20} {:>8} ns/run (median of 5 × {iterations}; best {} ns, worst {} ns), {bytes} bytes out",
        runs[2].as_nanos(),
        runs[0].as_nanos(),
        runs[4].as_nanos(),
    );
}

fn main() {
    let iterations: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000);
    // A web app state pointing at a platform that is never called.
    let key = colheita_key();
    let cli = Cli::try_parse_from([
        "colheita",
        "--api-url",
        "http://127.0.0.1:9",
        "--cookie-key",
        &key,
        "--data-dir",
        std::env::temp_dir().to_str().unwrap(),
    ])
    .unwrap();
    let state = startup::web_state(
        &cli.config,
        url::Url::parse("http://127.0.0.1:3000").unwrap(),
        url::Url::parse("http://127.0.0.1:9").unwrap(),
        startup::cookie_key(&cli.config).unwrap(),
    )
    .unwrap();
    let renderer = Renderer::new(state);

    let captacao: Captacao = serde_json::from_str(OFFERING).unwrap();
    // The list answer as the platform sends it: twelve whole offerings.
    let body = format!(
        r#"{{"dados":[{}],"totalRegistros":34}}"#,
        (0..12)
            .map(|i| {
                let mut o: serde_json::Value = serde_json::from_str(OFFERING).unwrap();
                o["id"] = (i + 1).into();
                o["urlAmigavel"] = format!("fazenda-{i}").into();
                o.to_string()
            })
            .collect::<Vec<_>>()
            .join(",")
    );
    let list: SearchResponse<CaptacaoResumo> = serde_json::from_str(&body).unwrap();
    let shared = std::sync::Arc::new(list.clone());
    assert!(renderer.list(&shared).contains("Fazenda Santa Luzia"));
    assert!(renderer.detail(&captacao).contains("Dúvidas"));

    println!(
        "colheita render bench ({} build)",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    // A list answer met for the first time draws its rows; the next pages given the same
    // shared answer copy them. "drawn" includes a clone of the parsed list (see "clone").
    measure("list (rows drawn)", iterations, || {
        renderer.list(&std::sync::Arc::new(list.clone()))
    });
    measure("clone list", iterations, || {
        std::sync::Arc::new(list.clone()).dados.len().to_string()
    });
    measure("list (rows kept)", iterations, || renderer.list(&shared));
    // What a list page parses: the slim model against the whole one, from the same bytes.
    println!("list answer: {} bytes", body.len());
    measure("parse list (slim)", iterations, || {
        let l: SearchResponse<CaptacaoResumo> = serde_json::from_slice(body.as_bytes()).unwrap();
        l.dados.len().to_string()
    });
    measure("parse list (whole)", iterations, || {
        let l: SearchResponse<Captacao> = serde_json::from_slice(body.as_bytes()).unwrap();
        l.dados.len().to_string()
    });
    measure("detail", iterations, || renderer.detail(&captacao));
}

/// 64 fixed bytes as base64: a valid cookie key (nothing is encrypted here).
fn colheita_key() -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode([7u8; 64])
}

//! Every site path is defined once, in `src/web/routes.rs`: handlers and views take the
//! patterns and builders from there. This test reads the web layer's sources and fails on
//! a site path written as a string literal anywhere else (asset URLs excepted).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// String literals of `line` that look like a site path: `"/` followed by a letter or by
/// the end of the literal (`"/"` is home), or `"?…` glued to such a path.
fn site_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("\"/") {
        let literal = &rest[start + 1..];
        let end = literal[1..].find('"').map_or(literal.len(), |e| e + 1);
        let candidate = &literal[..end];
        let next = candidate.chars().nth(1);
        let looks_like_path = next.is_none_or(|c| c.is_ascii_lowercase() || c == '?');
        if looks_like_path && !candidate.starts_with("/assets") {
            found.push(candidate.to_owned());
        }
        rest = &literal[end.min(literal.len())..];
        if rest.starts_with('"') {
            rest = &rest[1..];
        }
    }
    found
}

#[test]
fn no_site_path_is_written_outside_the_routes_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/web"), &mut files);
    assert!(files.len() > 20, "the web layer's sources were not found");
    let mut offenders = Vec::new();
    for file in files {
        if file.ends_with("src/web/routes.rs") {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for (n, line) in source.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for path in site_paths(line) {
                offenders.push(format!(
                    "{}:{}: {path}",
                    file.strip_prefix(root).unwrap().display(),
                    n + 1
                ));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "site paths written as literals (take them from web::routes):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_detector_finds_paths_and_leaves_assets_and_text_alone() {
    assert_eq!(site_paths(r#"a href="/carteira" { "x" }"#), ["/carteira"]);
    assert_eq!(site_paths(r#"Redirect::to("/")"#), ["/"]);
    assert_eq!(
        site_paths(r#"format!("/reservas/{id}/termos")"#),
        ["/reservas/{id}/termos"]
    );
    assert!(site_paths(r#"asset_url("/assets/app.css")"#).is_empty());
    assert!(site_paths(r#"p { "R$ 1/2 dias" }"#).is_empty());
    assert!(site_paths(r#"x = "/"; y = "/A""#) == ["/"]);
}

//! Rules read from the sources. Every site path is defined once, in `src/web/routes.rs`:
//! handlers and views take the patterns and builders from there, and the sandbox's
//! notification links come from `src/sandbox/site.rs`; a site path written as a string
//! literal anywhere else (asset URLs excepted) fails. And the error spine is the only
//! place that decides an error's status: no page or component sets one, nor maps a 401.

use std::path::{Path, PathBuf};

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

/// The code lines (comments skipped) of every Rust file under `dir`, as
/// `(path from the crate root, line number, line)`, except the files `skip` names.
fn code_lines(dir: &str, skip: &[&str]) -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join(dir), &mut files);
    assert!(files.len() > 10, "the sources of {dir} were not found");
    let mut lines = Vec::new();
    for file in files {
        let name = file.strip_prefix(root).unwrap().display().to_string();
        if skip.iter().any(|s| name.starts_with(s)) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for (n, line) in source.lines().enumerate() {
            if !line.trim_start().starts_with("//") {
                lines.push((name.clone(), n + 1, line.to_owned()));
            }
        }
    }
    lines
}

#[test]
fn no_site_path_is_written_outside_the_routes_module() {
    let mut offenders = Vec::new();
    for (file, n, line) in code_lines("src/web", &["src/web/routes.rs", "src/web/routes/"]) {
        for path in site_paths(&line) {
            offenders.push(format!("{file}:{n}: {path}"));
        }
    }
    assert!(
        offenders.is_empty(),
        "site paths written as literals (take them from web::routes):\n{}",
        offenders.join("\n")
    );
}

/// The first segments of the web app's pages (`/carteira`, `/minha-conta`, …), read from
/// its routes module: the sandbox's own paths (`/v1/…`, `/login`, `/sandbox/…`) share none.
fn web_sections() -> Vec<String> {
    let routes =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/routes.rs"))
            .unwrap();
    let mut sections: Vec<String> = routes
        .lines()
        .filter(|l| l.starts_with("pub const "))
        .flat_map(site_paths)
        .filter_map(|p| p.split('/').nth(1).map(str::to_owned))
        .filter(|s| !s.is_empty() && s != "assets" && s != "healthz")
        .collect();
    sections.sort();
    sections.dedup();
    sections
}

#[test]
fn the_sandbox_takes_the_web_apps_addresses_from_its_site_module() {
    let sections = web_sections();
    assert!(sections.len() > 8, "{sections:?}");
    let mut offenders = Vec::new();
    // Its tests compare what was sent with the address a user would see.
    for (file, n, line) in code_lines("src/sandbox", &["src/sandbox/site.rs", "src/sandbox/tests"])
    {
        for path in site_paths(&line) {
            let section = path.split(['/', '?']).nth(1).unwrap_or_default();
            if sections.iter().any(|s| s == section) {
                offenders.push(format!("{file}:{n}: {path}"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "web app addresses written in the sandbox (take them from sandbox::site):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_page_sets_an_error_status_or_maps_a_401_by_hand() {
    let mut offenders = Vec::new();
    for dir in ["src/web/pages", "src/web/ui"] {
        for (file, n, line) in code_lines(dir, &[]) {
            // A status is the spine's (web::error, web::partial) to decide.
            let sets_status = line.contains(".with_status(");
            // `From<ApiError> for PageError` sends a 401 to login.
            let maps_401 = line.contains("Unauthorized");
            if sets_status || maps_401 {
                offenders.push(format!("{file}:{n}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "pages deciding an error's answer themselves (use `?`, PageError or Partial):\n{}",
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

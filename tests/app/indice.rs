//! The screen index of `docs/ARCHITECTURE.md` stays true: every route the router serves
//! has its row, with the route's own path, and every file a row names exists.

use std::collections::BTreeMap;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The rows of the "Screen index" table: the first cell and every backticked token.
fn index_rows() -> Vec<(String, Vec<String>)> {
    let doc = read("docs/ARCHITECTURE.md");
    let section = doc
        .split("\n## Screen index\n")
        .nth(1)
        .expect("docs/ARCHITECTURE.md has a '## Screen index' section");
    let section = section.split("\n## ").next().unwrap_or_default();
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let first = l.split('|').nth(1).unwrap_or_default().trim().to_owned();
            let tokens = l.split('`').skip(1).step_by(2).map(str::to_owned).collect();
            (first, tokens)
        })
        .collect()
}

/// `NAME → "/path"` of every constant in the routes module.
fn route_constants() -> BTreeMap<String, String> {
    read("src/web/routes.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("pub const "))
        .filter_map(|l| {
            let (name, rest) = l.split_once(": &str = \"")?;
            let value = rest.strip_suffix("\";")?;
            Some((name.to_owned(), value.to_owned()))
        })
        .collect()
}

/// The route constants the router serves.
fn served_routes() -> Vec<String> {
    let router = read("src/web/pages/mod.rs");
    let mut served: Vec<String> = router
        .split("routes::")
        .skip(1)
        .map(|s| {
            s.chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect::<String>()
        })
        .filter(|s| !s.is_empty())
        .collect();
    served.sort();
    served.dedup();
    served
}

#[test]
fn every_served_route_has_its_row_with_its_own_path() {
    let constants = route_constants();
    let rows = index_rows();
    let served = served_routes();
    assert!(served.len() > 30, "the router's routes were not found");
    let mut problems = Vec::new();
    for name in &served {
        let path = constants
            .get(name)
            .unwrap_or_else(|| panic!("routes::{name} is not a path constant"));
        let row = rows
            .iter()
            .find(|(first, _)| first.starts_with(&format!("`{name}`")));
        match row {
            None => problems.push(format!("routes::{name} ({path}) has no row")),
            Some((first, _)) if !first.contains(&format!("`{path}`")) => {
                problems.push(format!("the row of routes::{name} does not say {path}"))
            }
            Some(_) => {}
        }
    }
    for (first, _) in &rows {
        let name = first.split('`').nth(1).unwrap_or_default();
        if !served.iter().any(|s| s == name) {
            problems.push(format!("a row for {name}, which the router does not serve"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_file_the_index_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    let mut missing = Vec::new();
    for (_, tokens) in index_rows() {
        for t in tokens {
            let is_file = t.contains('/') && (t.ends_with(".rs") || t.ends_with(".ts"));
            if !is_file {
                continue;
            }
            named += 1;
            let path = if t.starts_with("tests/") {
                root.join(&t)
            } else {
                root.join("src").join(&t)
            };
            if !path.is_file() {
                missing.push(t);
            }
        }
    }
    assert!(named > 100, "the index names only {named} files");
    assert!(
        missing.is_empty(),
        "named in the screen index, not found: {missing:?}"
    );
}

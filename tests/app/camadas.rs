//! The sandbox's layering, read from the sources: SQL lives only in its store modules (and in
//! the schema, the seed and the tests), and no layer compares a state as text: states are
//! parsed once into the `domain::status` enums and bound to SQL through them.

use std::path::{Path, PathBuf};

use colheita::domain::status::{CadastroStatus, CaptacaoStatus, ParcelaStatus, ReservaStatus};

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

/// Non-comment lines of the Rust files under `dir`, as (file, line number, text), without
/// test code: a `tests`/`testing` file or folder, and everything from a file's `#[cfg(test)]`
/// on (test modules close the files that have them).
fn code_lines(dir: &str, skip: &[&str]) -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join(dir), &mut files);
    assert!(files.len() > 10, "the sources of {dir} were not found");
    let mut lines = Vec::new();
    for file in files {
        let name = file.strip_prefix(root).unwrap().display().to_string();
        let is_test = name
            .split('/')
            .any(|p| p == "tests" || p == "tests.rs" || p == "testing.rs" || p == "proptests.rs");
        if is_test || skip.iter().any(|s| name.starts_with(s)) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for (n, line) in source.lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            if !line.trim_start().starts_with("//") {
                lines.push((name.clone(), n + 1, line.to_owned()));
            }
        }
    }
    lines
}

fn is_store(file: &str) -> bool {
    file.split('/').any(|p| p == "store" || p == "store.rs")
}

#[test]
fn the_sandbox_keeps_its_sql_in_store_modules() {
    const SQL_CALLS: &[&str] = &[
        ".query_row(",
        ".query_map(",
        ".prepare(",
        ".prepare_cached(",
        ".execute(",
        ".execute_batch(",
        "params![",
        ".pragma_update(",
    ];
    // The schema and its migrations, the pool, and the seed (which writes the demo data in
    // bulk, as a platform's fixtures would) are the only SQL beside the stores.
    let skip = ["src/sandbox/db", "src/sandbox/seed"];
    let offenders: Vec<String> = code_lines("src/sandbox", &skip)
        .into_iter()
        .filter(|(file, _, line)| !is_store(file) && SQL_CALLS.iter().any(|c| line.contains(c)))
        .map(|(file, n, line)| format!("{file}:{n}: {}", line.trim()))
        .collect();
    assert!(
        offenders.is_empty(),
        "SQL outside the sandbox's store modules (move it into the resource's store):\n{}",
        offenders.join("\n")
    );
}

/// Every state name the product knows, in the platform's spelling.
fn state_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    names.extend(ReservaStatus::TODOS.iter().map(|s| s.label().to_owned()));
    names.extend(CaptacaoStatus::TODOS.iter().map(|s| s.label().to_owned()));
    names.extend(ParcelaStatus::TODOS.iter().map(|s| s.label().to_owned()));
    names.extend(CadastroStatus::TODOS.iter().map(|s| s.label().to_owned()));
    names.sort();
    names.dedup();
    assert!(names.len() > 15, "{names:?}");
    names
}

/// The ways a state written as text gets compared: Rust `==`/`!=`/match arms, SQL `=`/`<>`
/// and `IN (…)` lists.
fn compares_a_state(line: &str, name: &str) -> bool {
    let rust = format!("\"{name}\"");
    let sql = format!("'{name}'");
    let rust_compared = line.contains(&format!("== {rust}"))
        || line.contains(&format!("!= {rust}"))
        || line.trim_start().starts_with(&format!("{rust} =>"))
        || line.trim_start().starts_with(&format!("{rust} |"))
        || line.contains(&format!("| {rust}"));
    let sql_compared = line.contains(&format!("= {sql}"))
        || line.contains(&format!("<> {sql}"))
        || line.contains(&format!("({sql}"))
        || line.contains(&format!(", {sql}"));
    rust_compared || sql_compared
}

#[test]
fn no_layer_compares_a_state_as_text() {
    let names = state_names();
    let mut offenders = Vec::new();
    for dir in ["src/web", "src/api", "src/domain", "src/sandbox"] {
        // The enums' own spelling tables, the schema's CHECK constraints and the seed's
        // fixtures are where the names are written down, not compared.
        let skip = ["src/domain/status", "src/sandbox/db", "src/sandbox/seed"];
        for (file, n, line) in code_lines(dir, &skip) {
            if let Some(name) = names.iter().find(|name| compares_a_state(&line, name)) {
                offenders.push(format!("{file}:{n}: {name}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "states compared as text (parse into domain::status and compare the enum):\n{}",
        offenders.join("\n")
    );
}

//! No import cycle between sibling modules: reading the sources, a module that names
//! `crate::…`, `super::…` or `self::…` depends on the module that path reaches; two
//! children of one parent that depend on each other (directly or around a loop) fail.
//! A piece two siblings share belongs in a third they both import. Whole files are read,
//! without their comments and test code (test files, and items under `#[cfg(test)]`).
//!
//! Inside the sandbox, no import runs back up: none reaches outside its module's own
//! subtree (to an ancestor, or into an ancestor's other subtree) while the module it reaches
//! leads back to it. The database opens below the stores that use it, so the start-up that
//! needs both (fix-ups, the seed) is the sandbox's own, at its root.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// The layers held to the rule.
const CHECKED: &[&str] = &["web", "api", "domain", "sandbox"];

fn module_of(file: &Path, src: &Path) -> Module {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn is_test_file(m: &Module) -> bool {
    m.iter()
        .any(|p| p == "tests" || p == "proptests" || p == "testing" || p.ends_with("_tests"))
}

/// The identifiers of a path starting at `text` (`a::b::{c, d}` gives `[a, b]` and the
/// group's first identifiers `[c, d]`).
fn path_at(text: &str) -> (Vec<String>, Vec<String>) {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut parts = Vec::new();
    let mut rest = text;
    loop {
        let id = ident(rest);
        if id.is_empty() {
            break;
        }
        rest = &rest[id.len()..];
        parts.push(id);
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => return (parts, Vec::new()),
        }
    }
    let group = rest
        .strip_prefix('{')
        .and_then(|r| r.split('}').next())
        .map(|g| g.split(',').map(|i| ident(i.trim())).collect())
        .unwrap_or_default();
    (parts, group)
}

fn resolve(from: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let (mut base, rest): (Module, &[String]) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (from.clone(), &path[1..]),
        "super" => {
            let ups = path.iter().take_while(|p| *p == "super").count();
            (
                from[..from.len().saturating_sub(ups)].to_vec(),
                &path[ups..],
            )
        }
        _ => return None,
    };
    for p in rest {
        base.push(p.clone());
        if !modules.contains(&base) {
            base.pop();
            break;
        }
    }
    Some(base)
}

/// The code of a source file as the checks read it: comments and the contents of string
/// and character literals blanked, and every item under `#[cfg(test)]` (a test module,
/// inline or in its own file, a test-only function or import) left out, to its `;` or the
/// brace that closes it.
fn code_of(text: &str) -> String {
    let plain = without_comments_and_literals(text);
    let mut code = String::with_capacity(plain.len());
    let mut rest = plain.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        code.push_str(&rest[..at]);
        rest = &rest[at + "#[cfg(test)]".len()..];
        let mut depth = 0usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    code.push_str(rest);
    code
}

/// `text` without its comments, and its string and character literals emptied.
fn without_comments_and_literals(text: &str) -> String {
    let s: Vec<char> = text.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        let prev_ident = i > 0 && is_ident(s[i - 1]);
        if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == '"' {
            i += 1;
            while i < s.len() && s[i] != '"' {
                i += if s[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == 'r' && !prev_ident && matches!(next, Some('"' | '#')) {
            let hashes = s[i + 1..].iter().take_while(|c| **c == '#').count();
            if s.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            i += hashes + 2;
            while i < s.len()
                && !(s[i] == '"'
                    && s[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|c| **c == '#')
                        .count()
                        == hashes)
            {
                i += 1;
            }
            i += hashes + 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < s.len() && s[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && s.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Every import of the non-test code, as (importing module, imported module): each path
/// starting `crate::`, `super::` or `self::` (a `use` or written in place), resolved to the deepest module it names. A module's own items are no import.
fn imports() -> BTreeSet<(Module, Module)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    super::routes::rust_files(&src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(f, &src)).collect();
    let mut edges = BTreeSet::new();
    for file in &files {
        let from = module_of(file, &src);
        if is_test_file(&from) {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for start in ["crate::", "super::", "self::"] {
            for (at, _) in code.match_indices(start) {
                let before = code[..at].chars().last();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let (path, group) = path_at(&code[at..]);
                let mut targets = vec![path.clone()];
                targets.extend(group.into_iter().map(|g| [path.clone(), vec![g]].concat()));
                for t in targets {
                    if let Some(to) = resolve(&from, &t, &modules).filter(|to| *to != from) {
                        edges.insert((from.clone(), to));
                    }
                }
            }
        }
    }
    edges
}

/// The imports between siblings: an import from `a::b::c` of `a::d::e` is one of `a::b` on
/// `a::d`, the two children of their common parent.
fn dependencies() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, to) in imports() {
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common < from.len() && common < to.len() {
            graph
                .entry(from[..=common].to_vec())
                .or_default()
                .insert(to[..=common].to_vec());
        }
    }
    graph
}

/// The imports that run back up: `from` imports `to`, `to`'s imports lead back to `from`
/// (the import lies on a loop), and `to` is outside `from`'s own subtree: an ancestor of
/// `from` (a child reading its parent's `super::Item` while the parent imports the child),
/// or in an ancestor's other subtree (`sandbox::captacoes::store` importing `sandbox::db`
/// while `db` leads back to it). A module importing its own children is how the tree reads;
/// every loop needs at least one import back up, so their count bounds the loops.
fn upward(edges: &BTreeSet<(Module, Module)>) -> Vec<(Module, Module)> {
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, to) in edges {
        graph.entry(from.clone()).or_default().insert(to.clone());
    }
    let leads_to = |start: &Module, goal: &Module| {
        let mut stack = vec![start.clone()];
        let mut seen = BTreeSet::new();
        while let Some(at) = stack.pop() {
            if at == *goal {
                return true;
            }
            if seen.insert(at.clone()) {
                stack.extend(graph.get(&at).into_iter().flatten().cloned());
            }
        }
        false
    };
    edges
        .iter()
        .filter(|(from, to)| !to.starts_with(from) && leads_to(to, from))
        .cloned()
        .collect()
}

/// A loop through `start`, if there is one.
fn cycle_through(
    start: &Module,
    graph: &BTreeMap<Module, BTreeSet<Module>>,
) -> Option<Vec<Module>> {
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((at, trail)) = stack.pop() {
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                return Some(trail.clone());
            }
            if seen.insert(next.clone()) {
                stack.push((next.clone(), [trail.clone(), vec![next.clone()]].concat()));
            }
        }
    }
    None
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    let graph = dependencies();
    assert!(graph.len() > 20, "the sources' imports were not found");
    let mut cycles = BTreeSet::new();
    for module in graph.keys() {
        if !CHECKED
            .iter()
            .any(|l| module.first().is_some_and(|m| m == l))
        {
            continue;
        }
        if let Some(mut trail) = cycle_through(module, &graph) {
            trail.sort();
            cycles.insert(
                trail
                    .iter()
                    .map(|m| m.join("::"))
                    .collect::<Vec<_>>()
                    .join(" ↔ "),
            );
        }
    }
    assert!(
        cycles.is_empty(),
        "import cycles:\n{}",
        cycles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn no_import_runs_back_up_inside_the_sandbox() {
    let inside = |m: &Module| m.first().is_some_and(|l| l == "sandbox");
    let edges: BTreeSet<(Module, Module)> = imports()
        .into_iter()
        .filter(|(from, to)| inside(from) && inside(to))
        .collect();
    assert!(edges.len() > 100, "the sandbox's imports were not found");
    let up: Vec<String> = upward(&edges)
        .iter()
        .map(|(from, to)| format!("{} → {}", from.join("::"), to.join("::")))
        .collect();
    assert!(
        up.is_empty(),
        "{} imports run back up inside the sandbox (none may):\n{}",
        up.len(),
        up.join("\n")
    );
}

#[test]
fn the_reader_sees_a_loop_it_is_shown() {
    let m = |s: &str| s.split("::").map(str::to_owned).collect::<Module>();
    let mut graph = BTreeMap::new();
    graph.insert(m("web::a"), BTreeSet::from([m("web::b")]));
    graph.insert(m("web::b"), BTreeSet::from([m("web::c")]));
    graph.insert(m("web::c"), BTreeSet::from([m("web::a")]));
    graph.insert(m("web::d"), BTreeSet::from([m("web::a")]));
    assert_eq!(
        cycle_through(&m("web::a"), &graph).map(|t| t.len()),
        Some(3)
    );
    assert_eq!(cycle_through(&m("web::d"), &graph), None);
    let (path, group) = path_at("super::ui::{Page, cards}; x");
    assert_eq!(path, ["super", "ui"]);
    assert_eq!(group, ["Page", "cards"]);
    let edges = BTreeSet::from([
        (m("s::a"), m("s::a::x")),
        (m("s::a::x"), m("s::a")),
        (m("s::a::x"), m("s::b")),
        (m("s::b"), m("s::c::y")),
        (m("s::c::y"), m("s::a::x")),
        (m("s::d"), m("s::a")),
    ]);
    assert_eq!(
        upward(&edges),
        [
            (m("s::a::x"), m("s::a")),
            (m("s::a::x"), m("s::b")),
            (m("s::b"), m("s::c::y")),
            (m("s::c::y"), m("s::a::x")),
        ]
    );
}

#[test]
fn the_reader_leaves_out_test_items_comments_and_literals() {
    let code = code_of(
        "use crate::a; // crate::b\n/* crate::c */ let s = \"crate::d {\"; let c = '{';\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n    fn f() { g(\"}\"); }\n}\n\
         #[cfg(test)]\nmod other;\nuse crate::e;\nfn h<'a>(x: &'a str) { crate::f(x) }",
    );
    assert!(code.contains("crate::a") && code.contains("crate::e") && code.contains("crate::f"));
    for gone in ["crate::b", "crate::c", "crate::d", "super::*", "mod other"] {
        assert!(!code.contains(gone), "{gone} was read in:\n{code}");
    }
}

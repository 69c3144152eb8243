//! No import cycle between sibling modules: reading the sources, a module that names
//! `crate::…`, `super::…` or `self::…` depends on the module that path reaches; two
//! children of one parent that depend on each other (directly or around a loop) fail.
//! A piece two siblings share belongs in a third they both import. Test code is left out.

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

fn dependencies() -> BTreeMap<Module, BTreeSet<Module>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    super::routes::rust_files(&src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(f, &src)).collect();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for file in &files {
        let from = module_of(file, &src);
        if is_test_file(&from) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let code = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
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
                    let Some(to) = resolve(&from, &t, &modules) else {
                        continue;
                    };
                    // The edge between the two siblings under the common parent.
                    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
                    if common < from.len() && common < to.len() {
                        graph
                            .entry(from[..=common].to_vec())
                            .or_default()
                            .insert(to[..=common].to_vec());
                    }
                }
            }
        }
    }
    graph
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
}

//! Builds the embedded assets.
//!
//! 1. `npm ci --ignore-scripts` in `islands/` when `islands/node_modules` is missing or older than
//!    `islands/package-lock.json`.
//! 2. The island contracts: every `islands/*.tsx` must be an `Island` of `islands/props`, whose
//!    props structs are written as TypeScript to `islands/generated/props.ts`; then
//!    `tsc --noEmit -p islands` type-checks the islands against them, so a props field renamed in
//!    Rust fails the build until the island that reads it follows.
//! 3. `node islands/build.mjs $OUT_DIR/islands-out` (esbuild: one content-hashed chunk per island,
//!    a shared chunk, `manifest.json`).
//! 4. Every file of `static/` (recursively) gets a content-hashed URL `/assets/{stem}-{hash8}.{ext}`;
//!    island files keep esbuild's hashed names under `/assets/`.
//! 5. Text assets are gzipped here (best compression, kept only when smaller).
//! 6. `$OUT_DIR/assets.rs` holds the table that `src/web/assets.rs` includes.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use colheita_islands::Island;
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

type BuildResult<T> = Result<T, String>;

fn main() {
    if let Err(message) = run() {
        eprintln!("\nerror: colheita build.rs: {message}\n");
        std::process::exit(1);
    }
}

struct Entry {
    logical: String,
    url: String,
    content_type: &'static str,
    source: PathBuf,
    gzip: Option<PathBuf>,
}

fn run() -> BuildResult<()> {
    let root = PathBuf::from(env("CARGO_MANIFEST_DIR")?);
    let out_dir = PathBuf::from(env("OUT_DIR")?);
    let islands = root.join("islands");
    let static_dir = root.join("static");

    println!("cargo:rerun-if-changed=build.rs");
    track_islands(&islands)?;

    check_node()?;
    npm_ci_if_needed(&islands)?;
    check_island_names(&islands)?;
    write_props_types(&islands)?;
    typecheck(&root)?;

    let islands_out = out_dir.join("islands-out");
    let status = Command::new("node")
        .arg(islands.join("build.mjs"))
        .arg(&islands_out)
        .current_dir(&root)
        .status()
        .map_err(|e| format!("could not run `node islands/build.mjs`: {e}"))?;
    if !status.success() {
        return Err(format!(
            "`node islands/build.mjs` failed ({status}); see the esbuild output above"
        ));
    }

    let gz_dir = out_dir.join("assets-gz");
    // A fresh directory each run: stale .gz files of old hashes would only waste space.
    if gz_dir.exists() {
        fs::remove_dir_all(&gz_dir).map_err(|e| format!("removing {}: {e}", gz_dir.display()))?;
    }
    fs::create_dir_all(&gz_dir).map_err(|e| format!("creating {}: {e}", gz_dir.display()))?;

    let mut entries = Vec::new();

    // Static files, by path relative to static/.
    println!("cargo:rerun-if-changed={}", static_dir.display());
    if static_dir.is_dir() {
        let mut files = Vec::new();
        walk(&static_dir, &mut files)?;
        files.sort();
        for path in files {
            let rel = path
                .strip_prefix(&static_dir)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let logical = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let bytes = read(&path)?;
            let file_name = hashed_name(&path, &bytes)?;
            entries.push(entry(logical, file_name, path, &bytes, &gz_dir)?);
        }
    }

    // Islands, by the logical names of esbuild's manifest.
    let manifest_path = islands_out.join("manifest.json");
    let manifest_text = fs::read_to_string(&manifest_path)
        .map_err(|e| format!("reading {}: {e}", manifest_path.display()))?;
    let manifest: BTreeMap<String, String> = serde_json::from_str(&manifest_text).map_err(|e| {
        format!(
            "{} is not a JSON object of strings: {e}",
            manifest_path.display()
        )
    })?;
    for (logical, file_name) in manifest {
        // Values are bare file names inside islands-out: never a path that leaves it.
        if file_name.is_empty() || file_name.starts_with('.') || file_name.contains(['/', '\\']) {
            return Err(format!(
                "{}: {logical} maps to {file_name:?}, not a file name",
                manifest_path.display()
            ));
        }
        let path = islands_out.join(&file_name);
        let bytes = read(&path)?;
        entries.push(entry(logical, file_name, path, &bytes, &gz_dir)?);
    }

    let mut seen = BTreeMap::new();
    for e in &entries {
        if let Some(other) = seen.insert(e.url.clone(), e.logical.clone()) {
            // Same stem, extension and content under two folders: same URL, same bytes — fine.
            println!(
                "cargo:warning={} and {} have identical content and share {}",
                other, e.logical, e.url
            );
        }
    }

    let mut code = String::from(
        "// @generated by build.rs — do not edit.\n\
         /// Every embedded asset: static/ files and the islands bundle.\n\
         pub static ASSETS: &[Asset] = &[\n",
    );
    for e in &entries {
        let gzip = match &e.gzip {
            Some(p) => format!("include_bytes!({})", rust_str(p)?),
            None => "&[]".to_owned(),
        };
        let _ = writeln!(
            code,
            "    Asset {{ logical: {:?}, url: {:?}, content_type: {:?}, bytes: include_bytes!({}), gzip: {} }},",
            e.logical,
            e.url,
            e.content_type,
            rust_str(&e.source)?,
            gzip
        );
    }
    code.push_str("];\n");

    // The chunks each island imports (see islands/build.mjs), to fetch ahead of it.
    let imports_path = islands_out.join("imports.json");
    let imports_text = fs::read_to_string(&imports_path)
        .map_err(|e| format!("reading {}: {e}", imports_path.display()))?;
    let imports: BTreeMap<String, Vec<String>> =
        serde_json::from_str(&imports_text).map_err(|e| {
            format!(
                "{} is not a JSON object of string lists: {e}",
                imports_path.display()
            )
        })?;
    code.push_str(
        "/// The chunks each island imports, by logical name.\n\
         pub static ISLAND_IMPORTS: &[(&str, &[&str])] = &[\n",
    );
    for (island, chunks) in &imports {
        let _ = writeln!(code, "    ({island:?}, &{chunks:?}),");
    }
    code.push_str("];\n");
    let target = out_dir.join("assets.rs");
    write_if_changed(&target, code.as_bytes())?;
    Ok(())
}

fn env(name: &str) -> BuildResult<String> {
    std::env::var(name).map_err(|_| format!("environment variable {name} is not set"))
}

fn read(path: &Path) -> BuildResult<Vec<u8>> {
    fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))
}

fn rust_str(path: &Path) -> BuildResult<String> {
    path.to_str()
        .map(|s| format!("{s:?}"))
        .ok_or_else(|| format!("path is not UTF-8: {}", path.display()))
}

fn track_islands(islands: &Path) -> BuildResult<()> {
    println!("cargo:rerun-if-changed={}", islands.display());
    let dir = fs::read_dir(islands).map_err(|e| format!("reading {}: {e}", islands.display()))?;
    let mut names = Vec::new();
    for item in dir {
        let item = item.map_err(|e| format!("reading {}: {e}", islands.display()))?;
        let path = item.path();
        let name = item.file_name().to_string_lossy().into_owned();
        let tracked = name.ends_with(".ts")
            || name.ends_with(".tsx")
            || name == "build.mjs"
            || name == "package.json"
            || name == "package-lock.json"
            || name == "tsconfig.json";
        if tracked && path.is_file() {
            names.push(path);
        }
    }
    names.push(islands.join("generated").join("props.ts"));
    names.sort();
    for path in names {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    Ok(())
}

/// Every `islands/*.tsx` is an island of the enum, and every island of the enum has its file.
fn check_island_names(islands: &Path) -> BuildResult<()> {
    let dir = fs::read_dir(islands).map_err(|e| format!("reading {}: {e}", islands.display()))?;
    let mut files = Vec::new();
    for item in dir {
        let item = item.map_err(|e| format!("reading {}: {e}", islands.display()))?;
        if let Some(stem) = item.file_name().to_string_lossy().strip_suffix(".tsx") {
            files.push(stem.to_owned());
        }
    }
    let names: Vec<&str> = Island::ALL.iter().map(|i| i.name()).collect();
    for file in &files {
        if !names.contains(&file.as_str()) {
            return Err(format!(
                "islands/{file}.tsx is not an island of the `Island` enum in islands/props/src/lib.rs; \
                 add it there, with its props struct"
            ));
        }
    }
    for name in names {
        if !files.iter().any(|f| f == name) {
            return Err(format!(
                "the `Island` enum of islands/props/src/lib.rs names {name:?}, but islands/{name}.tsx is missing"
            ));
        }
    }
    Ok(())
}

/// `islands/generated/props.ts`, rewritten only when the props structs changed (so a build
/// never touches a file that is already right, and git stays clean).
fn write_props_types(islands: &Path) -> BuildResult<()> {
    let dir = islands.join("generated");
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    write_if_changed(
        &dir.join("props.ts"),
        colheita_islands::typescript().as_bytes(),
    )
}

/// `tsc --noEmit -p islands`: its errors (a props field the islands read differently from the
/// Rust structs, or any other type error) fail the build.
fn typecheck(root: &Path) -> BuildResult<()> {
    let tsc = root.join("islands/node_modules/typescript/bin/tsc");
    let out = Command::new("node")
        .arg(&tsc)
        .args(["--noEmit", "--pretty", "false", "-p", "islands"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("could not run `{}`: {e}", tsc.display()))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "the islands do not type-check (`tsc --noEmit -p islands`, {}). The props types come from \
         the Rust structs of islands/props, written to islands/generated/props.ts:\n\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

fn check_node() -> BuildResult<()> {
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "`node --version` failed ({}). Node.js 20+ and npm are needed to bundle the islands \
             (on Debian: `apt-get install nodejs npm`).",
            out.status
        )),
        Err(e) => Err(format!(
            "Node.js was not found on PATH ({e}). Node.js 20+ and npm are needed to bundle the \
             islands (on Debian: `apt-get install nodejs npm`)."
        )),
    }
}

fn mtime(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn npm_ci_if_needed(islands: &Path) -> BuildResult<()> {
    let lock = islands.join("package-lock.json");
    let modules = islands.join("node_modules");
    // npm writes node_modules/.package-lock.json at the end of every install.
    let installed = mtime(&modules.join(".package-lock.json")).or_else(|| mtime(&modules));
    let needed = match (installed, mtime(&lock)) {
        (None, _) => true,
        (Some(installed), Some(lock)) => installed < lock,
        (Some(_), None) => false,
    };
    if !needed && modules.join("esbuild").is_dir() {
        return Ok(());
    }
    let status = Command::new("npm")
        .args(["ci", "--ignore-scripts", "--no-audit", "--no-fund"])
        .current_dir(islands)
        .status()
        .map_err(|e| {
            format!("could not run `npm ci` in islands/ ({e}); npm is needed next to Node.js")
        })?;
    if !status.success() {
        return Err(format!(
            "`npm ci --ignore-scripts` in islands/ failed ({status}); the npm registry must be reachable"
        ));
    }
    Ok(())
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> BuildResult<()> {
    let items = fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for item in items {
        let item = item.map_err(|e| format!("reading {}: {e}", dir.display()))?;
        let path = item.path();
        if item.file_name().to_string_lossy().starts_with('.') {
            continue; // .gitkeep, editor files
        }
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_dir() {
            walk(&path, files)?;
        } else if path.is_file() {
            files.push(path);
        }
    }
    Ok(())
}

fn hashed_name(path: &Path, bytes: &[u8]) -> BuildResult<String> {
    let digest = Sha256::digest(bytes);
    let hash = hex::encode(&digest[..4]);
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| format!("file name is not UTF-8: {}", path.display()))?;
    Ok(match path.extension().and_then(|s| s.to_str()) {
        Some(ext) => format!("{stem}-{hash}.{ext}"),
        None => format!("{stem}-{hash}"),
    })
}

fn extension(name: &str) -> String {
    name.rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default()
}

fn content_type(ext: &str) -> &'static str {
    match ext {
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "txt" => "text/plain; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "xml" => "application/xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

fn compressible(ext: &str) -> bool {
    matches!(
        ext,
        "js" | "mjs"
            | "css"
            | "svg"
            | "json"
            | "map"
            | "webmanifest"
            | "txt"
            | "html"
            | "xml"
            | "ico"
    )
}

fn entry(
    logical: String,
    file_name: String,
    source: PathBuf,
    bytes: &[u8],
    gz_dir: &Path,
) -> BuildResult<Entry> {
    let ext = extension(&file_name);
    let gzip = if compressible(&ext) {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder
            .write_all(bytes)
            .map_err(|e| format!("gzip {logical}: {e}"))?;
        let gz = encoder
            .finish()
            .map_err(|e| format!("gzip {logical}: {e}"))?;
        if gz.len() < bytes.len() {
            let path = gz_dir.join(format!("{file_name}.gz"));
            fs::write(&path, &gz).map_err(|e| format!("writing {}: {e}", path.display()))?;
            Some(path)
        } else {
            None
        }
    } else {
        None
    };
    Ok(Entry {
        url: format!("/assets/{file_name}"),
        content_type: content_type(&ext),
        logical,
        source,
        gzip,
    })
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> BuildResult<()> {
    if fs::read(path).ok().as_deref() == Some(bytes) {
        return Ok(());
    }
    fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
}

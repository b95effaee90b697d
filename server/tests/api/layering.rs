//! The server's layering (see `server/src/lib.rs`), checked by reading `server/src`:
//! - only `app/`, route handlers (`routes.rs`, `routes/`) and extractors (`extract.rs`) name
//!   `AppState`; everything else takes what it uses;
//! - `http/` is plumbing: it names no capability and not the app;
//! - no module imports another capability's `routes`;
//! - identity (`auth/`) names no product capability.
//!
//! A capability is any folder of `server/src` other than `app`, `http` and `db`, so a new one is
//! covered without editing this file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const PLUMBING_FOLDERS: [&str; 3] = ["app", "http", "db"];
/// Capabilities identity may use: it mails links and codes.
const IDENTITY_MAY_USE: [&str; 2] = ["auth", "mail"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

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

/// Every source file as (path relative to `src`, code without comments).
fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let relative = path
                .strip_prefix(src())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let code = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            (relative, code)
        })
        .collect()
}

fn capabilities() -> BTreeSet<String> {
    std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !PLUMBING_FOLDERS.contains(&name.as_str()))
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a file names through `crate::`, as their segments: `crate::billing::routes::X` gives
/// `["billing", "routes", "X"]`, and `crate::{billing::routes, teams}` gives `["billing",
/// "routes"]` and `["teams"]`.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(is_ident) {
            continue;
        }
        paths.extend(expand(rest, Vec::new()));
    }
    paths
}

/// The paths that start at `text` (just after a `::`), under `prefix`.
fn expand(text: &str, prefix: Vec<String>) -> Vec<Vec<String>> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 1;
        let mut end = group.len();
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = i;
                break;
            }
        }
        let inner = &group[..end];
        let mut items = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(&inner[start..]);
        return items
            .into_iter()
            .filter(|item| !item.trim().is_empty())
            .flat_map(|item| expand(item, prefix.clone()))
            .collect();
    }
    let name: String = text.chars().take_while(|c| is_ident(*c)).collect();
    if name.is_empty() {
        return vec![prefix];
    }
    let mut path = prefix;
    path.push(name.clone());
    match text[name.len()..].strip_prefix("::") {
        Some(more) => expand(more, path),
        None => vec![path],
    }
}

/// The capability a file belongs to, if it is in one.
fn capability_of(file: &str, capabilities: &BTreeSet<String>) -> Option<String> {
    let first = file.split('/').next()?;
    capabilities.contains(first).then(|| first.to_owned())
}

fn handles_requests(file: &str) -> bool {
    file.starts_with("app/")
        || file.ends_with("/routes.rs")
        || file.contains("/routes/")
        || file.ends_with("/extract.rs")
}

#[test]
fn only_the_app_route_handlers_and_extractors_name_app_state() {
    let offenders: Vec<String> = sources()
        .into_iter()
        // The crate's index re-exports the app's types for the binary and the tests.
        .filter(|(file, _)| file != "lib.rs")
        .filter(|(file, code)| !handles_requests(file) && code.contains("AppState"))
        .map(|(file, _)| file)
        .collect();
    assert!(
        offenders.is_empty(),
        "these files name AppState; pass them the Db, now, the Outbox or what else they use: {offenders:?}"
    );
}

#[test]
fn http_is_plumbing_that_names_no_capability_and_not_the_app() {
    let capabilities = capabilities();
    let mut offenders = Vec::new();
    for (file, code) in sources() {
        if !file.starts_with("http/") {
            continue;
        }
        for path in crate_paths(&code) {
            let first = path.first().map(String::as_str).unwrap_or("");
            if first == "app" || capabilities.contains(first) || code.contains("AppState") {
                offenders.push(format!("{file}: crate::{}", path.join("::")));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn no_module_imports_another_capabilitys_routes() {
    let capabilities = capabilities();
    let mut offenders = Vec::new();
    for (file, code) in sources() {
        if file.starts_with("app/") {
            continue;
        }
        let own = capability_of(&file, &capabilities);
        for path in crate_paths(&code) {
            let (Some(target), Some(second)) = (path.first(), path.get(1)) else {
                continue;
            };
            if second == "routes" && capabilities.contains(target) && own.as_ref() != Some(target) {
                offenders.push(format!("{file}: crate::{}", path.join("::")));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn identity_names_no_product_capability() {
    let capabilities = capabilities();
    let mut offenders = Vec::new();
    for (file, code) in sources() {
        if !file.starts_with("auth/") {
            continue;
        }
        for path in crate_paths(&code) {
            let first = path.first().map(String::as_str).unwrap_or("");
            if capabilities.contains(first) && !IDENTITY_MAY_USE.contains(&first) {
                offenders.push(format!("{file}: crate::{}", path.join("::")));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn the_path_reader_sees_grouped_and_nested_imports() {
    let paths = crate_paths(
        "use crate::{billing::routes::{past, X}, teams};\nlet a = crate::vision::dto::V::new();\nmy_crate::x",
    );
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "billing::routes::past",
            "billing::routes::X",
            "teams",
            "vision::dto::V::new"
        ]
    );
}

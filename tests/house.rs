//! The house's shape, as a reviewer checks it (issue 51's "done when"),
//! read from the sources themselves:
//! - no import circle between the modules of `src/` or of any crate's
//!   `src/` (an import: a code line naming `crate::a::b…` or
//!   `super::b…`, resolved to the deepest module file it names below the
//!   crate's root or the parent; comments and a file's inline tests don't
//!   count);
//! - every `#[wasm_split]` in `src/parts/`, and no module outside
//!   `src/parts/` and `src/root/` names `lazy`;
//! - no file in `src/` over 400 lines, `src/root/app.rs` at most 300;
//! - `ARCHITECTURE.md` at most 1,500 words, `docs/performance.md` at most
//!   300 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A file's module path under its source root: `store/state.rs` →
/// `["store", "state"]`, `store/mod.rs` → `["store"]`, `lib.rs` → `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a line names after `crate::` or `super::` (a `{a::b, c}`
/// group gives one path per item), each as its segments, the first being
/// `crate` or `super`.
fn named_paths(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = line[from..].find(start).map(|i| i + from) {
            from = at + start.len();
            // `foo_crate::` or `mixua_policy::super` are not ours.
            if line[..at].chars().next_back().is_some_and(|c| is_ident(c) && c != '$') {
                continue;
            }
            let head = start.trim_end_matches("::").to_string();
            let rest = &line[from..];
            let path: String = rest.chars().take_while(|&c| is_ident(c) || c == ':').collect();
            let mut segs: Vec<String> = vec![head.clone()];
            segs.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
            let after = &rest[path.len()..];
            if (path.is_empty() || path.ends_with("::")) && after.starts_with('{') {
                let group = &after[1..after.find('}').unwrap_or(after.len())];
                for item in group.split(',') {
                    let item: String = item.trim().chars().take_while(|&c| is_ident(c) || c == ':').collect();
                    let mut s = segs.clone();
                    s.extend(item.split("::").filter(|s| !s.is_empty()).map(String::from));
                    out.push(s);
                }
            } else {
                out.push(segs);
            }
        }
    }
    out
}

/// The import arrows between the module files under `src`, by module path.
fn arrows(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files = rust_files(src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let me = module_of(src, file);
        let is_mod_file = file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let text = fs::read_to_string(file).unwrap();
        // A file's inline tests (`#[cfg(test)]` then `mod …`, which this
        // house puts at a file's end) are not what the module needs: the
        // reading stops there.
        let lines: Vec<&str> = text.lines().collect();
        let tests_at = (0..lines.len())
            .find(|&i| {
                lines[i].trim() == "#[cfg(test)]"
                    && lines[i + 1..].iter().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim_start().starts_with("mod "))
            })
            .unwrap_or(lines.len());
        for line in lines[..tests_at].iter().filter(|l| !l.trim_start().starts_with("//")) {
            for path in named_paths(line) {
                let mut base: Vec<String> = match path[0].as_str() {
                    "crate" => Vec::new(),
                    _ => {
                        // `super` of `a/b.rs` (module a::b) is `a`; of `a/mod.rs` (module a) it is the root.
                        let mut b = me.clone();
                        if !is_mod_file || !b.is_empty() {
                            b.pop();
                        }
                        b
                    }
                };
                let mut target = None;
                for seg in &path[1..] {
                    base.push(seg.clone());
                    if modules.contains(&base) {
                        target = Some(base.clone());
                    } else {
                        break;
                    }
                }
                if let Some(t) = target.filter(|t| *t != me && !t.is_empty()) {
                    graph.entry(me.clone()).or_default().insert(t);
                }
            }
        }
        graph.entry(me).or_default();
    }
    graph
}

/// The circles (strongly connected sets of more than one module), by
/// Tarjan's algorithm.
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'g Vec<String>, usize>,
        low: BTreeMap<&'g Vec<String>, usize>,
        stack: Vec<&'g Vec<String>>,
        on: BTreeSet<&'g Vec<String>>,
        found: Vec<Vec<Vec<String>>>,
    }
    fn visit<'g>(w: &mut Walk<'g>, v: &'g Vec<String>) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on.insert(v);
        for u in w.graph.get(v).into_iter().flatten() {
            let Some((u, _)) = w.graph.get_key_value(u) else { continue };
            if !w.index.contains_key(u) {
                visit(w, u);
                let l = w.low[u].min(w.low[v]);
                w.low.insert(v, l);
            } else if w.on.contains(u) {
                let l = w.index[u].min(w.low[v]);
                w.low.insert(v, l);
            }
        }
        if w.low[v] == w.index[v] {
            let mut set = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on.remove(u);
                set.push(u.clone());
                if u == v {
                    break;
                }
            }
            if set.len() > 1 {
                w.found.push(set);
            }
        }
    }
    let mut w = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on: BTreeSet::new(), found: Vec::new() };
    for v in graph.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

fn source_roots() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut roots = vec![root.join("src")];
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            roots.push(src);
        }
    }
    roots.sort();
    roots
}

#[test]
fn no_import_circles() {
    let mut said = Vec::new();
    for src in source_roots() {
        for circle in circles(&arrows(&src)) {
            let names: Vec<String> = circle.iter().map(|m| m.join("::")).collect();
            said.push(format!("{}: {}", src.display(), names.join(" ↔ ")));
        }
    }
    assert!(said.is_empty(), "import circles:\n{}", said.join("\n"));
}

/// The reader itself: a circle it must see, and the arrows it must not.
#[test]
fn the_reader_sees_a_circle_and_skips_comments() {
    let dir = std::env::temp_dir().join(format!("mixua-house-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("a")).unwrap();
    fs::write(src.join("lib.rs"), "pub mod a;\npub mod b;\n").unwrap();
    fs::write(src.join("a/mod.rs"), "pub mod c;\npub mod d;\nuse crate::b::Thing;\n").unwrap();
    fs::write(src.join("a/c.rs"), "// crate::a::d is named in a comment only\nuse super::X;\nfn f() { crate::b::g() }\n#[cfg(test)]\nmod tests { use super::*; }\n").unwrap();
    fs::write(src.join("a/d.rs"), "use super::c::Y;\n").unwrap();
    fs::write(src.join("b.rs"), "use crate::{a::c::Y, a::Z};\nfn f() { mixua_crate::b(); }\n").unwrap();
    let graph = arrows(&src);
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(graph[&m("a")], BTreeSet::from([m("b")]));
    // `super::X` and an inline test's `super::*` name no module file.
    assert_eq!(graph[&m("a::c")], BTreeSet::from([m("b")]));
    assert_eq!(graph[&m("a::d")], BTreeSet::from([m("a::c")]));
    assert_eq!(graph[&m("b")], BTreeSet::from([m("a::c"), m("a")]));
    let found = circles(&graph);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].iter().collect::<BTreeSet<_>>(), BTreeSet::from([&m("a"), &m("b"), &m("a::c")]));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lazy_loading_stays_behind_its_seam() {
    let src = Path::new(ROOT).join("src");
    let mut said = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
        if rel.starts_with("parts/") || rel.starts_with("root/") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        if text.contains("wasm_split") {
            said.push(format!("{rel} names wasm_split"));
        }
        if text.to_lowercase().contains("lazy") {
            said.push(format!("{rel} names lazy"));
        }
    }
    assert!(said.is_empty(), "outside src/parts/ and src/root/:\n{}", said.join("\n"));
}

#[test]
fn files_and_documents_keep_their_size() {
    let root = Path::new(ROOT);
    let mut said = Vec::new();
    for file in rust_files(&root.join("src")) {
        let lines = fs::read_to_string(&file).unwrap().lines().count();
        let limit = if file.ends_with("root/app.rs") { 300 } else { 400 };
        if lines > limit {
            said.push(format!("{}: {lines} lines (at most {limit})", file.display()));
        }
    }
    let words = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap().split_whitespace().count();
    if words > 1500 {
        said.push(format!("ARCHITECTURE.md: {words} words (at most 1,500)"));
    }
    let lines = fs::read_to_string(root.join("docs/performance.md")).unwrap().lines().count();
    if lines > 300 {
        said.push(format!("docs/performance.md: {lines} lines (at most 300)"));
    }
    assert!(said.is_empty(), "{}", said.join("\n"));
}

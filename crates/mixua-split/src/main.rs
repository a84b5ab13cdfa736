//! The build's split step (issue 28): `scripts/link-wasm.sh`, cargo's
//! linker for the browser build, runs it on the linked wasm.
//!
//!     mixua-split LINKED.wasm PARTS_ROOT
//!
//! Every function marked `#[wasm_split(part)]` (`src/parts/mod.rs`) goes, with
//! all that only it reaches, into a chunk of its own; the rest is the main
//! module, written back over LINKED.wasm for wasm-bindgen. The chunks and
//! the JavaScript that fetches them go to PARTS_ROOT/<id>/, where <id> is
//! a hash of the linked wasm: the main module imports that JavaScript as
//! `./mixua-parts-<id>.js`, so the name a build's glue imports says which
//! folder holds its parts (`scripts/pages.sh` copies them into the site),
//! and files of two builds never share a name.
//!
//! Changes to the splitter's output: the main module exports its function
//! table as `mixua_parts_table` as well, since wasm-bindgen drops the
//! linker's name for it (`__indirect_function_table`), which the chunks'
//! loader asks for; and the loader takes a part's response from the
//! page's loader when it fetched the part early, and has the page's
//! loader's worker compile it ([`EARLY`]).

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use wasm_split_cli_support::{transform, Options};

/// The table's name in the main module's exports, beside the linker's.
const TABLE: &str = "mixua_parts_table";

/// The loader's fetch of a part: the response the page's loader started
/// early, if it did (`mixuaEarlyParts`, Trunk.toml), else a fetch now. And
/// its instantiation: the page fetches the part (so the service worker and
/// the page's resource timing see it), the page's loader's worker compiles
/// it (`mixuaCompile`, Trunk.toml), off the main thread, as it compiles the
/// main module; the page only instantiates it. Without that worker, or if
/// it can't compile, the page compiles it, as the splitter's loader does.
const EARLY: &str = "function early(url) {
    const started = globalThis.mixuaEarlyParts;
    const response = started && started.get(url.href);
    if (response === undefined) return fetch(url);
    started.delete(url.href);
    return response;
}
async function instantiate(src, imports) {
    const response = await src;
    const compile = globalThis.mixuaCompile;
    if (!compile || !response.ok) return WebAssembly.instantiateStreaming(response, imports);
    const bytes = await response.arrayBuffer();
    const module = await compile(bytes);
    if (module instanceof WebAssembly.Module) return { module, instance: await WebAssembly.instantiate(module, imports) };
    return WebAssembly.instantiate(bytes, imports);
}
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [linked, root] = args.as_slice() else {
        eprintln!("usage: mixua-split LINKED.wasm PARTS_ROOT");
        return ExitCode::from(2);
    };
    match split(Path::new(linked), Path::new(root)) {
        Ok(dir) => {
            eprintln!("mixua-split: parts in {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mixua-split: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Splits `linked` in place; returns the folder of its parts.
fn split(linked: &Path, root: &Path) -> Result<PathBuf, String> {
    let input = fs::read(linked).map_err(|e| format!("{}: {e}", linked.display()))?;
    let mut hasher = DefaultHasher::new();
    input.hash(&mut hasher);
    let id = format!("{:016x}", hasher.finish());
    let dir = root.join(&id);
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let link_name = format!("./mixua-parts-{id}.js");
    let main_out = dir.join("main.wasm");
    let mut options = Options::new(&input);
    options.output_dir = &dir;
    options.main_out_path = &main_out;
    options.link_name = &link_name;
    // wasm-bindgen's glue, named by Trunk after the build: `scripts/pages.sh`
    // writes its name in.
    options.main_module = "./main.js";
    let out = transform(options).map_err(|e| format!("splitting {}: {e:?}", linked.display()))?;

    // The chunks get the build's id in their names, and the loader asks for
    // those names.
    let loader_path = dir.join(&link_name[2..]);
    let mut loader = fs::read_to_string(&loader_path).map_err(|e| format!("{}: {e}", loader_path.display()))?;
    let mut files = vec![link_name[2..].to_string()];
    for chunk in &out.split_modules {
        let name = chunk.file_name().and_then(|n| n.to_str()).ok_or("a chunk without a name")?.to_string();
        let named = format!("mixua-parts-{id}-{name}");
        fs::rename(chunk, dir.join(&named)).map_err(|e| format!("{name}: {e}"))?;
        loader = loader.replace(&format!("\"./{name}\""), &format!("\"./{named}\""));
        files.push(named);
    }
    loader = loader.replacen("const { __indirect_function_table,", &format!("const {{ {TABLE}: __indirect_function_table,"), 1);
    // A part the page's loader fetched early (Trunk.toml: the parts the
    // start will want, beside the main wasm) is taken from there.
    let fetches = loader.matches("const src = fetch(new URL(").count();
    let instantiations = loader.matches("(WebAssembly.instantiateStreaming(src, imports))").count();
    loader = loader.replace("const src = fetch(new URL(", "const src = early(new URL(");
    loader = loader.replace("(WebAssembly.instantiateStreaming(src, imports))", "(instantiate(src, imports))");
    loader.insert_str(0, EARLY);
    if !loader.contains(TABLE) || fetches != out.split_modules.len() || instantiations != fetches {
        return Err("the splitter's loader no longer reads as this step expects (its table, its fetches, its instantiations)".into());
    }
    fs::write(&loader_path, loader).map_err(|e| format!("{}: {e}", loader_path.display()))?;
    // Each part's file, one per line, for `scripts/pages.sh`.
    fs::write(dir.join("files.txt"), files.join("\n") + "\n").map_err(|e| e.to_string())?;
    // Each part and the files it needs, as JSON, for the page's loader.
    let mut parts: Vec<_> = out.prefetch_map.iter().collect();
    parts.sort();
    let parts: Vec<String> = parts
        .into_iter()
        .map(|(part, stems)| {
            let files: Vec<String> = stems.iter().map(|stem| format!("\"./mixua-parts-{id}-{stem}.wasm\"")).collect();
            format!("\"{part}\":[{}]", files.join(","))
        })
        .collect();
    fs::write(dir.join("parts.json"), format!("{{{}}}", parts.join(","))).map_err(|e| e.to_string())?;

    let main = fs::read(&main_out).map_err(|e| format!("{}: {e}", main_out.display()))?;
    let main = export_table(&main)?;
    fs::write(linked, main).map_err(|e| format!("{}: {e}", linked.display()))?;
    fs::remove_file(&main_out).map_err(|e| e.to_string())?;
    Ok(dir)
}

/// The module with its function table exported as [`TABLE`] too.
fn export_table(wasm: &[u8]) -> Result<Vec<u8>, String> {
    use wasm_encoder::{ExportKind, ExportSection, Module, RawSection};
    use wasmparser::{ExternalKind, Parser, Payload};

    let mut module = Module::new();
    let mut found = false;
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| format!("reading the main module: {e}"))?;
        if let Payload::ExportSection(reader) = &payload {
            let mut exports = ExportSection::new();
            for export in reader.clone() {
                let export = export.map_err(|e| format!("reading its exports: {e}"))?;
                let kind = match export.kind {
                    ExternalKind::Func | ExternalKind::FuncExact => ExportKind::Func,
                    ExternalKind::Table => ExportKind::Table,
                    ExternalKind::Memory => ExportKind::Memory,
                    ExternalKind::Global => ExportKind::Global,
                    ExternalKind::Tag => ExportKind::Tag,
                };
                exports.export(export.name, kind, export.index);
                if export.name == "__indirect_function_table" {
                    exports.export(TABLE, kind, export.index);
                    found = true;
                }
            }
            module.section(&exports);
        } else if let Some((id, range)) = payload.as_section() {
            let data = &wasm[range.start as usize..range.end as usize];
            module.section(&RawSection { id, data });
        }
    }
    if !found {
        return Err("the main module exports no `__indirect_function_table`".into());
    }
    Ok(module.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{CustomSection, ExportKind, ExportSection, Module, RefType, TableSection, TableType};

    /// A module with one table, exported under `name`, and a custom section.
    fn module(name: &str) -> Vec<u8> {
        let mut module = Module::new();
        let mut tables = TableSection::new();
        tables.table(TableType { element_type: RefType::FUNCREF, minimum: 1, maximum: None, table64: false, shared: false });
        module.section(&tables);
        let mut exports = ExportSection::new();
        exports.export(name, ExportKind::Table, 0);
        module.section(&exports);
        module.section(&CustomSection { name: "keep-me".into(), data: b"data".as_slice().into() });
        module.finish()
    }

    fn exports(wasm: &[u8]) -> Vec<(String, u32)> {
        let mut out = Vec::new();
        for payload in wasmparser::Parser::new(0).parse_all(wasm) {
            if let wasmparser::Payload::ExportSection(reader) = payload.unwrap() {
                out.extend(reader.into_iter().map(|e| e.unwrap()).map(|e| (e.name.to_string(), e.index)));
            }
        }
        out
    }

    #[test]
    fn the_table_is_exported_under_both_names_and_the_rest_is_kept() {
        let out = export_table(&module("__indirect_function_table")).unwrap();
        assert_eq!(exports(&out), [("__indirect_function_table".to_string(), 0), (TABLE.to_string(), 0)]);
        wasmparser::validate(&out).unwrap();
        let custom = wasmparser::Parser::new(0).parse_all(&out).any(|p| matches!(p, Ok(wasmparser::Payload::CustomSection(c)) if c.name() == "keep-me" && c.data() == b"data"));
        assert!(custom, "custom sections (wasm-bindgen's) are kept");
    }

    #[test]
    fn a_module_without_the_linkers_table_is_refused() {
        assert!(export_table(&module("some_table")).is_err());
    }
}

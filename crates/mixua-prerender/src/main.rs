//! `mixua-prerender [INDEX_HTML]`: writes the playground's first screen
//! into the built `index.html` (or, built with the `lesson3` feature,
//! `lesson3.html`, named) (by default Trunk's staging copy,
//! `$TRUNK_STAGING_DIR/index.html`: Trunk's post-build hook runs it, see
//! `Trunk.toml`). Exits with status 1, saying why, when the file can't be
//! read or written or has no `<div id="prerender"></div>`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = match std::env::args_os().nth(1) {
        Some(path) => PathBuf::from(path),
        None => match std::env::var_os("TRUNK_STAGING_DIR") {
            Some(dir) => PathBuf::from(dir).join("index.html"),
            None => {
                eprintln!("mixua-prerender: give the built index.html, or run it from Trunk's post-build hook (TRUNK_STAGING_DIR)");
                return ExitCode::FAILURE;
            }
        },
    };
    let html = match std::fs::read_to_string(&path) {
        Ok(html) => html,
        Err(err) => {
            eprintln!("mixua-prerender: can't read {}: {err}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let (page, screens) = mixua_prerender::render_all();
    // A page's first screens are its own app's: lesson3.html's come from a
    // build with the `lesson3` feature, index.html's from one without.
    if path.file_name().and_then(|n| n.to_str()) != Some(page) {
        eprintln!("mixua-prerender: this build prerenders {page}, not {} (lesson3.html: --features lesson3)", path.display());
        return ExitCode::FAILURE;
    }
    let Some(out) = mixua_prerender::inject(&html, &screens) else {
        eprintln!("mixua-prerender: {} needs exactly one {}", path.display(), mixua_prerender::MARKER);
        return ExitCode::FAILURE;
    };
    if let Err(err) = std::fs::write(&path, &out) {
        eprintln!("mixua-prerender: can't write {}: {err}", path.display());
        return ExitCode::FAILURE;
    }
    let sizes: Vec<String> = screens.iter().map(|s| format!("{:.1} KB", s.len() as f64 / 1000.0)).collect();
    println!("mixua-prerender: the first screens ({}) are in {}", sizes.join(" + "), path.display());
    ExitCode::SUCCESS
}

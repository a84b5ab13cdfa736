//! `mixua export --cedar DIR`: the workspace's reading rules and cards as a
//! Cedar policy set, three files (the crate's `mixua_policy::cedar` writes
//! them; this reads the workspace and writes the files). Bad input is
//! refused in words, in `--lang`, with exit status 2, and nothing is
//! written; the workspace read is never overwritten.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use mixua_course::seed_workspace;
use mixua_policy::{decode_text, export_cedar, LoadReason, Workspace};
use mixua_words::cedar_words::{export_next_text, export_refusal_text, export_wrote_text, ExportRefusal};
use mixua_words::{load_error_words, text_problem_words, Lang};

use crate::{Failure, Language, Out};

pub const EXPORT_ABOUT: &str = "\
Export the workspace's reading rules and cards as a Cedar policy set.

Writes three files into DIR (made if it does not exist): schema.cedarschema
(users, agents, viewers, groups and cards, with the card's fields as typed
attributes), policies.cedar (the four scopes, GROUP, the streams, the
approval and the fail-closed refusals, each a permit or forbid with an @id)
and entities.json (the workspace's users, agents, viewers, groups with their
members, and its cards as of the tick: a card not in effect then is exported
as not in effect, and denied). Cedar's own CLI then decides every read as the
playground does (docs/cedar.md). The search, the cache, the prompt and the
write path are not authorization decisions, and are not exported.";

pub const EXPORT_AFTER: &str = "\
Example:
  mixua export --cedar out/ --workspace story.json --at 3
  cedar authorize --schema out/schema.cedarschema --policies out/policies.cedar \\
    --entities out/entities.json --principal 'MixUA::Viewer::\"alice/writer-v1\"' \\
    --action 'MixUA::Action::\"read\"' --resource 'MixUA::Card::\"P\"'";

#[derive(Args)]
pub struct ExportArgs {
    /// Write the Cedar schema, policies and entities into DIR
    #[arg(long, value_name = "DIR")]
    cedar: PathBuf,
    /// Workspace JSON to read (default: the built-in seed)
    #[arg(long, value_name = "FILE")]
    workspace: Option<PathBuf>,
    /// The cards as of an earlier tick of the workspace's logical clock (0 up
    /// to its clock; default: the clock)
    #[arg(long, value_name = "TICK", value_parser = crate::tick, allow_negative_numbers = true)]
    at: Option<u64>,
    #[command(flatten)]
    language: Language,
}

/// The refusal, in the run's language, as the failure that ends it.
fn refuse(refusal: ExportRefusal, lang: Lang) -> Failure {
    Failure(export_refusal_text(&refusal, lang))
}

/// The workspace, or why not in `lang`.
fn load(path: Option<&Path>, lang: Lang) -> Result<Workspace, Failure> {
    let Some(path) = path else { return Ok(seed_workspace()) };
    let shown = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|err| refuse(ExportRefusal::CannotRead { path: shown.clone(), why: err.to_string() }, lang))?;
    let not_a_workspace = |why: String| refuse(ExportRefusal::NotAWorkspace { path: shown.clone(), why }, lang);
    let text = match decode_text(&bytes) {
        Ok(text) => text,
        Err(problem) => return Err(not_a_workspace(text_problem_words(&problem, lang))),
    };
    Workspace::from_json(text).map_err(|err| match err.reason {
        LoadReason::Json | LoadReason::NoCards { .. } => not_a_workspace(load_error_words(&err, lang)),
    })
}

/// Is `target` the file at `input` (the same file, by its canonical path)?
fn same_file(target: &Path, input: Option<&Path>) -> bool {
    let Some(input) = input.and_then(|p| std::fs::canonicalize(p).ok()) else { return false };
    std::fs::canonicalize(target).is_ok_and(|t| t == input)
}

pub fn cmd_export(args: ExportArgs, out: &mut Out) -> Result<(), Failure> {
    let lang = args.language.lang();
    let input = args.workspace.as_deref();
    let workspace = load(input, lang)?;
    if let Some(tick) = args.at {
        let clock = workspace.clock();
        if tick > clock {
            return Err(refuse(ExportRefusal::AfterClock { tick, clock }, lang));
        }
    }
    let dir = &args.cedar;
    if dir.exists() && !dir.is_dir() {
        return Err(refuse(ExportRefusal::NotADirectory { path: dir.display().to_string() }, lang));
    }
    let export = export_cedar(&workspace, args.at);
    let files: Vec<(PathBuf, &str)> = export.files().iter().map(|(name, text)| (dir.join(name), *text)).collect();
    // Checked before anything is written: the run writes all or nothing
    // of its own choosing.
    if let Some((path, _)) = files.iter().find(|(path, _)| same_file(path, input)) {
        return Err(refuse(ExportRefusal::WouldOverwriteInput { path: path.display().to_string() }, lang));
    }
    let cannot_write =
        |path: &Path, err: std::io::Error| refuse(ExportRefusal::CannotWrite { path: path.display().to_string(), why: err.to_string() }, lang);
    std::fs::create_dir_all(dir).map_err(|err| cannot_write(dir, err))?;
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|err| cannot_write(path, err))?;
        writeln!(out, "{}", export_wrote_text(&path.display().to_string(), text.len(), lang))?;
    }
    let shown = dir.display().to_string();
    writeln!(out, "{}", export_next_text(shown.trim_end_matches('/'), lang))?;
    Ok(())
}

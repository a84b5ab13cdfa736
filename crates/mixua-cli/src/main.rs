//! `mixua`: a thin shell over the policy crate. It reads files, parses
//! arguments (with clap) and prints; every decision comes from `mixua_policy`.
//!
//! Each subcommand is one variant of [`Command`] and one `cmd_*` function:
//! the variant's fields are the command's options, with their help.

#[macro_use]
extern crate mixua_words;

mod check;
mod export;
mod grade;
mod prompt;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use mixua_words::explain::{
    cache_text, cached_read_text, cycle_chain, decision_text, event_problem_text, event_text, flips_text, not_in_effect_text,
    purge_text, rejection_text, status_name, workspace_problem_text,
};
use mixua_policy::{
    as_of, audit, decode_text, history, Evaluation, LoadReason, Policy, TimeError, Viewer, Workspace,
};
use mixua_words::{
    escape_controls, escape_controls_in_lines, load_error_words, report_with, text_problem_words, Format, Lang, Report,
    ReportOptions,
};
use mixua_course::{seed_workspace, story_workspace};

/// What every run's help ends with: the promises a script relies on.
const EXIT_STATUS: &str = "\
Without --workspace, the built-in seed fixture (cards P U A G B X Y) is used.

Exit status: 0 done; 1 `report --fail-on-leak` found a leak, `grade`
refused a code, or a `check` assertion fails; 2 bad input (unreadable file,
invalid JSON, a file or standard input over 5 MB, bad arguments, an output
file that is the workspace read), and then no file is written. A closed
standard output (`mixua audit | head -1`) ends the output quietly, with the
status the run would have had. Text output prints control characters
escaped (`\u{1b}`).";

/// mixua: who may read which agent-memory card (the MixUA four-scope policy)
#[derive(Parser)]
#[command(name = "mixua", version, after_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands. Adding one is a variant here (its options as fields,
/// or an `Args` struct) and a function that runs it, called from
/// [`Command::run`].
#[derive(Subcommand)]
enum Command {
    /// Evaluate a workspace and print the report as JSON
    #[command(
        long_about = REPORT_ABOUT,
        after_help = "Example:\n  mixua report --workspace hand-in.json --out - --compact --fail-on-leak"
    )]
    Report(ReportArgs),
    /// Why one viewer can or cannot read one card, in plain words
    #[command(after_help = "Example:\n  mixua explain --viewer alice/checker-v1 --card A --lang zh-TW")]
    Explain(ExplainArgs),
    /// One card's life over time, in plain words
    #[command(
        long_about = "One card's life over time, in plain words.\n\nPrints the card's status, whether it is in effect now and why not, its chain of versions, and every event of the log that names it (with the reason an event is set aside, if it is).",
        after_help = "Example:\n  mixua seed --story > story.json && mixua history --workspace story.json --card G3"
    )]
    History(HistoryArgs),
    /// The event log of a workspace, in plain words
    #[command(
        long_about = "The event log of a workspace, in plain words.\n\nPrints the clock, every event (and why any is set aside: time going backwards, an unknown card, a missing reason, …), what of the workspace's optional keys can't be read, its unknown top-level keys, and, when reads are logged, the reads replayed through the workspace's simulated cache: which were served from it, which were stale, which leaked a canary.",
        after_help = "Example:\n  mixua audit --workspace story.json --lang zh-TW"
    )]
    Audit(AuditArgs),
    /// What the workspace keeps about one user (the viewing right)
    #[command(
        long_about = "What the workspace keeps about one user (the viewing right).\n\nLists the cards the user owns (scope, stream, status and who can read each), the cards carrying their canary, the cards the re-identification probe links to them (the facts named and how many users match), and, for a workspace that uses memory over time, their candidates and tombstones.",
        after_help = "Example:\n  mixua about --user alice --json"
    )]
    About(AboutArgs),
    /// Print the built-in seed workspace as JSON
    #[command(
        long_about = "Print the built-in seed workspace as JSON: the file format the playground imports and exports.",
        after_help = "Example:\n  mixua seed --story > story.json"
    )]
    Seed(SeedArgs),
    /// A class's result codes as a table of students × exercises
    #[command(long_about = grade::GRADE_ABOUT, after_help = grade::GRADE_AFTER)]
    Grade(grade::GradeArgs),
    /// What reaches one viewer's prompt: layers, tokens, drops, metrics
    #[command(
        long_about = prompt::PROMPT_ABOUT,
        after_help = "Example:\n  mixua seed --lesson3 > l3.json && mixua prompt --workspace l3.json --viewer bob/checker-v1"
    )]
    Prompt(prompt::PromptArgs),
    /// Why didn't the agent use this card? Four questions, in order
    #[command(
        long_about = prompt::DIAGNOSE_ABOUT,
        after_help = "Example:\n  mixua diagnose --workspace l3.json --viewer bob/checker-v1 --card S --lang zh-TW"
    )]
    Diagnose(prompt::DiagnoseArgs),
    /// Run the assertions a workspace keeps: exit 1 when one fails
    #[command(long_about = check::CHECK_ABOUT, after_help = check::CHECK_AFTER)]
    Check(check::CheckArgs),
    /// Export the reading rules and cards as a Cedar policy set
    #[command(long_about = export::EXPORT_ABOUT, after_help = export::EXPORT_AFTER)]
    Export(export::ExportArgs),
    /// Print a completion script for a shell
    #[command(
        long_about = "Print a completion script for a shell, to standard output.\n\nbash: mixua completions bash > ~/.local/share/bash-completion/completions/mixua\nzsh:  mixua completions zsh > ~/.zfunc/_mixua  (with fpath+=~/.zfunc before compinit)\nfish: mixua completions fish > ~/.config/fish/completions/mixua.fish",
        after_help = "Example:\n  mixua completions bash > ~/.local/share/bash-completion/completions/mixua"
    )]
    Completions(CompletionsArgs),
}

impl Command {
    /// Does the command print text (rather than JSON or a script)? Text
    /// output escapes every control character ([`Out::text`]).
    fn prints_text(&self) -> bool {
        match self {
            Command::Report(_) | Command::Seed(_) | Command::Completions(_) => false,
            Command::History(HistoryArgs { json, .. })
            | Command::Audit(AuditArgs { json, .. })
            | Command::About(AboutArgs { json, .. }) => !json,
            Command::Prompt(args) => !args.json,
            Command::Diagnose(args) => !args.json,
            Command::Check(args) => args.prints_text(),
            Command::Explain(_) | Command::Grade(_) | Command::Export(_) => true,
        }
    }

    fn run(self, out: &mut Out) -> Result<Outcome, Failure> {
        out.text = self.prints_text();
        match self {
            Command::Report(args) => cmd_report(args, out),
            Command::Explain(args) => cmd_explain(args, out).map(|()| Outcome::Done),
            Command::History(args) => cmd_history(args, out).map(|()| Outcome::Done),
            Command::Audit(args) => cmd_audit(args, out).map(|()| Outcome::Done),
            Command::About(args) => cmd_about(args, out).map(|()| Outcome::Done),
            Command::Seed(args) => cmd_seed(args, out).map(|()| Outcome::Done),
            Command::Grade(args) => grade::cmd_grade(args, out),
            Command::Prompt(args) => prompt::cmd_prompt(args, out).map(|()| Outcome::Done),
            Command::Diagnose(args) => prompt::cmd_diagnose(args, out).map(|()| Outcome::Done),
            Command::Check(args) => check::cmd_check(args, out),
            Command::Export(args) => export::cmd_export(args, out).map(|()| Outcome::Done),
            Command::Completions(args) => cmd_completions(args, out).map(|()| Outcome::Done),
        }
    }
}

const REPORT_ABOUT: &str = "\
Evaluate a workspace and print the report as JSON.

The report holds the seed program's keys (query, views, global_only_ids,
rejected_ids, unsafe_pool_contains_both_fake_secrets) and what explains them:
rejections with reasons and the four-scope policy's canary leaks. A workspace
that uses memory over time (a clock, events, card statuses, …) adds `at`, the
tick reported, and `not_in_effect`, the cards the in-effect gate stops there.
A workspace with `profiles` adds `reidentifications`: per view, the cards
whose text names profile facts, the user they point at, the facts named and
how many users match them (k = 1: a re-identification).
The file and standard output carry the same bytes.";

/// The workspace file every reading command takes.
#[derive(Args)]
struct Source {
    /// Workspace JSON to read (default: the built-in seed)
    #[arg(long, value_name = "FILE")]
    workspace: Option<PathBuf>,
}

/// The language of the words: `--lang en|zh-TW`.
#[derive(Args)]
struct Language {
    /// The language of the words
    #[arg(long, value_enum, value_name = "LANG", default_value = "en")]
    lang: LangArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    En,
    /// 繁體中文
    #[value(name = "zh-TW", alias = "zh")]
    ZhTw,
}

impl Language {
    fn lang(&self) -> Lang {
        match self.lang {
            LangArg::En => Lang::En,
            LangArg::ZhTw => Lang::ZhTw,
        }
    }
}

#[derive(Args)]
struct ReportArgs {
    #[command(flatten)]
    source: Source,
    /// Query to search with (default: the workspace's own query)
    #[arg(long, value_name = "Q")]
    query: Option<String>,
    /// The views as they were at an earlier tick of the workspace's logical
    /// clock (0 up to its clock), replayed from its event log
    #[arg(long, value_name = "TICK", value_parser = tick, allow_negative_numbers = true)]
    at: Option<u64>,
    /// Write the report to FILE as well as to standard output (default:
    /// memory-result.json, as the seed program does); `--out -` writes it
    /// to standard output only
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Add the other two policies of the seed: the global-only baseline and
    /// the unsafe pool, their views and leaks
    #[arg(long)]
    compare: bool,
    /// Add per-view explanations: for every card that matches the query,
    /// the scope rule that let the viewer in or not
    #[arg(long)]
    explain: bool,
    /// One line of JSON instead of the indented form
    #[arg(long)]
    compact: bool,
    /// Exit with status 1 (after writing the report) when a canary reached
    /// another user under the four-scope policy
    #[arg(long)]
    fail_on_leak: bool,
    /// The language of the messages (the report's JSON holds both)
    #[command(flatten)]
    language: Language,
}

#[derive(Args)]
struct ExplainArgs {
    #[command(flatten)]
    source: Source,
    /// The identity asking, e.g. alice/checker-v1
    #[arg(long, value_name = "USER/AGENT")]
    viewer: String,
    /// The card's id (every card with that id is explained)
    #[arg(long, value_name = "ID")]
    card: String,
    /// Query (default: the workspace's own query)
    #[arg(long, value_name = "Q")]
    query: Option<String>,
    #[command(flatten)]
    language: Language,
}

#[derive(Args)]
struct HistoryArgs {
    #[command(flatten)]
    source: Source,
    /// The card's id (it must name exactly one card)
    #[arg(long, value_name = "ID")]
    card: String,
    #[command(flatten)]
    language: Language,
    /// Print the history as JSON instead
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct AuditArgs {
    #[command(flatten)]
    source: Source,
    #[command(flatten)]
    language: Language,
    /// Print the audit as JSON instead
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct AboutArgs {
    #[command(flatten)]
    source: Source,
    /// The user asking, e.g. alice
    #[arg(long, value_name = "USER")]
    user: String,
    #[command(flatten)]
    language: Language,
    /// Print the list as JSON instead
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct SeedArgs {
    /// The seed with a history: a reviewer, a group, retention, a cache, and
    /// six ticks of proposals, publications, a rollback, a deletion and an
    /// expiry
    #[arg(long, conflicts_with = "lesson3")]
    story: bool,
    /// Lesson 3's start: the story's cards with bob's long session, prompt
    /// budgets, top_k, ranking weights and two tasks (in --lang)
    #[arg(long)]
    lesson3: bool,
    #[command(flatten)]
    language: Language,
}

#[derive(Args)]
struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// A failure that ends the run: a message for stderr, exit status 2.
struct Failure(String);

/// Standard output cannot be written (a full disk, say): bad output is bad
/// input's twin, and ends the run with status 2 too.
impl From<std::io::Error> for Failure {
    fn from(err: std::io::Error) -> Failure {
        Failure(format!("cannot write to standard output: {err}"))
    }
}

/// How a run that did its work ends.
enum Outcome {
    Done,
    /// `report --fail-on-leak` found a leak: exit status 1.
    LeakFound,
    /// `grade` refused a result code: exit status 1.
    CodesRefused,
    /// `check`: an assertion fails or can't be read: exit status 1.
    AssertionsFail,
}

/// Standard output for every command, buffered. A reader that has gone (a
/// closed pipe: `mixua audit | head -1`) ends the output quietly, as Unix
/// tools do: what follows is dropped, and the run ends with the status it
/// would have had, so a script still learns of a leak or a refused code.
/// Any other write error is reported.
///
/// Text output (`text`) never prints a control character raw: each line is
/// written with [`Out::line`] (the `say!` macro), which escapes every one in
/// it, a line feed too; and whatever else is written escapes every control
/// character but the line feed, so nothing from a file reaches the
/// terminal as an escape sequence, even through a path that forgot `say!`.
struct Out {
    stdout: std::io::BufWriter<std::io::StdoutLock<'static>>,
    gone: bool,
    text: bool,
}

/// `writeln!` for text output: one line, formatted, its control characters
/// escaped ([`Out::line`]).
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        $out.line(&format!($($arg)*))
    };
}
pub(crate) use say;

impl Out {
    fn new() -> Out {
        Out { stdout: std::io::BufWriter::with_capacity(256 * 1024, std::io::stdout().lock()), gone: false, text: false }
    }

    /// One line of text output, with every control character in it escaped
    /// (`\u{1b}`), a line feed too: an id that holds one can't forge a line.
    fn line(&mut self, text: &str) -> std::io::Result<()> {
        self.write_all(escape_controls(text).as_bytes())?;
        self.write_all(b"\n")
    }

    /// Keeps an error unless it says the reader has gone.
    fn quietly(&mut self, result: std::io::Result<()>) -> std::io::Result<()> {
        match result {
            Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {
                self.gone = true;
                Ok(())
            }
            other => other,
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !self.gone {
            let written = if self.text {
                let text = String::from_utf8_lossy(buf);
                self.stdout.write_all(escape_controls_in_lines(&text).as_bytes())
            } else {
                self.stdout.write_all(buf)
            };
            self.quietly(written)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.gone {
            return Ok(());
        }
        let flushed = self.stdout.flush();
        self.quietly(flushed)
    }
}

fn main() -> ExitCode {
    // clap prints help and `--version` to standard output (status 0) and
    // usage errors to standard error (status 2, the promise for bad input).
    let cli = Cli::try_parse().unwrap_or_else(|err| err.exit());
    let mut out = Out::new();
    let result = match cli.command {
        Some(command) => command.run(&mut out),
        None => Cli::command().write_help(&mut out).map(|()| Outcome::Done).map_err(Failure::from),
    };
    let result = result.and_then(|outcome| out.flush().map(|()| outcome).map_err(Failure::from));
    match result {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::LeakFound | Outcome::CodesRefused | Outcome::AssertionsFail) => ExitCode::from(1),
        Err(Failure(message)) => {
            // A closed standard error is no reason to panic either. The
            // message may quote a name from a file: escaped.
            let _ = writeln!(std::io::stderr(), "mixua: error: {}", escape_controls(&message));
            ExitCode::from(2)
        }
    }
}

/// Reads a workspace file, or the seed when none is given. A file that is
/// not UTF-8 text or not a workspace is bad input, said in the crate's
/// words; keys no workspace has are said on standard error, and ignored.
fn load(path: Option<&Path>) -> Result<Workspace, Failure> {
    let Some(path) = path else { return Ok(seed_workspace()) };
    let text = read_text(path)?;
    let workspace = Workspace::from_json(&text).map_err(|err| match err.reason {
        LoadReason::Json => Failure(format!("`{}`:{err}", path.display())),
        LoadReason::NoCards { .. } => Failure(format!("`{}`: {}", path.display(), load_error_words(&err, Lang::En))),
    })?;
    for problem in mixua_policy::audit::unknown_keys(&workspace) {
        let note = format!("`{}`: {}", path.display(), workspace_problem_text(&problem, Lang::En));
        let _ = writeln!(std::io::stderr(), "mixua: note: {}", escape_controls(&note));
    }
    Ok(workspace)
}

/// A file's text: UTF-8, with or without a byte-order mark; any other
/// encoding is bad input, named (the crate's `decode_text`), and so is a
/// file over the limit ([`read_bounded`]).
fn read_text(path: &Path) -> Result<String, Failure> {
    let cannot = |why: String| Failure(format!("cannot read `{}`: {why}", path.display()));
    let file = std::fs::File::open(path).map_err(|err| cannot(err.to_string()))?;
    text_of(read_bounded(file).map_err(cannot)?).map_err(cannot)
}

/// Everything a reader (a file, standard input) gives, up to the limit a
/// file may hold: [`mixua_policy::MAX_FILE_BYTES`], 5 MB, the playground's
/// limit for an import. It reads one byte past the limit at most, and
/// then refuses ("too large"), so an endless input (`/dev/zero`) ends at
/// once instead of filling the memory.
pub(crate) fn read_bounded(reader: impl Read) -> Result<Vec<u8>, String> {
    let limit = mixua_policy::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|err| err.to_string())?;
    if bytes.len() > limit {
        return Err(text_problem_words(&mixua_policy::TextProblem::TooLarge { limit }, Lang::En));
    }
    Ok(bytes)
}

/// Refuses to write `out` when it is the workspace being read (`input`):
/// the same file by the same name, through a symbolic link, or as another
/// hard link to it (one device and inode). Every command that writes a
/// file asks this before it reads or writes anything, so a refusal writes
/// nothing. `-` (standard output) and the built-in seed (no input) are
/// never the same file.
fn refuse_overwriting(input: Option<&Path>, out: &Path, lang: Lang) -> Result<(), Failure> {
    let Some(input) = input else { return Ok(()) };
    if out.as_os_str() == "-" || !same_file(input, out) {
        return Ok(());
    }
    Err(Failure(mixua_words::overwrite_words(&out.display().to_string(), &input.display().to_string(), lang)))
}

/// Are `a` and `b` one file? Both must exist: a file that doesn't exist
/// yet can't be the one being read. Symbolic links are followed.
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(first), Ok(second)) = (std::fs::metadata(a), std::fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        first.dev() == second.dev() && first.ino() == second.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (first, second);
        matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
    }
}

/// Bytes as text, or why not in words.
fn text_of(mut bytes: Vec<u8>) -> Result<String, String> {
    let len = decode_text(&bytes).map_err(|problem| text_problem_words(&problem, Lang::En))?.len();
    // Whatever the text does not cover is the byte-order mark before it.
    bytes.drain(..bytes.len() - len);
    Ok(String::from_utf8(bytes).expect("decode_text read it as UTF-8"))
}

/// A tick given on the command line: a whole number, 0 or more.
fn tick(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| format!("`{text}` is not a tick: give a whole number, 0 or more"))
}

fn cmd_completions(args: CompletionsArgs, out: &mut Out) -> Result<(), Failure> {
    clap_complete::generate(args.shell, &mut Cli::command(), "mixua", out);
    Ok(())
}
fn cmd_report(opts: ReportArgs, out: &mut Out) -> Result<Outcome, Failure> {
    let at = opts.at;
    let path = opts.out.unwrap_or_else(|| PathBuf::from("memory-result.json"));
    refuse_overwriting(opts.source.workspace.as_deref(), &path, opts.language.lang())?;
    let workspace = load(opts.source.workspace.as_deref())?;
    let workspace = match at {
        None => workspace,
        Some(at) => as_of(&workspace, at).map_err(|err| match err {
            TimeError::AfterClock { tick, clock } => Failure(format!(
                "tick {tick} is after the workspace's clock ({clock}): `--at` looks back, from 0 up to the clock"
            )),
        })?,
    };
    let query = opts.query.as_deref().unwrap_or(&workspace.query);
    let options = ReportOptions { explain: opts.explain, compare: opts.compare };
    let format = if opts.compact { Format::Compact } else { Format::Pretty };
    let mut report = report_with(&workspace, query, options);
    let cannot_write = |err: std::io::Error| Failure(format!("cannot write `{}`: {err}", path.display()));
    // The report streams to the file and to standard output at once; a big
    // report is never held in memory whole.
    if path.as_os_str() == "-" {
        write_report(&mut report, format, out)?;
    } else {
        let file = std::fs::File::create(&path).map_err(cannot_write)?;
        let mut both = Tee { file: std::io::BufWriter::with_capacity(256 * 1024, file), stdout: out };
        write_report(&mut report, format, &mut both).map_err(cannot_write)?;
    }
    let leaks = std::mem::take(&mut report.leaks);
    // The process ends right after this: freeing tens of thousands of cards
    // one by one would only delay the exit.
    std::mem::forget(report);
    std::mem::forget(workspace);
    if opts.fail_on_leak && !leaks.is_empty() {
        let first = &leaks[0];
        // A closed standard error is no reason to panic either. The card's
        // id and the names come from the file: escaped.
        let message = format!(
            "{} leak{} found: {} (registered to {}) reached {} in card {}{}",
            leaks.len(),
            if leaks.len() == 1 { "" } else { "s" },
            first.token,
            first.owner,
            first.viewer,
            first.card,
            if leaks.len() > 1 { ", and more (see `leaks` in the report)" } else { "" },
        );
        let _ = writeln!(std::io::stderr(), "mixua: {}", escape_controls(&message));
        return Ok(Outcome::LeakFound);
    }
    Ok(Outcome::Done)
}

/// The report and a final newline, flushed.
fn write_report<W: std::io::Write>(report: &mut Report<'_>, format: Format, out: &mut W) -> std::io::Result<()> {
    mixua_words::report::write_json(report, format, out)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Writes to the output file and to standard output. Standard output that
/// can't be written (closed by `| head`, say) is no reason to stop writing
/// the file.
struct Tee<'a> {
    file: std::io::BufWriter<std::fs::File>,
    stdout: &'a mut Out,
}

impl std::io::Write for Tee<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write_all(buf)?;
        let _ = self.stdout.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = self.stdout.flush();
        self.file.flush()
    }
}

fn cmd_explain(opts: ExplainArgs, out: &mut Out) -> Result<(), Failure> {
    let (viewer_arg, card_id) = (opts.viewer, opts.card);
    // The same names the app and the file format accept: one `/` between
    // two names, each passing the policy's name check.
    let Some(viewer_id) = mixua_policy::ViewerId::parse_key(&viewer_arg) else {
        return Err(Failure(format!("`{viewer_arg}` is not USER/AGENT (one `/` between two names), e.g. alice/checker-v1")));
    };
    for name in [&viewer_id.user, &viewer_id.agent] {
        if let Err(error) = mixua_policy::policy::check_name(name) {
            let why = mixua_words::explain::name_error_text(&error, Lang::En);
            // Quoted and escaped: the name itself may be what turns a
            // terminal's line around.
            return Err(Failure(format!("{name:?} in {viewer_arg:?} can't be a name: {why}")));
        }
    }
    let (user, agent) = (viewer_id.user.as_str(), viewer_id.agent.as_str());
    let lang = opts.language.lang();
    let workspace = load(opts.source.workspace.as_deref())?;
    let query = opts.query.as_deref().unwrap_or(&workspace.query);
    let viewer = Viewer::new(user, agent);
    let cards: Vec<usize> = (0..workspace.cards.len()).filter(|&i| workspace.cards[i].id == card_id).collect();
    if cards.is_empty() {
        return Err(Failure(format!("no card with id `{card_id}` in the workspace")));
    }
    if !workspace.users.iter().any(|u| u == user) || !workspace.agents.iter().any(|a| a == agent) {
        say!(
            out,
            "{}",
            pick!(lang, 
                format!("注意:{viewer_arg} 不在這個工作區的使用者 × Agent 表中;仍照規則判斷。"),
                format!("note: {viewer_arg} is not among this workspace's users × agents; the rules apply all the same."),
            )
        )?;
    }
    // The evaluation asks every gate, the in-effect gate first, with the
    // workspace's clock and groups.
    let eval = Evaluation::new(&workspace, query, Policy::FourScope);
    for index in cards {
        let card = &workspace.cards[index];
        let decision = eval.access(index, viewer);
        let visible = decision.allowed() && mixua_policy::policy::matches_query(card, query);
        let verdict = match (visible, decision.allowed()) {
            (true, _) => pick!(lang, "看得到", "VISIBLE"),
            (false, true) => pick!(lang, "可讀,但不符合查詢", "READABLE, NOT MATCHED"),
            (false, false) => pick!(lang, "看不到", "HIDDEN"),
        };
        say!(out, "{viewer_arg} · {} · {verdict}", card.id)?;
        say!(out, "{}", decision_text(card, &decision, viewer, query, lang))?;
        if let mixua_policy::Access::Rejected { rejection } = &decision {
            say!(out, "{}: {}", pick!(lang, "拒絕原因", "rejected because"), rejection_text(rejection, lang))?;
        }
        let flips = eval.flips(index, viewer);
        say!(out, "{}", flips_text(card, viewer, &flips, lang))?;
    }
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("a value serializes")
}

fn cmd_history(opts: HistoryArgs, out: &mut Out) -> Result<(), Failure> {
    let card_id = opts.card;
    let lang = opts.language.lang();
    let workspace = load(opts.source.workspace.as_deref())?;
    let Some(history) = history(&workspace, &card_id) else {
        let count = workspace.cards.iter().filter(|c| c.id == card_id).count();
        return Err(Failure(if count == 0 {
            format!("no card with id `{card_id}` in the workspace")
        } else {
            format!("{count} cards have the id `{card_id}`: a history needs an id that names one card")
        }));
    };
    if opts.json {
        writeln!(out, "{}", to_json(&history))?;
        return Ok(());
    }
    let effect = match &history.not_in_effect {
        None => pick!(lang, "目前生效".to_string(), "in effect now".to_string()),
        Some(why) => pick!(lang, format!("目前不生效:{}", not_in_effect_text(why, lang)), format!("not in effect now: {}", not_in_effect_text(why, lang))),
    };
    say!(out, "{} · {} · {effect}", history.card, status_name(history.status, lang))?;
    // A cycle has no oldest version, so it is named as the cycle it is.
    match &history.cycle {
        Some(cycle) => say!(out, "{}{}", pick!(lang, "版本循環:", "a cycle of versions: "), cycle_chain(cycle))?,
        None if history.versions.len() > 1 => {
            say!(out, "{}{}", pick!(lang, "版本:", "versions: "), history.versions.join(" → "))?
        }
        None => {}
    }
    if history.events.is_empty() {
        say!(out, "{}", pick!(lang, "事件紀錄裡沒有它的事件。", "the log has no event for it."))?;
    }
    for entry in &history.events {
        say!(out, "  #{} {}", entry.index, event_text(entry.event, lang))?;
        if let Some(problem) = &entry.problem {
            say!(out, "     {}{}", pick!(lang, "擱置:", "set aside: "), event_problem_text(problem, lang))?;
        }
    }
    Ok(())
}

fn cmd_audit(opts: AuditArgs, out: &mut Out) -> Result<(), Failure> {
    let lang = opts.language.lang();
    let workspace = load(opts.source.workspace.as_deref())?;
    let audit = audit(&workspace);
    if opts.json {
        writeln!(out, "{}", to_json(&audit))?;
        return Ok(());
    }
    say!(
        out,
        "{}",
        pick!(lang, 
            format!("時鐘:時刻 {} · 政策版本 {} · {} 個事件", audit.clock, audit.policy_version, audit.entries.len()),
            format!("clock: tick {} · policy version {} · {} events", audit.clock, audit.policy_version, audit.entries.len()),
        )
    )?;
    // Changes to who can read what (members, holds, times to live, the
    // cache, the policy version) are counted apart: each has a who and a why.
    let access = audit.entries.iter().filter_map(|e| e.event).filter(|e| e.action.sets()).count();
    if access > 0 {
        say!(
            out,
            "{}",
            pick!(lang, format!("其中 {access} 個事件改變了誰讀得到什麼"), format!("{access} of them change who can read what"))
        )?;
    }
    for entry in &audit.entries {
        match entry.event {
            Some(event) => say!(out, "  #{} {}", entry.index, event_text(event, lang))?,
            None => say!(out, "  #{} {}", entry.index, pick!(lang, "(無法解讀的事件)", "(an event that can't be read)"))?,
        }
        if let Some(problem) = &entry.problem {
            say!(out, "     {}{}", pick!(lang, "擱置:", "set aside: "), event_problem_text(problem, lang))?;
        }
    }
    if !audit.problems.is_empty() {
        say!(out, "{}", pick!(lang, "工作區的問題:", "problems in the workspace:"))?;
        for problem in &audit.problems {
            say!(out, "  {}", workspace_problem_text(problem, lang))?;
        }
    }
    if let Some(cache) = &audit.cache {
        say!(out, "{}", cache_text(cache.config.as_ref(), lang))?;
        // Reads and purges in the order of the log.
        let mut lines: Vec<(usize, String)> = cache.reads.iter().map(|r| (r.index, cached_read_text(r, lang))).collect();
        lines.extend(cache.purges.iter().map(|p| (p.index, purge_text(p, lang))));
        lines.sort_by_key(|(index, _)| *index);
        for (_, line) in lines {
            say!(out, "  {line}")?;
        }
    }
    Ok(())
}

fn cmd_about(opts: AboutArgs, out: &mut Out) -> Result<(), Failure> {
    let user = opts.user;
    if let Err(error) = mixua_policy::policy::check_name(&user) {
        let why = mixua_words::explain::name_error_text(&error, Lang::En);
        return Err(Failure(format!("{user:?} can't be a user name: {why}")));
    }
    let lang = opts.language.lang();
    let workspace = load(opts.source.workspace.as_deref())?;
    if !mixua_policy::about::knows(&workspace, &user) {
        return Err(Failure(format!(
            "no user `{user}` in the workspace (not a user, a card owner, nor the holder of a canary or a profile)"
        )));
    }
    let about = mixua_policy::about(&workspace, &user);
    if opts.json {
        writeln!(out, "{}", to_json(&about))?;
        return Ok(());
    }
    for line in mixua_words::probe_words::about_lines(&about, lang) {
        say!(out, "{line}")?;
    }
    Ok(())
}

fn cmd_seed(opts: SeedArgs, out: &mut Out) -> Result<(), Failure> {
    let workspace = if opts.lesson3 {
        mixua_course::lesson_three::lesson_three_workspace(opts.language.lang())
    } else if opts.story {
        story_workspace()
    } else {
        seed_workspace()
    };
    writeln!(out, "{}", workspace.to_json_pretty())?;
    Ok(())
}

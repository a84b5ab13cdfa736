//! `mixua`: a thin shell over the policy crate. It reads files, parses
//! arguments and prints; every decision comes from `mixua_policy`.

mod grade;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mixua_policy::explain::{
    cache_text, cached_read_text, decision_text, event_problem_text, event_text, flips_text, not_in_effect_text,
    purge_text, rejection_text, status_name, workspace_problem_text,
};
use mixua_policy::{
    as_of, audit, history, report_with, seed_workspace, story_workspace, Evaluation, Format, Lang, Policy, Report,
    ReportOptions, TimeError, Viewer, Workspace,
};

const USAGE: &str = "\
mixua: who may read which agent-memory card (the MixUA four-scope policy)

Usage:
  mixua report  [--workspace FILE] [--query Q] [--at TICK] [--out FILE|-] [--compare]
                [--explain] [--compact] [--fail-on-leak]
  mixua explain [--workspace FILE] --viewer USER/AGENT --card ID [--query Q] [--lang en|zh-TW]
  mixua history [--workspace FILE] --card ID [--lang en|zh-TW] [--json]
  mixua audit   [--workspace FILE] [--lang en|zh-TW] [--json]
  mixua about   [--workspace FILE] --user USER [--lang en|zh-TW] [--json]
  mixua seed    [--story]   print the built-in seed workspace as JSON
  mixua grade   --pack P CODES [--csv] [--lang en|zh-TW]
  mixua help [COMMAND]

Without --workspace, the built-in seed fixture (cards P U A G B X Y) is used.
Exit status: 0 done; 1 `report --fail-on-leak` found a leak, or `grade` refused
a code; 2 bad input
(unreadable file, invalid JSON, bad arguments), and then no file is written.";

const REPORT_HELP: &str = "\
mixua report: evaluate a workspace and print the report as JSON

Usage: mixua report [--workspace FILE] [--query Q] [--at TICK] [--out FILE|-]
                    [--compare] [--explain] [--compact] [--fail-on-leak]

  --workspace FILE  workspace JSON to read (default: the built-in seed)
  --query Q         query to search with (default: the workspace's own query)
  --at TICK         the views as they were at an earlier tick of the
                    workspace's logical clock (0 up to its clock), replayed
                    from its event log
  --out FILE        write the report to FILE as well as to standard output
                    (default: memory-result.json, as the seed program does);
                    `--out -` writes it to standard output only
  --compare         add the other two policies of the seed: the global-only
                    baseline and the unsafe pool, their views and leaks
  --explain         add per-view explanations: for every card that matches
                    the query, the scope rule that let the viewer in or not
  --compact         one line of JSON instead of the indented form
  --fail-on-leak    exit with status 1 (after writing the report) when a
                    canary reached another user under the four-scope policy

The report holds the seed program's keys (query, views, global_only_ids,
rejected_ids, unsafe_pool_contains_both_fake_secrets) and what explains them:
rejections with reasons and the four-scope policy's canary leaks. A workspace
that uses memory over time (a clock, events, card statuses, …) adds `at`, the
tick reported, and `not_in_effect`, the cards the in-effect gate stops there.
A workspace with `profiles` adds `reidentifications`: per view, the cards
whose text names profile facts, the user they point at, the facts named and
how many users match them (k = 1: a re-identification).
The file and standard output carry the same bytes.";

const EXPLAIN_HELP: &str = "\
mixua explain: why one viewer can or cannot read one card, in plain words

Usage: mixua explain [--workspace FILE] --viewer USER/AGENT --card ID [--query Q] [--lang en|zh-TW]

  --workspace FILE  workspace JSON to read (default: the built-in seed)
  --viewer U/A      the identity asking, e.g. alice/checker-v1
  --card ID         the card's id (every card with that id is explained)
  --query Q         query (default: the workspace's own query)
  --lang L          en (default) or zh-TW";

const HISTORY_HELP: &str = "\
mixua history: one card's life over time, in plain words

Usage: mixua history [--workspace FILE] --card ID [--lang en|zh-TW] [--json]

  --workspace FILE  workspace JSON to read (default: the built-in seed)
  --card ID         the card's id (it must name exactly one card)
  --lang L          en (default) or zh-TW
  --json            print the history as JSON instead

Prints the card's status, whether it is in effect now and why not, its chain
of versions, and every event of the log that names it (with the reason an
event is set aside, if it is).";

const AUDIT_HELP: &str = "\
mixua audit: the event log of a workspace, in plain words

Usage: mixua audit [--workspace FILE] [--lang en|zh-TW] [--json]

  --workspace FILE  workspace JSON to read (default: the built-in seed)
  --lang L          en (default) or zh-TW
  --json            print the audit as JSON instead

Prints the clock, every event (and why any is set aside: time going
backwards, an unknown card, a missing reason, …), what of the workspace's
optional keys can't be read, and, when reads are logged, the reads replayed
through the workspace's simulated cache: which were served from it, which
were stale, which leaked a canary.";

const ABOUT_HELP: &str = "\
mixua about: what the workspace keeps about one user (the viewing right)

Usage: mixua about [--workspace FILE] --user USER [--lang en|zh-TW] [--json]

  --workspace FILE  workspace JSON to read (default: the built-in seed)
  --user USER       the user asking, e.g. alice
  --lang L          en (default) or zh-TW
  --json            print the list as JSON instead

Lists the cards the user owns (scope, stream, status and who can read each),
the cards carrying their canary, the cards the re-identification probe links
to them (the facts named and how many users match), and, for a workspace
that uses memory over time, their candidates and tombstones.";

const SEED_HELP: &str = "\
mixua seed: print the built-in seed workspace (the file format the playground
imports and exports)

Usage: mixua seed [--story]

  --story   the seed with a history: a reviewer, a group, retention, a cache,
            and six ticks of proposals, publications, a rollback, a deletion
            and an expiry";

/// A failure that ends the run: a message for stderr, exit status 2.
struct Failure(String);

/// How a run that did its work ends.
enum Outcome {
    Done,
    /// `report --fail-on-leak` found a leak: exit status 1.
    LeakFound,
    /// `grade` refused a result code: exit status 1.
    CodesRefused,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::LeakFound | Outcome::CodesRefused) => ExitCode::from(1),
        Err(Failure(message)) => {
            eprintln!("mixua: error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<Outcome, Failure> {
    let Some((command, rest)) = args.split_first() else {
        println!("{USAGE}");
        return Ok(Outcome::Done);
    };
    match command.as_str() {
        "report" => cmd_report(rest),
        "explain" => cmd_explain(rest).map(|()| Outcome::Done),
        "history" => cmd_history(rest).map(|()| Outcome::Done),
        "audit" => cmd_audit(rest).map(|()| Outcome::Done),
        "seed" => cmd_seed(rest).map(|()| Outcome::Done),
        "about" => cmd_about(rest).map(|()| Outcome::Done),
        "grade" => grade::cmd_grade(rest),
        "help" | "--help" | "-h" => {
            let text = match rest.first().map(String::as_str) {
                Some("report") => REPORT_HELP,
                Some("explain") => EXPLAIN_HELP,
                Some("history") => HISTORY_HELP,
                Some("audit") => AUDIT_HELP,
                Some("seed") => SEED_HELP,
                Some("about") => ABOUT_HELP,
                Some("grade") => grade::GRADE_HELP,
                _ => USAGE,
            };
            println!("{text}");
            Ok(Outcome::Done)
        }
        other => Err(Failure(format!("unknown command `{other}`\n\n{USAGE}"))),
    }
}

/// Parsed `--flag value` options; `--help` is reported as `help`.
#[derive(Default)]
struct Options {
    workspace: Option<PathBuf>,
    query: Option<String>,
    out: Option<PathBuf>,
    viewer: Option<String>,
    card: Option<String>,
    user: Option<String>,
    lang: Option<String>,
    at: Option<String>,
    explain: bool,
    json: bool,
    story: bool,
    compare: bool,
    compact: bool,
    fail_on_leak: bool,
    help: bool,
}

fn parse_options(args: &[String], allowed: &[&str], usage: &str) -> Result<Options, Failure> {
    let mut opts = Options::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let flag = arg.as_str();
        if flag == "--help" || flag == "-h" {
            opts.help = true;
            continue;
        }
        if !allowed.contains(&flag) {
            return Err(Failure(format!("unexpected argument `{arg}`\n\n{usage}")));
        }
        let switch = match flag {
            "--explain" => Some(&mut opts.explain),
            "--compare" => Some(&mut opts.compare),
            "--compact" => Some(&mut opts.compact),
            "--fail-on-leak" => Some(&mut opts.fail_on_leak),
            "--json" => Some(&mut opts.json),
            "--story" => Some(&mut opts.story),
            _ => None,
        };
        if let Some(switch) = switch {
            *switch = true;
            continue;
        }
        let value = it
            .next()
            .ok_or_else(|| Failure(format!("`{flag}` needs a value\n\n{usage}")))?
            .clone();
        match flag {
            "--workspace" => opts.workspace = Some(value.into()),
            "--query" => opts.query = Some(value),
            "--out" => opts.out = Some(value.into()),
            "--viewer" => opts.viewer = Some(value),
            "--card" => opts.card = Some(value),
            "--user" => opts.user = Some(value),
            "--lang" => opts.lang = Some(value),
            "--at" => opts.at = Some(value),
            _ => unreachable!("every allowed flag is handled"),
        }
    }
    Ok(opts)
}

/// Reads a workspace file, or the seed when none is given.
fn load(path: Option<&Path>) -> Result<Workspace, Failure> {
    let Some(path) = path else { return Ok(seed_workspace()) };
    let text = std::fs::read_to_string(path)
        .map_err(|err| Failure(format!("cannot read `{}`: {err}", path.display())))?;
    Workspace::from_json(&text).map_err(|err| Failure(format!("`{}`:{err}", path.display())))
}

/// The language of `--lang`: en (the default) or zh-TW.
fn language(lang: Option<&str>) -> Result<Lang, Failure> {
    match lang {
        None => Ok(Lang::En),
        Some(tag @ ("en" | "zh-TW" | "zh")) => Ok(Lang::from_tag(tag)),
        Some(other) => Err(Failure(format!("unknown language `{other}`: use en or zh-TW"))),
    }
}

/// A tick given on the command line: a whole number, 0 or more.
fn tick(text: &str) -> Result<u64, Failure> {
    text.parse::<u64>().map_err(|_| Failure(format!("`{text}` is not a tick: give a whole number, 0 or more")))
}

fn cmd_report(args: &[String]) -> Result<Outcome, Failure> {
    let opts = parse_options(
        args,
        &["--workspace", "--query", "--at", "--out", "--explain", "--compare", "--compact", "--fail-on-leak"],
        REPORT_HELP,
    )?;
    if opts.help {
        println!("{REPORT_HELP}");
        return Ok(Outcome::Done);
    }
    let at = opts.at.as_deref().map(tick).transpose()?;
    let workspace = load(opts.workspace.as_deref())?;
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
    let out = opts.out.unwrap_or_else(|| PathBuf::from("memory-result.json"));
    let cannot_write = |err: std::io::Error| Failure(format!("cannot write `{}`: {err}", out.display()));
    let stdout = std::io::stdout().lock();
    // The report streams to the file and to standard output at once; a big
    // report is never held in memory whole.
    let written = if out.as_os_str() == "-" {
        write_report(&mut report, format, &mut std::io::BufWriter::with_capacity(256 * 1024, stdout))
            .map_err(|err| Failure(format!("cannot write to standard output: {err}")))
    } else {
        let file = std::fs::File::create(&out).map_err(cannot_write)?;
        let mut both = Tee { file: std::io::BufWriter::with_capacity(256 * 1024, file), stdout };
        write_report(&mut report, format, &mut both).map_err(cannot_write)
    };
    written?;
    let leaks = std::mem::take(&mut report.leaks);
    // The process ends right after this: freeing tens of thousands of cards
    // one by one would only delay the exit.
    std::mem::forget(report);
    std::mem::forget(workspace);
    if opts.fail_on_leak && !leaks.is_empty() {
        let first = &leaks[0];
        eprintln!(
            "mixua: {} leak{} found: {} (registered to {}) reached {} in card {}{}",
            leaks.len(),
            if leaks.len() == 1 { "" } else { "s" },
            first.token,
            first.owner,
            first.viewer,
            first.card,
            if leaks.len() > 1 { ", and more (see `leaks` in the report)" } else { "" },
        );
        return Ok(Outcome::LeakFound);
    }
    Ok(Outcome::Done)
}

/// The report and a final newline, flushed.
fn write_report<W: std::io::Write>(report: &mut Report<'_>, format: Format, out: &mut W) -> std::io::Result<()> {
    mixua_policy::report::write_json(report, format, out)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Writes to the output file and to standard output. A closed standard
/// output (e.g. `| head`) is no reason to stop writing the file.
struct Tee<'a> {
    file: std::io::BufWriter<std::fs::File>,
    stdout: std::io::StdoutLock<'a>,
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

fn cmd_explain(args: &[String]) -> Result<(), Failure> {
    let opts = parse_options(args, &["--workspace", "--viewer", "--card", "--query", "--lang"], EXPLAIN_HELP)?;
    if opts.help {
        println!("{EXPLAIN_HELP}");
        return Ok(());
    }
    let viewer_arg = opts.viewer.ok_or_else(|| Failure(format!("`--viewer USER/AGENT` is required\n\n{EXPLAIN_HELP}")))?;
    let card_id = opts.card.ok_or_else(|| Failure(format!("`--card ID` is required\n\n{EXPLAIN_HELP}")))?;
    // The same names the app and the file format accept: one `/` between
    // two names, each passing the policy's name check.
    let Some(viewer_id) = mixua_policy::ViewerId::parse_key(&viewer_arg) else {
        return Err(Failure(format!("`{viewer_arg}` is not USER/AGENT (one `/` between two names), e.g. alice/checker-v1")));
    };
    for name in [&viewer_id.user, &viewer_id.agent] {
        if let Err(error) = mixua_policy::policy::check_name(name) {
            let why = mixua_policy::explain::name_error_text(&error, Lang::En);
            return Err(Failure(format!("`{name}` in `{viewer_arg}` can't be a name: {why}")));
        }
    }
    let (user, agent) = (viewer_id.user.as_str(), viewer_id.agent.as_str());
    let lang = language(opts.lang.as_deref())?;
    let workspace = load(opts.workspace.as_deref())?;
    let query = opts.query.as_deref().unwrap_or(&workspace.query);
    let viewer = Viewer::new(user, agent);
    let cards: Vec<usize> = (0..workspace.cards.len()).filter(|&i| workspace.cards[i].id == card_id).collect();
    if cards.is_empty() {
        return Err(Failure(format!("no card with id `{card_id}` in the workspace")));
    }
    if !workspace.users.iter().any(|u| u == user) || !workspace.agents.iter().any(|a| a == agent) {
        println!(
            "{}",
            lang.pick(
                format!("注意:{viewer_arg} 不在這個工作區的使用者 × Agent 表中;仍照規則判斷。"),
                format!("note: {viewer_arg} is not among this workspace's users × agents; the rules apply all the same."),
            )
        );
    }
    // The evaluation asks every gate, the in-effect gate first, with the
    // workspace's clock and groups.
    let eval = Evaluation::new(&workspace, query, Policy::FourScope);
    for index in cards {
        let card = &workspace.cards[index];
        let decision = eval.access(index, viewer);
        let visible = decision.allowed() && mixua_policy::policy::matches_query(card, query);
        let verdict = match (visible, decision.allowed()) {
            (true, _) => lang.pick("看得到", "VISIBLE"),
            (false, true) => lang.pick("可讀,但不符合查詢", "READABLE, NOT MATCHED"),
            (false, false) => lang.pick("看不到", "HIDDEN"),
        };
        println!("{viewer_arg} · {} · {verdict}", card.id);
        println!("{}", decision_text(card, &decision, viewer, query, lang));
        if let mixua_policy::Access::Rejected { rejection } = &decision {
            println!("{}: {}", lang.pick("拒絕原因", "rejected because"), rejection_text(rejection, lang));
        }
        let flips = eval.flips(index, viewer);
        println!("{}", flips_text(card, viewer, &flips, lang));
    }
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("a value serializes")
}

fn cmd_history(args: &[String]) -> Result<(), Failure> {
    let opts = parse_options(args, &["--workspace", "--card", "--lang", "--json"], HISTORY_HELP)?;
    if opts.help {
        println!("{HISTORY_HELP}");
        return Ok(());
    }
    let card_id = opts.card.ok_or_else(|| Failure(format!("`--card ID` is required\n\n{HISTORY_HELP}")))?;
    let lang = language(opts.lang.as_deref())?;
    let workspace = load(opts.workspace.as_deref())?;
    let Some(history) = history(&workspace, &card_id) else {
        let count = workspace.cards.iter().filter(|c| c.id == card_id).count();
        return Err(Failure(if count == 0 {
            format!("no card with id `{card_id}` in the workspace")
        } else {
            format!("{count} cards have the id `{card_id}`: a history needs an id that names one card")
        }));
    };
    if opts.json {
        println!("{}", to_json(&history));
        return Ok(());
    }
    let effect = match &history.not_in_effect {
        None => lang.pick("目前生效".to_string(), "in effect now".to_string()),
        Some(why) => lang.pick(format!("目前不生效:{}", not_in_effect_text(why, lang)), format!("not in effect now: {}", not_in_effect_text(why, lang))),
    };
    println!("{} · {} · {effect}", history.card, status_name(history.status, lang));
    if history.versions.len() > 1 {
        println!("{}{}", lang.pick("版本:", "versions: "), history.versions.join(" → "));
    }
    if history.events.is_empty() {
        println!("{}", lang.pick("事件紀錄裡沒有它的事件。", "the log has no event for it."));
    }
    for entry in &history.events {
        println!("  #{} {}", entry.index, event_text(entry.event, lang));
        if let Some(problem) = &entry.problem {
            println!("     {}{}", lang.pick("擱置:", "set aside: "), event_problem_text(problem, lang));
        }
    }
    Ok(())
}

fn cmd_audit(args: &[String]) -> Result<(), Failure> {
    let opts = parse_options(args, &["--workspace", "--lang", "--json"], AUDIT_HELP)?;
    if opts.help {
        println!("{AUDIT_HELP}");
        return Ok(());
    }
    let lang = language(opts.lang.as_deref())?;
    let workspace = load(opts.workspace.as_deref())?;
    let audit = audit(&workspace);
    if opts.json {
        println!("{}", to_json(&audit));
        return Ok(());
    }
    println!(
        "{}",
        lang.pick(
            format!("時鐘:時刻 {} · 政策版本 {} · {} 個事件", audit.clock, audit.policy_version, audit.entries.len()),
            format!("clock: tick {} · policy version {} · {} events", audit.clock, audit.policy_version, audit.entries.len()),
        )
    );
    // Changes to who can read what (members, holds, times to live, the
    // cache, the policy version) are counted apart: each has a who and a why.
    let access = audit.entries.iter().filter_map(|e| e.event).filter(|e| e.action.sets()).count();
    if access > 0 {
        println!(
            "{}",
            lang.pick(format!("其中 {access} 個事件改變了誰讀得到什麼"), format!("{access} of them change who can read what"))
        );
    }
    for entry in &audit.entries {
        match entry.event {
            Some(event) => println!("  #{} {}", entry.index, event_text(event, lang)),
            None => println!("  #{} {}", entry.index, lang.pick("(無法解讀的事件)", "(an event that can't be read)")),
        }
        if let Some(problem) = &entry.problem {
            println!("     {}{}", lang.pick("擱置:", "set aside: "), event_problem_text(problem, lang));
        }
    }
    if !audit.problems.is_empty() {
        println!("{}", lang.pick("工作區的問題:", "problems in the workspace:"));
        for problem in &audit.problems {
            println!("  {}", workspace_problem_text(problem, lang));
        }
    }
    if let Some(cache) = &audit.cache {
        println!("{}", cache_text(cache.config.as_ref(), lang));
        // Reads and purges in the order of the log.
        let mut lines: Vec<(usize, String)> = cache.reads.iter().map(|r| (r.index, cached_read_text(r, lang))).collect();
        lines.extend(cache.purges.iter().map(|p| (p.index, purge_text(p, lang))));
        lines.sort_by_key(|(index, _)| *index);
        for (_, line) in lines {
            println!("  {line}");
        }
    }
    Ok(())
}

fn cmd_about(args: &[String]) -> Result<(), Failure> {
    let opts = parse_options(args, &["--workspace", "--user", "--lang", "--json"], ABOUT_HELP)?;
    if opts.help {
        println!("{ABOUT_HELP}");
        return Ok(());
    }
    let user = opts.user.ok_or_else(|| Failure(format!("`--user USER` is required\n\n{ABOUT_HELP}")))?;
    if let Err(error) = mixua_policy::policy::check_name(&user) {
        let why = mixua_policy::explain::name_error_text(&error, Lang::En);
        return Err(Failure(format!("`{user}` can't be a user name: {why}")));
    }
    let lang = language(opts.lang.as_deref())?;
    let workspace = load(opts.workspace.as_deref())?;
    if !mixua_policy::about::knows(&workspace, &user) {
        return Err(Failure(format!(
            "no user `{user}` in the workspace (not a user, a card owner, nor the holder of a canary or a profile)"
        )));
    }
    let about = mixua_policy::about(&workspace, &user);
    if opts.json {
        println!("{}", to_json(&about));
        return Ok(());
    }
    for line in mixua_policy::probe_words::about_lines(&about, lang) {
        println!("{line}");
    }
    Ok(())
}

fn cmd_seed(args: &[String]) -> Result<(), Failure> {
    let opts = parse_options(args, &["--story"], SEED_HELP)?;
    if opts.help {
        println!("{SEED_HELP}");
        return Ok(());
    }
    let workspace = if opts.story { story_workspace() } else { seed_workspace() };
    println!("{}", workspace.to_json_pretty());
    Ok(())
}

//! `mixua check`: runs a workspace's assertions (its `assertions` key,
//! issue 53), for a person (text) or for CI (JSON, TAP, JUnit XML). The
//! crate reads and judges them (`mixua_course::assertion`); this prints.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use mixua_course::assertion::{read, run};
use mixua_course::{assertion_words, because_words, coverage, problem_words, Assertion, AssertionProblem, Coverage, Verdict};
use mixua_policy::Workspace;
use mixua_words::Lang;

use crate::{load, tick, Failure, Language, Out, Outcome};

pub const CHECK_ABOUT: &str = "\
Run the assertions a workspace keeps (its `assertions` key): what its author
wrote down must hold, such as \"bob/checker-v1 reads A\", \"no canary reaches
another user\" or \"at tick 3 carol can't read W\".

Each assertion is one check of the exercises' vocabulary, at a tick if it
names one (`at`), with its author's `note`. Each failure is printed with the
policy's reason (the reading rule, the rejection, the leak, why a card is not
in the prompt). An assertion that can't be read is refused with its reason
and counts as failing: a typo never turns a test off. The others still run.

--at runs every assertion that names no tick of its own at an earlier tick.
--coverage lists the chart's cells and the cards no assertion mentions (a
check of the whole work, such as no leak, mentions none).";

pub const CHECK_AFTER: &str = "\
Exit status: 0 every assertion holds (or there is none); 1 one fails or
can't be read; 2 bad input (unreadable file, not a workspace, --at after the
clock, bad arguments).

Example:
  mixua check --workspace memory.json --format junit > mixua-check.xml";

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// One line per assertion, reasons below a failing one
    Text,
    /// One JSON object: every verdict with its reasons, as values and words
    Json,
    /// Test Anything Protocol, version 14: one test point per assertion
    Tap,
    /// JUnit XML: one test case per assertion
    Junit,
}

#[derive(Args)]
pub struct CheckArgs {
    /// Workspace JSON whose assertions to run (default: the built-in seed,
    /// which keeps none)
    #[arg(long, value_name = "FILE")]
    workspace: Option<PathBuf>,
    /// Run the assertions that name no tick at this earlier tick of the
    /// workspace's logical clock (0 up to its clock)
    #[arg(long, value_name = "TICK", value_parser = tick, allow_negative_numbers = true)]
    at: Option<u64>,
    /// The output's form
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "text")]
    format: CheckFormat,
    /// Also list the cells and cards that no assertion mentions
    #[arg(long)]
    coverage: bool,
    #[command(flatten)]
    language: Language,
}

/// One case of the run, in list order: an assertion judged, or one set
/// aside.
enum Case<'a> {
    Judged { index: usize, assertion: &'a Assertion, verdict: Verdict },
    SetAside { index: Option<usize>, problem: &'a AssertionProblem },
}

impl Case<'_> {
    fn pass(&self) -> bool {
        matches!(self, Case::Judged { verdict, .. } if verdict.pass)
    }

    /// Its number, counted from 1 as the words say it.
    fn number(&self) -> usize {
        match self {
            Case::Judged { index, .. } => index + 1,
            Case::SetAside { index, .. } => index.map_or(1, |i| i + 1),
        }
    }

    /// What it asserts, in words.
    fn title(&self, lang: Lang) -> String {
        match self {
            Case::Judged { assertion, .. } => assertion_words(assertion, lang),
            Case::SetAside { .. } => pick!(lang, "無法讀取的斷言".into(), "an assertion that can't be read".into()),
        }
    }

    /// Why it fails, one sentence per reason (none when it holds).
    fn reasons(&self, ws: &Workspace, lang: Lang) -> Vec<String> {
        match self {
            Case::Judged { verdict, .. } => verdict.because.iter().map(|b| because_words(ws, b, lang)).collect(),
            Case::SetAside { problem, .. } => vec![problem_words(problem, lang)],
        }
    }

    fn note(&self) -> Option<&str> {
        match self {
            Case::Judged { assertion, .. } => assertion.note.as_deref(),
            Case::SetAside { .. } => None,
        }
    }
}

pub fn cmd_check(args: CheckArgs, out: &mut Out) -> Result<Outcome, Failure> {
    let lang = args.language.lang();
    let ws = load(args.workspace.as_deref())?;
    if let Some(at) = args.at {
        let clock = ws.clock();
        if at > clock {
            return Err(Failure(format!(
                "tick {at} is after the workspace's clock ({clock}): `--at` looks back, from 0 up to the clock"
            )));
        }
    }
    let read = ws.assertions.as_ref().map(read).unwrap_or_default();
    let assertions: Vec<Assertion> = read.items.iter().map(|(_, a)| a.clone()).collect();
    let verdicts = run(&ws, &assertions, args.at);
    let mut cases: Vec<Case<'_>> = read
        .items
        .iter()
        .zip(verdicts)
        .map(|((index, assertion), verdict)| Case::Judged { index: *index, assertion, verdict })
        .chain(read.problems.iter().map(|problem| Case::SetAside { index: problem.index(), problem }))
        .collect();
    cases.sort_by_key(Case::number);
    let covered = args.coverage.then(|| coverage(&ws, &assertions));
    let name = args.workspace.as_ref().map_or_else(|| "seed".to_string(), |p| p.display().to_string());
    match args.format {
        CheckFormat::Text => text(&ws, &cases, covered.as_ref(), lang, out)?,
        CheckFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&as_json(&ws, &cases, covered.as_ref(), lang)).expect("JSON"))?,
        CheckFormat::Tap => tap(&ws, &cases, covered.as_ref(), lang, out)?,
        CheckFormat::Junit => junit(&ws, &name, &cases, covered.as_ref(), lang, out)?,
    }
    Ok(if cases.iter().all(Case::pass) { Outcome::Done } else { Outcome::AssertionsFail })
}

fn counts(cases: &[Case<'_>]) -> (usize, usize) {
    let passed = cases.iter().filter(|c| c.pass()).count();
    (passed, cases.len() - passed)
}

fn coverage_lines(c: &Coverage, lang: Lang) -> Vec<String> {
    let cells: Vec<String> = c.cells.iter().map(|c| c.key()).collect();
    vec![
        match cells.is_empty() {
            true => pick!(lang, "每個格子都有斷言提到".into(), "every cell is mentioned by an assertion".into()),
            false => pick!(lang, format!("沒有斷言提到的格子:{}", cells.join(", ")), format!("cells no assertion mentions: {}", cells.join(", "))),
        },
        match c.cards.is_empty() {
            true => pick!(lang, "每張卡都有斷言提到".into(), "every card is mentioned by an assertion".into()),
            false => pick!(lang, format!("沒有斷言提到的卡:{}", c.cards.join(", ")), format!("cards no assertion mentions: {}", c.cards.join(", "))),
        },
    ]
}

fn text(ws: &Workspace, cases: &[Case<'_>], covered: Option<&Coverage>, lang: Lang, out: &mut Out) -> Result<(), Failure> {
    for case in cases {
        let mark = if case.pass() { "✓" } else { "✗" };
        writeln!(out, "{mark} {}. {}", case.number(), case.title(lang))?;
        if let Some(note) = case.note() {
            writeln!(out, "    {}{note}", pick!(lang, "備註:", "note: "))?;
        }
        for reason in case.reasons(ws, lang) {
            writeln!(out, "    {reason}")?;
        }
    }
    let (passed, failed) = counts(cases);
    writeln!(
        out,
        "{}",
        pick!(
            lang,
            format!("{} 條斷言:{passed} 條成立,{failed} 條不成立", cases.len()),
            format!("{} assertions: {passed} hold, {failed} fail", cases.len())
        )
    )?;
    if let Some(c) = covered {
        for line in coverage_lines(c, lang) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

fn as_json(ws: &Workspace, cases: &[Case<'_>], covered: Option<&Coverage>, lang: Lang) -> Value {
    let (passed, failed) = counts(cases);
    let items: Vec<Value> = cases
        .iter()
        .map(|case| match case {
            Case::Judged { index, assertion, verdict } => json!({
                "index": index,
                "assertion": assertion,
                "words": case.title(lang),
                "pass": verdict.pass,
                "at": verdict.at,
                "because": verdict.because,
                "reasons": case.reasons(ws, lang),
            }),
            Case::SetAside { index, problem } => json!({
                "index": index,
                "pass": false,
                "set_aside": problem,
                "reasons": case.reasons(ws, lang),
            }),
        })
        .collect();
    let mut out = json!({ "passed": passed, "failed": failed, "assertions": items });
    if let Some(c) = covered {
        out["coverage"] = serde_json::to_value(c).expect("coverage serializes");
    }
    out
}

/// A line of text safe inside a TAP description or an XML attribute: no
/// control characters (a note may hold a newline).
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

fn tap(ws: &Workspace, cases: &[Case<'_>], covered: Option<&Coverage>, lang: Lang, out: &mut Out) -> Result<(), Failure> {
    writeln!(out, "TAP version 14")?;
    writeln!(out, "1..{}", cases.len())?;
    for (n, case) in cases.iter().enumerate() {
        // `#` starts a directive and `\` escapes: both are escaped in a
        // description.
        let title = one_line(&case.title(lang)).replace('\\', "\\\\").replace('#', "\\#");
        let status = if case.pass() { "ok" } else { "not ok" };
        writeln!(out, "{status} {} - {title}", n + 1)?;
        let reasons = case.reasons(ws, lang);
        if !case.pass() || case.note().is_some() {
            // The YAML block: every value a JSON string, which YAML reads as is.
            writeln!(out, "  ---")?;
            writeln!(out, "  assertion: {}", case.number())?;
            if let Some(note) = case.note() {
                writeln!(out, "  note: {}", Value::from(note))?;
            }
            if !reasons.is_empty() {
                writeln!(out, "  message: {}", Value::from(reasons.join("; ")))?;
                writeln!(out, "  reasons:")?;
                for reason in &reasons {
                    writeln!(out, "    - {}", Value::from(reason.as_str()))?;
                }
            }
            writeln!(out, "  ...")?;
        }
    }
    if let Some(c) = covered {
        for line in coverage_lines(c, lang) {
            writeln!(out, "# {}", one_line(&line))?;
        }
    }
    Ok(())
}

/// Text as XML character data or an attribute value: the five special
/// characters escaped, and the characters XML 1.0 does not allow at all
/// (most control characters, lone surrogates can't occur in a `str`,
/// U+FFFE and U+FFFF) replaced by U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

fn junit(ws: &Workspace, name: &str, cases: &[Case<'_>], covered: Option<&Coverage>, lang: Lang, out: &mut Out) -> Result<(), Failure> {
    let (_, failed) = counts(cases);
    let total = cases.len();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(out, r#"<testsuites name="mixua check" tests="{total}" failures="{failed}" errors="0">"#)?;
    writeln!(out, r#"  <testsuite name="{}" tests="{total}" failures="{failed}" errors="0" skipped="0">"#, xml(&one_line(name)))?;
    for case in cases {
        let title = xml(&one_line(&format!("{}. {}", case.number(), case.title(lang))));
        let reasons = case.reasons(ws, lang);
        if case.pass() && case.note().is_none() {
            writeln!(out, r#"    <testcase name="{title}" classname="mixua.assertions"/>"#)?;
            continue;
        }
        writeln!(out, r#"    <testcase name="{title}" classname="mixua.assertions">"#)?;
        if !case.pass() {
            let kind = match case {
                Case::Judged { .. } => "fails",
                Case::SetAside { .. } => "set_aside",
            };
            writeln!(
                out,
                r#"      <failure message="{}" type="{kind}">{}</failure>"#,
                xml(&one_line(&reasons.join("; "))),
                xml(&reasons.join("\n"))
            )?;
        }
        if let Some(note) = case.note() {
            writeln!(out, "      <system-out>{}</system-out>", xml(note))?;
        }
        writeln!(out, "    </testcase>")?;
    }
    if let Some(c) = covered {
        writeln!(out, "    <system-out>{}</system-out>", xml(&coverage_lines(c, lang).join("\n")))?;
    }
    writeln!(out, "  </testsuite>")?;
    writeln!(out, "</testsuites>")?;
    Ok(())
}

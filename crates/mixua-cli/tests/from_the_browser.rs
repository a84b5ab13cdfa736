//! What the playground writes in the browser, read by `mixua` (issue 51:
//! the CLI's half of a browser↔CLI round trip is a native test, and no
//! journey runs the CLI). Each file in `tests/from-the-browser/` is what
//! the browser wrote (or showed) in a journey; the journey compares the
//! browser's output with that same file, so the contract is held at both
//! ends, each by a test that can fail:
//!
//! - `lesson1-mei.code`, `lesson1-first-reveal.code`, `lesson2-lin.code`:
//!   the result codes `tests/e2e/hint-ladder.test.mjs` makes the app write
//!   (the journey asserts the code in the page is this file, byte for
//!   byte); here, the crate's own writer (`mixua_course::encode`) writes
//!   the same code from the results the journey made, and `mixua grade`
//!   reads it as the journey's learner did.
//! - `lesson3-story-prompts.json`, `lesson3-edited.json`,
//!   `lesson3-edited-prompts.json`: `tests/e2e/lesson3-cli.test.mjs`
//!   asserts the prompt panel shows the prompts files for every viewer (on
//!   the story, then after two edits) and that the Work menu exports
//!   `lesson3-edited.json`; here, `mixua prompt --json` on `mixua seed
//!   --lesson3` and on that export gives the same prompts.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mixua_course::{encode, CellMark, ExerciseResult, Results, Solved};
use serde_json::{json, Value};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/from-the-browser").join(name)
}

fn code(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).unwrap().trim().to_string()
}

fn mixua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// A file of its own per test (they run at once).
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("mixua-from-the-browser-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn grade(pack: &str, codes: &[&str]) -> (Option<i32>, String) {
    let file = scratch(&format!("{pack}-{}.txt", codes.len()), &(codes.join("\n") + "\n"));
    let o = mixua(&["grade", "--pack", pack, file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    (o.status.code(), stdout(&o))
}

fn row<'a>(out: &'a str, starts: &str) -> Vec<&'a str> {
    let line = out.lines().find(|l| l.starts_with(starts)).unwrap_or_else(|| panic!("no row {starts}:\n{out}"));
    line.split('|').map(str::trim).collect()
}

fn not_done(cells: usize) -> ExerciseResult {
    ExerciseResult { cells: vec![CellMark::NotPredicted; cells], ..ExerciseResult::default() }
}

/// Lesson 1's exercises as a learner who predicted nothing leaves them:
/// exercise 1 grades four predicted cells, exercise 3 two.
fn lesson1_untouched() -> Vec<ExerciseResult> {
    let mut exercises = vec![ExerciseResult::default(); 7];
    exercises[0] = not_done(4);
    exercises[2] = not_done(2);
    exercises
}

fn tampered(code: &str) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    let at = chars.len() - 5;
    chars[at] = if chars[at] == '7' { '8' } else { '7' };
    chars.into_iter().collect()
}

#[test]
fn mei_s_code_from_the_browser_is_the_crate_s_and_grades_as_she_worked() {
    // The journey: exercise 4 solved after one hint, exercise 2 answered right.
    let mut exercises = lesson1_untouched();
    exercises[1].solved = Solved::Yes;
    exercises[3] = ExerciseResult { solved: Solved::Yes, hints: 1, ..ExerciseResult::default() };
    let mei = code("lesson1-mei.code");
    assert_eq!(encode(&Results { pack: "lesson1".into(), version: 1, name: "Mei".into(), exercises }), mei);

    let (status, out) = grade("lesson1", &[&mei, &tampered(&mei)]);
    assert_eq!(status, Some(1), "one code refused: {out}");
    // Exercises 1 and 3 grade predicted cells (none made: 0 of 4, 0 of 2).
    assert_eq!(row(&out, "Mei"), ["Mei", "- 0/4", "✓", "- 0/2", "✓ h1", "-", "-", "-", "2/7"]);
    assert!(out.contains("line 2: refused. The checksum does not match"), "{out}");
}

#[test]
fn the_first_reveal_s_wrong_cell_stays_in_the_code_from_the_browser() {
    // The journey: bob/checker-v1 predicted wrong at the first reveal, put
    // right, then revealed again: exercise 1 solved, 3 of 4 cells right.
    let mut exercises = lesson1_untouched();
    exercises[0] = ExerciseResult {
        solved: Solved::Yes,
        cells: vec![CellMark::Right, CellMark::Right, CellMark::Right, CellMark::Wrong],
        ..ExerciseResult::default()
    };
    let first = code("lesson1-first-reveal.code");
    assert_eq!(encode(&Results { pack: "lesson1".into(), version: 1, name: String::new(), exercises }), first);

    let (status, out) = grade("lesson1", &[&first]);
    assert_eq!(status, Some(0), "{out}");
    let cells = out.lines().find(|l| l.contains('|') && l.contains("3/4")).unwrap_or_else(|| panic!("exercise 1 reads ✓ 3/4:\n{out}"));
    assert_eq!(cells.split('|').map(str::trim).nth(1), Some("✓ 3/4"), "{out}");
}

#[test]
fn lin_s_lesson_2_code_from_the_browser_reads_with_the_lesson_2_pack() {
    // The journey: lesson 2's exercise 1 solved after its one hint.
    let mut exercises = vec![ExerciseResult::default(); 8];
    exercises[0] = ExerciseResult { solved: Solved::Yes, hints: 1, ..ExerciseResult::default() };
    let lin = code("lesson2-lin.code");
    assert_eq!(encode(&Results { pack: "lesson2".into(), version: 1, name: "Lin".into(), exercises }), lin);

    let (status, out) = grade("lesson2", &[&lin]);
    assert_eq!(status, Some(0), "{out}");
    let cells = row(&out, "Lin");
    assert_eq!(cells[1], "✓ h1");
    assert_eq!(cells.last(), Some(&"1/8"));
}

const VIEWERS: [&str; 6] = ["alice/writer-v1", "alice/checker-v1", "bob/writer-v1", "bob/checker-v1", "carol/writer-v1", "carol/checker-v1"];

/// What `mixua prompt --json` says of each viewer's prompt, in the prompt
/// panel's terms (as the journey reads the panel, `promptOf`).
fn prompts(workspace: &Path) -> Value {
    let all = VIEWERS.iter().map(|viewer| {
        let o = mixua(&["prompt", "--workspace", workspace.to_str().unwrap(), "--viewer", viewer, "--json"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let p: Value = serde_json::from_slice(&o.stdout).unwrap();
        let loaded = |layer: &str| -> Vec<Value> {
            p["loaded"].as_array().unwrap().iter().filter(|l| l["layer"] == layer).map(|l| l["id"].clone()).collect()
        };
        let dropped = p["dropped"].as_array().unwrap();
        json!({
            "viewer": viewer,
            "always": loaded("always"),
            "retrieved": loaded("retrieved"),
            "tool": dropped.iter().filter(|d| d["reason"]["reason"] == "tool_only").map(|d| d["id"].clone()).collect::<Vec<_>>(),
            "dropped": dropped.iter().map(|d| (d["id"].as_str().unwrap().to_string(), d["reason"]["reason"].clone())).collect::<serde_json::Map<_, _>>(),
            "tokens": p["metrics"]["prompt_tokens"],
            "startup": p["metrics"]["startup_tokens"],
            "baseline": p["metrics"]["baseline_tokens"],
            "stale": p["metrics"]["stale_use"],
        })
    });
    Value::Array(all.collect())
}

fn read_json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

#[test]
fn prompt_on_lesson_3_s_story_is_what_the_panel_shows() {
    let o = mixua(&["seed", "--lesson3", "--lang", "en"]);
    assert!(o.status.success());
    let story = scratch("lesson3-story.json", &stdout(&o));
    let cli = prompts(&story);
    let _ = std::fs::remove_file(&story);
    let panel = read_json("lesson3-story-prompts.json");
    for (cli, panel) in cli.as_array().unwrap().iter().zip(panel.as_array().unwrap()) {
        assert!(!cli["always"].as_array().unwrap().is_empty() || !cli["retrieved"].as_array().unwrap().is_empty(), "{cli}");
        assert_eq!(cli, panel, "the story: {}", panel["viewer"]);
    }
    assert_eq!(cli.as_array().unwrap().len(), VIEWERS.len());
}

#[test]
fn prompt_on_the_browser_s_export_after_two_edits_is_what_the_panel_shows() {
    let edited = read_json("lesson3-edited.json");
    // The export holds the journey's two edits.
    assert_eq!(edited["prompt"]["budgets"]["episodic"], 60, "{}", edited["prompt"]);
    assert_eq!(edited["prompt"]["load"]["meta"], "always", "{}", edited["prompt"]);
    let cli = prompts(&fixture("lesson3-edited.json"));
    let panel = read_json("lesson3-edited-prompts.json");
    for (cli, panel) in cli.as_array().unwrap().iter().zip(panel.as_array().unwrap()) {
        assert_eq!(cli, panel, "after the edits: {}", panel["viewer"]);
    }
    assert_eq!(cli.as_array().unwrap().len(), VIEWERS.len());
}

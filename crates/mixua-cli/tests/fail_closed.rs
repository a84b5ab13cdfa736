//! Input that could make the CLI do harm, refused or made safe (issue 48):
//! `report` never writes over the workspace it reads (by its name, the
//! default `memory-result.json`, a symbolic link or a hard link); no read
//! goes past the size a file may hold (`/dev/zero` ends at once); control
//! characters in ids never reach the terminal raw; a card whose status its
//! own log contradicts is not in effect; and a CSV cell that a spreadsheet
//! would run, leading spaces or not, is neutralised.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A fresh directory under the system's temp dir, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("mixua-closed-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn write(&self, name: &str, text: &str) -> String {
        std::fs::write(self.0.join(name), text).unwrap();
        name.to_string()
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).unwrap()
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mixua"));
        command.args(args).current_dir(&self.0);
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn said(out: &Output) -> String {
    format!("status {:?}\n--- stdout\n{}--- stderr\n{}", out.status, text(&out.stdout), text(&out.stderr))
}

fn fails_with_2(out: &Output) {
    assert_eq!(out.status.code(), Some(2), "{}", said(out));
}

/// A workspace printed by `mixua seed` (with `flag`, if any).
fn seed(dir: &Scratch, flags: &[&str]) -> Value {
    let mut args = vec!["seed"];
    args.extend(flags);
    let out = dir.run(&args);
    assert!(out.status.success(), "{}", said(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

// ---------------------------------------------------------------------------
// `report` never writes over its input
// ---------------------------------------------------------------------------

/// Runs `report ARGS` and checks it refuses in words, exit 2, leaving
/// every file named as it was.
fn refuses_to_overwrite(dir: &Scratch, args: &[&str], files: &[&str]) {
    let before: Vec<String> = files.iter().map(|f| dir.read(f)).collect();
    let out = dir.run(args);
    fails_with_2(&out);
    let err = text(&out.stderr);
    assert!(err.contains("is the workspace being read") && err.contains("Nothing was written"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing is printed either: {}", said(&out));
    for (file, text) in files.iter().zip(before) {
        assert_eq!(dir.read(file), text, "{args:?}: {file} is as it was");
    }
}

#[test]
fn report_refuses_to_write_its_default_output_over_the_workspace_it_reads() {
    let dir = Scratch::new("default-out");
    let ws = seed(&dir, &[]).to_string();
    dir.write("memory-result.json", &ws);
    refuses_to_overwrite(&dir, &["report", "--workspace", "memory-result.json"], &["memory-result.json"]);
    refuses_to_overwrite(&dir, &["report", "--workspace", "./memory-result.json"], &["memory-result.json"]);
    // The next run still reads it: it is still a workspace.
    let out = dir.run(&["report", "--workspace", "memory-result.json", "--out", "-"]);
    assert!(out.status.success(), "{}", said(&out));
    // In the learner's language.
    let out = dir.run(&["report", "--workspace", "memory-result.json", "--lang", "zh-TW"]);
    fails_with_2(&out);
    assert!(text(&out.stderr).contains("就是正在讀的工作區"), "{}", said(&out));
    assert_eq!(dir.read("memory-result.json"), ws);
}

#[test]
fn report_refuses_an_out_that_names_its_input_by_name_link_or_hard_link() {
    let dir = Scratch::new("out-names-input");
    let ws = seed(&dir, &[]).to_string();
    dir.write("ws.json", &ws);
    refuses_to_overwrite(&dir, &["report", "--workspace", "ws.json", "--out", "ws.json"], &["ws.json"]);
    let absolute = dir.path("ws.json").display().to_string();
    refuses_to_overwrite(&dir, &["report", "--workspace", "ws.json", "--out", &absolute], &["ws.json"]);
    // Through a symbolic link, either way round, and a link to a link.
    std::os::unix::fs::symlink(dir.path("ws.json"), dir.path("link.json")).unwrap();
    std::os::unix::fs::symlink("link.json", dir.path("link2.json")).unwrap();
    refuses_to_overwrite(&dir, &["report", "--workspace", "ws.json", "--out", "link.json"], &["ws.json"]);
    refuses_to_overwrite(&dir, &["report", "--workspace", "link.json", "--out", "ws.json"], &["ws.json"]);
    refuses_to_overwrite(&dir, &["report", "--workspace", "link2.json", "--out", "link.json"], &["ws.json"]);
    // A hard link is the same file under another name.
    std::fs::hard_link(dir.path("ws.json"), dir.path("hard.json")).unwrap();
    refuses_to_overwrite(&dir, &["report", "--workspace", "hard.json", "--out", "ws.json"], &["ws.json", "hard.json"]);
    // Through a directory's symbolic link.
    std::fs::create_dir(dir.path("sub")).unwrap();
    std::os::unix::fs::symlink(&dir.0, dir.path("sub/up")).unwrap();
    refuses_to_overwrite(&dir, &["report", "--workspace", "ws.json", "--out", "sub/up/ws.json"], &["ws.json"]);
    assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), 5, "no file was written");
    // Another file, and standard output, are written as before.
    let out = dir.run(&["report", "--workspace", "ws.json", "--out", "other.json"]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(text(&out.stdout), dir.read("other.json"));
    let out = dir.run(&["report", "--workspace", "link.json", "--out", "-"]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(dir.read("ws.json"), ws);
}

// ---------------------------------------------------------------------------
// Bounded reads
// ---------------------------------------------------------------------------

/// Runs the CLI with `stdin` and waits at most 20 seconds; a run that takes
/// longer is killed, and the test fails.
fn run_bounded(dir: &Scratch, args: &[&str], stdin: Stdio) -> (Output, Duration) {
    let started = Instant::now();
    let mut child = dir.command(args).stdin(stdin).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    loop {
        if child.try_wait().unwrap().is_some() {
            return (child.wait_with_output().unwrap(), started.elapsed());
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`mixua {}` still reading after 20 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn too_large(out: &Output, took: Duration) {
    fails_with_2(out);
    assert!(text(&out.stderr).contains("too large") && text(&out.stderr).contains("5 MB"), "{}", said(out));
    assert!(took < Duration::from_secs(10), "it took {took:?}");
}

#[test]
fn an_endless_workspace_ends_at_once_with_exit_2_too_large() {
    let dir = Scratch::new("dev-zero");
    for command in ["report", "audit", "prompt", "about"] {
        let mut args = vec![command, "--workspace", "/dev/zero"];
        match command {
            "report" => args.extend(["--out", "-"]),
            "prompt" => args.extend(["--viewer", "bob/checker-v1"]),
            "about" => args.extend(["--user", "alice"]),
            _ => {}
        }
        let (out, took) = run_bounded(&dir, &args, Stdio::null());
        too_large(&out, took);
    }
    // Codes on standard input, and a pack file.
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let (out, took) = run_bounded(&dir, &["grade", "--pack", "lesson1", "-"], Stdio::from(zero));
    too_large(&out, took);
    let (out, took) = run_bounded(&dir, &["grade", "--pack", "lesson1", "/dev/zero"], Stdio::null());
    too_large(&out, took);
}

#[test]
fn a_file_one_byte_over_the_limit_is_too_large_and_one_at_it_is_read() {
    let dir = Scratch::new("limit");
    let limit = mixua_policy::MAX_FILE_BYTES;
    let ws = seed(&dir, &[]).to_string();
    // Padded with spaces (valid JSON) to exactly the limit, then one more.
    let at = format!("{ws}{}", " ".repeat(limit - ws.len()));
    dir.write("at.json", &at);
    let out = dir.run(&["report", "--workspace", "at.json", "--out", "-"]);
    assert!(out.status.success(), "{}", said(&out));
    dir.write("over.json", &format!("{at} "));
    let (out, took) = run_bounded(&dir, &["report", "--workspace", "over.json", "--out", "-"], Stdio::null());
    too_large(&out, took);
}

// ---------------------------------------------------------------------------
// Control characters never reach the terminal raw
// ---------------------------------------------------------------------------

/// A card id that clears the screen, then prints a line of its own.
const NASTY: &str = "E\u{1b}[2J\u{1b}]0;pwned\u{7}\rFAKE\nLINE\u{202E}";

fn nothing_raw(args: &[&str], out: &Output) {
    // JSON output is escaped by the JSON writer, which leaves a
    // right-to-left override as it is (a character of the text, not a
    // control character).
    let json = args[0] == "report";
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let said = text(bytes);
        for c in ['\u{1b}', '\u{7}', '\r', '\u{202E}'].into_iter().filter(|&c| !(json && stream == "stdout" && c == '\u{202E}')) {
            assert!(!said.contains(c), "{args:?}: {stream} prints {c:?} raw:\n{said}");
        }
        assert!(!said.lines().any(|l| l.starts_with("LINE")), "{args:?}: {stream}: an id starts a line of its own:\n{said}");
    }
}

/// Lesson 3's start with one more card, `NASTY`, a copy of S that reaches
/// bob's prompt, and an event that names it with a nasty actor.
fn nasty_workspace(dir: &Scratch) -> String {
    let mut ws = seed(&dir, &["--lesson3"]);
    let cards = ws["cards"].as_array_mut().unwrap();
    let mut copy = cards.iter().find(|c| c["id"] == "S").expect("lesson 3 has S").clone();
    copy["id"] = json!(NASTY);
    cards.push(copy);
    let events = ws["events"].as_array_mut().unwrap();
    let tick = events.last().map_or(0, |e| e["tick"].as_u64().unwrap());
    events.push(json!({"tick": tick, "action": "history", "card": NASTY, "actor": "dana\u{1b}[31m"}));
    dir.write("nasty.json", &ws.to_string())
}

#[test]
fn escape_sequences_in_an_id_are_printed_escaped_by_every_text_command() {
    let dir = Scratch::new("escapes");
    let file = nasty_workspace(&dir);
    let runs: Vec<Vec<&str>> = vec![
        vec!["prompt", "--workspace", &file, "--viewer", "bob/checker-v1", "--query", "E"],
        vec!["prompt", "--workspace", &file, "--viewer", "bob/checker-v1", "--lang", "zh-TW"],
        vec!["diagnose", "--workspace", &file, "--viewer", "bob/checker-v1", "--card", NASTY],
        vec!["history", "--workspace", &file, "--card", NASTY],
        vec!["history", "--workspace", &file, "--card", NASTY, "--lang", "zh-TW"],
        vec!["explain", "--workspace", &file, "--viewer", "bob/checker-v1", "--card", NASTY],
        vec!["audit", "--workspace", &file],
        vec!["about", "--workspace", &file, "--user", "bob"],
        vec!["report", "--workspace", &file, "--out", "-", "--explain"],
        // Refusals quote the id too.
        vec!["history", "--workspace", &file, "--card", "no\u{1b}[2Jsuch"],
        vec!["explain", "--workspace", &file, "--viewer", "bob/checker-v1", "--card", "no\u{1b}[2J\nLINE"],
    ];
    for args in &runs {
        let out = dir.run(args);
        nothing_raw(args, &out);
    }
    // Escaped, each where it belongs.
    let history = text(&dir.run(&runs[3]).stdout);
    assert!(history.starts_with("E\\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\u{d}FAKE\\u{a}LINE\\u{202e} · accepted"), "{history}");
    assert!(history.contains("dana\\u{1b}[31m"), "{history}");
    let diagnose = text(&dir.run(&runs[2]).stdout);
    assert!(diagnose.contains("E\\u{1b}[2J"), "{diagnose}");
    let prompt = text(&dir.run(&runs[0]).stdout);
    assert!(prompt.contains("E\\u{1b}[2J"), "the card reaches the prompt, escaped: {prompt}");
    // The report is JSON: the id is escaped by the JSON writer, and reads
    // back as it was.
    let report: Value = serde_json::from_slice(&dir.run(&runs[8]).stdout).unwrap();
    assert!(report.to_string().contains("E\\u001b[2J"), "{report}");
}

#[test]
fn a_leak_in_a_card_with_a_nasty_id_is_said_escaped_on_stderr() {
    let dir = Scratch::new("leak-escape");
    let mut ws = seed(&dir, &[]);
    // X filed as reusable content carries alice's canary to bob: a leak.
    for card in ws["cards"].as_array_mut().unwrap() {
        if card["id"] == "X" {
            card["stream"] = json!("reusable");
            card["id"] = json!(NASTY);
        }
    }
    let file = dir.write("leak.json", &ws.to_string());
    let args = ["report", "--workspace", &file, "--out", "-", "--fail-on-leak"];
    let out = dir.run(&args);
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    nothing_raw(&args, &out);
    assert!(text(&out.stderr).contains("in card E\\u{1b}[2J"), "{}", said(&out));
}

// ---------------------------------------------------------------------------
// A card whose log disagrees with it fails closed
// ---------------------------------------------------------------------------

/// The seed with card R (a copy of G, which alice's views hold), written
/// accepted, while its log says dana revoked it at tick 1.
fn disagreeing(dir: &Scratch) -> String {
    let mut ws = seed(&dir, &[]);
    let cards = ws["cards"].as_array_mut().unwrap();
    let mut r = cards.iter().find(|c| c["id"] == "G").unwrap().clone();
    r["id"] = json!("R");
    r["status"] = json!("accepted");
    cards.push(r);
    ws["reviewers"] = json!(["dana"]);
    ws["events"] = json!([{"tick": 1, "action": "revoke", "card": "R", "actor": "dana", "reason": "it quotes a secret"}]);
    dir.write("disagree.json", &ws.to_string())
}

#[test]
fn a_card_revoked_in_its_log_but_written_accepted_is_in_no_view_and_audit_names_it() {
    let dir = Scratch::new("disagree");
    let file = disagreeing(&dir);
    let out = dir.run(&["report", "--workspace", &file, "--out", "-"]);
    assert!(out.status.success(), "{}", said(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    for (viewer, ids) in report["views"].as_object().unwrap() {
        assert!(!ids.as_array().unwrap().iter().any(|card| card["id"] == "R"), "R reaches {viewer}: {report}");
    }
    let not = report["not_in_effect"].as_array().expect("a not_in_effect list");
    let r = not.iter().find(|n| n["id"] == "R" || n["card"] == "R").unwrap_or_else(|| panic!("R is not listed: {not:?}"));
    assert_eq!(r["why"]["state"], json!("log_disagrees"), "{r}");
    assert_eq!((&r["why"]["written"], &r["why"]["logged"]), (&json!("accepted"), &json!("revoked")), "{r}");

    let audit = text(&dir.run(&["audit", "--workspace", &file]).stdout);
    assert!(
        audit.contains("R is written as accepted, but its log replays to revoked; the two disagree, so it is not in effect until they agree"),
        "{audit}"
    );
    let audit = text(&dir.run(&["audit", "--workspace", &file, "--lang", "zh-TW"]).stdout);
    assert!(audit.contains("R 寫的狀態是「已接受」,但事件紀錄重播到現在是「已撤回」;兩者不一致"), "{audit}");

    let history = text(&dir.run(&["history", "--workspace", &file, "--card", "R"]).stdout);
    assert!(
        history.contains("not in effect now: its status as written is accepted, but its own log says revoked (by dana at tick 1, because “it quotes a secret”)"),
        "{history}"
    );
    let explain = text(&dir.run(&["explain", "--workspace", &file, "--viewer", "alice/writer-v1", "--card", "R"]).stdout);
    assert!(explain.contains("R · HIDDEN") && explain.contains("the two disagree"), "{explain}");
    let explain = text(&dir.run(&["explain", "--workspace", &file, "--viewer", "alice/writer-v1", "--card", "R", "--lang", "zh-TW"]).stdout);
    assert!(explain.contains("兩者不一致"), "{explain}");
    // Without the event, R reaches alice as G does: the log alone keeps it out.
    let mut ws: Value = serde_json::from_str(&dir.read(&file)).unwrap();
    ws["events"] = json!([]);
    let clean = dir.write("clean.json", &ws.to_string());
    let report: Value = serde_json::from_slice(&dir.run(&["report", "--workspace", &clean, "--out", "-"]).stdout).unwrap();
    assert!(report["views"]["alice/writer-v1"].as_array().unwrap().iter().any(|card| card["id"] == "R"), "{report}");
}

// ---------------------------------------------------------------------------
// CSV cells a spreadsheet would run
// ---------------------------------------------------------------------------

/// A code for pack lesson1 with no exercises and this name, written by
/// hand as a tester would: `mixua_course::encode` trims a name, and a code
/// made elsewhere need not.
fn code(name: &str) -> String {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
            }
        }
        !crc
    }
    let mut bytes = vec![1, 7];
    bytes.extend_from_slice(b"lesson1");
    bytes.extend([1, name.len() as u8]);
    bytes.extend_from_slice(name.as_bytes());
    bytes.push(0);
    let sum = crc32(&bytes);
    bytes.extend_from_slice(&sum.to_be_bytes());
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let (mut acc, mut bits, mut out) = (0u32, 0u32, String::from("MX1-"));
    for b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    // The crate reads it as written, leading spaces and all.
    let read = mixua_course::decode(&out).unwrap_or_else(|p| panic!("{name:?}: {p:?}"));
    assert_eq!(read.name, name);
    out
}

#[test]
fn grade_csv_neutralises_a_formula_after_leading_spaces_or_tabs() {
    let dir = Scratch::new("csv");
    let names = [" =1+1", "  +SUM(A1)", "   -2", " @cmd"];
    let codes: Vec<String> = names.iter().map(|n| code(n)).collect();
    let file = dir.write("codes.txt", &(codes.join("\n") + "\n"));
    let out = dir.run(&["grade", "--pack", "lesson1", &file, "--csv"]);
    let csv = text(&out.stdout);
    assert!(!csv.is_empty(), "{}", said(&out));
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let student = cells[1].trim_start_matches('"');
        assert!(student.starts_with('\'') || !student.trim_start().starts_with(['=', '+', '-', '@']), "{line}");
    }
    assert!(csv.contains("\n1,' =1+1,read"), "{csv}");
    // The text table prints the name as it is (no spreadsheet reads it).
    let table = text(&dir.run(&["grade", "--pack", "lesson1", &file]).stdout);
    assert!(table.contains(" =1+1"), "{table}");
}

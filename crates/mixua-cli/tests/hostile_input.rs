//! The CLI on unusual input a careful user or an attacker would try: cycles
//! of versions, and names that hide characters. Each test writes its file
//! into a fresh directory and runs the built `mixua` binary.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Value};

/// A fresh directory under the system's temp dir, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("mixua-hostile-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, name: &str, text: &str) -> String {
        std::fs::write(self.0.join(name), text).unwrap();
        name.to_string()
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).current_dir(&self.0).output().unwrap()
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

/// The seed as `mixua seed` writes it.
fn seed(dir: &Scratch) -> Value {
    let out = dir.run(&["seed"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn history_and_audit_name_a_cycle_of_versions() {
    let dir = Scratch::new("cycle");
    let mut ws = seed(&dir);
    for card in ws["cards"].as_array_mut().unwrap() {
        match card["id"].as_str() {
            Some("A") => card["supersedes"] = json!("G"),
            Some("G") => card["supersedes"] = json!("A"),
            _ => {}
        }
    }
    let file = dir.write("cycle.json", &ws.to_string());
    let out = dir.run(&["history", "--workspace", &file, "--card", "A"]);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(said.contains("a cycle of versions: A → G → A"), "{said}");
    assert!(!said.contains("versions: G → A"), "a cycle is not a chain: {said}");
    let out = dir.run(&["audit", "--workspace", &file]);
    let said = text(&out.stdout);
    assert!(said.contains("a cycle of versions: A → G → A"), "{said}");
    let out = dir.run(&["audit", "--workspace", &file, "--lang", "zh-TW"]);
    assert!(text(&out.stdout).contains("版本循環:A → G → A"), "{}", text(&out.stdout));
    let out = dir.run(&["history", "--workspace", &file, "--card", "G", "--json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["cycle"], json!(["A", "G"]));
    assert_eq!(json["not_in_effect"]["state"], json!("cycle_of_versions"));
}

fn code(name: &str) -> String {
    mixua_course::encode(&mixua_course::Results { pack: "lesson1".into(), version: 1, name: name.into(), exercises: Vec::new() })
}

#[test]
fn grade_reads_a_codes_file_that_starts_with_a_byte_order_mark() {
    let dir = Scratch::new("bom");
    let file = dir.write("codes.txt", &format!("\u{FEFF}{}\r\n{}\r\n", code("Ann"), code("Bo")));
    let out = dir.run(&["grade", "--pack", "lesson1", &file]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("2 codes read, 0 refused") && said.contains("Ann") && said.contains("Bo"), "{said}");
}

#[test]
fn grade_refuses_a_student_name_that_hides_a_character_and_never_prints_it() {
    let dir = Scratch::new("rlo");
    let file = dir.write("codes.txt", &format!("{}\n{}\n", code("Ann"), code("Bo\u{202E}b")));
    for args in [vec!["grade", "--pack", "lesson1", &file], vec!["grade", "--pack", "lesson1", &file, "--csv"]] {
        let out = dir.run(&args);
        assert_eq!(out.status.code(), Some(1), "a refused code: {}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(!said.contains('\u{202E}'), "{said}");
        assert!(said.contains("U+202E"), "{said}");
    }
}

#[test]
fn a_name_that_hides_a_character_is_refused_in_arguments_and_files() {
    let dir = Scratch::new("names");
    let out = dir.run(&["about", "--user", "ali\u{200B}ce"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("U+200B"), "{}", text(&out.stderr));
    let out = dir.run(&["explain", "--viewer", "bob\u{202E}/writer-v1", "--card", "G"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("U+202E"), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains('\u{202E}'), "the message never prints it: {}", text(&out.stderr));
    let mut ws = seed(&dir);
    ws["users"].as_array_mut().unwrap().push(json!("ali\u{200B}ce"));
    let file = dir.write("ws.json", &ws.to_string());
    let out = dir.run(&["report", "--workspace", &file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("U+200B"), "{}", text(&out.stderr));
}

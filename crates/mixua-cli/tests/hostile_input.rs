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

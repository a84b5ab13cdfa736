//! The playground's files through the CLI, natively (issue 51: round trips
//! with the CLI are native tests, not browser journeys). A work
//! file as the playground exports it (the workspace and its `playground`
//! key) is valid input for `mixua report`; the CLI's views are the views
//! the playground shows for it; and the report file the CLI writes is byte
//! for byte the playground's *Export report* (`mixua_words::report`, the
//! pretty writer, a final newline). `mixua seed` prints the seed the
//! playground imports.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Value};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("mixua-roundtrip-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
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

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "status {:?}: {}", out.status, String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The journey's edits of the seed, as the playground's export writes
/// them: X filed as reusable (a leak), a user carol with a PAIR card N1 of
/// hers, A no longer approved, the query 暗號; and the `playground` key
/// with the learner's predictions, language and step.
fn exported_work() -> Value {
    let mut ws: Value = serde_json::from_str(&mixua_course::seed_workspace().to_json_pretty()).unwrap();
    for card in ws["cards"].as_array_mut().unwrap() {
        match card["id"].as_str() {
            Some("X") => card["stream"] = json!("reusable"),
            Some("A") => card["share_approved"] = json!(false),
            _ => {}
        }
    }
    ws["users"].as_array_mut().unwrap().push(json!("carol"));
    ws["cards"].as_array_mut().unwrap().push(json!({
        "id": "N1", "scope": "PAIR", "owner_user": "carol", "owner_agent": "writer-v1", "situation": "",
        "lesson": "carol 的暗號筆記", "stream": "protected", "share_approved": false, "source": "",
    }));
    ws["query"] = json!("暗號");
    ws["playground"] = json!({"predictions": {"carol/writer-v1": ["N1"]}, "lang": "en", "lesson_step": 2});
    ws
}

#[test]
fn a_playground_export_passes_through_report_with_its_views_and_its_report_bytes() {
    let dir = Scratch::new("export");
    let export = exported_work();
    std::fs::write(dir.0.join("mixua-workspace.json"), serde_json::to_string_pretty(&export).unwrap()).unwrap();
    let out = dir.run(&["report", "--workspace", "mixua-workspace.json", "--out", "memory-result.json"]);
    let printed = ok(&out);
    // The `playground` key is the playground's: read past without a note.
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let written = std::fs::read_to_string(dir.0.join("memory-result.json")).unwrap();
    assert_eq!(printed, written);
    let report: Value = serde_json::from_str(&written).unwrap();
    let views: Value = report["views"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(viewer, hits)| (viewer.clone(), hits.as_array().unwrap().iter().map(|h| h["id"].clone()).collect()))
        .collect::<serde_json::Map<String, Value>>()
        .into();
    // The views the playground shows for these edits (the journey's table).
    assert_eq!(
        views,
        json!({
            "alice/writer-v1": ["U", "X"], "alice/checker-v1": ["U", "X"],
            "bob/writer-v1": ["B", "X"], "bob/checker-v1": ["B", "X"],
            "carol/writer-v1": ["X", "N1"], "carol/checker-v1": ["X"],
        })
    );
    assert_eq!(report["query"], json!("暗號"));
    assert!(!report["leaks"].as_array().unwrap().is_empty(), "X carries alice's canary to others");
    // The playground's Export report, on the workspace it exported: the
    // same bytes.
    let ws = mixua_policy::Workspace::from_json(&serde_json::to_string(&export).unwrap()).unwrap();
    let mut app = mixua_words::report(&ws, &ws.query, false);
    let mut bytes = mixua_words::report::to_json(&mut app, mixua_words::Format::Pretty);
    bytes.push(b'\n');
    assert_eq!(String::from_utf8(bytes).unwrap(), written);
}

#[test]
fn seed_prints_the_seed_workspace_the_playground_imports() {
    let dir = Scratch::new("seed");
    let printed = ok(&dir.run(&["seed"]));
    let seed = mixua_course::seed_workspace();
    assert_eq!(printed, format!("{}\n", seed.to_json_pretty()));
    // The playground's import reads it with the workspace reader: the seed,
    // its seven cards, two of them rejected.
    let read = mixua_policy::Workspace::from_json(&printed).unwrap();
    assert_eq!(read, seed);
    assert_eq!(read.cards.len(), 7);
    let report: Value = serde_json::from_str(&ok(&dir.run(&["report", "--out", "-"]))).unwrap();
    assert_eq!(report["rejected_ids"], json!(["X", "Y"]));
}

//! `mixua prompt`, `diagnose` and `audit` on lesson 3's start with hostile
//! numbers and ambiguous keys, run as a learner runs them: never a panic,
//! one bad value set aside alone and said, an unreadable `risk` not high,
//! an empty gold set with no hit rate, keys written twice refused, and
//! stale use counting the response cache.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{json, Value};

fn mixua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Lesson 3's start (English) as JSON.
fn start() -> Value {
    let o = mixua(&["seed", "--lesson3", "--lang", "en"]);
    assert!(o.status.success());
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A file of its own for this text (the tests run at once).
fn file(text: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let path = std::env::temp_dir().join(format!("mixua-l3-bounds-{}-{n}.json", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn changed(change: impl FnOnce(&mut Value)) -> PathBuf {
    let mut v = start();
    change(&mut v);
    file(&v.to_string())
}

fn card_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v["cards"].as_array_mut().unwrap().iter_mut().find(|c| c["id"] == id).unwrap()
}

/// `mixua prompt --json` for a viewer; it must succeed.
fn prompt_json(path: &PathBuf, viewer: &str) -> Value {
    let o = mixua(&["prompt", "--workspace", path.to_str().unwrap(), "--viewer", viewer, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn run_ok(args: &[&str]) -> String {
    let o = mixua(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    text(&o)
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap()).collect()
}

fn shared(v: &Value) -> &Value {
    v["metrics"]["budgets"].as_array().unwrap().iter().find(|b| b["budget"] == "shared").unwrap()
}

#[test]
fn u64_max_tokens_and_weights_never_panic_and_over_budget_is_shown() {
    let path = changed(|v| {
        for id in ["S", "W"] {
            let c = card_mut(v, id);
            c["tokens"] = json!(u64::MAX);
            c["risk"] = json!("high");
        }
        v["prompt"]["weights"] = json!({"relevance": u64::MAX, "recency": u64::MAX, "review": u64::MAX, "reliability": u64::MAX});
    });
    let p = path.to_str().unwrap();
    for viewer in ["bob/checker-v1", "alice/writer-v1"] {
        let v = prompt_json(&path, viewer);
        let notes = serde_json::to_string(&v["notes"]).unwrap();
        assert!(notes.contains("out_of_range") && notes.contains("prompt.weights.review"), "{notes}");
        run_ok(&["prompt", "--workspace", p, "--viewer", viewer]);
        for card in ["S", "W", "G", "H6"] {
            let out = run_ok(&["diagnose", "--workspace", p, "--viewer", viewer, "--card", card]);
            assert!(out.contains("prompt.weights.review"), "the diagnosis says the setting set aside too: {out}");
        }
    }
    // At the largest tokens allowed, the high-risk cards are over the
    // budget, and said so.
    let path = changed(|v| {
        for id in ["S", "W", "G2"] {
            let c = card_mut(v, id);
            c["tokens"] = json!(100_000);
            c["risk"] = json!("high");
        }
    });
    let v = prompt_json(&path, "bob/checker-v1");
    let b = shared(&v);
    assert_eq!(b["limit"], 200);
    assert!(b["used"].as_u64().unwrap() >= 300_000, "{b}");
    let out = run_ok(&["prompt", "--workspace", path.to_str().unwrap(), "--viewer", "bob/checker-v1"]);
    assert!(out.contains("over budget"), "{out}");
}

#[test]
fn one_bad_budget_is_set_aside_alone_and_prompt_and_diagnose_say_so() {
    let before = prompt_json(&changed(|_| {}), "bob/checker-v1");
    for (name, bad) in [("episodic", json!(-1)), ("episodic", json!(200.0)), ("episodic", json!("200")), ("dreams", json!(3))] {
        let path = changed(|v| v["prompt"]["budgets"][name] = bad.clone());
        let v = prompt_json(&path, "bob/checker-v1");
        assert_eq!(shared(&v)["limit"], 200, "{name}: {bad}: the shared budget still holds");
        assert_eq!(v["top_k"], 4, "{name}: {bad}: top_k still holds");
        assert_eq!(ids(&v["loaded"]), ids(&before["loaded"]), "{name}: {bad}");
        let key = format!("prompt.budgets.{name}");
        assert!(v["notes"].as_array().unwrap().iter().any(|n| n["note"] == "set_aside" && n["key"] == key.as_str()), "{}", v["notes"]);
        let p = path.to_str().unwrap();
        for lang in ["en", "zh-TW"] {
            let out = run_ok(&["prompt", "--workspace", p, "--viewer", "bob/checker-v1", "--lang", lang]);
            assert!(out.contains(&key), "{out}");
            let out = run_ok(&["diagnose", "--workspace", p, "--viewer", "bob/checker-v1", "--card", "S", "--lang", lang]);
            assert!(out.contains(&key), "{out}");
        }
        assert!(run_ok(&["audit", "--workspace", p]).contains(&key));
    }
}

#[test]
fn an_unreadable_risk_counts_as_not_high_and_audit_names_it() {
    let before = prompt_json(&changed(|_| {}), "bob/checker-v1");
    for bad in [json!("low"), json!("HIGH"), json!(1)] {
        let path = changed(|v| card_mut(v, "S")["risk"] = bad.clone());
        let v = prompt_json(&path, "bob/checker-v1");
        assert_eq!(ids(&v["loaded"]), ids(&before["loaded"]), "risk {bad}");
        assert!(!ids(&v["loaded"]).contains(&"S"), "risk {bad}: S is not high");
        let audit = run_ok(&["audit", "--workspace", path.to_str().unwrap()]);
        assert!(audit.contains("S's prompt key is set aside") && audit.contains("counts as not high"), "{audit}");
    }
}

#[test]
fn an_empty_gold_set_says_no_gold_set() {
    let path = changed(|v| v["tasks"][0]["gold"] = json!([]));
    let v = prompt_json(&path, "bob/checker-v1");
    assert_eq!(v["metrics"]["hit_rate"]["percent"], Value::Null);
    let out = run_ok(&["prompt", "--workspace", path.to_str().unwrap(), "--viewer", "bob/checker-v1"]);
    assert!(out.contains("no gold set") && !out.contains("hit rate 100%"), "{out}");
}

#[test]
fn duplicated_prompt_keys_and_gold_ids_are_refused() {
    let text = start().to_string();
    let twice = text.replacen(r#""shared":200"#, r#""shared":200,"shared":10"#, 1);
    assert_ne!(twice, text);
    let path = file(&twice);
    let v = prompt_json(&path, "bob/checker-v1");
    assert!(!v["metrics"]["budgets"].as_array().unwrap().iter().any(|b| b["limit"] == 10), "the last value does not silently win");
    let notes = serde_json::to_string(&v["notes"]).unwrap();
    assert!(notes.contains("duplicated") && notes.contains("prompt.budgets.shared"), "{notes}");
    let audit = run_ok(&["audit", "--workspace", path.to_str().unwrap()]);
    assert!(audit.contains("prompt.budgets.shared") && audit.contains("more than once"), "{audit}");

    let path = changed(|v| v["tasks"][0]["gold"] = json!(["S", "G2", "S"]));
    let v = prompt_json(&path, "bob/checker-v1");
    assert_eq!(v["metrics"]["hit_rate"], Value::Null, "no task is read: no gold set");
    let audit = run_ok(&["audit", "--workspace", path.to_str().unwrap()]);
    assert!(audit.contains("`S` is listed more than once in `gold`"), "{audit}");
}

#[test]
fn stale_use_counts_the_cache_in_text_and_json() {
    let start = changed(|_| {});
    let v = prompt_json(&start, "bob/checker-v1");
    assert_eq!(v["metrics"]["stale_use"], 1);
    assert_eq!(v["metrics"]["stale_answers"][0]["from"], "cache");
    assert_eq!(v["metrics"]["stale_answers"][0]["cards"], json!(["G"]));
    let out = run_ok(&["prompt", "--workspace", start.to_str().unwrap(), "--viewer", "bob/checker-v1"]);
    assert!(out.contains("stale use (must be 0): 1 ✗"), "{out}");
    let zh = run_ok(&["prompt", "--workspace", start.to_str().unwrap(), "--viewer", "bob/checker-v1", "--lang", "zh-TW"]);
    assert!(zh.contains("過時的使用(應為 0):1 ✗"), "{zh}");
    // Exercise 4's fix: the cache purges the replaced G.
    let purged = changed(|v| v["cache"]["purge"] = json!(true));
    assert_eq!(prompt_json(&purged, "bob/checker-v1")["metrics"]["stale_use"], 0);
}

#[test]
fn prompt_json_notes_a_viewer_not_in_the_chart() {
    let path = changed(|_| {});
    let v = prompt_json(&path, "zed/checker-v1");
    assert_eq!(v["notes"][0], json!({"note": "viewer_not_in_chart", "viewer": "zed/checker-v1"}));
    let inside = prompt_json(&path, "bob/checker-v1");
    assert!(!inside["notes"].as_array().unwrap().iter().any(|n| n["note"] == "viewer_not_in_chart"));
}

#[test]
fn grade_help_lists_lesson_three_s_pack() {
    let out = run_ok(&["grade", "--help"]);
    assert!(out.contains("lesson3"), "{out}");
}

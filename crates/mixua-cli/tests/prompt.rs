//! `mixua prompt` and `mixua diagnose` run as a learner runs them, on
//! lesson 3's start written by `mixua seed --lesson3`.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn mixua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Lesson 3's start in a language, written to a file of its own (one per
/// call: the tests run at once, and must not read each other's half-written file).
fn lesson3(lang: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let o = mixua(&["seed", "--lesson3", "--lang", lang]);
    assert!(o.status.success());
    let path = std::env::temp_dir().join(format!("mixua-l3-{}-{n}-{lang}.json", std::process::id()));
    std::fs::write(&path, &o.stdout).unwrap();
    path
}

#[test]
fn prompt_prints_layers_drops_with_reasons_and_metrics_in_both_languages() {
    for (lang, behind, hit) in [("en", "stopped at H6", "hit rate 66% (2/3); missing S"), ("zh-TW", "在 H6 放不下時就停了", "命中率 66%(2/3),缺 S")] {
        let file = lesson3(lang);
        let o = mixua(&["prompt", "--workspace", file.to_str().unwrap(), "--viewer", "bob/checker-v1", "--lang", lang]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = text(&o);
        assert!(out.lines().any(|l| l.starts_with("  S: ") && l.contains(behind)), "{out}");
        assert!(out.contains(hit), "{out}");
        assert!(out.contains("H5") && out.contains("  M\n"), "{out}");
    }
}

#[test]
fn prompt_json_names_cards_by_id_and_carries_the_metrics() {
    let file = lesson3("en");
    let o = mixua(&["prompt", "--workspace", file.to_str().unwrap(), "--viewer", "bob/checker-v1", "--json"]);
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let loaded: Vec<&str> = v["loaded"].as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(loaded, ["W", "G2", "H1", "H2", "H3", "H4", "H5"]);
    let s = v["dropped"].as_array().unwrap().iter().find(|d| d["id"] == "S").unwrap();
    assert_eq!(s["reason"]["reason"], "behind");
    assert_eq!(s["reason"]["at"], "H6");
    let h6 = v["dropped"].as_array().unwrap().iter().find(|d| d["id"] == "H6").unwrap();
    assert_eq!(h6["reason"]["by"][0], "W");
    assert_eq!(v["metrics"]["hit_rate"]["missing"], serde_json::json!(["S"]));
    assert_eq!(v["metrics"]["stale"], serde_json::json!([]));
    assert!(v["metrics"]["startup_tokens"].as_u64().unwrap() < v["metrics"]["baseline_tokens"].as_u64().unwrap());
    // Another query: alice's task on totals, given explicitly.
    let o = mixua(&["prompt", "--workspace", file.to_str().unwrap(), "--viewer", "alice/writer-v1", "--query", "totals", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["metrics"]["hit_rate"]["percent"], 100);
}

#[test]
fn diagnose_answers_the_four_questions_and_stops_at_the_first_wrong_one() {
    let file = lesson3("en");
    for (viewer, card, stop) in [
        ("bob/checker-v1", "C", "written"),
        ("alice/checker-v1", "A", "retrievable"),
        ("bob/checker-v1", "M", "in_prompt"),
        ("alice/writer-v1", "G", "forgotten"),
        ("bob/checker-v1", "W", ""),
    ] {
        let o = mixua(&["diagnose", "--workspace", file.to_str().unwrap(), "--viewer", viewer, "--card", card, "--json"]);
        assert!(o.status.success());
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let answers: Vec<&str> = v["answers"].as_array().unwrap().iter().map(|a| a["question"].as_str().unwrap()).collect();
        assert_eq!(answers, ["written", "retrievable", "in_prompt", "forgotten"]);
        assert_eq!(v["stop"].as_str().unwrap_or(""), stop, "{viewer} {card}");
    }
    let o = mixua(&["diagnose", "--workspace", file.to_str().unwrap(), "--viewer", "bob/checker-v1", "--card", "S", "--lang", "zh-TW"]);
    let out = text(&o);
    assert!(out.contains("答案停在:進了提示詞嗎?") && out.contains("最小的修改:把共用預算提高到"), "{out}");
    assert_eq!(out.matches(" ←").count(), 1, "one stop: {out}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let file = lesson3("en");
    for args in [
        vec!["prompt", "--viewer", "bob"],
        vec!["prompt", "--viewer", "bob/checker-v1", "--workspace", "/nonexistent/x.json"],
        vec!["diagnose", "--viewer", "bob/checker-v1"],
        vec!["diagnose", "--viewer", "a/b/c", "--card", "S", "--workspace", file.to_str().unwrap()],
        vec!["prompt", "--viewer", "bob/checker-v1", "--lang", "fr"],
    ] {
        let o = mixua(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn an_unknown_card_is_no_such_card_and_exits_2_in_both_languages() {
    let file = lesson3("en");
    for (lang, words) in [("en", "no such card"), ("zh-TW", "沒有這張卡")] {
        for json in [false, true] {
            let mut args = vec!["diagnose", "--workspace", file.to_str().unwrap(), "--viewer", "bob/checker-v1", "--card", "NOPE", "--lang", lang];
            if json {
                args.push("--json");
            }
            let o = mixua(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
            assert!(o.stdout.is_empty(), "{}", text(&o));
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(words) && err.contains("NOPE"), "{err}");
            assert!(!err.contains("write NOPE"), "{err}");
        }
    }
}

/// The boundary is an answer: a card outside the viewer's rights stops at
/// "retrievable" with a fix of kind `boundary` and no edit; a replaced card
/// stops at "forgotten", naming the newer version, its tick and actor; and
/// the JSON names cards by id everywhere.
#[test]
fn diagnose_json_gives_the_boundary_and_the_retirement_by_id() {
    let file = lesson3("en");
    let diagnose = |viewer: &str, card: &str| -> Value {
        let o = mixua(&["diagnose", "--workspace", file.to_str().unwrap(), "--viewer", viewer, "--card", card, "--json"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    for (viewer, card) in [("bob/checker-v1", "U"), ("alice/writer-v1", "B"), ("bob/checker-v1", "X"), ("carol/checker-v1", "H1")] {
        let v = diagnose(viewer, card);
        assert_eq!(v["stop"], "retrievable", "{viewer} {card}: {v:#}");
        assert_eq!(v["fix"]["fix"], "boundary", "{viewer} {card}: {v:#}");
        assert_eq!(v["then"], serde_json::json!([]));
        assert!(v["fix"]["readers"].as_array().unwrap().iter().all(|r| r.as_str().is_some_and(|r| r != viewer)), "{v:#}");
        let words = v["words"].as_str().unwrap();
        assert!(words.contains("this is the rules working") && words.contains(&format!("No edit of {card} is offered")), "{words}");
        assert!(!words.contains("owner user changed") && !words.contains("stream set to reusable"), "{words}");
        let marked: Vec<&str> = v["answers"].as_array().unwrap().iter().filter(|a| a["wrong"] == true).map(|a| a["question"].as_str().unwrap()).collect();
        assert_eq!(marked, ["retrievable"]);
    }
    // U: alice's, so only alice's cells read it; the route is hers.
    let u = diagnose("bob/checker-v1", "U");
    assert!(u["fix"]["readers"].as_array().unwrap().iter().all(|r| r.as_str().unwrap().starts_with("alice/")), "{u:#}");
    assert_eq!(u["fix"]["route"]["owner"], "alice/writer-v1");
    assert_eq!(u["fix"]["route"]["reviewed"], true);
    // X is rejected: nobody reads it.
    assert_eq!(diagnose("bob/checker-v1", "X")["fix"]["readers"], serde_json::json!([]));
    // G: forgotten, replaced by G2 at tick 2, with nothing about budgets.
    for viewer in ["bob/checker-v1", "alice/writer-v1", "carol/writer-v1"] {
        let g = diagnose(viewer, "G");
        assert_eq!(g["stop"], "forgotten", "{g:#}");
        assert_eq!(g["fix"]["fix"], "use_newer");
        assert_eq!(g["fix"]["by"], "G2");
        assert_eq!(g["fix"]["act"]["at"], 2);
        let answers: Vec<&str> = g["answers"].as_array().unwrap().iter().map(|a| a["answer"].as_str().unwrap()).collect();
        assert_eq!(answers, ["yes", "not_asked", "not_asked", "yes"]);
        assert!(!g.to_string().contains("budget") && !g.to_string().contains("top_k"), "{g:#}");
    }
    // A drop reason inside an answer names its cards by id.
    let s = diagnose("bob/checker-v1", "S");
    assert_eq!(s["answers"][2]["why"]["reason"]["at"], "H6", "{s:#}");
}

/// `diagnose` and `prompt` agree on every card: "in the prompt? yes"
/// exactly for the cards `prompt --json` loads, "retrievable? yes" only for
/// cards it holds, and a card not in `prompt`'s list is never "yes" to
/// either.
#[test]
fn diagnose_and_prompt_agree_on_every_card() {
    let file = lesson3("en");
    let ws: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let cards: Vec<&str> = ws["cards"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    for viewer in ["bob/checker-v1", "alice/writer-v1"] {
        let o = mixua(&["prompt", "--workspace", file.to_str().unwrap(), "--viewer", viewer, "--json"]);
        let p: Value = serde_json::from_slice(&o.stdout).unwrap();
        let ids = |key: &str| -> Vec<String> { p[key].as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap().to_string()).collect() };
        let (loaded, dropped) = (ids("loaded"), ids("dropped"));
        for card in &cards {
            let o = mixua(&["diagnose", "--workspace", file.to_str().unwrap(), "--viewer", viewer, "--card", card, "--json"]);
            let d: Value = serde_json::from_slice(&o.stdout).unwrap();
            let yes = |i: usize| d["answers"][i]["answer"] == "yes";
            assert_eq!(yes(2), loaded.iter().any(|l| l == card), "{viewer} {card}: {d:#}");
            assert_eq!(d["stop"].is_null(), loaded.iter().any(|l| l == card), "{viewer} {card}");
            if yes(1) {
                assert!(loaded.iter().chain(&dropped).any(|l| l == card), "{viewer} {card}: retrievable, yet not in prompt's list");
            }
        }
    }
}

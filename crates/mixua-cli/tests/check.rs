//! `mixua check` (issue 53), run as CI runs it: the exit status, each
//! failure with its reason, TAP and JUnit XML that a reader of either can
//! parse (one case per assertion), `--coverage` and `--at`.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Value};

fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("mixua-check-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mixua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mixua")).args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A workspace (`mixua seed`, or `--story`) with these assertions, written
/// to a file of its own.
fn with_assertions(story: bool, assertions: Value) -> PathBuf {
    let seed = mixua(if story { &["seed", "--story"][..] } else { &["seed"] });
    let mut ws: Value = serde_json::from_str(&stdout(&seed)).unwrap();
    ws["assertions"] = assertions;
    let dir = scratch("ws");
    let path = dir.join("ws.json");
    std::fs::write(&path, serde_json::to_string_pretty(&ws).unwrap()).unwrap();
    path
}

/// Four that hold on the seed, one that fails, one that can't be read.
fn mixed() -> Value {
    json!([
        {"check": {"retrieves": {"cells": "bob/writer-v1", "card": "A"}}, "note": "A is writer-v1's, for every user"},
        {"check": {"not_retrieves": {"cells": "bob/*", "card": "U"}}},
        {"check": {"rejected": {"card": "X", "reason": "protected_shared"}}},
        {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "A"}}, "note": "<checker & \"friends\"> # too"},
        "no_leak_anywhere",
        {"check": "made_up"}
    ])
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn exit_0_when_all_hold_1_when_one_fails_2_for_bad_input() {
    let good = with_assertions(false, json!([
        {"check": {"retrieves": {"cells": "bob/writer-v1", "card": "A"}}},
        {"check": "no_leak_anywhere"},
        {"check": {"accepted": {"card": "G"}}},
    ]));
    let o = mixua(&["check", "--workspace", path(&good)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("3 assertions: 3 hold, 0 fail"), "{}", stdout(&o));

    let mixed = with_assertions(false, mixed());
    let o = mixua(&["check", "--workspace", path(&mixed)]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let text = stdout(&o);
    // The failure with its reason: the reading rule, in the crate's words.
    assert!(text.contains("✗ 4. bob · checker-v1 retrieves A"), "{text}");
    assert!(text.contains("bob/checker-v1 does not read A: A is an AGENT card of writer-v1"), "{text}");
    // The one that can't be read is refused in words, and the rest ran.
    assert!(text.contains("✗ 6. an assertion that can't be read"), "{text}");
    assert!(text.contains("assertion 6: no check is called `made_up`; set aside"), "{text}");
    assert!(text.contains("6 assertions: 4 hold, 2 fail"), "{text}");
    assert!(text.contains("note: A is writer-v1's, for every user"), "{text}");
    // The same in 繁體中文.
    let zh = stdout(&mixua(&["check", "--workspace", path(&mixed), "--lang", "zh-TW"]));
    assert!(zh.contains("bob/checker-v1 讀不到 A:"), "{zh}");
    assert!(zh.contains("第 6 條斷言的檢查 `made_up` 不存在"), "{zh}");

    // No assertions at all: nothing fails.
    let none = mixua(&["check"]);
    assert_eq!(none.status.code(), Some(0));
    assert!(stdout(&none).contains("0 assertions"), "{}", stdout(&none));

    // Bad input: not a workspace, not JSON, a tick after the clock, a bad format.
    let dir = scratch("bad");
    let not_json = dir.join("bad.json");
    std::fs::write(&not_json, "{ nope").unwrap();
    for args in [
        vec!["check", "--workspace", path(&not_json)],
        vec!["check", "--workspace", "/nonexistent/ws.json"],
        vec!["check", "--workspace", path(&good), "--at", "99"],
        vec!["check", "--workspace", path(&good), "--at", "-1"],
        vec!["check", "--workspace", path(&good), "--format", "xml"],
    ] {
        let o = mixua(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // The `assertions` key that is no list: refused in words, and failing.
    let not_a_list = with_assertions(false, json!({"check": "no_leak"}));
    let o = mixua(&["check", "--workspace", path(&not_a_list)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("`assertions` should be a list, but it is an object"), "{}", stdout(&o));
}

#[test]
fn json_holds_each_verdict_with_its_reasons_as_values_and_words() {
    let mixed = with_assertions(false, mixed());
    let o = mixua(&["check", "--workspace", path(&mixed), "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((report["passed"].as_u64(), report["failed"].as_u64()), (Some(4), Some(2)));
    let items = report["assertions"].as_array().unwrap();
    assert_eq!(items.len(), 6);
    let failing = &items[3];
    assert_eq!(failing["pass"], false);
    assert_eq!(failing["because"][0]["because"], "does_not_read");
    assert_eq!(failing["because"][0]["cell"], "bob/checker-v1");
    assert_eq!(failing["because"][0]["access"]["rule"], "agent");
    assert_eq!(items[5]["set_aside"]["problem"], "unknown_check");
}

/// A small TAP 14 reader: the plan, then one test point per line that is
/// not a YAML block, a comment or the version.
#[test]
fn tap_has_a_plan_and_one_point_per_assertion() {
    let mixed = with_assertions(false, mixed());
    let o = mixua(&["check", "--workspace", path(&mixed), "--format", "tap"]);
    assert_eq!(o.status.code(), Some(1));
    let tap = stdout(&o);
    let mut lines = tap.lines();
    assert_eq!(lines.next(), Some("TAP version 14"));
    assert_eq!(lines.next(), Some("1..6"));
    let mut points = Vec::new();
    let mut in_yaml = false;
    for line in lines {
        if in_yaml {
            assert!(line.starts_with("  "), "a YAML block is indented: {line:?}");
            if line == "  ..." {
                in_yaml = false;
            } else if let Some((_, value)) = line.split_once(": ").filter(|(k, _)| !k.trim_start().starts_with('-')) {
                // Each value is a JSON string (YAML reads it as is) or a number.
                assert!(serde_json::from_str::<Value>(value).is_ok(), "{line:?}");
            }
            continue;
        }
        if line == "  ---" {
            in_yaml = true;
            continue;
        }
        let (ok, rest) = match line.strip_prefix("not ok ") {
            Some(rest) => (false, rest),
            None => (true, line.strip_prefix("ok ").unwrap_or_else(|| panic!("not a test point: {line:?}"))),
        };
        let (number, description) = rest.split_once(" - ").unwrap();
        // A `#` in a description is escaped, so nothing reads it as a directive.
        assert!(!description.replace("\\#", "").contains('#'), "{line:?}");
        points.push((number.parse::<usize>().unwrap(), ok));
    }
    assert!(!in_yaml);
    assert_eq!(points, [(1, true), (2, true), (3, true), (4, false), (5, true), (6, false)]);
    assert!(tap.contains("does not read A: A is an AGENT card of writer-v1"), "{tap}");
}

/// A small XML reader: every tag closes in order, every attribute is
/// quoted, and every `&` starts one of the five entities.
fn well_formed(xml: &str) -> Vec<(String, Vec<(String, String)>)> {
    let body = xml.strip_prefix(r#"<?xml version="1.0" encoding="UTF-8"?>"#).expect("the XML declaration");
    let mut open: Vec<String> = Vec::new();
    let mut elements = Vec::new();
    let mut rest = body;
    let entity = |text: &str| {
        let mut parts = text.split('&');
        parts.next();
        for part in parts {
            assert!(["amp;", "lt;", "gt;", "quot;", "apos;"].iter().any(|e| part.starts_with(e)), "a bare &: {text:?}");
        }
    };
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        assert!(!text.contains('>'), "a bare > in {text:?}");
        entity(text);
        let end = rest[start..].find('>').expect("a tag closes") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        assert!(!tag.contains('<'), "a < inside a tag: {tag:?}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "tags close in order");
            continue;
        }
        let empty = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, mut attrs) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut pairs = Vec::new();
        while !attrs.trim().is_empty() {
            let (key, after) = attrs.trim_start().split_once("=\"").expect("a quoted attribute");
            let close = after.find('"').expect("the attribute's quote closes");
            let value = &after[..close];
            entity(value);
            pairs.push((key.to_string(), value.to_string()));
            attrs = &after[close + 1..];
        }
        elements.push((name.to_string(), pairs));
        if !empty {
            open.push(name.to_string());
        }
    }
    assert!(rest.trim().is_empty() && open.is_empty(), "everything closes: {open:?}");
    elements
}

#[test]
fn junit_is_well_formed_with_one_case_per_assertion() {
    let mixed = with_assertions(false, mixed());
    let o = mixua(&["check", "--workspace", path(&mixed), "--format", "junit", "--coverage"]);
    assert_eq!(o.status.code(), Some(1));
    let xml = stdout(&o);
    let elements = well_formed(&xml);
    let cases: Vec<&Vec<(String, String)>> = elements.iter().filter(|(n, _)| n == "testcase").map(|(_, a)| a).collect();
    assert_eq!(cases.len(), 6, "{xml}");
    let failures = elements.iter().filter(|(n, _)| n == "failure").count();
    assert_eq!(failures, 2, "{xml}");
    let suite = &elements.iter().find(|(n, _)| n == "testsuite").unwrap().1;
    assert!(suite.contains(&("tests".into(), "6".into())) && suite.contains(&("failures".into(), "2".into())), "{suite:?}");
    // The note's <, &, " are escaped, never raw.
    assert!(xml.contains("&lt;checker &amp; &quot;friends&quot;&gt;"), "{xml}");
    assert!(xml.contains("cards no assertion mentions"), "{xml}");
}

#[test]
fn a_note_with_control_characters_and_markup_stays_well_formed() {
    let hostile = with_assertions(false, json!([
        {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "A"}}, "note": "]]><x a='1'>\u{1}\u{8}\ttab\nline & </testsuite>"},
    ]));
    for format in ["junit", "tap"] {
        let o = mixua(&["check", "--workspace", path(&hostile), "--format", format]);
        assert_eq!(o.status.code(), Some(1));
        let text = stdout(&o);
        assert!(!text.contains('\u{1}') && !text.contains('\u{8}'), "{format}: {text:?}");
        if format == "junit" {
            well_formed(&text);
        } else {
            // One test point, its YAML note one JSON string.
            assert_eq!(text.lines().filter(|l| l.starts_with("not ok ") || l.starts_with("ok ")).count(), 1, "{text}");
        }
    }
}

#[test]
fn coverage_lists_the_cells_and_cards_no_assertion_mentions() {
    let one = with_assertions(false, json!([
        {"check": {"retrieves": {"cells": "bob/*", "card": "G"}}},
        {"check": {"rejected": {"card": "Y"}}},
        "no_leak_anywhere",
    ]));
    let o = mixua(&["check", "--workspace", path(&one), "--coverage"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let text = stdout(&o);
    assert!(text.contains("cells no assertion mentions: alice/writer-v1, alice/checker-v1"), "{text}");
    assert!(text.contains("cards no assertion mentions: P, U, A, B, X"), "{text}");
    let o = mixua(&["check", "--workspace", path(&one), "--coverage", "--format", "json"]);
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["coverage"]["cells"], json!(["alice/writer-v1", "alice/checker-v1"]));
    assert_eq!(report["coverage"]["cards"], json!(["P", "U", "A", "B", "X"]));
    // Without --coverage, none of it.
    assert!(!stdout(&mixua(&["check", "--workspace", path(&one)])).contains("mentions"));
}

#[test]
fn at_runs_them_at_an_earlier_tick_and_an_own_tick_stands() {
    // The story: bob's working note W expires at tick 5 (the sweep of tick
    // 6); G2 is published at tick 2.
    let story = with_assertions(true, json!([
        {"check": {"retrieves": {"cells": "bob/checker-v1", "card": "W"}}},
        {"check": {"retrieves": {"cells": "alice/writer-v1", "card": "G2"}}, "at": 2},
    ]));
    let now = mixua(&["check", "--workspace", path(&story)]);
    assert_eq!(now.status.code(), Some(1), "{}", stdout(&now));
    let text = stdout(&now);
    assert!(text.contains("✗ 1.") && text.contains("✓ 2. At tick 2:"), "{text}");
    assert!(text.contains("W is not in effect, so nobody reads it: it is working memory"), "{text}");
    let then = mixua(&["check", "--workspace", path(&story), "--at", "3"]);
    assert_eq!(then.status.code(), Some(0), "{}", stdout(&then));
    // An assertion's own tick after the clock fails, with its reason.
    let later = with_assertions(true, json!([{"check": "no_leak", "at": 7}]));
    let o = mixua(&["check", "--workspace", path(&later)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("tick 7 is after the clock (6)"), "{}", stdout(&o));
}

#[test]
fn check_is_in_the_help_and_the_completions() {
    let help = stdout(&mixua(&["check", "--help"]));
    for word in ["--workspace", "--at <TICK>", "--format <FORMAT>", "tap", "junit", "--coverage", "--lang", "Exit status: 0"] {
        assert!(help.contains(word), "{word}: {help}");
    }
    assert!(stdout(&mixua(&["--help"])).contains("check"));
    let bash = stdout(&mixua(&["completions", "bash"]));
    assert!(bash.contains("check") && bash.contains("--coverage") && bash.contains("junit"), "{bash}");
}

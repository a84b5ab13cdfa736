//! Lesson 3's numbers are bounded and its metrics can fail: a value out of
//! range or unreadable is set aside on its own key (never a panic, never a
//! wrap, never every limit lifted); an unreadable `risk` is not high; a
//! legal hold does not change the prompt; an empty gold set has no hit
//! rate; a key written twice in `prompt` and a gold id listed twice are
//! refused; stale use counts the answers the response cache serves to the
//! task, so exercise 4 starts unsolved; the startup percentage is shown as
//! it is graded.
#![cfg(feature = "lesson3")]

use std::collections::{BTreeMap, BTreeSet};

use mixua_course::lesson_three::{lesson_three_workspace, solutions};
use mixua_course::{builtin_pack, Evaluated, Facts, Learner};
use mixua_policy::diagnose::diagnose;
use mixua_policy::log::Unreadable;
use mixua_policy::prompt::{startup_percent, task_for, AnswerFrom, Assembler, Metrics, Note, Prompt, Within};
use mixua_policy::{audit, Viewer, Workspace, WorkspaceProblem};
use mixua_words::prompt_words::{metrics_words, note_words, prompt_words};
use mixua_words::Lang;
use serde_json::{json, Value};

fn bob() -> Viewer<'static> {
    Viewer::new("bob", "checker-v1")
}

fn start() -> Workspace {
    lesson_three_workspace(Lang::En)
}

/// The start as JSON, changed, and read back as a file is read.
fn changed(change: impl FnOnce(&mut Value)) -> Workspace {
    let mut v: Value = serde_json::from_str(&start().to_json_pretty()).unwrap();
    change(&mut v);
    Workspace::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn card_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v["cards"].as_array_mut().unwrap().iter_mut().find(|c| c["id"] == id).unwrap()
}

/// A viewer's prompt for its task, with its metrics.
fn prompt_of(ws: &Workspace, viewer: Viewer<'_>) -> (Prompt, Metrics) {
    let (query, gold) = task_for(ws, viewer, None);
    let a = Assembler::new(ws, query);
    let p = a.prompt(viewer);
    let m = a.metrics(&p, gold);
    (p, m)
}

fn loaded(ws: &Workspace, p: &Prompt) -> Vec<String> {
    p.loaded.iter().map(|l| ws.cards[l.card].id.clone()).collect()
}

/// Every viewer's prompt, metrics and words, and the diagnosis of every
/// card: none of it panics (the tests run in a debug build, where an
/// overflow panics).
fn everything_runs(ws: &Workspace) {
    for user in &ws.users {
        for agent in &ws.agents {
            let viewer = Viewer::new(user, agent);
            let (p, m) = prompt_of(ws, viewer);
            for lang in [Lang::En, Lang::ZhTw] {
                assert!(!prompt_words(ws, &p, lang).is_empty());
                assert!(!metrics_words(ws, &m, lang).is_empty());
            }
            let (query, _) = task_for(ws, viewer, None);
            for card in &ws.cards {
                let _ = diagnose(ws, viewer, &card.id, query);
            }
        }
    }
}

fn set_aside_keys(p: &Prompt) -> Vec<String> {
    p.notes
        .iter()
        .filter_map(|n| match n {
            Note::SetAside { key, .. } => Some(key.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn u64_max_tokens_and_weights_never_panic_and_are_set_aside() {
    let ws = changed(|v| {
        let s = card_mut(v, "S");
        s["tokens"] = json!(u64::MAX);
        s["risk"] = json!("high");
        v["prompt"]["weights"] = json!({"relevance": u64::MAX, "recency": u64::MAX, "review": u64::MAX, "reliability": u64::MAX});
        v["prompt"]["top_k"] = json!(u64::MAX);
        v["prompt"]["budgets"]["episodic"] = json!(u64::MAX);
    });
    everything_runs(&ws);
    let (p, _) = prompt_of(&ws, bob());
    // S is high-risk, loaded with its estimate: its `tokens` is set aside.
    let s = ws.cards.iter().position(|c| c.id == "S").unwrap();
    let s_loaded = p.loaded.iter().find(|l| l.card == s).expect("S is high-risk: loaded");
    assert!(s_loaded.tokens < 100, "S counts its estimate, not u64::MAX: {}", s_loaded.tokens);
    assert!(p.notes.iter().any(|n| matches!(n, Note::CardKey { card, why: Unreadable::OutOfRange { key, max: 100_000, .. } } if *card == s && key == "tokens")));
    let mut keys = set_aside_keys(&p);
    keys.sort();
    assert_eq!(
        keys,
        [
            "prompt.budgets.episodic",
            "prompt.top_k",
            "prompt.weights.recency",
            "prompt.weights.relevance",
            "prompt.weights.reliability",
            "prompt.weights.review"
        ]
    );
    // Refused in both languages, with the range.
    for lang in [Lang::En, Lang::ZhTw] {
        let words: Vec<String> = p.notes.iter().map(|n| note_words(&ws, n, lang)).collect();
        assert!(words.iter().any(|w| w.contains("18446744073709551615") && w.contains("100000")), "{words:?}");
    }
    // The shared budget still holds.
    assert_eq!(ws.prompt_config().unwrap().budget("shared"), Some(200));
    // Kept as written.
    assert!(ws.to_json_pretty().contains("18446744073709551615"));
}

#[test]
fn the_largest_tokens_on_high_risk_cards_show_the_budget_over() {
    let ws = changed(|v| {
        for id in ["S", "R", "G2"] {
            let c = card_mut(v, id);
            c["tokens"] = json!(100_000);
            c["risk"] = json!("high");
        }
    });
    everything_runs(&ws);
    let (p, m) = prompt_of(&ws, bob());
    let shared = m.budgets.iter().find(|b| b.budget == "shared").unwrap();
    assert_eq!((shared.limit, shared.used >= 300_000, shared.is_over()), (Some(200), true, true));
    assert!(p.notes.iter().any(|n| matches!(n, Note::HardOverBudget { .. })));
    assert!(metrics_words(&ws, &m, Lang::En).iter().any(|l| l.contains("over budget")), "{:?}", metrics_words(&ws, &m, Lang::En));
    assert!(metrics_words(&ws, &m, Lang::ZhTw).iter().any(|l| l.contains("超過預算")));
}

#[test]
fn one_bad_prompt_value_is_set_aside_alone_and_the_others_hold() {
    let start = start();
    let (want, _) = prompt_of(&start, bob());
    for (name, bad) in [("episodic", json!(-1)), ("episodic", json!(200.0)), ("episodic", json!("200")), ("episodic", json!(1_000_001)), ("dreams", json!(3))] {
        let ws = changed(|v| v["prompt"]["budgets"][name] = bad.clone());
        let config = ws.prompt_config().expect("prompt stays readable");
        assert_eq!((config.budget("shared"), config.top_k), (Some(200), Some(4)), "{name}: {bad}");
        assert_eq!(config.weights.unwrap().review, 0);
        assert_eq!(config.aside.len(), 1);
        assert_eq!((config.aside[0].within, config.aside[0].key.as_str(), &config.aside[0].value), (Within::Budgets, name, &bad));
        let (p, _) = prompt_of(&ws, bob());
        assert_eq!(loaded(&ws, &p), loaded(&start, &want), "{name}: {bad}: the other limits still hold");
        assert_eq!(set_aside_keys(&p), [format!("prompt.budgets.{name}")]);
        for lang in [Lang::En, Lang::ZhTw] {
            let words = prompt_words(&ws, &p, lang).join("\n");
            assert!(words.contains(&format!("prompt.budgets.{name}")), "{words}");
        }
        let problems = audit(&ws).problems;
        assert!(
            problems.iter().any(|p| matches!(p, WorkspaceProblem::PromptEntry { key, .. } if *key == format!("prompt.budgets.{name}"))),
            "{problems:?}"
        );
        // Kept as written, and read back the same.
        let back = Workspace::from_json(&ws.to_json_pretty()).unwrap();
        assert_eq!(back.prompt_config(), ws.prompt_config());
    }
}

#[test]
fn an_unreadable_risk_counts_as_not_high_and_is_named() {
    let start = start();
    let (want, _) = prompt_of(&start, bob());
    for bad in [json!("low"), json!("HIGH"), json!(1), json!(true)] {
        let ws = changed(|v| card_mut(v, "S")["risk"] = bad.clone());
        let (p, _) = prompt_of(&ws, bob());
        assert_eq!(loaded(&ws, &p), loaded(&start, &want), "risk {bad}: S is not high, the start's prompt");
        assert_eq!(p.dropped.iter().find(|d| ws.cards[d.card].id == "S").unwrap().reason.code(), "behind");
        let problems = audit(&ws).problems;
        assert!(
            problems.iter().any(|p| matches!(p, WorkspaceProblem::CardKey { card, why } if card == "S" && why.key() == "risk")),
            "{problems:?}"
        );
        let words = prompt_words(&ws, &p, Lang::En).join("\n");
        assert!(words.contains("counts as not high"), "{words}");
        assert!(prompt_words(&ws, &p, Lang::ZhTw).join("\n").contains("不是高風險"));
    }
}

#[test]
fn a_legal_hold_does_not_change_the_prompt() {
    let start = start();
    for id in ["H6", "S", "F"] {
        let ws = changed(|v| card_mut(v, id)["hold"] = json!(true));
        for user in ["alice", "bob", "carol"] {
            let viewer = Viewer::new(user, "checker-v1");
            assert_eq!(prompt_of(&ws, viewer).0.loaded, prompt_of(&start, viewer).0.loaded, "{id} held, {user}");
        }
    }
}

#[test]
fn an_empty_gold_set_has_no_hit_rate() {
    let ws = changed(|v| v["tasks"][0]["gold"] = json!([]));
    let (_, m) = prompt_of(&ws, bob());
    let hit = m.hit.as_ref().unwrap();
    assert_eq!((hit.gold, hit.percent()), (0, None));
    assert!(metrics_words(&ws, &m, Lang::En).iter().any(|l| l == "no gold set: no hit rate to measure"));
    assert!(!metrics_words(&ws, &m, Lang::En).iter().any(|l| l.contains("100%")));
    // The hit-rate check of exercise 2 does not pass on it.
    let pack = builtin_pack("lesson3", Lang::En).unwrap();
    let solved = {
        let mut w = solutions(Lang::En)[1].clone().unwrap();
        let mut tasks = w.tasks().unwrap().clone();
        tasks.0[0].gold.clear();
        w.tasks = Some(mixua_policy::Kept::Good(tasks));
        w
    };
    assert!(!goal_holds(&pack, 1, 1, &solved));
}

#[test]
fn keys_written_twice_in_prompt_and_gold_ids_listed_twice_are_refused() {
    let text = start().to_json_pretty();
    let compact: Value = serde_json::from_str(&text).unwrap();
    let mut text = compact.to_string();
    for (once, twice) in [
        (r#""shared":200"#, r#""shared":200,"shared":10"#),
        (r#""review":0"#, r#""review":0,"review":2"#),
        (r#""top_k":4"#, r#""top_k":4,"top_k":40"#),
    ] {
        assert!(text.contains(once), "{once}");
        text = text.replacen(once, twice, 1);
    }
    let ws = Workspace::from_json(&text).unwrap();
    let config = ws.prompt_config().expect("readable: only the keys written twice are set aside");
    assert_eq!((config.budget("shared"), config.top_k, config.weights.unwrap().review), (None, None, 2));
    let dup: Vec<(String, Value)> = config
        .aside
        .iter()
        .filter(|a| matches!(a.why, Unreadable::Duplicated { .. }))
        .map(|a| (a.path(), a.value.clone()))
        .collect();
    assert_eq!(
        dup,
        [
            ("prompt.budgets.shared".to_string(), json!(200)),
            ("prompt.budgets.shared".to_string(), json!(10)),
            ("prompt.top_k".to_string(), json!(4)),
            ("prompt.top_k".to_string(), json!(40)),
            ("prompt.weights.review".to_string(), json!(0)),
            ("prompt.weights.review".to_string(), json!(2)),
        ]
    );
    let (p, _) = prompt_of(&ws, bob());
    assert!(set_aside_keys(&p).contains(&"prompt.budgets.shared".to_string()));
    assert!(prompt_words(&ws, &p, Lang::En).join("\n").contains("written more than once"));
    // Written back twice, so the file stays refused as it was.
    let back = ws.to_json_pretty();
    assert_eq!(back.matches("\"shared\"").count(), 2, "{back}");
    assert_eq!(Workspace::from_json(&back).unwrap().prompt_config(), ws.prompt_config());

    // A gold id listed twice: the tasks are refused, and audit says why.
    let ws = changed(|v| v["tasks"][0]["gold"] = json!(["S", "G2", "W", "S"]));
    assert!(ws.tasks().is_none());
    let problems = audit(&ws).problems;
    assert!(
        problems.iter().any(|p| matches!(p, WorkspaceProblem::UnreadableKey { key: "tasks", why: Unreadable::Repeated { item, .. } } if item == "S")),
        "{problems:?}"
    );
}

fn goal_holds(pack: &mixua_course::Pack, exercise: usize, goal: usize, w: &Workspace) -> bool {
    let (predictions, answers, seen, refused) = (BTreeMap::new(), BTreeMap::new(), BTreeSet::new(), BTreeSet::new());
    let evaluated = Evaluated::of(w);
    let learner =
        Learner { predictions: &predictions, revealed: false, answers: &answers, seen: &seen, refused: &refused, records: &[], tick: None };
    pack.exercises[exercise].goal[goal].check.holds(&Facts::new(w, evaluated.views(), learner))
}

#[test]
fn stale_use_counts_the_cache_so_exercise_four_starts_unsolved() {
    let pack = builtin_pack("lesson3", Lang::En).unwrap();
    let start = start();
    let (_, m) = prompt_of(&start, bob());
    assert_eq!(m.stale_use(), 1, "the cache served bob's task the replaced G");
    assert!(m.stale.is_empty(), "the prompt itself holds no stale card");
    assert_eq!(m.stale_answers[0].cards, ["G"]);
    assert!(matches!(m.stale_answers[0].from, AnswerFrom::Cache { cached_at: 0, .. }));
    assert_eq!(m.stale_answers[0].tick, 2);
    assert!(metrics_words(&start, &m, Lang::En).iter().any(|l| l.starts_with("stale use (must be 0): 1 ✗")));
    assert_eq!(prompt_of(&start, Viewer::new("alice", "writer-v1")).1.stale_use(), 0, "alice's task asks for totals");
    assert!(!goal_holds(&pack, 3, 0, &start), "exercise 4's first item does not hold on its start");
    // Its fix: the cache purges the replaced G.
    let solved = solutions(Lang::En)[3].clone().unwrap();
    assert_eq!(prompt_of(&solved, bob()).1.stale_use(), 0);
    assert!(goal_holds(&pack, 3, 0, &solved));
    let mut purging = start.clone();
    if let Some(mixua_policy::Kept::Good(cache)) = &mut purging.cache {
        cache.purge = Some(true);
    }
    assert_eq!(prompt_of(&purging, bob()).1.stale_use(), 0);
}

#[test]
fn the_startup_percentage_is_shown_as_it_is_graded() {
    assert_eq!((startup_percent(80, 200), startup_percent(81, 200), startup_percent(0, 0)), (40, 41, 0));
    assert_eq!(startup_percent(u64::MAX, 1), u64::MAX);
    let pack = builtin_pack("lesson3", Lang::En).unwrap();
    // H1–H8's tokens from 1 to 30: the startup moves across 40% of the
    // baseline in steps that are not whole percents.
    for tokens in 1..=30 {
        let ws = changed(|v| {
            for n in 1..=8 {
                card_mut(v, &format!("H{n}"))["tokens"] = json!(tokens);
            }
            v["prompt"]["budgets"]["shared"] = json!(1000);
        });
        let (p, m) = prompt_of(&ws, bob());
        let shown = m.startup_percent();
        assert_eq!(shown, p.startup_percent());
        // Exactly: at most 40% of the baseline (1 token of history: 29 of
        // 71, 40.8%, must not be shown as 40%).
        let exact = u128::from(p.startup_tokens()) * 100 <= u128::from(p.baseline_tokens) * 40;
        assert_eq!(shown <= 40, exact, "{tokens} tokens: shown {shown}% of {} / {}", p.startup_tokens(), p.baseline_tokens);
        assert_eq!(goal_holds(&pack, 1, 0, &ws), exact, "{tokens} tokens: graded as shown");
    }
}

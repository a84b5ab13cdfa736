//! What reaches the prompt, case by case: the assembly's layers, order and
//! drops on small workspaces written as files; the diagnosis of the four
//! "it forgot" reports; lesson 3's pack on its start and its solutions.
#![cfg(feature = "lesson3")]

use std::collections::{BTreeMap, BTreeSet};

use mixua_policy::audit::WorkspaceProblem;
use mixua_policy::diagnose::{apply_fix, diagnose, Fix, Question};
use mixua_course::lesson_three::{lesson_three_workspace, solutions};
use mixua_policy::prompt::{task_for, Assembler, DropReason, Note, Prompt};
use mixua_words::prompt_words::{diagnosis_words, metrics_words, prompt_words};
use mixua_policy::{audit, replay_cache, Viewer, ViewerId, Workspace};
use mixua_words::Lang;
use mixua_course::{builtin_pack, Evaluated, Facts, Learner};

fn ws(json: &str) -> Workspace {
    Workspace::from_json(json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// A workspace of one viewer (ann/bot) and these cards (GLOBAL, reusable,
/// approved unless they say otherwise), with these prompt settings.
fn one_viewer(prompt: &str, cards: &str) -> Workspace {
    let cards: serde_json::Value = serde_json::from_str(cards).unwrap();
    let cards: Vec<serde_json::Value> = cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let mut card = serde_json::json!({
                "scope": "GLOBAL", "owner_user": "ann", "owner_agent": "bot", "stream": "reusable",
                "share_approved": true, "situation": "q", "source": "t"
            });
            for (k, v) in c.as_object().unwrap() {
                card[k] = v.clone();
            }
            card
        })
        .collect();
    let mut file = serde_json::json!({"users": ["ann"], "agents": ["bot"], "query": "q", "cards": cards});
    if !prompt.is_empty() {
        file["prompt"] = serde_json::from_str(prompt).unwrap();
    }
    ws(&file.to_string())
}

fn ann(ws: &Workspace) -> Prompt {
    Assembler::new(ws, &ws.query).prompt(Viewer::new("ann", "bot"))
}

fn loaded(ws: &Workspace, p: &Prompt) -> Vec<String> {
    p.loaded.iter().map(|l| ws.cards[l.card].id.clone()).collect()
}

fn dropped(ws: &Workspace, p: &Prompt) -> Vec<(String, &'static str)> {
    p.dropped.iter().map(|d| (ws.cards[d.card].id.clone(), d.reason.code())).collect()
}

/// One assembly case: settings, cards, what is loaded in order, what is
/// dropped with which reason code.
fn check(prompt: &str, cards: &str, want_loaded: &[&str], want_dropped: &[(&str, &str)]) {
    let w = one_viewer(prompt, cards);
    let p = ann(&w);
    assert_eq!(loaded(&w, &p), want_loaded, "loaded: {prompt} {cards}");
    let got: Vec<(String, &str)> = dropped(&w, &p);
    let want: Vec<(String, &str)> = want_dropped.iter().map(|(id, r)| (id.to_string(), *r)).collect();
    assert_eq!(got, want, "dropped: {prompt} {cards}");
}

#[test]
fn without_prompt_keys_every_matching_card_of_the_view_is_loaded_in_card_order() {
    check("", r#"[{"id":"a","lesson":"q one"},{"id":"b","lesson":"q two"}]"#, &["a", "b"], &[]);
}

#[test]
fn the_seed_without_prompt_keys_loads_exactly_its_view() {
    let seed = mixua_course::seed_workspace();
    let eval = mixua_policy::Evaluation::new(&seed, &seed.query, mixua_policy::Policy::FourScope);
    let assembler = Assembler::new(&seed, &seed.query);
    for (viewer, view) in eval.viewers().zip(eval.views()) {
        let mut got: Vec<usize> = assembler.prompt(viewer).loaded.iter().map(|l| l.card).collect();
        got.sort_unstable();
        assert_eq!(got, view, "{}", viewer.key());
    }
}

#[test]
fn goals_then_constraints_then_evidence_then_history_within_a_layer() {
    check(
        r#"{"load":{"episodic":"always","semantic":"always"}}"#,
        r#"[{"id":"h","kind":"episodic","lesson":"x"},{"id":"e","kind":"semantic","lesson":"x"},
            {"id":"c","kind":"procedural","lesson":"x"},{"id":"g","kind":"working","lesson":"x"}]"#,
        &["g", "c", "e", "h"],
        &[],
    );
}

#[test]
fn the_always_layer_fills_before_the_retrieved_one() {
    check(
        r#"{"load":{"episodic":"always"}}"#,
        r#"[{"id":"s","kind":"procedural","load":"retrieved","lesson":"q"},{"id":"h","kind":"episodic","lesson":"x"}]"#,
        &["h", "s"],
        &[],
    );
}

#[test]
fn history_crowds_a_retrieved_rule_out_of_a_shared_budget() {
    check(
        r#"{"budgets":{"shared":10},"load":{"episodic":"always"}}"#,
        r#"[{"id":"s","kind":"procedural","load":"retrieved","tokens":4,"lesson":"q"},
            {"id":"h1","kind":"episodic","tokens":6,"lesson":"x"},{"id":"h2","kind":"episodic","tokens":6,"lesson":"x"}]"#,
        &["h1"],
        &[("h2", "crowded_out"), ("s", "behind")],
    );
}

#[test]
fn a_high_risk_card_is_never_dropped_for_budget_and_a_hold_changes_nothing() {
    // A legal hold is about retention (never swept), not about what the
    // prompt needs: t is an ordinary rule, and crowded out like one.
    check(
        r#"{"budgets":{"shared":10},"load":{"episodic":"always"}}"#,
        r#"[{"id":"s","kind":"procedural","load":"retrieved","risk":"high","tokens":4,"lesson":"q"},
            {"id":"h1","kind":"episodic","tokens":3,"lesson":"x"},
            {"id":"t","kind":"procedural","hold":true,"tokens":7,"lesson":"q"},
            {"id":"h2","kind":"episodic","tokens":3,"lesson":"x"}]"#,
        &["s"],
        &[("t", "too_large"), ("h1", "behind"), ("h2", "behind")],
    );
}

#[test]
fn high_risk_cards_over_their_budget_are_loaded_and_named_in_a_note() {
    let w = one_viewer(
        r#"{"budgets":{"procedural":5}}"#,
        r#"[{"id":"s","kind":"procedural","risk":"high","tokens":4},{"id":"t","kind":"procedural","risk":"high","tokens":3},
            {"id":"u","kind":"procedural","tokens":0},{"id":"v","kind":"procedural","hold":true,"tokens":1}]"#,
    );
    let p = ann(&w);
    assert_eq!(loaded(&w, &p), ["s", "t", "u"]);
    assert_eq!(p.notes, [Note::HardOverBudget { budget: "procedural".into(), limit: 5, used: 7, cards: vec![0, 1] }]);
}

#[test]
fn each_source_draws_on_its_own_budget_so_history_cannot_crowd_out_rules() {
    check(
        r#"{"budgets":{"episodic":6,"procedural":4},"load":{"episodic":"always"}}"#,
        r#"[{"id":"h1","kind":"episodic","tokens":6,"lesson":"x"},{"id":"h2","kind":"episodic","tokens":6,"lesson":"x"},
            {"id":"s","kind":"procedural","tokens":4,"lesson":"q"}]"#,
        &["s", "h1"],
        &[("h2", "crowded_out")],
    );
}

#[test]
fn a_card_larger_than_its_whole_budget_stops_the_budget() {
    check(
        r#"{"budgets":{"semantic":5}}"#,
        r#"[{"id":"big","kind":"semantic","tokens":9,"lesson":"q"},{"id":"small","kind":"semantic","tokens":1,"lesson":"q"}]"#,
        &[],
        &[("big", "too_large"), ("small", "behind")],
    );
}

#[test]
fn the_retrieved_layer_keeps_the_best_k_and_a_tool_card_is_only_referenced() {
    check(
        r#"{"top_k":1}"#,
        r#"[{"id":"low","kind":"semantic","reliability":10,"lesson":"q"},{"id":"high","kind":"semantic","reliability":90,"lesson":"q"},
            {"id":"m","kind":"meta","lesson":"q"},{"id":"off","kind":"semantic","lesson":"other","situation":"none"}]"#,
        &["high"],
        &[("low", "below_top_k"), ("off", "no_match"), ("m", "tool_only")],
    );
}

#[test]
fn usage_never_ranks_and_review_does() {
    // Same everything, one used 1000 times: card order decides.
    check(
        r#"{"top_k":1}"#,
        r#"[{"id":"a","kind":"semantic","lesson":"q"},{"id":"b","kind":"semantic","uses":1000,"lesson":"q"}]"#,
        &["a"],
        &[("b", "below_top_k")],
    );
    // Reviewed (approved by someone who did not write it) outranks.
    check(
        r#"{"top_k":1}"#,
        r#"[{"id":"a","kind":"semantic","lesson":"q","written_by":"ann/bot","approved_by":"ann"},
            {"id":"b","kind":"semantic","lesson":"q","written_by":"ann/bot","approved_by":"dana"}]"#,
        &["b"],
        &[("a", "below_top_k")],
    );
}

#[test]
fn unreadable_card_keys_fail_closed_and_are_noted() {
    let w = one_viewer(
        r#"{"budgets":{"shared":1}}"#,
        r#"[{"id":"r","risk":"sometimes","tokens":5,"lesson":"q"},{"id":"t","tokens":"many","reliability":400,"lesson":"q"}]"#,
    );
    let p = ann(&w);
    // An unreadable risk counts as not high: a typo never pushes other
    // cards out. Only a readable `high` is the hard rule.
    assert_eq!(loaded(&w, &p), Vec::<String>::new());
    assert_eq!(p.notes.iter().filter(|n| matches!(n, Note::CardKey { .. })).count(), 3);
    assert_eq!(Assembler::new(&w, "q").score(1).reliability, 0, "an unreadable reliability earns no trust");
}

#[test]
fn prompt_and_tasks_keys_round_trip_and_unreadable_ones_are_kept_and_reported() {
    let text = r#"{"users":["ann"],"agents":["bot"],"query":"q","canaries":{},"cards":[],
        "prompt":{"budgets":{"procedural":40,"shared":120},"top_k":3,"load":{"episodic":"tool"},"weights":{"relevance":4,"recency":1,"review":2,"reliability":1}},
        "tasks":[{"viewer":"ann/bot","query":"q","gold":["S"]}]}"#;
    let w = ws(text);
    assert_eq!(w.prompt_config().unwrap().total(), Some(160));
    assert_eq!(w.tasks().unwrap().0[0].gold, ["S"]);
    let back = ws(&w.to_json_pretty());
    assert_eq!(back, w);
    let bad = ws(r#"{"users":["ann"],"agents":["bot"],"cards":[],"prompt":"small","tasks":[{"viewer":"ann"}]}"#);
    assert!(bad.prompt_config().is_none() && bad.tasks().is_none());
    let keys: Vec<&str> = audit(&bad)
        .problems
        .iter()
        .filter_map(|p| match p {
            WorkspaceProblem::UnreadableKey { key, .. } => Some(*key),
            _ => None,
        })
        .collect();
    assert_eq!(keys, ["prompt", "tasks"]);
    // Kept as written.
    assert!(bad.to_json_pretty().contains("small"));
    // An unknown source is set aside on its own: the rest of `prompt` holds.
    let one = ws(r#"{"users":["ann"],"agents":["bot"],"cards":[],"prompt":{"budgets":{"dreams":3,"shared":9}}}"#);
    assert_eq!(one.prompt_config().unwrap().budget("shared"), Some(9));
    assert!(audit(&one).problems.iter().any(|p| matches!(p, WorkspaceProblem::PromptEntry { key, .. } if key == "prompt.budgets.dreams")));
    assert!(one.to_json_pretty().contains("dreams"));
}

#[test]
fn a_canary_in_a_prompt_raises_the_leak_alarm() {
    let w = ws(r#"{"users":["ann","bo"],"agents":["bot"],"query":"","canaries":{"bo":["FAKE-BO"]},
        "cards":[{"id":"x","scope":"GLOBAL","owner_user":"bo","owner_agent":"bot","stream":"reusable","share_approved":true,"lesson":"FAKE-BO"}]}"#);
    let a = Assembler::new(&w, "");
    let p = a.prompt(Viewer::new("ann", "bot"));
    let m = a.metrics(&p, None);
    assert_eq!(m.leaks.len(), 1);
    assert_eq!(m.leaks[0].token, "FAKE-BO");
    assert!(metrics_words(&w, &m, Lang::En).iter().any(|l| l.contains("leak alarm")));
}

// Lesson 3.

fn bob() -> Viewer<'static> {
    Viewer::new("bob", "checker-v1")
}

#[test]
fn lesson_three_starts_with_bob_s_session_crowding_s_out() {
    for lang in [Lang::ZhTw, Lang::En] {
        let w = lesson_three_workspace(lang);
        let (query, gold) = task_for(&w, bob(), None);
        let a = Assembler::new(&w, query);
        let p = a.prompt(bob());
        let s = w.cards.iter().position(|c| c.id == "S").unwrap();
        assert!(matches!(p.dropped(s).unwrap().reason, DropReason::Behind { .. }), "{lang:?}");
        let m = a.metrics(&p, gold);
        assert_eq!(m.hit.as_ref().unwrap().missing, ["S"]);
        assert!(m.startup_tokens * 100 > m.baseline_tokens * 40);
        assert!(m.stale.is_empty() && m.leaks.is_empty());
        assert!(replay_cache(&w).stale().count() > 0, "the cache serves the replaced G");
        assert!(prompt_words(&w, &p, lang).iter().any(|l| l.contains("H6")));
    }
}

/// The four reports of exercise 3 stop where the question's answer says,
/// at the start and after exercises 1 and 2 are solved.
#[test]
fn the_four_reports_each_stop_at_a_different_question() {
    let reports = [
        (ViewerId::new("bob", "checker-v1"), "C", Question::Written, "publish"),
        (ViewerId::new("alice", "checker-v1"), "A", Question::Retrievable, "boundary"),
        (ViewerId::new("bob", "checker-v1"), "M", Question::InPrompt, "set_load"),
        (ViewerId::new("alice", "writer-v1"), "G", Question::Forgotten, "use_newer"),
    ];
    for lang in [Lang::ZhTw, Lang::En] {
        let solved = solutions(lang);
        for w in [lesson_three_workspace(lang), solved[1].clone().unwrap()] {
            for (viewer, card, at, fix) in &reports {
                let (query, _) = task_for(&w, viewer.viewer(), None);
                let d = diagnose(&w, viewer.viewer(), card, query);
                assert_eq!(d.stop, Some(*at), "{viewer} {card} {lang:?}");
                assert_eq!(d.fix.kind(), *fix, "{viewer} {card}: {:?}", d.fix);
                assert_eq!(d.answers.len(), 4);
                assert_eq!(d.answers.iter().filter(|a| a.is_wrong()).count(), 1, "one stop: {:?}", d.answers);
                assert!(diagnosis_words(&w, &d, lang).len() == 6);
            }
            let (query, _) = task_for(&w, Viewer::new("alice", "checker-v1"), None);
            let Fix::Boundary(b) = diagnose(&w, Viewer::new("alice", "checker-v1"), "A", query).fix else { panic!() };
            assert!(b.readers.iter().all(|r| r.agent == "writer-v1"), "an AGENT card of writer-v1: {:?}", b.readers);
            assert_eq!(b.route.map(|r| (r.scope, r.reviewed)), Some((mixua_policy::Scope::User, false)), "alice writes a USER card of it");
            let (query, _) = task_for(&w, Viewer::new("alice", "writer-v1"), None);
            let Fix::UseNewer { by, act: Some(act) } = diagnose(&w, Viewer::new("alice", "writer-v1"), "G", query).fix else { panic!() };
            assert_eq!((by.as_str(), act.at), ("G2", 2));
        }
    }
    // The right option is the stops in the order the task lists the
    // reports (G, M, C, A), which is not the order of the questions.
    let pack = builtin_pack("lesson3", Lang::En).unwrap();
    let q = pack.exercises[2].question.as_ref().unwrap();
    assert_eq!(q.options[q.answer].en, "(1) forgotten (2) in the prompt (3) written (4) retrievable");
    let in_question_order = q.options.iter().position(|o| o.en == "(1) written (2) retrievable (3) in the prompt (4) forgotten");
    assert!(in_question_order.is_some_and(|i| i != q.answer), "the listing order is a wrong option");
    let task = &pack.exercises[2].task.en;
    let at = |what: &str| task.find(what).unwrap_or_else(|| panic!("{what} in the task"));
    assert!(at("forgot G") < at("forgot M") && at("forgot M") < at("forgot carol's C") && at("forgot carol's C") < at("forgot A"));
}

#[test]
fn a_diagnosis_s_fix_gets_the_card_into_the_prompt() {
    let w = lesson_three_workspace(Lang::En);
    for id in ["S", "H6", "M"] {
        let (query, _) = task_for(&w, bob(), None);
        let d = diagnose(&w, bob(), id, query);
        let mut fixed = apply_fix(&w, id, &d.fix).unwrap_or_else(|| panic!("{id}: {:?}", d.fix));
        for then in &d.then {
            fixed = apply_fix(&fixed, id, then).unwrap();
        }
        assert_eq!(d.then.is_empty(), id != "M", "only M needs a second edit: {:?}", d.then);
        let after = diagnose(&fixed, bob(), id, query);
        assert_eq!(after.stop, None, "{id}: {:?} then {:?}", d.fix, after.answers);
    }
    // The least budget: one token less and S stays out.
    let (query, _) = task_for(&w, bob(), None);
    let Fix::RaiseBudget { budget, to } = diagnose(&w, bob(), "S", query).fix else { panic!() };
    let less = apply_fix(&w, "S", &Fix::RaiseBudget { budget, to: to - 1 }).unwrap();
    assert_eq!(diagnose(&less, bob(), "S", query).stop, Some(Question::InPrompt));
    // A card in the prompt needs nothing.
    let d = diagnose(&w, bob(), "W", query);
    assert_eq!((d.stop, d.fix), (None, Fix::Nothing));
    // No card of that name.
    assert_eq!(diagnose(&w, bob(), "ZZ", query).stop, Some(Question::Written));
}

/// What the learner has done, owned.
#[derive(Default)]
struct Learn {
    predictions: BTreeMap<ViewerId, BTreeSet<String>>,
    answers: BTreeMap<usize, usize>,
    seen: BTreeSet<mixua_course::Milestone>,
    refused: BTreeSet<mixua_course::RefusalSeen>,
}

fn holds(pack: &mixua_course::Pack, n: usize, w: &Workspace, l: &Learn) -> bool {
    let evaluated = Evaluated::of(w);
    let learner = Learner {
        predictions: &l.predictions,
        revealed: false,
        answers: &l.answers,
        seen: &l.seen,
        refused: &l.refused,
        records: &[],
        tick: None,
    };
    pack.exercises[n].holds(n, &Facts::new(w, evaluated.views(), learner))
}

#[test]
fn lesson_three_s_pack_holds_nothing_on_its_start_and_each_exercise_on_its_solution() {
    for lang in [Lang::ZhTw, Lang::En] {
        let pack = builtin_pack("lesson3", lang).unwrap();
        assert_eq!(pack.exercises.len(), 5);
        let start = lesson_three_workspace(lang);
        for n in 0..5 {
            assert!(!holds(&pack, n, &start, &Learn::default()), "exercise {} holds on the start", n + 1);
            assert!(pack.exercises[n].hints.len() >= 2);
        }
        let solved = solutions(lang);
        for n in [0, 1, 3, 4] {
            let w = solved[n].as_ref().unwrap();
            assert!(holds(&pack, n, w, &Learn::default()), "exercise {} on its solution ({lang:?})", n + 1);
            assert!(pack.exercises[n].solution.is_some());
        }
        let q = pack.exercises[2].question.as_ref().unwrap();
        let wrong = Learn { answers: BTreeMap::from([(2, (q.answer + 1) % q.options.len())]), ..Learn::default() };
        assert!(!holds(&pack, 2, &start, &wrong));
        // The right answer alone is not enough: Diagnose is pressed on each
        // report's card, for the report's cell.
        let right = Learn { answers: BTreeMap::from([(2, q.answer)]), ..Learn::default() };
        assert!(!holds(&pack, 2, &start, &right));
        let seen = [("alice", "writer-v1", "G"), ("bob", "checker-v1", "M"), ("bob", "checker-v1", "C"), ("alice", "checker-v1", "A")]
            .into_iter()
            .map(|(u, a, card)| mixua_course::Milestone::diagnosed(&ViewerId::new(u, a), card))
            .collect();
        let diagnosed = Learn { seen, ..right };
        assert!(holds(&pack, 2, &start, &diagnosed));
        // One wrong move each: raising the budget gets S back but breaks the
        // total; lowering F's uses changes nothing.
        let mut raised = start.clone();
        let mut config = raised.prompt_config().unwrap().clone();
        config.set_budget("shared", Some(400));
        raised.prompt = Some(mixua_policy::Kept::Good(config));
        assert!(!holds(&pack, 0, &raised, &Learn::default()));
        let mut unused = start.clone();
        let f = unused.cards.iter_mut().find(|c| c.id == "F").unwrap();
        mixua_policy::prompt::set_card_key(std::rc::Rc::make_mut(f), "uses", Some(0.into()));
        assert!(!holds(&pack, 4, &unused, &Learn::default()));
    }
}

/// "It reached the prompt" is an answer: the card's place and tokens, and
/// a card loaded beside it that `conflicts_with` marks (either side). A
/// `conflicts_with` that is not a list of texts is set aside with a note.
#[test]
fn a_loaded_card_names_the_conflicting_card_loaded_beside_it() {
    let w = one_viewer("", r#"[{"id": "A", "lesson": "q yes", "conflicts_with": ["B"]}, {"id": "B", "lesson": "q no"}, {"id": "C", "lesson": "q"}]"#);
    let who = Viewer::new("ann", "bot");
    for (card, with) in [("A", vec!["B"]), ("B", vec!["A"]), ("C", vec![])] {
        let d = diagnose(&w, who, card, "q");
        assert_eq!(d.stop, None);
        let mixua_policy::diagnose::Why::Loaded { position, of, conflicts, .. } = &d.answer(Question::InPrompt).why else { panic!("{d:?}") };
        assert_eq!((*of, conflicts.clone()), (3, with.iter().map(|s| s.to_string()).collect::<Vec<_>>()), "{card}");
        assert!(*position >= 1 && *position <= 3);
        let words = diagnosis_words(&w, &d, Lang::En).join("\n");
        assert!(words.contains("memory did its part"), "{words}");
        assert_eq!(words.contains("says the opposite"), !with.is_empty(), "{words}");
    }
    for bad in [r#""B""#, "[1]", r#"{"B": true}"#] {
        let w = one_viewer("", &format!(r#"[{{"id": "A", "lesson": "q", "conflicts_with": {bad}}}, {{"id": "B", "lesson": "q"}}]"#));
        let p = ann(&w);
        assert!(p.notes.iter().any(|n| matches!(n, Note::CardKey { .. })), "{bad}: {:?}", p.notes);
        let d = diagnose(&w, who, "A", "q");
        let mixua_policy::diagnose::Why::Loaded { conflicts, .. } = &d.answer(Question::InPrompt).why else { panic!() };
        assert!(conflicts.is_empty(), "{bad}");
    }
}

/// The one test every suggested edit passes, each crossing by its reason.
#[test]
fn fix_is_safe_names_each_crossing() {
    use mixua_policy::boundary::{fix_is_safe, Crossing};
    let w = ws(r#"{"users": ["ann", "bo"], "agents": ["bot"], "query": "",
        "canaries": {"ann": ["FAKE-ANN-1"]}, "profiles": {"ann": {"day": "Tuesday", "role": "polar"}, "bo": {"day": "Monday"}},
        "cards": [
          {"id": "P", "scope": "USER", "owner_user": "ann", "owner_agent": "bot", "stream": "protected", "share_approved": true, "situation": "", "lesson": "FAKE-ANN-1"},
          {"id": "Q", "scope": "GLOBAL", "owner_user": "ann", "owner_agent": "bot", "stream": "reusable", "share_approved": false, "situation": "", "lesson": "Tuesday polar notes"}]}"#);
    let edit = |i: usize, f: &dyn Fn(&mut mixua_policy::Card)| {
        let mut after = w.clone();
        f(std::rc::Rc::make_mut(&mut after.cards[i]));
        after
    };
    assert_eq!(fix_is_safe(&w, &w), Ok(()));
    assert!(matches!(fix_is_safe(&w, &edit(0, &|c| c.owner_user = "bo".into())), Err(Crossing::OwnerChanged { .. })));
    assert!(matches!(fix_is_safe(&w, &edit(0, &|c| c.stream = "reusable".into())), Err(Crossing::ProtectedMadeReusable { .. })));
    // A USER card made GLOBAL by its filing alone would be rejected; a
    // reusable one with the canary, approved, hands it to bo.
    let leaky = edit(1, &|c| {
        c.lesson = "FAKE-ANN-1".into();
        c.share_approved = true;
    });
    assert!(matches!(fix_is_safe(&w, &leaky), Err(Crossing::CanaryReaches { ref viewer, .. }) if viewer == "bo/bot"), "{:?}", fix_is_safe(&w, &leaky));
    let reid = edit(1, &|c| c.share_approved = true);
    assert!(matches!(fix_is_safe(&w, &reid), Err(Crossing::Reidentifies { ref user, .. }) if user == "ann"), "{:?}", fix_is_safe(&w, &reid));
}

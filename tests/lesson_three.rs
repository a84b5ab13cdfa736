//! Lesson 3 in the reducer, natively: every prompt setting is an
//! `Edit::Prompt` (undoable; a refused one changes nothing and says why),
//! the prompts the app derives are the crate's for each viewer's task, the
//! change strip's words name exactly the prompts that changed, and each of
//! the pack's exercises holds once solved through the app's edits and not
//! before.

#![cfg(feature = "lesson3")]

use std::rc::Rc;

use mixua_playground::derive::views::Computed;
use mixua_playground::derive::course::holds_now_in;
use mixua_playground::store::lesson::Course;
use mixua_playground::derive::prompts::{change_parts, Prompts};
use mixua_playground::store::prompt_settings::{apply, prompt_viewer, PromptEdit, PromptRefusal};
use mixua_playground::derive::course::Lesson;
use mixua_playground::store::state::{go_to_step, Action, AppState, Doc, Edit, Notice, Ui, UiAction};
use mixua_policy::ViewerId;
use mixua_course::lesson_three::lesson_three_workspace;
use mixua_policy::prompt::{task_for, Assembler, BudgetOf, CardSetting, Layer, Source, WeightKey, Weights};
use mixua_policy::{Kept, Workspace};
use mixua_words::Lang;
use proptest::prelude::*;
use serde_json::Value;

mod common;
use common::*;


fn start() -> AppState {
    let doc = Doc { workspace: Rc::new(lesson_three_workspace(Lang::En)), ..Doc::default() };
    AppState::new(doc, Ui::new(Course::Three, Lang::En, parts()))
}

fn prompt(state: &mut AppState, edit: PromptEdit) -> bool {
    state.apply(Edit::Prompt(edit))
}

fn budget(name: &str, tokens: Option<u64>) -> PromptEdit {
    PromptEdit::Budget { of: BudgetOf::parse(name).expect("a budget"), tokens }
}

fn card_key(card: &str, key: CardSetting, value: Value) -> PromptEdit {
    PromptEdit::CardKey { card: card.into(), key, value: Some(value) }
}

fn loaded(ws: &Workspace, user: &str, agent: &str) -> Vec<String> {
    let prompts = Prompts::of(ws);
    let cell = prompts.cell(&mixua_policy::ViewerId::new(user, agent)).expect("a cell");
    cell.prompt.loaded.iter().map(|l| ws.cards[l.card].id.clone()).collect()
}

fn holds(state: &AppState, step: usize) -> bool {
    let computed = Computed::new(state.workspace());
    let lesson = Lesson { pack: state.ui.pack(), doc: &state.doc, computed: &computed, revealed: false, progress: &state.ui.progress, tick: None, cache: None, parts: parts() };
    holds_now_in(step, lesson)
}

#[test]
fn lesson_three_is_a_built_in_lesson_of_its_own() {
    assert_eq!(Course::parse("3"), Some(Course::Three));
    assert!(Course::LESSONS.contains(&Course::Three));
    assert_eq!(Course::Three.number(), 3);
    assert_eq!(Course::Three.exercise_count(two()), 5);
    assert_eq!(*Course::Three.start_doc(Lang::En, two()).expect("lesson 3's start").workspace, lesson_three_workspace(Lang::En));
}

#[test]
fn a_share_link_of_lesson_three_opens_on_its_own_page() {
    use mixua_playground::start::route::link_page;
    assert_eq!(link_page("/teach.html", Course::Three), "/lesson3.html");
    assert_eq!(link_page("/site/", Course::Three), "/site/lesson3.html");
    assert_eq!(link_page("/site/lesson3.html", Course::Three), "/site/lesson3.html");
    assert_eq!(link_page("/site/teach.html", Course::Two), "/site/");
    assert_eq!(link_page("/lesson3.html", Course::One), "/");
    assert_eq!(link_page("/site/index.html", Course::One), "/site/index.html");
}

#[test]
fn a_budget_is_an_undoable_edit_said_in_the_change_strip() {
    let mut s = start();
    assert!(!loaded(s.workspace(), "bob", "checker-v1").contains(&"S".to_string()));
    let before = s.doc.workspace.clone();
    assert!(prompt(&mut s, budget("shared", Some(400))));
    assert_eq!(s.past.len(), 1);
    assert!(loaded(s.workspace(), "bob", "checker-v1").contains(&"S".to_string()));
    let parts = change_parts(&before, &Prompts::of(&before), s.workspace(), &Prompts::of(s.workspace()), Lang::En);
    assert_eq!(parts[0], "shared budget 200 → 400");
    assert!(parts.iter().any(|p| p.starts_with("bob/checker-v1's prompt now holds") && p.contains('S')), "{parts:?}");
    // Only the edited setting changed: every card is the same revision.
    assert!(before.cards.iter().zip(&s.workspace().cards).all(|(a, b)| Rc::ptr_eq(a, b)));
    s.apply(Action::Undo);
    assert_eq!(s.doc.workspace, before);
    s.apply(Action::Redo);
    assert_eq!(s.workspace().prompt_config().and_then(|c| c.budget("shared")), Some(400));
    // The same value again is no step.
    assert!(!prompt(&mut s, budget("shared", Some(400))));
    assert_eq!(s.past.len(), 1);
}

#[test]
fn a_card_key_copies_only_that_card() {
    let mut s = start();
    let before = s.doc.workspace.clone();
    assert!(prompt(&mut s, card_key("S", CardSetting::Risk, Value::from("high"))));
    let changed: Vec<&str> = before
        .cards
        .iter()
        .zip(&s.workspace().cards)
        .filter(|(a, b)| !Rc::ptr_eq(a, b))
        .map(|(_, b)| b.id.as_str())
        .collect();
    assert_eq!(changed, ["S"]);
    let parts = change_parts(&before, &Prompts::of(&before), s.workspace(), &Prompts::of(s.workspace()), Lang::ZhTw);
    assert!(parts.contains(&"S.risk (未設) → \"high\"".to_string()), "{parts:?}");
}

#[test]
fn a_refused_prompt_edit_changes_nothing_and_says_why() {
    for edit in [
        // A key the lesson does not edit (`uses`, a weight `uses`, a
        // budget `gossip`) can't be named: the keys are the crate's enums.
        card_key("S", CardSetting::Reliability, Value::from(101)),
        card_key("nobody", CardSetting::Risk, Value::from("high")),
        card_key("S", CardSetting::Load, Value::from("sometimes")),
        card_key("S", CardSetting::Reliability, Value::from(-1)),
        card_key("S", CardSetting::Reliability, Value::from("50")),
        // The crate's ranges, the same as a file's.
        budget("shared", Some(1_000_001)),
        budget("shared", Some(u64::MAX)),
        PromptEdit::TopK(Some(10_001)),
        PromptEdit::Weight { key: WeightKey::Review, value: 101 },
        card_key("S", CardSetting::Risk, Value::from("HIGH")),
    ] {
        let mut s = start();
        let before = s.doc.clone();
        assert!(prompt(&mut s, edit.clone()), "{edit:?}: said");
        assert_eq!(s.doc, before, "{edit:?}: nothing changed");
        assert!(s.past.is_empty(), "{edit:?}: no undo step");
        assert_eq!(s.ui.screen.notice, Some(Notice::Prompt(PromptRefusal::OutOfRange)), "{edit:?}");
    }
    // A card key of an id two cards have edits neither.
    let mut ws = lesson_three_workspace(Lang::En);
    let s_card = ws.cards.iter().find(|c| c.id == "S").unwrap().clone();
    ws.cards.push(s_card);
    let kept = ws.clone();
    assert_eq!(apply(&mut ws, &card_key("S", CardSetting::Risk, Value::from("high"))), Err(PromptRefusal::OutOfRange));
    assert_eq!(ws, kept);
    // Settings that can't be read are kept as written, never edited over.
    let mut ws = lesson_three_workspace(Lang::En);
    ws.prompt = Some(Kept::Bad(Value::from("200 tokens, roughly")));
    let kept = ws.clone();
    assert_eq!(apply(&mut ws, &PromptEdit::TopK(Some(2))), Err(PromptRefusal::Unreadable));
    assert_eq!(ws, kept);
}

#[test]
fn emptied_settings_are_no_prompt_key_at_all() {
    let mut ws = mixua_course::seed_workspace();
    apply(&mut ws, &PromptEdit::TopK(Some(2))).unwrap();
    assert!(ws.prompt.is_some());
    apply(&mut ws, &PromptEdit::TopK(None)).unwrap();
    assert_eq!(ws, mixua_course::seed_workspace(), "a file without the key behaves as before");
}

/// Each exercise, solved in order in one work through the app's edits as a
/// learner would (the pack's hints), holds then, from where the one before
/// ended, and not before.
#[test]
fn each_exercise_holds_once_solved_through_the_app_and_not_before() {
    let mut s = start();
    for step in [0, 1, 3, 4] {
        assert!(!holds(&s, step), "step {} holds at the start", step + 1);
    }
    // 1: raising the total is no solution; S high-risk is.
    prompt(&mut s, budget("shared", Some(400)));
    assert!(!holds(&s, 0));
    s.apply(Action::Undo);
    prompt(&mut s, card_key("S", CardSetting::Risk, Value::from("high")));
    assert!(holds(&s, 0));
    // 2: history retrieved, not injected at the start.
    assert!(!holds(&s, 1));
    prompt(&mut s, PromptEdit::Load { source: Source::Episodic, layer: Some(Layer::Retrieved) });
    assert!(holds(&s, 1));
    // 3: Diagnose pressed on each report's card from the report's cell
    // (the app remembers each), and the question answered. The answer
    // alone, or Diagnose from another cell, is not enough.
    let pack = s.ui.pack().clone();
    let q = pack.exercises[2].question.clone().expect("exercise 3 asks");
    s.apply(UiAction::Answer { step: 2, option: q.answer, right: true });
    assert!(!holds(&s, 2), "answered, but no report diagnosed");
    s.apply(UiAction::Diagnose(Some("G".into())));
    assert!(!holds(&s, 2), "G diagnosed for the first task's viewer, bob/checker-v1, not alice/writer-v1");
    for (user, agent, card) in [("alice", "writer-v1", "G"), ("bob", "checker-v1", "M"), ("bob", "checker-v1", "C"), ("alice", "checker-v1", "A")] {
        s.apply(UiAction::ShowPrompt(ViewerId::new(user, agent)));
        s.apply(UiAction::Diagnose(Some(card.into())));
    }
    assert!(holds(&s, 2));
    // 4: the cache purges (the reviewer's act).
    assert!(!holds(&s, 3));
    s.apply(Edit::Act(mixua_playground::store::acts::Act::Cache {
        key: s.workspace().cache.as_ref().and_then(|c| c.good()).map(|c| c.key.clone()).unwrap_or_default(),
        purge: true,
        actor: mixua_policy::Actor::Reviewer("dana".into()),
        reason: "stale answers held G".into(),
    }, mixua_playground::store::acts::WritePath(mixua_playground::store::acts::apply)));
    assert!(holds(&s, 3));
    // 5: the step opens alice/writer-v1's prompt, its task's viewer.
    let opens = go_to_step(Course::Three, &pack, 3, 4, Lang::En, two());
    assert!(opens.iter().any(|a| matches!(a, Action::Ui(UiAction::ShowPrompt(v)) if *v == ViewerId::new("alice", "writer-v1"))), "{opens:?}");
    for a in opens {
        s.apply(a);
    }
    assert_eq!(s.ui.screen.prompt, Some(ViewerId::new("alice", "writer-v1")));
    // Opened at that step directly (`&step=5`), the panel shows it too.
    let fresh = Ui { lesson_step: 4, ..start().ui };
    assert_eq!(prompt_viewer(fresh.screen.prompt.as_ref(), fresh.exercise().and_then(|e| e.cell.as_deref()), s.workspace()), Some(ViewerId::new("alice", "writer-v1")));
    let first = Ui { lesson_step: 2, ..start().ui };
    assert_eq!(prompt_viewer(first.screen.prompt.as_ref(), first.exercise().and_then(|e| e.cell.as_deref()), s.workspace()), Some(ViewerId::new("bob", "checker-v1")), "exercise 3 names no cell: the first task's");
    // Usage is no ranking input; review is.
    assert!(!holds(&s, 4));
    prompt(&mut s, PromptEdit::Weight { key: WeightKey::Relevance, value: 5 });
    assert!(!holds(&s, 4));
    prompt(&mut s, PromptEdit::Weight { key: WeightKey::Review, value: 2 });
    assert!(holds(&s, 4));
}

fn edit_strategy() -> impl Strategy<Value = PromptEdit> {
    let names = ["working", "episodic", "semantic", "procedural", "meta", "untyped", "shared"];
    let cards = ["S", "R", "F", "G2", "W", "H1", "M", "C"];
    prop_oneof![
        (0..names.len(), prop::option::of(0u64..400)).prop_map(move |(n, t)| budget(names[n], t)),
        prop::option::of(0u64..8).prop_map(PromptEdit::TopK),
        (0..Source::ALL.len(), prop::option::of(0..3usize))
            .prop_map(|(s, l)| PromptEdit::Load { source: Source::ALL[s], layer: l.map(|l| Layer::ALL[l]) }),
        (0..4usize, 0u64..6).prop_map(|(w, value)| PromptEdit::Weight { key: Weights::KEYS[w], value }),
        (0..cards.len(), any::<bool>()).prop_map(move |(c, high)| PromptEdit::CardKey {
            card: cards[c].into(),
            key: CardSetting::Risk,
            value: high.then(|| Value::from("high")),
        }),
        (0..cards.len(), prop::option::of(0u64..=100)).prop_map(move |(c, r)| PromptEdit::CardKey {
            card: cards[c].into(),
            key: CardSetting::Reliability,
            value: r.map(Value::from),
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// After every step of random edits (and undos), the prompts the app
    /// shows are, cell by cell, the crate's assembly for that viewer's task,
    /// made afresh; and the change strip names exactly the viewers whose
    /// loaded cards changed, and, where the same cards are loaded, exactly
    /// those whose order changed.
    #[test]
    fn the_app_shows_the_crates_prompt_for_every_viewer(edits in prop::collection::vec((edit_strategy(), any::<bool>()), 1..10)) {
        let mut s = start();
        for (edit, undo) in edits {
            let before = s.doc.workspace.clone();
            prompt(&mut s, edit);
            if undo {
                s.apply(Action::Undo);
            }
            let ws = s.doc.workspace.clone();
            let shown = Prompts::of(&ws);
            for cell in &shown.cells {
                let v = cell.viewer.viewer();
                let (query, gold) = task_for(&ws, v, None);
                let assembler = Assembler::new(&ws, query);
                let fresh = assembler.prompt(v);
                prop_assert_eq!(&cell.prompt, &fresh);
                prop_assert_eq!(&cell.metrics, &assembler.metrics(&fresh, gold));
            }
            let parts = change_parts(&before, &Prompts::of(&before), &ws, &shown, Lang::En);
            for cell in &shown.cells {
                let key = cell.viewer.key();
                let was = loaded(&before, &cell.viewer.user, &cell.viewer.agent);
                let is = loaded(&ws, &cell.viewer.user, &cell.viewer.agent);
                let mut a = was.clone();
                let mut b = is.clone();
                a.sort();
                b.sort();
                // Which cards are loaded, and (the same cards) their order.
                let order = format!("{key}'s prompt order changed");
                let said = parts.iter().any(|p| p.starts_with(&format!("{key}'s prompt")) && !p.starts_with(&order));
                prop_assert_eq!(said, a != b, "{} {:?} → {:?}: {:?}", key, was, is, parts);
                if a == b {
                    let said_order = parts.iter().any(|p| p.starts_with(&order));
                    prop_assert_eq!(said_order, was != is, "{} order {:?} → {:?}: {:?}", key, was, is, parts);
                }
            }
        }
    }

    /// Raising one budget through the app never takes a card out of any
    /// prompt.
    #[test]
    fn raising_a_budget_in_the_app_never_removes_a_card(edits in prop::collection::vec(edit_strategy(), 0..6), which in 0..7usize, more in 1u64..200) {
        let mut s = start();
        for edit in edits {
            prompt(&mut s, edit);
        }
        let name = ["working", "episodic", "semantic", "procedural", "meta", "untyped", "shared"][which];
        let Some(now) = s.workspace().prompt_config().and_then(|c| c.budget(name)) else { return Ok(()) };
        let before = Prompts::of(s.workspace());
        let ws_before = s.doc.workspace.clone();
        prompt(&mut s, budget(name, Some(now + more)));
        let after = Prompts::of(s.workspace());
        for (b, a) in before.cells.iter().zip(&after.cells) {
            for l in &b.prompt.loaded {
                let id = &ws_before.cards[l.card].id;
                prop_assert!(a.prompt.loaded.iter().any(|m| s.workspace().cards[m.card].id == *id), "{} lost {} when {} rose", b.viewer.key(), id, name);
            }
        }
    }
}

#[test]
fn the_panel_counts_stale_use_from_the_cache_and_an_edit_fixes_a_set_aside_value() {
    use mixua_playground::derive::prompts::PanelView;
    let ws = lesson_three_workspace(Lang::En);
    let prompts = Prompts::of(&ws);
    let bob = prompts.cells.iter().find(|c| c.viewer.key() == "bob/checker-v1").unwrap();
    let view = PanelView::of(&ws, bob, Lang::En);
    assert_eq!(view.stale_use, 1, "the cache served bob's task the replaced G");
    assert_eq!(view.stale, ["the read at tick 2 was answered from the cache (saved at tick 0) with G, no longer in effect"]);
    assert_eq!(view.startup_percent, bob.metrics.startup_percent());
    // A budget set aside in the file is replaced by the learner's edit, and
    // its note goes with it.
    let mut v: Value = serde_json::from_str(&ws.to_json_pretty()).unwrap();
    v["prompt"]["budgets"]["episodic"] = Value::from(-1);
    let mut ws = Workspace::from_json(&v.to_string()).unwrap();
    assert_eq!(ws.prompt_config().unwrap().aside.len(), 1);
    apply(&mut ws, &budget("episodic", Some(60))).unwrap();
    let config = ws.prompt_config().unwrap();
    assert_eq!((config.budget("episodic"), config.aside.len()), (Some(60), 0));
    let back = Workspace::from_json(&ws.to_json_pretty()).unwrap();
    let back = back.prompt_config().unwrap();
    assert_eq!((back.budget("episodic"), back.budget("shared"), back.aside.len()), (Some(60), Some(200), 0));
}

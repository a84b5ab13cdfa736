//! The playground's assertions (issue 53), natively: kept, edited and
//! removed through the one reducer, each one undoable step; judged on the
//! views the app keeps, equal to the crate's own run from scratch; an
//! edit that breaks one is found (`broken`); and the key survives a save,
//! a share link and an import.

use std::rc::Rc;

use mixua_course::{Assertion, Check};
use mixua_playground::derive::assertions::{broken, judge, AssertionEdit, AssertionWrite, Judgement};
use mixua_playground::derive::views::Computed;
use mixua_playground::store::persist::{decode_link, encode_link, from_json, to_json, Saved};
use mixua_playground::store::state::{Action, AppState, Doc, Edit, Ui, UiAction};
use mixua_policy::ViewerId;

mod common;
use common::*;


fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

fn vid(key: &str) -> ViewerId {
    ViewerId::parse_key(key).expect("a user/agent key")
}

fn keep(state: &mut AppState, assertion: Assertion) -> bool {
    state.apply(Action::Edit(Edit::Assertion(AssertionEdit::add(&assertion), AssertionWrite(mixua_playground::derive::assertions::apply))))
}

fn judged(state: &AppState) -> Judgement {
    judge(state.workspace(), &Computed::new(state.workspace()), None)
}

fn passes(state: &AppState) -> Vec<bool> {
    judged(state).rows.iter().map(|r| r.verdict.pass).collect()
}

#[test]
fn keeping_is_one_undoable_step_and_keeping_it_twice_changes_nothing() {
    let mut s = seed();
    let bob_reads_a = Assertion::reads(&vid("bob/writer-v1"), "A", true);
    assert!(keep(&mut s, bob_reads_a.clone()));
    assert_eq!(s.past.len(), 1);
    assert_eq!(passes(&s), [true]);
    // The same one again: no step, nothing changed.
    assert!(!keep(&mut s, bob_reads_a.clone()));
    assert_eq!(s.past.len(), 1);
    assert!(s.apply(Action::Undo));
    assert_eq!(*s.doc, Doc::seed());
    assert_eq!(s.workspace().assertions, None, "undone, the work is the seed again, without the key");
    assert!(s.apply(Action::Redo));
    assert_eq!(passes(&s), [true]);
}

#[test]
fn unticking_a_breaks_bob_reads_a_and_undo_mends_it() {
    let mut s = seed();
    keep(&mut s, Assertion::reads(&vid("bob/writer-v1"), "A", true));
    let before = judged(&s);
    assert!(s.apply(Action::Edit(Edit::SetApproved { card: "A".into(), approved: false })));
    let now = judged(&s);
    assert_eq!(now.rows.len(), 1);
    assert!(!now.rows[0].verdict.pass);
    assert_eq!(broken(&before, &now), [0]);
    // Its cell is the one marked, as assertion 1.
    assert_eq!(now.failing_cells, [(vid("bob/writer-v1"), vec![1])]);
    assert_eq!(now.failing_at(&vid("bob/writer-v1")), [1]);
    assert!(now.failing_at(&vid("bob/checker-v1")).is_empty());
    // Nothing more breaks on a second look, and undo mends it.
    assert!(broken(&now, &now).is_empty());
    assert!(s.apply(Action::Undo));
    assert_eq!(passes(&s), [true]);
    assert!(broken(&now, &judged(&s)).is_empty());
}

#[test]
fn an_assertion_edited_is_not_one_an_edit_broke() {
    let mut s = seed();
    keep(&mut s, Assertion::reads(&vid("bob/writer-v1"), "A", true));
    let before = judged(&s);
    // Expect the opposite: the assertion fails, but it is a new one.
    let opposite = Assertion::reads(&vid("bob/writer-v1"), "A", false);
    assert!(s.apply(Action::Edit(Edit::Assertion(AssertionEdit::replace(0, &opposite), AssertionWrite(mixua_playground::derive::assertions::apply)))));
    let now = judged(&s);
    assert_eq!(passes(&s), [false]);
    assert!(broken(&before, &now).is_empty());
}

#[test]
fn a_note_is_edited_and_an_assertion_removed_each_as_one_step() {
    let mut s = seed();
    keep(&mut s, Assertion::reads(&vid("bob/writer-v1"), "A", true));
    keep(&mut s, Assertion::new(Check::NoLeakAnywhere));
    let noted = Assertion { note: Some("writer rules are shared".into()), ..Assertion::reads(&vid("bob/writer-v1"), "A", true) };
    assert!(s.apply(Action::Edit(Edit::Assertion(AssertionEdit::replace(0, &noted), AssertionWrite(mixua_playground::derive::assertions::apply)))));
    // The same note again: nothing.
    assert!(!s.apply(Action::Edit(Edit::Assertion(AssertionEdit::replace(0, &noted), AssertionWrite(mixua_playground::derive::assertions::apply)))));
    assert_eq!(judged(&s).rows[0].assertion, noted);
    assert!(s.apply(Action::Edit(Edit::Assertion(AssertionEdit::Remove(0), AssertionWrite(mixua_playground::derive::assertions::apply)))));
    let left = judged(&s);
    assert_eq!(left.rows.len(), 1);
    assert_eq!(left.rows[0].assertion.check, Check::NoLeakAnywhere);
    // No such entry: nothing.
    assert!(!s.apply(Action::Edit(Edit::Assertion(AssertionEdit::Remove(5), AssertionWrite(mixua_playground::derive::assertions::apply)))));
    assert!(s.apply(Action::Undo));
    assert_eq!(judged(&s).rows.len(), 2);
    assert_eq!(s.past.len(), 3);
}

#[test]
fn the_panel_opens_and_closes_without_touching_the_work() {
    let mut s = seed();
    assert!(s.apply(Action::Ui(UiAction::ShowAssertions(true))));
    assert!(!s.apply(Action::Ui(UiAction::ShowAssertions(true))));
    assert!(s.ui.screen.assertions);
    assert!(s.past.is_empty());
    assert!(s.apply(Action::Ui(UiAction::ShowAssertions(false))));
}

#[test]
fn the_views_the_app_keeps_judge_as_the_crate_does_from_scratch() {
    let mut s = seed();
    let written = serde_json::json!([
        {"check": {"retrieves": {"cells": "bob/writer-v1", "card": "A"}}},
        {"check": {"not_retrieves": {"cells": "bob/*", "card": "P"}}},
        {"check": {"retrieves": {"cells": "*/checker-v1", "card": "A"}}},
        {"check": {"rejected": {"card": "X"}}},
        {"check": {"accepted": {"card": "Y"}}},
        "no_leak_anywhere",
        {"check": "made_up"},
    ]);
    let mut ws = (*s.doc.workspace).clone();
    ws.assertions = Some(written);
    s.apply(Action::Edit(Edit::Load { doc: Doc { workspace: Rc::new(ws), ..Doc::default() }, source: "t".into() }));
    // Edits whose views the app keeps up to date (one card each).
    let mut kept = Computed::new(s.workspace());
    for edit in [
        Edit::SetApproved { card: "A".into(), approved: false },
        Edit::EditText { card: "X".into(), field: mixua_policy::Field::Stream, value: "reusable".into() },
        Edit::SetApproved { card: "A".into(), approved: true },
    ] {
        let before_ws = s.doc.workspace.clone();
        s.apply(Action::Edit(edit));
        kept = Computed::update_touched(&before_ws, &kept, s.workspace(), None).0;
        let app = judge(s.workspace(), &kept, None);
        let list: Vec<Assertion> = app.rows.iter().map(|r| r.assertion.clone()).collect();
        let crate_verdicts = mixua_course::assertion::run(s.workspace(), &list, None);
        assert_eq!(app.rows.iter().map(|r| r.verdict.clone()).collect::<Vec<_>>(), crate_verdicts);
        assert_eq!(app.problems.len(), 1);
    }
}

#[test]
fn assertions_survive_a_save_a_share_link_and_an_import() {
    let mut s = seed();
    keep(&mut s, Assertion { note: Some("why".into()), ..Assertion::reads(&vid("bob/writer-v1"), "A", true) });
    let saved = Saved { doc: (*s.doc).clone(), ..Saved::default() };
    let file = to_json(&saved);
    let back = from_json(&file).expect("the file reads back");
    assert_eq!(back.doc.workspace.assertions, s.workspace().assertions);
    let link = encode_link(&s.doc, mixua_playground::store::lesson::Course::One);
    let opened = decode_link(&link).expect("the link reads back");
    assert_eq!(opened.doc.workspace.assertions, s.workspace().assertions);
    // Imported (a load): judged as before, and one Undo away from the work it replaced.
    let mut t = seed();
    t.apply(Action::Edit(Edit::Load { doc: back.doc, source: "kept.json".into() }));
    assert_eq!(passes(&t), [true]);
    assert!(t.apply(Action::Undo));
    assert_eq!(t.workspace().assertions, None);
}

#[test]
fn a_teachers_goal_all_assertions_pass_reads_the_works_own_assertions() {
    use mixua_playground::derive::course::with_facts;
    use mixua_playground::store::lesson::Course;
    use mixua_playground::derive::course::Lesson;
    use mixua_playground::store::progress::Progress;
    let holds = |s: &AppState| {
        let computed = Computed::new(s.workspace());
        let pack = Course::One.builtin(mixua_words::Lang::En, two()).expect("lesson 1's pack");
        let progress = Progress::default();
        let lesson = Lesson { pack: &pack, doc: &s.doc, computed: &computed, revealed: false, progress: &progress, tick: None, cache: None, parts: parts() };
        with_facts(lesson, |f| Check::AssertionsHold.holds(f))
    };
    let mut s = seed();
    // None kept: nothing to pass.
    assert!(!holds(&s));
    keep(&mut s, Assertion::reads(&vid("bob/writer-v1"), "A", true));
    assert!(holds(&s));
    s.apply(Action::Edit(Edit::SetApproved { card: "A".into(), approved: false }));
    assert!(!holds(&s));
}

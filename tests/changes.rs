//! What the last step changed, natively: the reducer keeps the work each
//! edit, undo or redo started from (a run of keystrokes is one step), the
//! app's kept evaluations give the crate's change, and the live region
//! speaks once per step, holding a typed edit until the field is left.

use std::rc::Rc;

use mixua_playground::derive::change::{change_of, spoken, Speech};
use mixua_playground::derive::views::Computed;
use mixua_playground::store::state::{Action, AppState, Doc, Edit, Notice, StepKind, Ui};
use mixua_policy::Field;
use mixua_words::Lang;

/// Whether this build has `lang`'s sentences. A students' page is built in
/// one language (mixua-words' `only-en` or `only-zh`, issue 28: `pick!`
/// compiles the other language out), and scripts/test.sh runs these tests
/// in those builds too: each language's words are asserted in every build
/// that has them (both in the workspace's own test run).
#[allow(dead_code)]
fn has(lang: Lang) -> bool {
    Lang::BUILT.is_none_or(|built| built == lang)
}

fn seed() -> AppState {
    AppState::new(Doc::seed(), Ui::default())
}

/// The summary of the last step, as the live region would say it.
fn summary(state: &AppState) -> String {
    let last = state.last.as_ref().expect("a step was made");
    let (before, now) = (&last.before.workspace, state.workspace());
    let change = change_of(before, &Computed::new(before), now, &Computed::new(now), None);
    spoken(last.kind, &change, Lang::En, Some(mixua_words::change_parts))
}

#[test]
fn a_fresh_state_has_no_step() {
    assert!(seed().last.is_none());
}

#[test]
fn approving_y_then_undo_then_redo() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let mut s = seed();
    s.apply(Edit::SetApproved { card: "Y".into(), approved: true });
    assert_eq!(s.last.as_ref().unwrap().kind, StepKind::Edit);
    assert_eq!(
        summary(&s),
        "This edit: alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read Y · Y is accepted now · ◎ card Y now singles out alice in bob/writer-v1 and bob/checker-v1 · no alarm"
    );
    s.apply(Action::Undo);
    assert_eq!(s.last.as_ref().unwrap().kind, StepKind::Undo);
    assert!(summary(&s).starts_with("Undone: alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 no longer read Y"));
    s.apply(Action::Redo);
    assert!(summary(&s).starts_with("Redone: alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read Y"));
}

#[test]
fn a_run_of_keystrokes_is_one_step_from_before_the_first() {
    // Says the English page's words: a build in 繁體中文 alone (`only-zh`) has none; it runs in the builds with English.
    if !has(Lang::En) {
        return;
    }
    let mut s = seed();
    let start = s.doc.clone();
    for typed in ["報告 F", "報告 FAKE-ALICE", "報告 FAKE-ALICE-731"] {
        s.apply(Edit::EditText { card: "B".into(), field: Field::Lesson, value: typed.into() });
    }
    assert!(Rc::ptr_eq(&s.last.as_ref().unwrap().before, &start), "the step starts before the first keystroke");
    assert_eq!(
        summary(&s),
        "This edit: no cell changed · ⚠ leak alarm: alice's canary FAKE-ALICE-731 reaches bob/writer-v1 and bob/checker-v1 through card B"
    );
}

#[test]
fn a_refused_edit_is_no_step() {
    let mut s = seed();
    s.apply(Edit::AddUser("a/b".into()));
    assert!(s.last.is_none());
}

#[test]
fn speech_says_each_step_once_and_holds_typing_until_the_field_is_left() {
    let mut speech = Speech::default();
    let docs: Vec<Rc<Doc>> = (0..4).map(|_| Rc::new(Doc::seed())).collect();
    // The first render says nothing about the work.
    assert_eq!(speech.rendered(&docs[0], Some("x".into()), None, false), None);
    // A step: said at once, numbered.
    assert_eq!(speech.rendered(&docs[1], Some("one".into()), None, false), Some((1, "one".into())));
    // The same work rendered again (a language switch, a selection): nothing.
    assert_eq!(speech.rendered(&docs[1], Some("one".into()), None, false), None);
    // Typing: held, keystroke after keystroke, until the field is left.
    assert_eq!(speech.rendered(&docs[2], Some("two".into()), None, true), None);
    assert_eq!(speech.rendered(&docs[3], Some("three".into()), None, true), None);
    assert_eq!(speech.left_field(), Some((2, "three".into())));
    assert_eq!(speech.left_field(), None, "said once");
    // A notice is said with the change it comes with.
    let notice = Notice::LinkCopied;
    assert_eq!(
        speech.rendered(&docs[0], Some("back".into()), Some((&notice, "copied".into())), false),
        Some((3, "copied back".into()))
    );
}
